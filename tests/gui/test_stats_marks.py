"""The stats panel names the players by their marks, as the board and the Watch bar do.

A review saw 'X wins' / 'O wins' in the Report and the outcome legend, and
'random (X) vs random (O) …, O first' in the Match line, beside a board of A
and B stones. Each run keeps the names it was played with.
"""

from __future__ import annotations

import html
import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit, QPushButton, QSpinBox

from .seating import start
from .waits import HANG_MS


@pytest.fixture
def window(shown_window):
    return shown_window((1400, 950))


def random_players(window) -> None:
    for seat in "xo":
        combo = window.findChild(QComboBox, f"{seat}Player")
        combo.setCurrentIndex(combo.findData("random"))


def simulate(qtbot, window, games: int = 40, seed: int = 7) -> dict:
    panel = window.stats_panel
    panel.show()
    panel.raise_()
    panel.findChild(QSpinBox, "simGames").setValue(games)
    panel.simulate_bar.seed_box.setValue(seed)
    with qtbot.waitSignal(panel.simulation_finished, timeout=HANG_MS) as finished:
        qtbot.mouseClick(panel.findChild(QPushButton, "simulateButton"), Qt.MouseButton.LeftButton)
    return finished.args[0]


def report_titles(panel) -> list[str]:
    report = panel.report
    # A long title breaks over two lines; read it as one.
    return [report.verticalHeaderItem(row).text().replace("\n", " ") for row in range(report.rowCount())]


def words(legend: str) -> list[str]:
    """A legend row's words as the user reads them (its HTML markup dropped)."""
    return html.unescape(re.sub(r"<[^>]+>", "", legend)).split()


def charts_legends(qtbot, panel) -> tuple[str, list[str]]:
    """The outcome chart's legend row, and the move-time chart's legend words, once drawn."""
    panel.tabs.setCurrentIndex(0)
    qtbot.waitUntil(lambda: panel.charts is not None and bool(panel.charts.outcome_lines()), timeout=HANG_MS)
    charts = panel.charts
    qtbot.waitUntil(lambda: charts.runs() == tuple(panel.shown_snapshots()), timeout=HANG_MS)
    qtbot.waitUntil(lambda: not charts.is_updating(), timeout=HANG_MS)  # one chart per pass
    return " ".join(words(charts.outcome_plot.legend.text)), words(charts.move_time_plot.legend.text)


def run_list_headers(panel) -> list[str]:
    header = panel.run_list.headerItem()
    return [header.text(c) for c in range(panel.run_list.columnCount())]


def test_marks_a_and_b_with_o_first_name_the_players_in_every_stats_view(qtbot, window, tmp_path) -> None:
    start(qtbot, window, "o", {"x": "A", "o": "B"})
    random_players(window)
    panel = window.stats_panel
    assert panel.simulate_bar.match_label.text() == "Match: Random (A) vs Random (B) on 3x3, k=3, B first"

    summary = simulate(qtbot, window)

    titles = report_titles(panel)
    for title in (
        "A wins",
        "B wins",
        "Lost by forfeit (A / B)",
        "A average move time",
        "B average own moves to win",
        "B average nodes per move",
        "Exact odds of random play (A / B / draw)",
    ):
        assert title in titles, titles
    assert not [t for t in titles if t.startswith(("X ", "O ")) or "(X" in t], titles
    # The figures stay the seats' own: A is X's player, B (moving first) O's.
    assert panel.report.text_at("A wins").startswith(f"{summary['x_wins']:,} ")
    assert panel.report.text_at("B wins").startswith(f"{summary['o_wins']:,} ")
    assert panel.report.text_at("Exact odds of random play (A / B / draw)") == "28.8% / 58.5% / 12.7%"
    assert panel.report.horizontalHeaderItem(0).text().endswith("B first")
    assert ["A player", "B player"] == run_list_headers(panel)[1:3]
    assert ["A wins", "B wins"] == run_list_headers(panel)[5:7]

    outcome_legend, time_legend = charts_legends(qtbot, panel)
    assert "A wins" in outcome_legend and "B wins" in outcome_legend, outcome_legend
    assert "X wins" not in outcome_legend and "O wins" not in outcome_legend, outcome_legend
    assert time_legend == ["\u25a0", "A", "\u25a0", "B"], time_legend
    window.grab().save(str(tmp_path / "marks_ab_charts.png"))
    panel.tabs.setCurrentIndex(1)
    window.grab().save(str(tmp_path / "marks_ab_report.png"))


def test_a_kept_run_keeps_the_marks_it_was_played_with(qtbot, window, tmp_path) -> None:
    start(qtbot, window, "o", {"x": "A", "o": "B"})
    random_players(window)
    simulate(qtbot, window)
    field = window.findChild(QLineEdit, "xMark")
    field.clear()
    qtbot.keyClicks(field, "C")  # X's player now writes C: the next match, not the run played
    panel = window.stats_panel
    assert panel.simulate_bar.match_label.text().startswith("Match: Random (C) vs Random (B)")
    panel.refresh()
    assert "A wins" in report_titles(panel) and "C wins" not in report_titles(panel)
    outcome_legend, _ = charts_legends(qtbot, panel)
    assert "A wins" in outcome_legend and "C wins" not in outcome_legend, outcome_legend

    simulate(qtbot, window, seed=8)  # shown beside the first run: each column its own names
    titles = report_titles(panel)
    assert "C/A wins" in titles, titles
    assert panel.report.horizontalHeaderItem(0).text().endswith("B first")
    panel.tabs.setCurrentIndex(1)
    window.grab().save(str(tmp_path / "marks_kept_report.png"))


def test_default_marks_with_o_first_still_say_x_and_o(qtbot, window) -> None:
    start(qtbot, window, "o")
    random_players(window)
    panel = window.stats_panel
    assert panel.simulate_bar.match_label.text() == "Match: Random (X) vs Random (O) on 3x3, k=3, O first"
    summary = simulate(qtbot, window)
    titles = report_titles(panel)
    assert "X wins" in titles and "O average nodes per move" in titles, titles
    assert panel.report.text_at("O wins").startswith(f"{summary['o_wins']:,} ")
    assert panel.report.horizontalHeaderItem(0).text().endswith("O first")
    outcome_legend, time_legend = charts_legends(qtbot, panel)
    assert "X wins" in outcome_legend and "O wins" in outcome_legend, outcome_legend
    assert time_legend == ["\u25a0", "X", "\u25a0", "O"], time_legend


def test_before_any_run_the_legend_names_the_players_by_the_settings_marks(qtbot, window) -> None:
    start(qtbot, window, "x", {"x": "A", "o": "B"})
    random_players(window)
    panel = window.stats_panel
    panel.show()
    panel.raise_()
    panel.tabs.setCurrentIndex(0)
    qtbot.waitUntil(lambda: panel.charts is not None and bool(panel.charts.outcome_plot.legend.text), timeout=HANG_MS)
    legend = " ".join(words(panel.charts.outcome_plot.legend.text))
    assert panel.charts.runs() == ()  # nothing played yet
    assert "A wins" in legend and "B wins" in legend, legend
    assert "X wins" not in legend and "O wins" not in legend, legend
    for chart in (panel.charts.move_time_plot, panel.charts.nodes_plot):
        assert words(chart.legend.text) == ["\u25a0", "A", "\u25a0", "B"], chart.legend.text
    # A mark edited before the first run: the legend follows it.
    start(qtbot, window, "x", {"x": "A", "o": "C"})
    qtbot.waitUntil(lambda: "C wins" in " ".join(words(panel.charts.outcome_plot.legend.text)), timeout=HANG_MS)
