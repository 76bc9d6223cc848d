"""The stats panel: batches, report table, charts, run list, exports and tournaments."""

from __future__ import annotations

import csv
import json

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QDockWidget, QPushButton, QSpinBox

from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.players import PlayerSpec
from tictactoe_qt.gui.stats.export import CSV_COLUMNS, ExportError
from tictactoe_qt.gui.stats.stats_controller import StatsController
from tictactoe_qt.gui.stats.stats_panel import StatsPanel

from .gui_thread_gaps import STALL_LIMIT_SECONDS, gui_thread_gaps
from .waits import HANG_MS

SIMULATE_KEYS = {
    "games",
    "x_wins",
    "o_wins",
    "draws",
    "x",
    "o",
    "avg_game_seconds",
    "avg_game_length",
    "elapsed_seconds",
}
PLAYER_KEYS = {"wins", "avg_move_seconds", "avg_moves_to_win", "avg_nodes_per_move"}


@pytest.fixture
def hidden_panel(qtbot):
    """A panel never shown: its charts (and pyqtgraph) are not built."""
    panel = StatsPanel(StatsController())
    qtbot.addWidget(panel)
    panel.resize(900, 650)
    yield panel
    panel.shutdown()


@pytest.fixture
def panel(qtbot, hidden_panel):
    """A panel on screen, with its charts built (they load after the first frame)."""
    hidden_panel.show()
    qtbot.waitUntil(lambda: hidden_panel.charts is not None, timeout=HANG_MS)
    return hidden_panel


@pytest.fixture
def report_panel(qtbot, hidden_panel):
    """A panel on screen, its Report tab in front: charts are built when their tab is first seen."""
    return in_front(qtbot, hidden_panel, "Report")


@pytest.fixture
def tournament_panel(qtbot, hidden_panel):
    """A panel on screen, its Tournament tab in front (no charts built either)."""
    return in_front(qtbot, hidden_panel, "Tournament")


def in_front(qtbot, panel: StatsPanel, tab: str) -> StatsPanel:
    panel.tabs.setCurrentIndex(next(i for i in range(panel.tabs.count()) if panel.tabs.tabText(i) == tab))
    panel.show()
    qtbot.waitExposed(panel)
    return panel


def use_match(panel: StatsPanel, x: str = "random", o: str = "random", size: int = 3) -> None:
    config = GameConfig(size, size, 3)
    panel.set_match_source(lambda: (config, PlayerSpec.parse(x), PlayerSpec.parse(o)))


def simulate(qtbot, panel: StatsPanel, games: int, seed: int = 1, timeout: int = HANG_MS) -> dict:
    panel.findChild(QSpinBox, "simGames").setValue(games)
    panel.simulate_bar.seed_box.setValue(seed)
    with qtbot.waitSignal(panel.simulation_finished, timeout=timeout) as finished:
        qtbot.mouseClick(panel.findChild(QPushButton, "simulateButton"), _left())
    return finished.args[0]


def _left():
    from PySide6.QtCore import Qt

    return Qt.MouseButton.LeftButton


def test_scripting_names_are_there(report_panel) -> None:
    assert report_panel.objectName() == "statsPanel" and isinstance(report_panel, QDockWidget)
    games = report_panel.findChild(QSpinBox, "simGames")
    assert games.maximum() == 1_000_000
    assert report_panel.findChild(QPushButton, "simulateButton") is not None


def test_finished_batch_reports_the_simulate_json_keys(qtbot, report_panel) -> None:
    use_match(report_panel)
    summary = simulate(qtbot, report_panel, 2000)
    assert SIMULATE_KEYS <= summary.keys()
    assert PLAYER_KEYS <= summary["x"].keys() and PLAYER_KEYS <= summary["o"].keys()
    assert summary["games"] == 2000
    assert summary["x_wins"] + summary["o_wins"] + summary["draws"] == 2000
    json.dumps(summary)  # plain data only


def test_report_table_shows_the_seed_report(qtbot, report_panel) -> None:
    use_match(report_panel)
    summary = simulate(qtbot, report_panel, 1000)
    report = report_panel.report
    assert report.text_at("Games").startswith("1,000")
    assert report.text_at("X wins").startswith(f"{summary['x_wins']:,}")
    assert f"{100 * summary['draws'] / 1000:.1f}%" in report.text_at("Draws")
    assert report.text_at("Average game length (plies)") == f"{summary['avg_game_length']:.2f}"
    assert report.text_at("X average nodes per move") == "1"


def test_charts_get_the_batch_data(qtbot, panel) -> None:
    use_match(panel)
    summary = simulate(qtbot, panel, 3000)
    qtbot.waitUntil(lambda: not panel.charts.is_updating(), timeout=HANG_MS)  # one chart per event-loop pass
    lines = panel.charts.outcome_lines()
    assert len(lines) == 3
    games, x_rate = lines[0].getOriginalDataset()
    assert games[-1] == 3000
    assert x_rate[-1] == pytest.approx(100 * summary["x_wins"] / 3000)
    histogram = panel.charts.lengths.bars.opts["height"]
    assert sum(histogram) == pytest.approx(100)
    assert panel.charts.refresh_count > 0


def test_perfect_never_loses_in_a_panel_batch(qtbot, report_panel) -> None:
    use_match(report_panel, "perfect", "random")
    report_panel.simulate_bar.swap_box.setChecked(True)
    summary = simulate(qtbot, report_panel, 200)
    assert summary["games"] == 200 and summary["o"]["wins"] == 0


def test_csv_has_one_row_per_game(qtbot, report_panel, tmp_path) -> None:
    use_match(report_panel)
    summary = simulate(qtbot, report_panel, 1500)
    path = tmp_path / "games.csv"
    assert report_panel.export_results(path) == 1500
    with open(path, newline="", encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream))
    assert tuple(rows[0].keys()) == CSV_COLUMNS
    assert len(rows) == 1500
    assert [int(r["index"]) for r in rows] == list(range(1500))
    assert sum(r["winner"] == "x" for r in rows) == summary["x_wins"]
    assert sum(r["winner"] == "draw" for r in rows) == summary["draws"]
    assert sum(int(r["length"]) for r in rows) == pytest.approx(summary["avg_game_length"] * 1500)
    assert all(int(r["x_nodes"]) == (int(r["length"]) + 1) // 2 for r in rows)


def test_json_export_writes_the_run(qtbot, report_panel, tmp_path, monkeypatch) -> None:
    use_match(report_panel)
    summary = simulate(qtbot, report_panel, 500)
    from PySide6.QtWidgets import QFileDialog

    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "run.json"), ""))
    report_panel.exports.choose_json_file()
    document = json.loads((tmp_path / "run.json").read_text())
    assert document["summary"]["x_wins"] == summary["x_wins"]
    assert document["x"] == "random" and document["size"] == "3x3"


def test_export_before_any_batch_is_a_clear_error(report_panel, tmp_path) -> None:
    with pytest.raises(ExportError, match="no simulation"):
        report_panel.export_results(tmp_path / "none.csv")


def test_export_to_an_unwritable_place_is_a_clear_error(qtbot, report_panel, tmp_path) -> None:
    use_match(report_panel)
    simulate(qtbot, report_panel, 10)
    with pytest.raises(ExportError, match="cannot write"):
        report_panel.export_results(tmp_path / "missing" / "games.csv")


def test_human_player_is_explained_not_simulated(report_panel) -> None:
    use_match(report_panel, "human", "random")
    assert not report_panel.start_simulation()
    assert "human" in report_panel.simulate_bar.status_label.text()
    assert not report_panel.is_simulating()


def test_cancel_keeps_a_partial_run(qtbot, report_panel) -> None:
    use_match(report_panel)
    report_panel.findChild(QSpinBox, "simGames").setValue(1_000_000)
    with qtbot.waitSignal(report_panel.batch.progress, timeout=HANG_MS):
        report_panel.start_simulation()
    assert report_panel.simulate_bar.cancel_button.isEnabled()
    with qtbot.waitSignal(report_panel.simulation_finished, timeout=HANG_MS) as finished:
        qtbot.mouseClick(report_panel.simulate_bar.cancel_button, _left())
    summary = finished.args[0]
    assert summary["cancelled"] and 0 < summary["games"] < 1_000_000
    assert report_panel.latest_run().cancelled
    assert report_panel.simulate_bar.simulate_button.isEnabled()
    assert "Cancelled" in report_panel.simulate_bar.status_label.text()


def test_progress_shows_speed_and_time_left(qtbot, report_panel) -> None:
    use_match(report_panel, size=4)  # no fast path: a million games last well past the time left's first word
    report_panel.findChild(QSpinBox, "simGames").setValue(1_000_000)
    with qtbot.waitSignal(report_panel.batch.progress, timeout=HANG_MS):
        report_panel.start_simulation()
    qtbot.waitUntil(lambda: "games/s" in report_panel.simulate_bar.status_label.text(), timeout=HANG_MS)
    qtbot.waitUntil(lambda: "left" in report_panel.simulate_bar.status_label.text(), timeout=HANG_MS)
    qtbot.waitUntil(lambda: "about" in report_panel.simulate_bar.status_label.text(), timeout=HANG_MS)
    assert report_panel.simulate_bar.progress_bar.value() > 0
    report_panel.cancel_simulation()
    qtbot.waitUntil(lambda: not report_panel.is_simulating(), timeout=HANG_MS)


def test_closing_during_a_batch_stops_it(qtbot, panel) -> None:
    use_match(panel)
    panel.findChild(QSpinBox, "simGames").setValue(1_000_000)
    with qtbot.waitSignal(panel.batch.progress, timeout=HANG_MS):
        panel.start_simulation()
    panel.shutdown()
    panel.close()
    assert not panel.is_simulating()


def test_kept_runs_can_be_compared_side_by_side(qtbot, panel) -> None:
    use_match(panel, "random", "random")
    simulate(qtbot, panel, 300)
    use_match(panel, "perfect", "random")
    simulate(qtbot, panel, 100)
    assert len(panel.run_list.runs()) == 2
    assert panel.report.columnCount() == 2
    assert "Perfect" in panel.report.horizontalHeaderItem(0).text()  # the players in words
    assert len(panel.charts.outcome_lines()) == 6
    assert "#1</b> dashed" in panel.charts.overlay_key.text()
    first = panel.run_list.runs()[1]
    panel.run_list.set_checked(first, False)
    assert panel.report.columnCount() == 1
    panel.run_list.clear_runs()
    assert panel.report.columnCount() == 0


def test_tournament_fills_heat_map_and_ranking(qtbot, tournament_panel) -> None:
    view = tournament_panel.tournament
    view.set_players(["random", "perfect", "perfect:time=0.5"])
    view.games_per_pairing.setValue(4)
    with qtbot.waitSignal(view.tournament_finished, timeout=HANG_MS) as finished:
        assert view.start(seed=1)
    result = finished.args[0]
    assert result.games_played == 12
    assert view.cross_table.rowCount() == 3 and view.cross_table.columnCount() == 3
    random_row = result.players.index("random")
    cell = view.cross_table.item(random_row, result.players.index("perfect"))
    assert cell.text().startswith(f"{100 * result.score(random_row, 1).share:.0f}%")
    assert cell.background().color() != view.cross_table.item(1, random_row).background().color()
    last = view.ranking.item(view.ranking.rowCount() - 1, 1)
    assert (last.text(), last.toolTip()) == ("Random", "random")  # in words; the spec in the tip


def test_tournament_with_one_player_explains_why_not(tournament_panel) -> None:
    view = tournament_panel.tournament
    view.set_players(["random"])
    assert not view.start()
    assert "at least 2 players" in view.message.text()


def test_bad_tournament_player_text_is_explained(tournament_panel) -> None:
    view = tournament_panel.tournament
    view.new_player.setText("wizard:depth=3")
    view.add_player_from_text()
    assert "unknown player" in view.message.text()
    assert "wizard" not in " ".join(view.selected_players())


#: How long the live-chart test watches a batch before pressing Cancel.
WATCH_SECONDS = 1.0


@pytest.mark.timing
def test_live_charts_stay_smooth_and_throttled_during_a_big_batch(qtbot, panel) -> None:
    """Watched for one second of a batch far longer than that, then cancelled.

    What is asserted never counts on the machine's speed: refreshes are bounded
    by the time watched, and a batch still running after a whole second must
    have refreshed the charts while it ran.
    """
    import time

    use_match(panel, size=4)  # 4x4 is played game by game: 1,000,000 games take minutes
    qtbot.waitExposed(panel)
    qtbot.waitUntil(lambda: not panel.charts.is_updating(), timeout=HANG_MS)
    panel.findChild(QSpinBox, "simGames").setValue(1_000_000)
    before = panel.charts.refresh_count
    with gui_thread_gaps() as stalls:
        started = time.perf_counter()
        with qtbot.waitSignal(panel.simulation_finished, timeout=int(WATCH_SECONDS * 1000), raising=False) as finished:
            qtbot.mouseClick(panel.findChild(QPushButton, "simulateButton"), _left())
        elapsed = time.perf_counter() - started
        refreshes = panel.charts.refresh_count - before
        if not finished.signal_triggered:
            with qtbot.waitSignal(panel.simulation_finished, timeout=HANG_MS):
                qtbot.mouseClick(panel.findChild(QPushButton, "simCancel"), _left())
    assert refreshes <= elapsed * 10 + 3  # throttled to ten a second
    if not finished.signal_triggered:
        assert refreshes >= 2  # live: about ten in the second watched
    worst = stalls.worst()
    assert worst < STALL_LIMIT_SECONDS, f"GUI thread stalled {worst * 1000:.0f} ms"
    games, _ = panel.charts.outcome_lines()[0].getOriginalDataset()
    assert len(games) <= 2000  # the curve is thinned, not every game


def test_random_play_shows_the_exact_odds_it_converges_to(qtbot, panel) -> None:
    use_match(panel)
    simulate(qtbot, panel, 2000)
    assert panel.report.text_at("Exact odds of random play (X / O / draw)") == "58.5% / 28.8% / 12.7%"
    lines = panel.charts.outcomes.exact_lines
    assert all(line.isVisible() for line in lines)
    assert [round(line.getOriginalDataset()[1][0], 1) for line in lines] == [58.5, 28.8, 12.7]
    use_match(panel, "perfect", "random")
    simulate(qtbot, panel, 50)
    panel.run_list.set_checked(panel.run_list.runs()[1], False)
    assert panel.report.text_at("Exact odds of random play (X / O / draw)") == "\u2013"
    assert not any(line.isVisible() for line in lines)


def test_batch_before_the_charts_exist_feeds_them_when_they_appear(qtbot, hidden_panel, tmp_path) -> None:
    use_match(hidden_panel)
    summary = simulate(qtbot, hidden_panel, 700)
    assert hidden_panel.charts is None  # never on screen: no chart was built
    assert hidden_panel.export_results(tmp_path / "games.csv") == 700
    assert hidden_panel.report.text_at("Games").startswith("700")
    hidden_panel.show()
    qtbot.waitUntil(lambda: hidden_panel.charts is not None, timeout=HANG_MS)
    games, x_rate = hidden_panel.charts.outcome_lines()[0].getOriginalDataset()
    assert games[-1] == 700
    assert x_rate[-1] == pytest.approx(100 * summary["x_wins"] / 700)


def test_charts_behind_another_tab_are_not_redrawn_until_seen_again(qtbot, panel) -> None:
    use_match(panel)
    panel.tabs.setCurrentIndex(1)  # the Report tab hides the charts
    before = panel.charts.refresh_count
    simulate(qtbot, panel, 800)
    assert panel.charts.refresh_count == before
    assert panel.report.text_at("Games").startswith("800")
    panel.tabs.setCurrentIndex(0)
    assert panel.charts.refresh_count == before + 1
    games, _ = panel.charts.outcome_lines()[0].getOriginalDataset()
    assert games[-1] == 800


def test_png_export_builds_charts_that_were_never_shown(qtbot, hidden_panel, tmp_path, monkeypatch) -> None:
    from PySide6.QtWidgets import QFileDialog

    use_match(hidden_panel)
    simulate(qtbot, hidden_panel, 300)
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(tmp_path))
    hidden_panel.exports.choose_png_folder()
    pictures = sorted(tmp_path.glob("*.png"))
    assert [p.name for p in pictures] == ["game_length.png", "move_time.png", "nodes_per_move.png", "outcome_rates.png"]
    assert all(path.stat().st_size > 1000 and "300 games" in QImage(str(path)).text("Title") for path in pictures)
    assert hidden_panel.charts is None  # the pictures are drawn apart: the tab's charts wait to be seen


def test_a_batch_cancelled_before_any_game_is_not_kept(qtbot, report_panel) -> None:
    # Full-width minimax on 9x9 needs minutes per game, so no game can end before the cancel.
    use_match(report_panel, "minimax:depth=4", "minimax:depth=4", size=9)
    report_panel.findChild(QSpinBox, "simGames").setValue(500)
    with qtbot.waitSignal(report_panel.simulation_finished, timeout=HANG_MS) as finished:
        assert report_panel.start_simulation()
        report_panel.cancel_simulation()
    assert finished.args[0]["games"] == 0
    assert report_panel.run_list.runs() == []
    assert report_panel.report.columnCount() == 0
    assert "before any game" in report_panel.simulate_bar.status_label.text()


def test_charts_of_an_empty_run_keep_sane_axes(qtbot, panel) -> None:
    from tictactoe_qt.gui.stats.run_data import RunData

    empty = RunData(GameConfig(3, 3, 3), PlayerSpec("random"), PlayerSpec("random"), 10).snapshot()
    panel.charts.show_runs([empty])
    qtbot.wait(100)
    for plot in panel.charts.plots():
        low, high = plot.getViewBox().viewRange()[1]
        assert high - low >= 0.5, plot.objectName()


def test_match_label_follows_the_source_when_the_panel_is_shown(qtbot, hidden_panel) -> None:
    boards = [GameConfig(3, 3, 3)]
    hidden_panel.set_match_source(lambda: (boards[0], PlayerSpec("random"), PlayerSpec("perfect")))
    assert "3x3" in hidden_panel.simulate_bar.match_label.text()
    boards[0] = GameConfig(15, 15, 5)  # e.g. the saved settings were loaded meanwhile
    hidden_panel.show()
    qtbot.waitUntil(lambda: "15x15, k=5" in hidden_panel.simulate_bar.match_label.text(), timeout=HANG_MS)
