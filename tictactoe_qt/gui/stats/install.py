"""Adds the stats panel, the Watch toolbar and the Simulate menu to the main window."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence

from tictactoe_qt.engine.game import Seating
from tictactoe_qt.engine.players import PlayerSpec

from .match import Match
from .run_recovery import RunRecovery
from .stats_panel import StatsPanel
from .watch_series import WatchSeries


def seat_spec(settings: Any, seat: str) -> PlayerSpec:
    """The engine spec of one seat: the one the controller plays (one owner, :func:`player_spec`)."""
    from tictactoe_qt.gui.player_choices import player_spec

    side = settings.side(seat)
    return player_spec(side.kind, side.depth, side.time, settings.config(), side.extra)


def settings_match(settings: Any) -> Match:
    """Board, X's and O's players, the mark that moves first and the players' names
    (their marks), as the settings dock says.

    Batches and watched series both play this; each player keeps its mark
    whoever moves first (see the engine's ``Seating``).
    """
    from tictactoe_qt.gui.game_texts import settings_side_names

    seating = Seating.of(settings.first)
    return Match(
        settings.config(), seat_spec(settings, "x"), seat_spec(settings, "o"), seating.first,
        settings_side_names(settings, seating),
    )


class _CloseGuard(QObject):
    """Stops background work before the window closes (no thread outlives it)."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self._window = window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._window and event.type() == QEvent.Type.Close:
            self._window.watch_series.stop()
            self._window.stats_panel.shutdown()
        return False


def install_stats(window: Any) -> StatsPanel:
    """Give ``window`` its stats dock, Watch toolbar and Simulate menu.

    Sets ``window.stats_panel``, ``window.watch_series`` and
    ``window.watch_controls``, and forwards the panel's summaries to
    ``window.simulation_finished``.
    """
    from tictactoe_qt.gui.watch_controls import WatchControls

    from .engine_log import start_engine_log

    start_engine_log()  # before any engine or worker process starts: they inherit it
    dock = window.settings_dock
    panel = StatsPanel(window)
    panel.set_match_source(lambda: settings_match(dock.settings()))
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, panel)
    window.tabifyDockWidget(dock, panel)
    dock.raise_()
    dock.settings_changed.connect(lambda _settings: panel.refresh_match())
    panel.simulation_finished.connect(window.simulation_finished)
    panel.message.connect(window.show_notice)
    window.stats_panel = panel
    panel.recovery = RunRecovery(panel)  # after the message link: it may speak at once

    series = WatchSeries(
        window.controller,
        window.new_game_action.trigger,
        lambda: settings_match(dock.settings()),
        panel,
        window,
    )
    series.message.connect(window.show_message)
    window.watch_series = series
    controls = WatchControls(series, window)
    dock.settings_changed.connect(lambda _settings: controls.update_state())  # Watch needs two AIs
    window.addToolBarBreak()
    window.addToolBar(controls)
    window.watch_controls = controls
    _add_menu(window, panel, controls)
    window.installEventFilter(_CloseGuard(window))
    return panel


def _add_menu(window: Any, panel: StatsPanel, controls: Any) -> None:
    def action(name: str, text: str, slot: Any, shortcut: str | None = None) -> QAction:
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
    panel.batch.running_changed.connect(simulate_action.setDisabled)  # as the Simulate button
    menu.addAction(simulate_action)
    menu.addAction(panel.simulate_bar.cancel_action)
    menu.addAction(action("actionTournament", window.tr("&Tournament…"), lambda: show_tab(3)))
    menu.addAction(action("actionEngineLog", window.tr("Engine &Log…"), panel.show_engine_log))
    menu.addSeparator()
    menu.addAction(action("actionExportCsv", window.tr("&Export Results as CSV…"), panel.exports.choose_csv_file))
    window.view_menu.addAction(panel.toggleViewAction())
    window.view_menu.addAction(controls.toggleViewAction())


def export_results(window: Any, path: str | Path) -> int:
    """``MainWindow.export_results``: the latest batch as CSV."""
    return window.stats_panel.export_results(path)  # type: ignore[no-any-return]
