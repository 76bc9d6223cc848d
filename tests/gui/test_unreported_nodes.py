"""A node count nobody measured is never shown as a number.

External engines (and plugins) do not say how many positions they searched:
the status bar leaves the count out, and a batch's report, nodes chart, CSV
and JSON say "not reported" (empty, null) instead of a made-up 1 per move.
"""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys

import pytest
from PySide6.QtWidgets import QLabel

from tests.gui.test_external_players import choose, panel, pick_file, run_batch, set_board, watch_series  # noqa: F401
from tictactoe_qt.engine import SearchResult, SearchStats
from tictactoe_qt.engine.game import Move
from tictactoe_qt.gui.stats.bar_charts import NOT_REPORTED
from tictactoe_qt.gui.stats.export import read_run, write_json
from tictactoe_qt.gui.stats.watch_series import move_stats_text


@pytest.fixture
def window(shown_window):
    return shown_window(move_delay=0)


def test_the_status_bar_shows_no_node_count_for_an_engine_move(qtbot, window, pick_file, fake_engine):
    path = fake_engine("good")
    pick_file(path)
    set_board(window, 7, 7, 5)
    choose(window, "x", "engine")
    pick_file(path)
    choose(window, "o", "engine")
    label = window.findChild(QLabel, "searchStats")
    shown: list[str] = []
    window.controller.ai_moved.connect(lambda *_: shown.append(label.text()))
    with qtbot.waitSignal(window.game_over, timeout=60_000):
        window.new_game_action.trigger()
    assert shown and all(text for text in shown)
    assert not [text for text in shown if "node" in text]  # "1 node" was a made-up count


def test_a_watched_series_with_an_engine_says_its_nodes_were_not_reported(qtbot, window, pick_file, fake_engine):
    pick_file(fake_engine("good"))
    run = watch_series(qtbot, window, "random", "engine", 1)
    assert run.games == 1 and run.row(0).o_nodes is None and run.row(0).x_nodes >= 1
    assert window.stats_panel.report.text_at("O average nodes per move") == "not reported"


def test_a_batch_with_an_engine_says_its_nodes_were_not_reported(qtbot, panel, fake_engine, tmp_path):
    path = fake_engine("good")
    panel.resize(1100, 900)
    panel.show()
    qtbot.waitUntil(lambda: panel.charts is not None, timeout=20_000)
    summary = run_batch(qtbot, panel, "random", f"engine:path={path}", 2)
    assert summary["o"]["avg_nodes_per_move"] is None
    assert summary["x"]["avg_nodes_per_move"] == 1.0  # random's one node a move is counted
    assert panel.report.text_at("O average nodes per move") == "not reported"
    assert panel.report.text_at("X average nodes per move") == "1"
    bars = panel.charts.node_bars
    qtbot.waitUntil(lambda: NOT_REPORTED in bars.labels[1].toPlainText(), timeout=10_000)
    assert [text.toPlainText().strip() for text in bars.labels[:2]] == ["1", NOT_REPORTED]
    assert list(bars.bars[1].opts["height"]) == [0.0]  # no bar for O
    assert "O: not reported" in bars.plot.legend.text
    assert NOT_REPORTED not in panel.charts.time_bars.plot.legend.text
    panel.grab().save(str(tmp_path / "stats_panel_engine.png"))
    panel.tabs.setCurrentWidget(panel.report)
    panel.grab().save(str(tmp_path / "stats_report_engine.png"))

    csv_path, json_path = tmp_path / "games.csv", tmp_path / "summary.json"
    panel.export_results(csv_path)
    write_json(panel.latest_run(), json_path)
    with open(csv_path, newline="") as stream:
        rows = list(csv.DictReader(stream))
    assert [row["o_nodes"] for row in rows] == ["", ""]
    assert all(int(row["x_nodes"]) >= 1 for row in rows)
    document = json.loads(json_path.read_text())
    assert document["summary"]["o"]["avg_nodes_per_move"] is None
    back = read_run(csv_path, json_path)
    assert [back.row(i).o_nodes for i in range(back.games)] == [None, None]
    assert not back.snapshot().players["o"].nodes_reported
    assert back.snapshot().players["x"].avg_nodes_per_move == 1.0


def test_watch_mode_names_an_unreported_count_in_words():
    engine = SearchResult(
        "fake", Move(0, 0), 0.0, exact=False, stats=SearchStats(elapsed_seconds=0.002, nodes_reported=False)
    )
    assert move_stats_text("O", engine) == "O: nodes not reported, 2 ms"
    random_move = SearchResult("random", Move(0, 0), 0.0, exact=False, stats=SearchStats(nodes=1))
    assert move_stats_text("X", random_move).startswith("X: 1 node")


def simulate(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tictactoe_qt", "simulate", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ, PYTHONPATH=os.getcwd()),
    )


def test_simulate_says_an_engines_nodes_were_not_reported(fake_engine):
    path = fake_engine("good")
    spec = ("--x", "random", "--o", f"engine:path={path}", "--games", "2", "--size", "7", "--k", "5", "--seed", "1")
    text = simulate(*spec)
    assert text.returncode == 0, text.stderr
    line = next(line for line in text.stdout.splitlines() if "average nodes per move" in line)
    assert line.split()[-2:] == ["not", "reported"] and "1.0" in line  # X's random still counts
    data = json.loads(simulate(*spec, "--json").stdout)
    assert data["o"]["avg_nodes_per_move"] is None and data["x"]["avg_nodes_per_move"] == 1.0


def test_search_with_an_engine_says_nodes_not_reported(fake_engine):
    path = fake_engine("good")
    args = [
        sys.executable,
        "-m",
        "tictactoe_qt",
        "search",
        "--algorithm",
        f"engine:path={path}",
        "--size",
        "7",
        "--k",
        "5",
    ]
    env = dict(os.environ, PYTHONPATH=os.getcwd())
    done = subprocess.run(args, capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stderr
    assert "  nodes        not reported" in done.stdout
    # Nor how deep it went or what it cut: no made-up zeros either.
    for label in ("depth", "cut-offs", "table hits"):
        assert f"  {label:<12} not reported" in done.stdout, done.stdout
    assert "deepest ply reached" not in done.stdout
    data = json.loads(subprocess.run([*args, "--json"], capture_output=True, text=True, timeout=60, env=env).stdout)
    assert data["nodes"] is None
    assert data["cutoffs"] is None and data["tt_hits"] is None and data["max_ply"] is None
