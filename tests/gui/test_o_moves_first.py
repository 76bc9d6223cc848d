"""With 'First move: Player O' every view and file names the players the user chose.

The board's own first side is called "x"; these tests set O to move first in
the settings dock, as a user would, and check that X's player stays X in the
Match label, Report, Runs, charts, the Watch toolbar, CSV/JSON/PNG exports,
tournaments and saved games.
"""

from __future__ import annotations

import csv
import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QPushButton, QSpinBox

from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.play import run_games
from tictactoe_qt.gui.stats.export import save_charts, write_json
from tictactoe_qt.gui.stats.watch_series import SPEEDS

TIC_TAC_TOE = GameConfig(3, 3, 3)


@pytest.fixture
def window(shown_window):
    return shown_window((1400, 900))


def choose(window, x_kind: str, o_kind: str, first: str = "o") -> None:
    """Pick both players and the first mover in the settings dock."""
    for seat, kind in (("x", x_kind), ("o", o_kind)):
        combo = window.findChild(QComboBox, f"{seat}Player")
        combo.setCurrentIndex(combo.findData(kind))
    first_box = window.findChild(QComboBox, "firstPlayer")
    first_box.setCurrentIndex(first_box.findData(first))


def simulate(qtbot, window, games: int, seed: int = 1, swap: bool = False) -> dict:
    panel = window.stats_panel
    panel.show()
    panel.raise_()
    panel.findChild(QSpinBox, "simGames").setValue(games)
    panel.simulate_bar.seed_box.setValue(seed)
    panel.simulate_bar.swap_box.setChecked(swap)
    with qtbot.waitSignal(panel.simulation_finished, timeout=60_000) as finished:
        qtbot.mouseClick(panel.findChild(QPushButton, "simulateButton"), Qt.MouseButton.LeftButton)
    return finished.args[0]


def run_list_row(window) -> dict[str, str]:
    runs = window.stats_panel.run_list
    item = runs.topLevelItem(0)
    header = runs.headerItem()
    return {header.text(c): item.text(c) for c in range(runs.columnCount())}


def read_csv(path) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as stream:
        return list(csv.DictReader(stream))


def test_o_first_batch_credits_perfect_as_o_in_every_view_and_file(qtbot, window, tmp_path):
    choose(window, "random", "perfect")
    panel = window.stats_panel
    match = panel.simulate_bar.match_label.text()
    assert "Random (X) vs Perfect (O)" in match and "O first" in match

    summary = simulate(qtbot, window, 300)

    assert (summary["x"]["spec"], summary["o"]["spec"]) == ("random", "perfect")
    assert summary["x_wins"] == summary["x"]["wins"] == 0  # Perfect never loses
    assert summary["o_wins"] == summary["o"]["wins"] > 250  # and, moving first, nearly always wins
    assert summary["first"] == "o" and summary["o"]["games_first"] == 300
    assert summary["first_mover_wins"] == summary["o_wins"]

    row = run_list_row(window)
    assert (row["X player"], row["O player"]) == ("Random", "Perfect")  # in words
    assert row["X wins"] == "0.0%" and float(row["O wins"].rstrip("%")) > 80
    assert "O first" in window.stats_panel.run_list.topLevelItem(0).toolTip(0)

    report = panel.report
    assert report.text_at("X wins").startswith("0 ")
    assert report.text_at("O wins").startswith(f"{summary['o_wins']:,} ")
    assert float(report.text_at("O average nodes per move")) > 1  # the searcher is O
    assert report.text_at("X average nodes per move") == "1"
    header = report.horizontalHeaderItem(0).text()  # one part a line
    assert header.startswith("#1 Random\nvs Perfect") and header.endswith("\nO first")

    panel.tabs.setCurrentIndex(0)
    qtbot.waitUntil(lambda: panel.charts is not None and bool(panel.charts.outcome_lines()), timeout=20_000)
    x_line, o_line, _draws = panel.charts.outcome_lines()[:3]
    qtbot.waitUntil(lambda: x_line.yData is not None and len(x_line.yData) > 0, timeout=10_000)
    assert x_line.yData[-1] == 0 and o_line.yData[-1] == pytest.approx(100 * summary["o_wins"] / 300)
    legend = panel.charts.outcome_plot.legend.text  # the legend row under the axis
    positions = [legend.find(name) for name in ("X wins", "O wins", "Draws")]
    assert -1 not in positions and positions == sorted(positions), legend

    csv_path = tmp_path / "games.csv"
    assert window.export_results(csv_path) == 300
    rows = read_csv(csv_path)
    assert {r["starter"] for r in rows} == {"o"}
    assert {r["winner"] for r in rows} <= {"o", "draw"}
    assert sum(r["winner"] == "o" for r in rows) == summary["o_wins"]
    assert all(int(r["o_nodes"]) > int(r["x_nodes"]) for r in rows)  # O searched, X drew at random

    json_path = tmp_path / "run.json"
    write_json(panel.latest_run(), json_path)
    document = json.loads(json_path.read_text(encoding="utf-8"))
    assert (document["x"], document["o"], document["first"]) == ("random", "perfect", "o")
    assert document["summary"]["x_wins"] == 0 and document["summary"]["o"]["spec"] == "perfect"

    pictures = panel.charts_page.pictures(panel.shown_snapshots())
    written = save_charts(pictures, tmp_path, "run1_")
    assert len(written) == 4 and all(p.stat().st_size > 0 for p in written)


def test_o_first_batch_in_worker_processes_replays_the_engine_games_by_mark(qtbot, window, tmp_path):
    """1,200 games go to worker processes (the random fast path), swapping starts from O."""
    choose(window, "random", "random")
    summary = simulate(qtbot, window, 1200, seed=5, swap=True)
    expected = list(run_games(TIC_TAC_TOE, "random", "random", 1200, seed=5, swap=True, first="o"))
    assert [r.starter for r in expected[:4]] == ["o", "x", "o", "x"]
    assert summary["x_wins"] == sum(r.winner == "x" for r in expected)
    assert summary["o_wins"] == sum(r.winner == "o" for r in expected)
    assert summary["first_mover_wins"] == sum(r.winner == r.starter for r in expected)
    window.export_results(tmp_path / "games.csv")
    rows = read_csv(tmp_path / "games.csv")
    assert [(r["starter"], r["winner"], int(r["length"])) for r in rows] == [
        (r.starter, r.winner or "draw", r.length) for r in expected
    ]
    assert "first move alternates" in window.stats_panel.report.horizontalHeaderItem(0).text()


def test_o_first_random_batch_shows_o_with_the_first_movers_exact_odds(qtbot, window):
    choose(window, "random", "random")
    summary = simulate(qtbot, window, 400, seed=2)
    assert summary["o_wins"] > summary["x_wins"]  # the first mover's edge went to O
    # Random 3x3 play: the first mover wins 58.5%, the second 28.8%.
    assert window.stats_panel.report.text_at("Exact odds of random play (X / O / draw)") == "28.8% / 58.5% / 12.7%"


def test_a_watched_o_first_game_is_counted_for_o(qtbot, window, tmp_path):
    choose(window, "random", "perfect")
    window.settings_dock.findChild(QPushButton, "applySettingsButton").click()
    window.watch_controls.speed_slider.setValue(SPEEDS.index(0.0))
    with qtbot.waitSignal(window.stats_panel.run_added, timeout=30_000) as added:
        window.watch_controls.games_box.setValue(3)
        qtbot.mouseClick(window.watch_controls.watch_button, Qt.MouseButton.LeftButton)
    run = added.args[0]
    score = window.watch_series.score
    summary = run.summary_dict()
    assert score["x"] == summary["x_wins"] == 0
    assert score["o"] == summary["o_wins"] and score["draw"] == summary["draws"]
    assert score["o"] + score["draw"] == 3
    assert (summary["x"]["spec"], summary["o"]["spec"]) == ("random", "perfect")
    assert summary["o"]["games_first"] == 3
    assert window.watch_controls.score_label.text().startswith(f"X 0 \u00b7 O {score['o']} ")
    window.export_results(tmp_path / "watched.csv")
    rows = read_csv(tmp_path / "watched.csv")
    assert {r["starter"] for r in rows} == {"o"}
    assert [r["winner"] for r in rows].count("o") == score["o"]
    assert "x" not in {r["winner"] for r in rows}


def test_the_first_watched_move_is_os(qtbot, window):
    choose(window, "random", "random")
    window.settings_dock.findChild(QPushButton, "applySettingsButton").click()
    window.watch_controls.speed_slider.setValue(SPEEDS.index(None))
    assert window.watch_series.start(1)
    assert window.watch_series.next_move()
    qtbot.waitUntil(lambda: len(window.controller.board.history) == 1, timeout=5000)
    assert "X 0 \u00b7 O 0" in window.watch_controls.score_label.text()
    assert window.watch_controls.move_label.text().startswith("O: ")
    assert [c for c in window.controller.snapshot().cells if c] == ["o"]
    window.watch_series.stop()


def test_tournaments_ignore_the_docks_first_mover_and_credit_the_winner(qtbot, window):
    choose(window, "random", "random")
    view = window.stats_panel.tournament
    view.set_players(["random", "perfect"])
    view.games_per_pairing.setValue(6)
    with qtbot.waitSignal(view.tournament_finished, timeout=30_000) as finished:
        assert view.start(seed=1)
    result = finished.args[0]
    chance, searcher = result.players.index("random"), result.players.index("perfect")
    assert result.score(chance, searcher).wins == 0  # Perfect never loses, as X or O
    assert result.score(searcher, chance).wins > 0


def test_an_o_first_game_saves_and_loads_with_os_stones_and_result(qtbot, window, tmp_path, click_cell):
    choose(window, "human", "human")
    window.settings_dock.findChild(QPushButton, "applySettingsButton").click()
    controller = window.controller
    assert controller.seat_to_move == "o"
    for row, col in ((0, 0), (1, 0), (0, 1), (1, 1)):  # O, X, O, X
        click_cell(window.board, row, col)
    assert controller.snapshot().cells[:5] == ("o", "o", None, "x", "x")
    path = tmp_path / "o_first.tttgame.json"
    assert window.save_game(path)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["first"] == "o" and saved["moves"][0] == [0, 0]

    choose(window, "human", "human", first="x")
    window.settings_dock.findChild(QPushButton, "applySettingsButton").click()
    assert window.open_game(path)
    assert window.findChild(QComboBox, "firstPlayer").currentData() == "o"
    assert controller.snapshot().cells[:5] == ("o", "o", None, "x", "x")
    assert controller.seat_to_move == "o"
    with qtbot.waitSignal(controller.game_over) as over:
        click_cell(window.board, 0, 2)  # O completes the top row
    assert over.args == ["o"] and controller.result() == "o"
    assert "O" in controller.result_text()


def test_the_game_tree_names_the_seat_to_move(qtbot, window):
    choose(window, "human", "human")
    window.settings_dock.findChild(QPushButton, "applySettingsButton").click()
    window.controller.play(0, 0)  # O's first move
    assert window.controller.turn_text().startswith("X")
    tree = window.analysis.tree
    tree.show()
    tree.raise_()
    root = tree.model.index(0, 0)
    qtbot.waitUntil(lambda: "to move" in str(tree.model.data(root, Qt.ItemDataRole.DisplayRole)), timeout=10_000)
    assert tree.model.data(root, Qt.ItemDataRole.DisplayRole) == "Now: X to move"
