"""Saved dock layouts: new docks join the tabs, old-format layouts are ignored."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow

from tictactoe_qt.gui.dock_layout import LAYOUT_VERSION, dock_is_in_state
from tictactoe_qt.gui.main_window import MainWindow
from tictactoe_qt.gui.settings_store import SettingsStore

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
    store.save_window_state(QMainWindow().saveGeometry(), layout_with_only_the_settings_dock(version))
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    for name in ANALYSIS_DOCKS:
        assert "settingsDock" in tab_names(window, name), f"{name} is not a tab"
    assert not window.settings_dock.visibleRegion().isEmpty()  # the settings tab is in front


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
