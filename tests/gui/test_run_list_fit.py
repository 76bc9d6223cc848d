"""The Runs tab shows every figure column whole in the docked stats panel.

A review saw the Draws column cut off by 4 px (and a horizontal scroll bar)
in the 440-px dock: every column sized to its contents, the players' names
included. The names now share the room left and elide.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox

from tictactoe_qt.gui.stats.run_list import COLUMNS, PLAYER_COLUMNS

from .test_stats_marks import simulate


def test_every_figure_column_shows_whole_in_the_default_dock(qtbot, shown_window) -> None:
    window = shown_window()
    for seat, player in (("x", "random"), ("o", "minimax")):
        combo = window.findChild(QComboBox, f"{seat}Player")
        combo.setCurrentIndex(combo.findData(player))
    simulate(qtbot, window, games=30)
    panel = window.stats_panel
    panel.tabs.setCurrentWidget(panel.run_list.parentWidget())
    run_list = panel.run_list
    qtbot.waitUntil(run_list.isVisible)
    header = run_list.header()
    visible = run_list.viewport().width()
    for column in range(len(COLUMNS)):
        if column in PLAYER_COLUMNS:
            continue
        right = header.sectionViewportPosition(column) + header.sectionSize(column)
        assert right <= visible, f"column {column} ends at {right} px of {visible}"
        assert header.sectionSize(column) >= run_list.sizeHintForColumn(column)
    assert not run_list.horizontalScrollBar().isVisible()
    item = run_list.topLevelItem(0)
    assert item.toolTip(1) == item.text(1) and item.toolTip(2) == item.text(2)
