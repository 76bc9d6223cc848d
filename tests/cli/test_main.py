"""The command line as a whole: version, one-line usage errors, no Qt when headless."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import types

import pytest

from tictactoe_qt import __version__
from tictactoe_qt.cli.main import main


def _one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert "Traceback" not in captured.err
    return lines[0]


def test_version_names_the_program_and_version(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"tictactoe-qt {__version__}"


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["frobnicate"], "invalid choice"),
        (["simulate", "--x", "nobody", "--o", "random"], "unknown player"),
        (["simulate", "--x", "human", "--o", "random"], "only play in the window"),
        (["simulate", "--x", "minimax:depth=two", "--o", "random"], "bad value"),
        (["simulate", "--x", "random", "--o", "random", "--games", "0"], "1 or more"),
        (["simulate", "--x", "random", "--o", "random", "--size", "100"], "rows must be"),
        (["simulate", "--x", "random", "--o", "random", "--size", "3x3", "--k", "4"], "k must"),
        (["simulate", "--x", "random", "--o", "random", "--workers", "-1"], "0 or more"),
        (["simulate", "--o", "random"], "--x"),
        (["count", "--size", "three"], "size must look like"),
        (["search", "--algorithm", "minimax", "--board", "xx/oo"], "bad --board"),
        (["search", "--algorithm", "minimax", "--board", "xxx/ooo/..."], "bad --board"),
        (["search", "--algorithm", "minimax", "--board", "xxx/oo./..."], "already over"),
        (["search", "--algorithm", "minimax", "--depth", "-1"], "1 or more"),
        (["search", "--algorithm", "telepathy"], "unknown algorithm"),
        (["search", "--algorithm", "random", "--board", "x../...", "--size", "3"], "not allowed"),
        (["analyze", "--time", "0", "x../.../..."], "seconds"),
        (["bench", "--repeats", "0"], "1 or more"),
    ],
)
def test_bad_arguments_give_one_line_and_status_2(capsys, argv, fragment):
    assert main(argv) == 2
    line = _one_line_error(capsys)
    assert line.startswith("tictactoe-qt")
    assert fragment in line


@pytest.mark.parametrize(
    "command",
    [
        ["count"],
        ["analyze", "x../.../..."],
        ["search", "--algorithm", "random"],
        ["simulate", "--x", "random", "--o", "random"],
    ],
)
@pytest.mark.parametrize("k", ["0", "2", "-3"])
def test_a_k_below_3_states_the_real_rule(capsys, command, k):
    assert main([*command, "--k", k]) == 2
    line = _one_line_error(capsys)
    assert "3 <= k <= max(rows, cols)" in line and f"got {k}" in line
    assert "1 or more" not in line


def test_a_k_longer_than_the_board_names_the_board(capsys):
    assert main(["count", "--size", "3x4", "--k", "5"]) == 2
    assert "k must be from 3 to 4 on a 3x4 board, got 5" in _one_line_error(capsys)


def test_an_unknown_simulation_player_lists_computer_players_only(capsys):
    assert main(["simulate", "--x", "nobody", "--o", "random"]) == 2
    line = _one_line_error(capsys)
    assert "unknown player 'nobody'" in line and "random" in line and "mcts" in line
    assert "human" not in line


@pytest.mark.parametrize("argv", [["simulate", "--x", "random", "--o", "human"], ["search", "--algorithm", "human"]])
def test_asking_for_a_human_points_to_the_window(capsys, argv):
    assert main(argv) == 2
    line = _one_line_error(capsys)
    assert "human players can only play in the window" in line
    assert "random" in line


def test_no_subcommand_opens_the_window(monkeypatch):
    calls = []
    fake_app = types.ModuleType("tictactoe_qt.gui.app")
    fake_app.run = lambda: calls.append("run") or 0  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tictactoe_qt.gui.app", fake_app)
    assert main([]) == 0
    assert calls == ["run"]


def test_headless_commands_never_import_qt():
    code = (
        "import sys\n"
        "from tictactoe_qt.cli.main import main\n"
        "assert main(['simulate', '--x', 'perfect', '--o', 'random', '--games', '3']) == 0\n"
        "assert main(['search', '--algorithm', 'alphabeta', '--json']) == 0\n"
        "assert not [m for m in sys.modules if m.startswith(('PySide6', 'pyqtgraph'))]\n"
        "assert 'tictactoe_qt.gui' not in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_console_script_prints_simulate_json():
    command = shutil.which("tictactoe-qt")
    argv = [command] if command else [sys.executable, "-m", "tictactoe_qt"]
    done = subprocess.run(
        [*argv, "simulate", "--x", "random", "--o", "random", "--games", "500", "--seed", "3", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["games"] == 500
    assert data["x_wins"] + data["o_wins"] + data["draws"] == 500
    assert data["seed"] == 3


def test_console_script_bad_argument_has_no_traceback():
    command = shutil.which("tictactoe-qt")
    argv = [command] if command else [sys.executable, "-m", "tictactoe_qt"]
    done = subprocess.run([*argv, "count", "--size", "3x3", "--k", "9"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr
