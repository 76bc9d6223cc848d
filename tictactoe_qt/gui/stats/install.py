"""Adds the stats controller, its dock, the Watch toolbar and the Simulate menu to the main window."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from tictactoe_qt.engine.game import Seating
from tictactoe_qt.engine.players import PlayerSpec
from tictactoe_qt.gui.game_controller import GameController
from tictactoe_qt.gui.game_texts import settings_side_names
from tictactoe_qt.gui.player_choices import player_spec
from tictactoe_qt.gui.settings_dock import SettingsDock
from tictactoe_qt.gui.watch_controls import WatchControls

from .engine_log import start_engine_log
from .match import Match
from .stats_controller import StatsController
from .stats_panel import StatsPanel
from .watch_series import WatchSeries


@dataclass(frozen=True)
class StatsParts:
    """What :func:`install_stats` adds to a window."""

    #: Owns the runs (batches, watched series, kept runs, their files and recovery).
    controller: StatsController
    #: The stats dock, its view.
    panel: StatsPanel
    #: Plays watched AI-vs-AI series on the board.
    watch_series: WatchSeries
    #: The Watch toolbar.
    watch_controls: WatchControls


def seat_spec(settings: Any, seat: str) -> PlayerSpec:
    """The engine spec of one seat: the one the controller plays (one owner, :func:`player_spec`)."""
    side = settings.side(seat)
    return player_spec(side.kind, side.depth, side.time, settings.config(), side.extra)


def settings_match(settings: Any) -> Match:
    """Board, X's and O's players, the mark that moves first and the players' names
    (their marks), as the settings dock says.

    Batches and watched series both play this; each player keeps its mark
    whoever moves first (see the engine's ``Seating``).
    """
    seating = Seating.of(settings.first)
    return Match(
        settings.config(),
        seat_spec(settings, "x"),
        seat_spec(settings, "o"),
        seating.first,
        settings_side_names(settings, seating),
    )


class _CloseGuard(QObject):
    """Stops background work before the window closes (no thread outlives it)."""

    def __init__(self, window: QMainWindow, parts: StatsParts) -> None:
        super().__init__(window)
        self._window = window
        self._parts = parts

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._window and event.type() == QEvent.Type.Close:
            self._parts.watch_series.stop()
            self._parts.panel.shutdown()
        return False


def install_stats(
    window: QMainWindow,
    dock: SettingsDock,
    game: GameController,
    *,
    new_game: QAction,
    view_menu: QMenu,
    notice: Callable[[str], None],
    say: Callable[[str], None],
) -> StatsParts:
    """Give ``window`` its stats controller and dock, Watch toolbar and Simulate menu.

    Args:
        dock: the settings dock, which says what batches and series play.
        game: the window's game controller, which watched series drive.
        new_game: starts a game with the settings dock's settings.
        view_menu: gets the dock's and the toolbar's show/hide actions.
        notice: says a line about runs in the status bar (simulations, exports, recovery).
        say: says a line about the game on the board in the status bar.
    """
    start_engine_log()  # before any engine or worker process starts: they inherit it
    controller = StatsController(window)
    panel = StatsPanel(controller, window)
    panel.message.connect(notice)  # the controller's lines, and the panel's own (a tournament's)
    panel.set_match_source(lambda: settings_match(dock.settings()))
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, panel)
    window.tabifyDockWidget(dock, panel)
    dock.raise_()
    dock.settings_changed.connect(lambda _settings: panel.refresh_match())
    controller.start_recovery()  # after the message link: it may speak at once

    series = WatchSeries(game, new_game.trigger, lambda: settings_match(dock.settings()), controller, window)
    series.message.connect(say)
    controls = WatchControls(series, window)
    dock.settings_changed.connect(lambda _settings: controls.update_state())  # Watch needs two AIs
    window.addToolBarBreak()
    window.addToolBar(controls)
    parts = StatsParts(controller, panel, series, controls)
    _add_menu(window, parts, view_menu)
    window.installEventFilter(_CloseGuard(window, parts))
    return parts


def _add_menu(window: QMainWindow, parts: StatsParts, view_menu: QMenu) -> None:
    panel, controls = parts.panel, parts.watch_controls

    def action(name: str, text: str, slot: Callable[[], object], shortcut: str | None = None) -> QAction:
        act = QAction(text, window)
        act.setObjectName(name)
        if shortcut:
            act.setShortcut(QKeySequence(shortcut))
        act.triggered.connect(slot)
        return act

    def show_tab(index: int) -> None:
        panel.show()
        panel.raise_()
        panel.tabs.setCurrentIndex(index)

    def simulate() -> None:
        show_tab(0)
        panel.start_simulation()

    # A menu item with a button shows the button's own action: one enabled state.
    menu = window.menuBar().addMenu(window.tr("&Simulate"))
    for name in ("watchButton", "watchNext", "watchStop"):
        menu.addAction(controls.actions_by_button[name])
    menu.addSeparator()
    simulate_action = action("actionSimulate", window.tr("&Simulate Games"), simulate, "Ctrl+Shift+R")
    parts.controller.batch.running_changed.connect(simulate_action.setDisabled)  # as the Simulate button
    menu.addAction(simulate_action)
    menu.addAction(panel.simulate_bar.cancel_action)
    menu.addAction(action("actionTournament", window.tr("&Tournament…"), lambda: show_tab(3)))
    menu.addAction(action("actionEngineLog", window.tr("Engine &Log…"), panel.show_engine_log))
    menu.addSeparator()
    menu.addAction(action("actionExportCsv", window.tr("&Export Results as CSV…"), panel.exports.choose_csv_file))
    view_menu.addAction(panel.toggleViewAction())
    view_menu.addAction(controls.toggleViewAction())
