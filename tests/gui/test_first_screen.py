"""The first screen invites: the board and the settings, nothing more. The panels
(Statistics, Compare, Game tree, Stepper) open from the View menu, whose items say
what each is for, with the same line at the panel's top. "Run on" is for people
with the cluster extra, folded under "Advanced". An overlay left on at the last
close is remembered, but its switch is in the tool bar and the legend says what it
shows; a big board's legend is one short line with its long form in the tooltip."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QComboBox, QDockWidget, QLabel, QSpinBox, QToolBar, QToolButton

from tictactoe_qt.gui.dock_panels import INTRO_SUFFIX, PANELS
from tictactoe_qt.gui.settings_store import SettingsStore
from tictactoe_qt.gui.stats import run_on_bar
from tictactoe_qt.gui.stats.run_on_bar import RUN_ON_KEY

from .panels import open_panel
from .waits import HANG_MS


def shown_docks(window) -> set[str]:
    return {
        dock.objectName()
        for dock in window.findChildren(QDockWidget)
        if dock.isVisible() and not dock.visibleRegion().isEmpty()
    }


def test_a_new_player_sees_the_board_and_the_settings_only(qtbot, shown_window) -> None:
    window = shown_window((1040, 680))
    qtbot.wait(50)
    assert shown_docks(window) == {"settingsDock"}
    for name in PANELS:
        assert window.findChild(QDockWidget, name).isHidden(), name
    assert window.findChild(QToolBar, "watchToolBar").isHidden()
    assert window.findChild(QToolBar, "gameToolBar").isVisible()


@pytest.mark.parametrize("name", list(PANELS))
def test_each_panel_opens_from_the_view_menu_in_front_and_says_what_it_is(qtbot, shown_window, name) -> None:
    window = shown_window((1040, 680))
    dock = window.findChild(QDockWidget, name)
    action = dock.toggleViewAction()
    assert action in window.view_menu.actions()
    assert action.statusTip() and len(action.statusTip()) < 90  # one line
    open_panel(qtbot, window, name)
    assert shown_docks(window) == {name}  # in front of the settings, beside the board
    intro = dock.findChild(QLabel, name + INTRO_SUFFIX)
    assert intro.isVisible() and intro.text() == action.statusTip()
    assert intro.mapTo(dock, intro.rect().topLeft()).y() < dock.height() // 4  # at the top
    # The settings are a tab away.
    open_panel(qtbot, window, "settingsDock")
    assert "settingsDock" in shown_docks(window)


def test_the_panels_a_user_opened_are_open_at_the_next_start(qtbot, shown_window) -> None:
    window = shown_window((1040, 680))
    open_panel(qtbot, window, "comparisonDock")
    window.close()
    again = shown_window((1040, 680))
    assert not again.findChild(QDockWidget, "comparisonDock").isHidden()
    assert again.findChild(QDockWidget, "statsPanel").isHidden()


def test_watching_shows_the_watch_toolbar(qtbot, shown_window) -> None:
    window = shown_window((1040, 680))
    for seat in "xo":
        combo = window.findChild(QComboBox, f"{seat}Player")
        combo.setCurrentIndex(combo.findData("random"))
    toolbar = window.findChild(QToolBar, "watchToolBar")
    assert toolbar.isHidden()
    window.findChild(QAction, "actionWatch").trigger()  # Simulate > Watch AI vs AI
    qtbot.waitUntil(toolbar.isVisible, timeout=HANG_MS)
    window.watch_series.stop()


# -- Run on -------------------------------------------------------------------------------
def test_run_on_is_folded_under_advanced_with_the_cluster_extra(qtbot, shown_window) -> None:
    assert run_on_bar.cluster_extra_installed()  # distributed is in the test environment
    window = shown_window((1040, 680))
    panel = open_panel(qtbot, window, "statsPanel")
    bar = panel.run_on_bar
    fold = bar.findChild(QToolButton, "runOnFold")
    assert bar.isVisible() and fold.isVisible() and not fold.isChecked()
    assert not bar.place_box.isVisible() and not bar.address_edit.isVisible()
    qtbot.mouseClick(fold, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(bar.place_box.isVisible)
    assert bar.address_edit.isVisible() and bar.connect_button.isVisible()


def test_run_on_is_absent_without_the_cluster_extra(qtbot, shown_window, monkeypatch) -> None:
    monkeypatch.setattr(run_on_bar, "cluster_extra_installed", lambda: False)
    SettingsStore().settings.setValue(RUN_ON_KEY, "cluster")  # chosen when it was installed
    window = shown_window((1040, 680))
    panel = open_panel(qtbot, window, "statsPanel")
    bar = panel.run_on_bar
    assert bar.isHidden() and not bar.place_box.isVisible()
    assert not bar.on_cluster() and bar.problem() is None  # batches run here
    assert bar.link.address == ""  # nothing tried to connect


# -- the overlay at the next start ----------------------------------------------------------
def test_a_remembered_overlay_has_its_switch_in_sight(qtbot, shown_window) -> None:
    window = shown_window((1040, 680))
    window.analysis.overlay_action.trigger()
    window.close()
    again = shown_window((1040, 680))
    views = again.analysis
    assert views.overlay_action.isChecked()
    button = again.tool_bar.widgetForAction(views.overlay_action)
    assert button is not None and button.isVisible() and button.isChecked()
    qtbot.waitUntil(lambda: views.legend.text().startswith("Exact:"), timeout=HANG_MS)
    assert "to move" in views.legend.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert not views.overlay_action.isChecked()
    qtbot.waitUntil(lambda: not views.layer.isVisible())
    assert views.legend.text() == ""


def test_a_big_boards_legend_is_one_short_line_with_the_long_form_as_tooltip(qtbot, shown_window) -> None:
    window = shown_window((1040, 680))
    for seat in "xo":
        combo = window.findChild(QComboBox, f"{seat}Player")
        combo.setCurrentIndex(combo.findData("human"))
    # 9x9 is analysed as every big board is (the moves near the stones deepened, the far
    # cells not searched), in the overlay's shortest budget: 15x15 took 1.3 s of CPU.
    for name, value in (("rows", 9), ("cols", 9), ("k", 5)):
        window.findChild(QSpinBox, name).setValue(value)
    window.new_game_action.trigger()
    window.controller.play(4, 4)
    window.controller.play(3, 3)
    views = window.analysis
    with qtbot.waitSignal(views.overlay.overlay_ready, timeout=HANG_MS) as ready:
        views.overlay_action.trigger()
    data = ready.args[0]
    legend = views.legend
    qtbot.waitUntil(lambda: legend.text() == data.short_legend())
    assert "not searched" in data.legend() and "not searched" in legend.text()
    assert "not a proof" not in legend.text()
    assert legend.toolTip() == data.legend()
    assert len(legend.text()) < len(data.legend())
    # One line at the default size.
    assert legend.fontMetrics().horizontalAdvance(legend.text()) <= legend.contentsRect().width()
    assert legend.height() < 2 * legend.fontMetrics().lineSpacing()
