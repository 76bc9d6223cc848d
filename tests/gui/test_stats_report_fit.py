"""The stats report fits its figures at any dock width: wide enough columns, or a scrollbar."""

from __future__ import annotations

import pytest

from .test_stats_panel import hidden_panel, panel, simulate, use_match  # noqa: F401 (fixtures)

EXACT_ODDS = "Exact odds of random play (X / O / draw)"


def shown_report(qtbot, panel, width: int):
    panel.tabs.setCurrentWidget(panel.report)
    panel.resize(width, 650)
    qtbot.waitUntil(lambda: panel.report.width() > 0 and panel.report.isVisible())
    return panel.report


@pytest.mark.parametrize("width", [420, 520, 900])
def test_every_figure_and_head_fits_its_column(qtbot, panel, width) -> None:
    use_match(panel)
    simulate(qtbot, panel, 300)
    report = shown_report(qtbot, panel, width)
    assert report.text_at(EXACT_ODDS).count("%") == 3
    metrics = report.fontMetrics()
    row = [report.verticalHeaderItem(r).text().replace("\n", " ") for r in range(report.rowCount())].index(EXACT_ODDS)
    item = report.item(row, 0)
    # The whole figure shows: its cell is wider than the text, no "…".
    assert report.visualItemRect(item).width() > metrics.horizontalAdvance(item.text())
    header = report.horizontalHeader()
    for column in range(report.columnCount()):
        assert header.sectionSize(column) >= report.sizeHintForColumn(column)
        assert header.sectionSize(column) >= header.sectionSizeHint(column)
    # A wide dock leaves no gap: the last column fills the room.
    assert header.length() >= report.viewport().width()


def test_a_dock_too_narrow_for_the_figures_scrolls_to_them(qtbot, panel) -> None:
    use_match(panel)
    simulate(qtbot, panel, 300)
    report = shown_report(qtbot, panel, 300)
    header = report.horizontalHeader()
    assert header.sectionSize(0) >= report.sizeHintForColumn(0)  # not squeezed into the view
    bar = report.horizontalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)
    assert bar.maximum() + report.viewport().width() >= header.length()


def test_run_heads_break_before_vs_so_a_narrow_dock_shows_a_whole_column(qtbot, panel) -> None:
    use_match(panel, "random", "alphabeta:depth=1")
    simulate(qtbot, panel, 40)
    report = shown_report(qtbot, panel, 420)
    head = report.horizontalHeaderItem(0)
    assert head.text() == "#1 Random\nvs Alpha-beta\n1 move ahead\n3x3 k=3"  # players in words
    assert "alphabeta:depth=1" in head.toolTip()  # and their specs in the tooltip
    # The first run's column fits beside the titles: its figures show without scrolling.
    assert report.horizontalHeader().sectionSize(0) <= report.viewport().width()
