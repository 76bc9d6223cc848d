"""The Tournament tab shows its player controls whole beside the results.

Seen in a real 1600x1000 window: the controls column got a quarter of the dock,
so the player editor's Difficulty, its checkbox, the Add button and the spec field
were cut off behind a horizontal scroll bar, beside an empty cross table.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction

from .panels import open_panel
from .waits import HANG_MS


@pytest.mark.parametrize("size", [(1600, 1000), (1040, 680)])
def test_the_player_controls_show_whole(qtbot, shown_window, size) -> None:
    window = shown_window(size)
    open_panel(qtbot, window, "statsPanel")
    window.findChild(QAction, "actionTournament").trigger()  # Simulate > Tournament…
    view = window.stats_panel.tournament
    qtbot.waitUntil(lambda: view.players_area.isVisible() and view.players_area.width() > 0, timeout=HANG_MS)
    qtbot.wait(50)
    area = view.players_area
    needed = area.widget().minimumSizeHint().width()
    assert not area.horizontalScrollBar().isVisible(), (
        f"controls {area.viewport().width()} px wide, their content needs {needed}"
    )
    assert area.viewport().width() >= needed


def test_side_by_side_the_results_get_the_room_the_controls_do_not_need(qtbot, shown_window) -> None:
    window = shown_window((1600, 1000))
    dock = open_panel(qtbot, window, "statsPanel")
    window.findChild(QAction, "actionTournament").trigger()  # Simulate > Tournament…
    view = window.stats_panel.tournament
    qtbot.waitUntil(view.players_area.isVisible, timeout=HANG_MS)
    # The column holds its width for a moment after the dock is raised: drag after that.
    qtbot.waitUntil(lambda: not window.dock_column.settling, timeout=HANG_MS)
    window.resizeDocks([dock], [1150], Qt.Orientation.Horizontal)  # a user drags the dock wider
    qtbot.waitUntil(lambda: view.width() > 1000, timeout=HANG_MS)
    qtbot.wait(50)
    area = view.players_area
    needed = area.widget().minimumSizeHint().width() + area.verticalScrollBar().sizeHint().width()
    assert view.cross_table.parentWidget().width() > view.width() - needed - 60
    assert area.width() >= area.widget().minimumSizeHint().width()
