"""The main window: actions, menus, toolbar, status bar, the board and the settings dock.

It is thin. The :class:`GameController` owns the game; the window wires the
views to it and handles files and dialogs.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QAction, QCloseEvent, QIcon, QKeySequence
from PySide6.QtWidgets import QMainWindow, QWidget

from tictactoe_qt.assets import resource_path
from tictactoe_qt.gui import game_texts
from tictactoe_qt.gui.analysis.install import install_analysis
from tictactoe_qt.gui.board_focus import BoardFocus
from tictactoe_qt.gui.board_widget import BoardWidget
from tictactoe_qt.gui.color_scheme import ColorScheme
from tictactoe_qt.gui.dock_layout import LAYOUT_VERSION, arrange_docks, fit_dock_column, restore_dock_layout
from tictactoe_qt.gui.game_controller import GameController
from tictactoe_qt.gui.game_files import GameFiles
from tictactoe_qt.gui.game_over_banner import GameOverBanner
from tictactoe_qt.gui.game_settings import SEATS, GameSettings
from tictactoe_qt.gui.help_dialogs import show_about, show_handbook, show_rules
from tictactoe_qt.gui.player_consent import trusted_on_restore
from tictactoe_qt.gui.settings_dock import SettingsDock
from tictactoe_qt.gui.settings_store import SettingsStore
from tictactoe_qt.gui.stats.install import install_stats
from tictactoe_qt.gui.stats.unsaved_runs import ask_before_closing
from tictactoe_qt.gui.status_panel import StatusPanel

MESSAGE_MS = 6000


class MainWindow(QMainWindow):
    """The game window. ``MainWindow()`` needs no arguments."""

    #: ``"x"``, ``"o"`` or ``"draw"`` when a game ends.
    game_over = Signal(str)
    #: The summary of each finished batch (the keys of ``simulate --json``).
    simulation_finished = Signal(dict)

    def __init__(self, settings_store: SettingsStore | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowIcon(QIcon(str(resource_path("icons/tictactoe-qt.svg"))))
        self.store = settings_store or SettingsStore()
        self._settings_warned = False
        #: The warning shown when the settings file cannot be written ("" if none).
        self.last_settings_warning = ""
        #: The game moment a status-bar message is about (None: a notice about no game).
        self._message_moment: tuple[object, ...] | None = ()
        self.controller = GameController(parent=self)
        self.board = BoardWidget()
        self.setCentralWidget(self.board)
        self.banner = GameOverBanner(self.board)
        self.board_focus = BoardFocus(self, self.board)
        self.color_scheme = ColorScheme(self)
        self.settings_dock = SettingsDock(self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.settings_dock)
        self.files = GameFiles(
            self,
            self.controller,
            self.settings_dock.set_settings,
            self.show_message,
            self.show_notice,
            self.board_focus.give_back,
        )
        self.create_actions()
        self.create_menus()
        self.create_tool_bar()
        self.create_status_bar()
        self.connect_views()
        stats = install_stats(
            self,
            self.settings_dock,
            self.controller,
            new_game=self.new_game_action,
            view_menu=self.view_menu,
            notice=self.show_notice,
            say=self.show_message,
        )
        self.stats_controller = stats.controller  # owns the runs; the dock, toolbar and series are its views
        self.stats_controller.simulation_finished.connect(self.simulation_finished)
        self.stats_panel, self.watch_series, self.watch_controls = stats.panel, stats.watch_series, stats.watch_controls
        self.analysis = install_analysis(self)  # overlay (Ctrl+A), comparison, game tree, stepper
        assert self.analysis.stepper is not None
        self.search_stepper = self.analysis.stepper.stepper  # scripts and tests step the search through this name
        # Last of the close watchers: a close refused to save runs stops nothing.
        self.unsaved_runs_question = ask_before_closing(self, self.stats_controller)
        self.menuBar().addAction(self.help_menu.menuAction())  # moves Help after Simulate
        self.fit_docks()
        problems = self.read_settings()
        self.controller.new_game(self.settings_dock.settings())
        if problems:
            self.show_message(
                self.tr("Some saved settings were invalid and were reset to their defaults ({0}).").format(
                    ", ".join(problems)
                )
            )
        if self.restore_notes:  # engines and plugins nobody chose (player_consent)
            self.show_notice(" ".join(self.restore_notes))
        self._warn_if_settings_cannot_be_saved()
        self.board.setFocus()

    # -- building ----------------------------------------------------------------
    def create_actions(self) -> None:
        def action(
            name: str,
            text: str,
            slot: Callable[..., object],
            shortcut: QKeySequence | QKeySequence.StandardKey | None = None,
            icon: str = "",
        ) -> QAction:
            act = QAction(QIcon.fromTheme(icon), text, self)
            act.setObjectName(name)
            if shortcut is not None:
                act.setShortcut(shortcut)
            act.triggered.connect(slot)
            return act

        self.new_game_action = action(
            "actionNewGame", self.tr("&New Game"), self.new_game, QKeySequence.StandardKey.New, "document-new"
        )
        self.undo_action = action(
            "actionUndo", self.tr("&Undo Move"), self.controller.undo, QKeySequence.StandardKey.Undo, "edit-undo"
        )
        self.redo_action = action(
            "actionRedo", self.tr("&Redo Move"), self.controller.redo, QKeySequence("Ctrl+Shift+Z"), "edit-redo"
        )
        self.hint_action = action(
            "actionHint", self.tr("&Hint"), self.controller.request_hint, QKeySequence("Ctrl+H"), "dialog-information"
        )
        self.save_action = action(
            "actionSaveGame", self.tr("&Save Game…"), self.files.save_as, QKeySequence.StandardKey.Save, "document-save"
        )
        self.open_action = action(
            "actionOpenGame",
            self.tr("&Open Game…"),
            self.files.open_from,
            QKeySequence.StandardKey.Open,
            "document-open",
        )
        self.quit_action = action(
            "actionQuit", self.tr("&Quit"), self.close, QKeySequence.StandardKey.Quit, "application-exit"
        )
        self.handbook_action = action(
            "actionHandbook",
            self.tr("&Handbook"),
            self.show_handbook,
            QKeySequence.StandardKey.HelpContents,
            "help-contents",
        )
        self.rules_action = action("actionRules", self.tr("&Rules"), self.show_rules)
        self.about_action = action("actionAbout", self.tr("&About"), self.show_about, None, "help-about")
        self.theme_actions = {}
        for key, text in (
            ("system", self.tr("Follow &System")),
            ("light", self.tr("&Light")),
            ("dark", self.tr("&Dark")),
        ):
            act = action(f"actionTheme_{key}", text, lambda _=False, k=key: self.set_theme(k))
            act.setCheckable(True)
            self.theme_actions[key] = act
        self.theme_actions["system"].setChecked(True)

    def create_menus(self) -> None:
        game = self.menuBar().addMenu(self.tr("&Game"))
        game.addAction(self.new_game_action)
        game.addSeparator()
        game.addActions([self.undo_action, self.redo_action, self.hint_action])
        game.addSeparator()
        game.addActions([self.open_action, self.save_action])
        game.addSeparator()
        game.addAction(self.quit_action)
        self.view_menu = self.menuBar().addMenu(self.tr("&View"))
        self.view_menu.addAction(self.settings_dock.toggleViewAction())
        theme = self.view_menu.addMenu(self.tr("&Theme"))
        theme.addActions(list(self.theme_actions.values()))
        self.help_menu = self.menuBar().addMenu(self.tr("&Help"))
        self.help_menu.addActions([self.handbook_action, self.rules_action, self.about_action])

    def create_tool_bar(self) -> None:
        self.tool_bar = self.addToolBar(self.tr("Game"))
        self.tool_bar.setObjectName("gameToolBar")
        self.tool_bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.tool_bar.addActions([self.new_game_action, self.undo_action, self.redo_action, self.hint_action])
        self.view_menu.addAction(self.tool_bar.toggleViewAction())

    def create_status_bar(self) -> None:
        self.status_panel = StatusPanel()
        self.statusBar().addPermanentWidget(self.status_panel)

    def fit_docks(self) -> None:
        """One width for the dock column, whichever tab is raised (see :func:`fit_dock_column`)."""
        self.dock_column = fit_dock_column(self, self.settings_dock.scroll_area)

    def connect_views(self) -> None:
        c = self.controller
        c.snapshot_changed.connect(self.board.set_snapshot)
        c.state_changed.connect(self.update_state)
        c.game_started.connect(self.on_game_started)
        c.thinking_started.connect(lambda _seat: self.status_panel.set_busy(True))
        c.thinking_stopped.connect(lambda: self.status_panel.set_busy(False))
        c.message.connect(self.show_message)
        c.error.connect(self.show_error)
        c.game_over.connect(self.on_game_over)
        self.board.cell_clicked.connect(c.play)
        self.banner.play_again.connect(self.new_game_action.trigger)
        self.settings_dock.settings_changed.connect(self.on_settings_edited)
        self.settings_dock.new_game_requested.connect(self.new_game_action.trigger)

    # -- scripting contract ---------------------------------------------------------
    def position(self) -> str:
        """The current board in engine notation, e.g. ``x.o/.x./..o``."""
        return self.controller.board.notation()

    def export_results(self, path: str | Path) -> int:
        """Write the latest batch as CSV, one row per game; returns the rows written."""
        return self.stats_controller.export_results(path)

    def set_move_delay(self, seconds: float) -> None:
        """The pause between AI moves in AI-vs-AI games."""
        self.controller.set_move_delay(seconds)

    # -- settings ------------------------------------------------------------------------
    def read_settings(self) -> list[str]:
        """Restore the dock, the window layout and the analysis overlay's choices;
        return the keys that were reset."""
        settings, problems = self.store.load()
        settings, self.restore_notes = trusted_on_restore(settings)
        self.settings_dock.set_settings(settings)
        geometry, state = self.store.window_state()
        if geometry is None or not self.restoreGeometry(geometry):
            self.resize(1040, 680)
        restored = restore_dock_layout(self, state, self.settings_dock)
        arrange_docks(self, self.dock_column, restored, self.store.settings)
        theme, theme_problems = self.store.theme()
        self.set_theme(theme, remember=False)
        return problems + theme_problems + self.analysis.remember_choices(self.store)

    def write_settings(self) -> None:
        self.store.save(self.settings_dock.settings(), (self.saveGeometry(), self.saveState(LAYOUT_VERSION)))

    def closeEvent(self, event: QCloseEvent) -> None:
        self.write_settings()
        self.controller.shutdown()
        event.accept()

    # -- slots ------------------------------------------------------------------------------
    @Slot()
    def new_game(self) -> None:
        """Start a game with the dock's settings; notes about the last edits are done with."""
        self.settings_dock.clear_edit_notes()
        self.controller.new_game(self.settings_dock.settings())

    @Slot()
    def on_game_started(self) -> None:
        self.banner.hide()
        self.status_panel.set_stats("", None)
        self.settings_dock.set_pending(False)
        config = self.controller.settings
        # Qt appends the application's display name ("— Tic-tac-toe").
        self.setWindowTitle(self.tr("{0}x{1}, {2} in a row").format(config.rows, config.cols, config.k))
        self.update_state()
        self.write_settings()  # a killed app keeps the settings of its last game

    @Slot()
    def update_state(self) -> None:
        c = self.controller
        self.undo_action.setEnabled(c.can_undo())
        self.redo_action.setEnabled(c.can_redo())
        self.hint_action.setEnabled(c.can_hint())
        series = getattr(self, "watch_series", None)
        stopped = c.is_paused and series is not None and not series.running
        self.status_panel.set_turn(game_texts.stopped_text(c) if stopped else c.turn_text())
        self.status_panel.set_busy(c.is_thinking)
        searched = c.last_move_search()  # statistics only while the last move is the AI's
        if searched is None:
            self.status_panel.set_stats("", None)
        else:
            self.status_panel.set_stats(game_texts.seat_mark(c, searched[0]), searched[1])
        self._clear_stale_message()
        if c.result() is None:
            self.banner.hide()
        elif self.banner.isVisible():  # names may have changed (a new mark): say it as the status does
            self.banner.show_result(c.result_text())

    def _game_moment(self) -> tuple[object, ...]:
        """The position, the turn and the players: what a status-bar hint is about."""
        c = self.controller
        return (c.board.notation(), c.seat_to_move, tuple(c.settings.side(seat).kind for seat in SEATS))

    def _clear_stale_message(self) -> None:
        """Drop a hint ("Please wait…", "The game is over…") once the game it was about moved on."""
        if self._message_moment is None:
            return  # a notice (show_notice): not about the game
        moment = self._game_moment()
        if moment != self._message_moment:
            self.statusBar().clearMessage()
        self._message_moment = moment

    @Slot(str)
    def on_game_over(self, result: str) -> None:
        self.banner.show_result(self.controller.result_text())
        self.game_over.emit(result)

    @Slot(object)
    def on_settings_edited(self, settings: GameSettings) -> None:
        self.controller.apply_cosmetics(settings)
        changed = settings.game_rules() != self.controller.settings.game_rules()
        self.store.save(settings)
        self._warn_if_settings_cannot_be_saved()
        if changed and self._game_untouched():
            self.controller.new_game(settings)  # nothing played yet: apply at once
            return
        self.settings_dock.set_pending(changed)

    def _warn_if_settings_cannot_be_saved(self) -> None:
        """Say once, in the status bar, that changed settings will not outlive the run."""
        if self._settings_warned:
            return
        problem = self.store.cannot_save()
        if problem is not None:
            self._settings_warned = True
            self.last_settings_warning = problem
            self.show_message(problem)

    def _game_untouched(self) -> bool:
        """No move on the board and no watched series: a new game loses nothing."""
        series = getattr(self, "watch_series", None)
        return self.controller.board.ply == 0 and not (series is not None and series.running)

    @Slot(str)
    def show_message(self, text: str) -> None:
        self._message_moment = self._game_moment()
        self.statusBar().showMessage(text, MESSAGE_MS)

    @Slot(str)
    def show_notice(self, text: str) -> None:
        """A status-bar line about something other than the game on the board (simulations,
        exports, recovered runs): moves do not wipe it, only its time or the next line."""
        self._message_moment = None
        self.statusBar().showMessage(text, MESSAGE_MS)

    @Slot(str)
    def show_error(self, text: str) -> None:
        self._message_moment = self._game_moment()
        self.statusBar().showMessage("⚠ " + text, 3 * MESSAGE_MS)

    def set_theme(self, key: str, remember: bool = True) -> None:
        """Follow the system's light/dark setting, or force one (and store the choice)."""
        for name, act in self.theme_actions.items():
            act.setChecked(name == key)
        self.color_scheme.apply(key)
        if remember:
            self.store.save_theme(key)

    # -- files ---------------------------------------------------------------------------
    def save_game(self, path: str | Path) -> bool:
        """Write the current game as JSON, atomically; an error dialog explains a failure."""
        return self.files.save(path)

    def open_game(self, path: str | Path) -> bool:
        """Load a game file, asking before its engines or plugins run; a bad one changes nothing."""
        return self.files.open(path)

    # -- help ------------------------------------------------------------------------------
    @Slot()
    def show_handbook(self) -> None:
        show_handbook(self)

    @Slot()
    def show_rules(self) -> None:
        show_rules(self, self.controller.settings.config())

    @Slot()
    def show_about(self) -> None:
        show_about(self)
