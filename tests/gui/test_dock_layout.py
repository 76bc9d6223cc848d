"""Saved dock layouts: new docks join the tabs, old-format layouts are ignored."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QTabBar

from tictactoe_qt.gui.dock_layout import DOCK_WIDTH, LAYOUT_VERSION, dock_is_in_state
from tictactoe_qt.gui.main_window import MainWindow
from tictactoe_qt.gui.settings_store import SettingsStore

from .panels import open_panel
from .waits import HANG_MS

ANALYSIS_DOCKS = ("comparisonDock", "treeExplorerDock")


def layout_with_only_the_settings_dock(version: int):
    """The state an older program saved, when the settings were its only dock."""
    old = QMainWindow()
    old.setCentralWidget(QLabel("board"))
    dock = QDockWidget("Settings", old, objectName="settingsDock")
    dock.setWidget(QLabel("settings"))
    old.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    old.resize(1000, 700)
    state = old.saveState(version)
    old.deleteLater()
    return state


def tab_names(window: MainWindow, name: str) -> set[str]:
    dock = window.findChild(QDockWidget, name)
    return {other.objectName() for other in window.tabifiedDockWidgets(dock)}


@pytest.mark.parametrize("version", [0, LAYOUT_VERSION], ids=["old format", "current format"])
def test_docks_missing_from_a_saved_layout_are_tabbed_not_stacked(qtbot, version):
    store = SettingsStore()
    settings, _ = store.load()
    store.save(settings, (QMainWindow().saveGeometry(), layout_with_only_the_settings_dock(version)))
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert not window.settings_dock.visibleRegion().isEmpty()  # the settings tab is in front
    for name in ANALYSIS_DOCKS:
        open_panel(qtbot, window, name)
        assert "settingsDock" in tab_names(window, name), f"{name} is not a tab"


def test_the_layout_is_saved_with_its_version_and_every_dock(qtbot):
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    window.write_settings()
    _geometry, state = SettingsStore().window_state()
    assert state is not None
    assert not QMainWindow().restoreState(state, LAYOUT_VERSION + 1)  # versioned
    for name in ANALYSIS_DOCKS + ("settingsDock",):
        assert dock_is_in_state(window.findChild(QDockWidget, name), state)


TITLES = {
    "settingsDock": "Settings",
    "statsPanel": "Statistics",
    "comparisonDock": "Compare",
    "treeExplorerDock": "Game tree",
}


def shown_window(qtbot, width: int, height: int) -> MainWindow:
    """A new window with every panel opened from the View menu, the settings in front."""
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(width, height)
    window.show()
    qtbot.waitExposed(window)
    for name in [*TITLES, "settingsDock"]:
        open_panel(qtbot, window, name)
    qtbot.wait(200)  # the column settled
    return window


def dock_tab_bar(window: MainWindow) -> QTabBar:
    """The tab bar under the dock column (it lists the docks' titles)."""
    for bar in window.findChildren(QTabBar):
        titles = {bar.tabText(i) for i in range(bar.count())}
        if {"Settings", "Compare"} <= titles:
            return bar
    raise AssertionError("no dock tab bar")


def click_tab(qtbot, window: MainWindow, title: str) -> None:
    bar = dock_tab_bar(window)
    index = next(i for i in range(bar.count()) if bar.tabText(i) == title)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    qtbot.wait(200)  # longer than the column's settle-and-check retries


def raise_dock(qtbot, window: MainWindow, name: str) -> QDockWidget:
    dock = window.findChild(QDockWidget, name)
    dock.raise_()
    qtbot.waitUntil(lambda: not dock.visibleRegion().isEmpty())
    qtbot.wait(200)
    return dock


def test_clicking_through_the_tabs_never_moves_the_tab_bar(qtbot) -> None:
    window = shown_window(qtbot, 1040, 680)
    bar = dock_tab_bar(window)
    width = window.settings_dock.width()
    geometry = bar.geometry()
    tabs = [bar.tabRect(i) for i in range(bar.count())]
    # Every order of switching, the one the issue hit included: Statistics, then Compare.
    for name in (
        "statsPanel",
        "comparisonDock",
        "treeExplorerDock",
        "comparisonDock",
        "settingsDock",
        "treeExplorerDock",
        "statsPanel",
        "settingsDock",
    ):
        click_tab(qtbot, window, TITLES[name])
        dock = window.findChild(QDockWidget, name)
        assert not dock.visibleRegion().isEmpty(), f"the click meant for {name} missed"
        assert dock.width() == width, name
        assert bar.geometry() == geometry, name
        assert [bar.tabRect(i) for i in range(bar.count())] == tabs, name


def test_the_column_keeps_the_width_the_user_gave_it_on_every_tab(qtbot) -> None:
    window = shown_window(qtbot, 1040, 680)
    qtbot.waitUntil(lambda: not window.dock_column.settling, timeout=HANG_MS)  # after the first show
    assert window.settings_dock.width() == DOCK_WIDTH
    window.resizeDocks([window.settings_dock], [520], Qt.Orientation.Horizontal)
    qtbot.wait(50)
    for name in ("comparisonDock", "statsPanel", "treeExplorerDock", "settingsDock"):
        assert raise_dock(qtbot, window, name).width() == 520, name


def test_the_compare_table_fits_the_column(qtbot) -> None:
    window = shown_window(qtbot, 1040, 680)
    click_tab(qtbot, window, "Compare")
    table = window.analysis.comparison.table
    header = table.horizontalHeader()
    # Every column shows (the note ends in '…' if it must): nothing scrolls out of sight.
    assert header.length() <= table.viewport().width()
    assert table.horizontalScrollBar().maximum() == 0
    assert header.sectionSize(table.columnCount() - 1) >= 50


def test_the_dock_column_keeps_its_width_after_the_first_move(qtbot) -> None:
    window = shown_window(qtbot, 1040, 680)
    for name in ("settingsDock", "comparisonDock"):
        dock = raise_dock(qtbot, window, name)
        before = dock.width()
        window.controller.play(1, 1)
        qtbot.wait(100)
        assert dock.width() == before, name
        window.controller.undo()
        qtbot.wait(50)


def test_a_floating_dock_keeps_the_size_the_user_gave_it(qtbot) -> None:
    window = shown_window(qtbot, 1040, 680)
    dock = window.findChild(QDockWidget, "comparisonDock")
    dock.setFloating(True)
    dock.resize(460, 500)
    dock.show()
    qtbot.waitExposed(dock)
    qtbot.wait(50)
    assert dock.width() == 460
