"""Parts of a hidden panel are built when first seen: the window starts sooner, and a
panel never seen goes cleanly."""

from __future__ import annotations

import gc
import weakref

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget

from tictactoe_qt.gui.stats.first_frame import call_after_first_frame
from tictactoe_qt.gui.stats.stats_controller import StatsController
from tictactoe_qt.gui.stats.stats_panel import StatsPanel
from tictactoe_qt.gui.stats.tournament_view import TournamentView

from .panels import open_panel
from .waits import HANG_MS


def test_the_tournament_is_built_when_its_tab_is_first_shown(qtbot, shown_window) -> None:
    """A window starts without the Tournament tab's controls (a faster start); clicking the
    tab shows them whole, with the built-in players listed."""
    window = shown_window()
    assert window.findChild(TournamentView) is None
    open_panel(qtbot, window, "statsPanel")
    tabs = window.stats_panel.tabs
    [index] = [i for i in range(tabs.count()) if tabs.tabText(i) == "Tournament"]
    qtbot.mouseClick(tabs.tabBar(), Qt.MouseButton.LeftButton, pos=tabs.tabBar().tabRect(index).center())
    view = window.findChild(TournamentView)
    assert view is window.stats_panel.tournament
    qtbot.waitUntil(lambda: view.isVisible() and view.run_button.isVisible(), timeout=HANG_MS)
    assert view.player_list.count() >= 2
    assert view.geometry() == view.parentWidget().rect()  # the whole tab
    tabs.tabBar().setFocus(Qt.FocusReason.TabFocusReason)  # Tab goes on into the tab's controls,
    qtbot.keyClick(tabs.tabBar(), Qt.Key.Key_Tab)  # as if they had been built with the window
    assert view.isAncestorOf(QApplication.focusWidget())


def test_a_panel_never_shown_is_collected(qtbot) -> None:
    """Nothing of a panel nobody showed (its Tournament tab unbuilt) keeps it alive."""
    panel = StatsPanel(StatsController())
    panel.shutdown()
    collected = weakref.ref(panel)
    del panel
    gc.collect()
    assert collected() is None


def test_a_window_collected_before_its_first_frame_raises_nothing(qtbot) -> None:
    """Its first-frame hook still hears the events of the window's destruction (pytest-qt
    fails the test on an error in a Qt override)."""
    window = QWidget()
    call_after_first_frame(window, lambda: None)
    QVBoxLayout(window).addWidget(QLabel("a child"))
    collected = weakref.ref(window)
    del window
    gc.collect()
    qtbot.wait(10)
    assert collected() is None
