"""`tictactoe-qt` with no display says what to do in one line, instead of Qt's abort.

Without DISPLAY, WAYLAND_DISPLAY and QT_QPA_PLATFORM, Qt's xcb plugin aborts the
program (SIGABRT) with a message naming xcb-cursor0, even where that library is
installed. Run as a user would: the command in a child process.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tictactoe_qt.gui.display_check import DISPLAY_VARIABLES, missing_display

ROOT = Path(__file__).resolve().parents[2]
#: Seconds only a hang reaches (the line comes before Qt is even started).
HANG_SECONDS = 60


def headless_environment(tmp_path: Path) -> dict[str, str]:
    environ = {name: value for name, value in os.environ.items() if name not in DISPLAY_VARIABLES}
    return {**environ, "PYTHONPATH": str(ROOT), "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config")}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland systems only")
def test_the_window_without_a_display_prints_one_line_and_exits_1(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "tictactoe_qt"],
        cwd=tmp_path,
        env=headless_environment(tmp_path),
        capture_output=True,
        text=True,
        timeout=HANG_SECONDS,
    )
    assert result.returncode == 1, (result.returncode, result.stderr[-500:])
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("tictactoe-qt: No display found")
    assert "QT_QPA_PLATFORM=offscreen" in lines[0]
    assert "xcb" not in result.stderr and result.stdout == ""


def test_the_subcommands_it_points_to_work_without_a_display(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "tictactoe_qt", "--help"],
        cwd=tmp_path,
        env=headless_environment(tmp_path),
        capture_output=True,
        text=True,
        timeout=HANG_SECONDS,
    )
    assert result.returncode == 0 and "subcommands" in result.stdout


@pytest.fixture
def listening(tmp_path):
    """``(DISPLAY, WAYLAND_DISPLAY, XDG_RUNTIME_DIR)`` on which something answers."""
    x_server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    for number in range(4000, 4100):  # an abstract socket, as X servers on Linux have
        try:
            x_server.bind(f"\0/tmp/.X11-unix/X{number}")
            break
        except OSError:
            continue
    x_server.listen()
    compositor = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    compositor.bind(str(tmp_path / "wayland-7"))
    compositor.listen()
    yield f":{number}.0", "wayland-7", str(tmp_path)
    x_server.close()
    compositor.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="abstract sockets are Linux's")
@pytest.mark.parametrize("variable", DISPLAY_VARIABLES)
def test_any_display_or_chosen_platform_lets_the_window_open(variable, listening):
    display, wayland, runtime = listening
    value = {"QT_QPA_PLATFORM": "offscreen", "DISPLAY": display, "WAYLAND_DISPLAY": wayland, "WAYLAND_SOCKET": "3"}[
        variable
    ]
    assert missing_display({variable: value, "XDG_RUNTIME_DIR": runtime}, "linux") == ""
    assert missing_display({variable: ""}, "linux") != ""  # set but empty: no display


ODD_VALUES = [
    ("DISPLAY", " ", "names no X display"),
    ("DISPLAY", "nonsense", "names no X display"),
    ("DISPLAY", ":0\n", "names no X display"),
    ("DISPLAY", ":" + "9" * 10_000, "names no X display"),
    ("DISPLAY", ":4199", "no X server answers"),
    ("DISPLAY", "no-such-host.invalid:0", "no X server answers"),
    ("DISPLAY", "localhost:65000", "names no X display"),
    ("WAYLAND_DISPLAY", "wayland-nothing", "no Wayland compositor answers"),
    ("QT_QPA_PLATFORM", "bogus", "names no Qt platform"),
]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland systems only")
@pytest.mark.parametrize("variable, value, words", ODD_VALUES)
def test_an_odd_display_value_is_one_line_not_qts_abort(tmp_path, variable, value, words):
    """The line the program prints (``tictactoe-qt: `` and the check's words) for each value;
    the command itself prints it alone and exits 1 (the test below)."""
    environ = {**headless_environment(tmp_path), variable: value, "XDG_RUNTIME_DIR": str(tmp_path)}
    line = f"tictactoe-qt: {missing_display(environ, 'linux')}"
    assert len(line.splitlines()) == 1 and len(line) < 400, line[:500]
    assert words in line and "QT_QPA_PLATFORM=offscreen" in line


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland systems only")
def test_the_window_on_a_display_nobody_answers_prints_one_line_and_exits_1(tmp_path):
    environ = {**headless_environment(tmp_path), "DISPLAY": ":4199", "XDG_RUNTIME_DIR": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-m", "tictactoe_qt"],
        cwd=tmp_path,
        env=environ,
        capture_output=True,
        text=True,
        timeout=HANG_SECONDS,
    )
    assert result.returncode == 1, (result.returncode, result.stderr[-500:])
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and len(lines[0]) < 400, result.stderr[-500:]
    assert lines[0].startswith("tictactoe-qt: ") and "no X server answers" in lines[0]
    assert "QT_QPA_PLATFORM=offscreen" in lines[0] and result.stdout == ""


@pytest.mark.parametrize("platform", ["darwin", "win32"])
def test_macos_and_windows_always_have_a_display(platform):
    assert missing_display({}, platform) == ""
