"""The Stepper's tab bar stays under the mouse: switching to any tab moves no tab.

The Exercise tab hides the stepper's board and pseudocode to give its tree room;
the tabs the user clicks must not jump when it does.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QTabBar

from .panels import open_panel


def seen_tab_bar(dock) -> QTabBar:
    """The one tab bar of the stepper's pages that is on screen (the one with 'Exercise')."""
    bars = [
        bar
        for bar in dock.findChildren(QTabBar)
        if bar.isVisible() and "Exercise" in [bar.tabText(i) for i in range(bar.count())]
    ]
    assert len(bars) == 1, bars
    return bars[0]


def place(bar: QTabBar, window) -> list[QRect]:
    """Where each tab is in the window (what the mouse meets)."""
    return [QRect(bar.mapTo(window, bar.tabRect(i).topLeft()), bar.tabRect(i).size()) for i in range(bar.count())]


@pytest.mark.parametrize("size", [(1040, 680), (1600, 1000)])
def test_switching_tabs_never_moves_the_tab_bar(qtbot, shown_window, size, tmp_path) -> None:
    window = shown_window(size)
    dock = open_panel(qtbot, window, "searchStepperDock")
    dock.stepper.load("alphabeta", "x../.o./...")  # a search shown above the tabs
    qtbot.wait(100)
    bar = seen_tab_bar(dock)
    before = place(bar, window)
    for index in (2, 1, 2, 0):
        rect = bar.tabRect(index)
        qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=rect.center())
        qtbot.wait(50)  # a layout pass
        assert dock.tabs.currentIndex() == index
        now = seen_tab_bar(dock)
        assert place(now, window) == before, (index, place(now, window), before)
        window.grab().save(str(tmp_path / f"stepper_tab{index}.png"))


def test_the_exercise_tab_still_gives_its_tree_the_room_below_the_controls(qtbot, shown_window) -> None:
    window = shown_window((1040, 680))
    dock = open_panel(qtbot, window, "searchStepperDock")
    dock.tabs.setCurrentWidget(dock.exercise)
    qtbot.wait(50)
    assert not dock.board.isVisible() and not dock.code.isVisible()
    assert dock.exercise.isVisible()
    assert seen_tab_bar(dock).currentIndex() == 2  # a script's switch shows in the bar
