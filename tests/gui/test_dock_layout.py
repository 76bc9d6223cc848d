"""Saved dock layouts: new docks join the tabs, old-format layouts are ignored."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow

from tictactoe_qt.gui.dock_layout import LAYOUT_VERSION, dock_is_in_state
from tictactoe_qt.gui.main_window import DOCK_WIDTH, MainWindow
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


def shown_window(qtbot, width: int, height: int) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(width, height)
    window.show()
    qtbot.waitExposed(window)
    return window


def raise_dock(qtbot, window: MainWindow, name: str) -> QDockWidget:
    dock = window.findChild(QDockWidget, name)
    dock.raise_()
    qtbot.waitUntil(lambda: not dock.visibleRegion().isEmpty())
    # The column is fitted once the tab switch settled.
    qtbot.waitUntil(lambda: abs(dock.width() - window.dock_fitter.target_width(dock)) <= 1,
                    timeout=1000)
    return dock


def test_raising_the_comparison_widens_the_column_until_its_columns_show(qtbot) -> None:
    window = shown_window(qtbot, 1040, 680)
    dock = raise_dock(qtbot, window, "comparisonDock")
    assert dock.width() > DOCK_WIDTH
    table = window.analysis.comparison.table
    header = table.horizontalHeader()
    for column in range(table.columnCount() - 1):  # all but the stretching note
        assert header.sectionViewportPosition(column) + header.sectionSize(column) \
            <= table.viewport().width(), f"column {column} is cut"
    assert raise_dock(qtbot, window, "settingsDock").width() == DOCK_WIDTH


@pytest.mark.parametrize("name", ["comparisonDock", "treeExplorerDock", "statsPanel"])
def test_wide_docks_leave_the_board_room_in_a_small_window(qtbot, name) -> None:
    window = shown_window(qtbot, 900, 650)
    dock = raise_dock(qtbot, window, name)
    assert dock.width() > DOCK_WIDTH
    assert dock.width() <= 0.6 * window.width()
    assert window.board.width() >= 360


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
