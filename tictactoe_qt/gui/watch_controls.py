"""The Watch toolbar: watch AI-vs-AI games at a chosen speed, pause, step, stop.

A view over :class:`~tictactoe_qt.gui.stats.watch_series.WatchSeries`: it
sends the user's requests and follows the series' signals.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QAction, QIcon, QKeySequence
from PySide6.QtWidgets import QLabel, QSizePolicy, QSlider, QSpinBox, QToolBar, QToolButton, QVBoxLayout, QWidget

from tictactoe_qt.gui.game_settings import SEATS
from tictactoe_qt.gui.stats.watch_series import DEFAULT_SPEED, SPEEDS, WatchSeries, speed_text

MAX_WATCHED_GAMES = 1000
#: Widest texts the info labels make room for, so the toolbar never reflows as they change.
SCORE_SAMPLE = "X 999 \u00b7 O 999 \u00b7 draws 999  (stopped, 999 of 1000)"
MOVE_SAMPLE = "X: 99.9M nodes, depth 99, 999 ms"


class WatchControls(QToolBar):
    """Watch, pause/resume, next move, stop, speed, games in the series, score."""

    def __init__(self, series: WatchSeries, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Watch"), parent)
        self.setObjectName("watchToolBar")
        self.series = series
        #: The last score the series reported; ``None`` once a game outside a series began.
        self._score: dict[str, int] | None = None
        #: The action behind each button, by the button's object name; the Simulate
        #: menu shows the same actions, so a menu item and its button share one state.
        self.actions_by_button: dict[str, QAction] = {}
        self._watch_tip = self.tr("Play AI-vs-AI games on the board")
        self.watch_button = self._button(
            "watchButton",
            "actionWatch",
            self.tr("&Watch AI vs AI"),
            self.tr("Watch"),
            "media-playback-start",
            self._watch_tip,
            self.start,
            "Ctrl+Shift+W",
        )
        self.games_box = QSpinBox(objectName="watchGames")
        self.games_box.setRange(1, MAX_WATCHED_GAMES)
        self.games_box.setPrefix(self.tr("Games: "))
        self.games_box.setToolTip(self.tr("How many games to watch in a row"))
        self.games_box.setAccessibleName(self.tr("Games to watch"))
        self.addWidget(self.games_box)
        self.pause_button = self._button(
            "watchPause",
            "watchPauseAction",
            self.tr("Pause"),
            self.tr("Pause"),
            "media-playback-pause",
            self.tr("Pause or resume the watched games"),
            self.toggle_pause,
        )
        self.next_button = self._button(
            "watchNext",
            "actionNextMove",
            self.tr("&Next Move"),
            self.tr("Next move"),
            "media-skip-forward",
            self.tr("Play one move (or start the next game)"),
            series.next_move,
            "Ctrl+.",
        )
        self.stop_button = self._button(
            "watchStop",
            "actionStopWatching",
            self.tr("S&top Watching"),
            self.tr("Stop"),
            "media-playback-stop",
            self.tr("Stop watching"),
            series.stop,
        )
        self.addSeparator()
        self.speed_slider = QSlider(Qt.Orientation.Horizontal, objectName="watchSpeed")
        self.speed_slider.setRange(0, len(SPEEDS) - 1)
        self.speed_slider.setPageStep(1)
        self.speed_slider.setTickPosition(QSlider.TickPosition.TicksBelow)
        self.speed_slider.setFixedWidth(130)
        self.speed_slider.setToolTip(self.tr("Speed: step by step, 2 s to 0.05 s per move, or instant"))
        self.speed_slider.setAccessibleName(self.tr("Watch speed"))
        self.speed_label = QLabel(objectName="watchSpeedLabel")
        metrics = self.speed_label.fontMetrics()
        self.speed_label.setFixedWidth(max(metrics.horizontalAdvance(speed_text(s)) for s in SPEEDS) + 6)
        self.addWidget(QLabel(self.tr("Speed ")))
        self.addWidget(self.speed_slider)
        self.addWidget(self.speed_label)
        self.addSeparator()
        self.score_label = self._info_label("watchScore", SCORE_SAMPLE)
        self.score_label.setAccessibleName(self.tr("Score of the watched games"))
        self.move_label = self._info_label("watchMoveStats", MOVE_SAMPLE)
        self.move_label.setAccessibleName(self.tr("Search statistics of the last watched move"))
        info = QWidget(objectName="watchInfo")
        lines = QVBoxLayout(info)
        lines.setContentsMargins(4, 0, 4, 0)
        lines.setSpacing(0)
        lines.addWidget(self.score_label)
        lines.addWidget(self.move_label)
        self.addWidget(info)
        self.speed_slider.valueChanged.connect(self.on_speed_moved)
        series.state_changed.connect(self.update_state)
        series.score_changed.connect(self.show_score)
        series.move_stats.connect(self.show_move_stats)
        series.controller.game_started.connect(self._on_game_started)
        self.speed_slider.setValue(DEFAULT_SPEED)
        self.on_speed_moved(DEFAULT_SPEED)
        self._keep_width(self.pause_button, (self.tr("Pause"), self.tr("Resume")))
        self.update_state()

    def _info_label(self, name: str, sample: str) -> QLabel:
        """A label of fixed width: texts longer than ``sample`` are elided, never reflowed."""
        label: QLabel = QLabel(objectName=name)
        label.setFixedWidth(label.fontMetrics().horizontalAdvance(sample) + 8)
        label.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)
        return label

    def _set_info(self, label: QLabel, text: str) -> None:
        shown = label.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, label.width())
        label.setText(shown)
        label.setToolTip(text if shown != text else "")

    def _keep_width(self, button: QToolButton, texts: tuple[str, ...]) -> None:
        """Give ``button`` the width of its widest text, so renaming it moves nothing."""
        action = button.defaultAction()
        current = action.iconText()
        widths = []
        for text in texts:
            action.setIconText(text)
            widths.append(button.sizeHint().width())
        action.setIconText(current)
        button.setFixedWidth(max(widths))

    def _button(
        self,
        name: str,
        action_name: str,
        text: str,
        button_text: str,
        icon: str,
        tip: str,
        slot: Callable[[], object],
        shortcut: str | None = None,
    ) -> QToolButton:
        """A toolbar button showing ``button_text`` for an action named ``text`` in menus."""
        action = QAction(QIcon.fromTheme(icon), text, self)
        action.setIconText(button_text)
        action.setObjectName(action_name)
        action.setToolTip(tip)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        self.addAction(action)
        button = self.widgetForAction(action)
        assert isinstance(button, QToolButton)  # a toolbar shows an action as a tool button
        self.actions_by_button[name] = action
        button.setObjectName(name)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        return button

    @Slot()
    def start(self) -> None:
        self.move_label.clear()
        self.series.start(self.games_box.value())

    @Slot()
    def _on_game_started(self) -> None:
        """A game outside a series: the last series' score and move figures are history."""
        if not self.series.running:
            self._score = None
            self.score_label.clear()
            self.score_label.setToolTip("")
            self.move_label.clear()
            self.move_label.setToolTip("")

    @Slot(str)
    def show_move_stats(self, text: str) -> None:
        self._set_info(self.move_label, text)

    @Slot()
    def toggle_pause(self) -> None:
        if self.series.user_paused:
            self.series.resume()
        else:
            self.series.pause()

    @Slot(int)
    def on_speed_moved(self, position: int) -> None:
        seconds = SPEEDS[position]
        self.speed_label.setText(speed_text(seconds))
        self.series.set_speed(seconds)

    @Slot()
    def update_state(self) -> None:
        # Enable and name the actions, not their buttons: a button re-reads its
        # action on every change, and the overflow menu ("»") shows the actions.
        series = self.series
        running = series.running
        paused = running and series.user_paused
        actions = self.actions_by_button
        problem = None if running else series.watch_problem()
        actions["watchButton"].setEnabled(not running and problem is None)
        actions["watchButton"].setToolTip(problem or self._watch_tip)
        self.games_box.setEnabled(not running)
        actions["watchPause"].setEnabled(running and not series.step_mode)
        actions["watchPause"].setText(self.tr("Resume") if paused else self.tr("Pause"))
        actions["watchPause"].setIconText(actions["watchPause"].text())
        actions["watchNext"].setEnabled(running and (series.step_mode or paused or series.waiting_for_next_game))
        actions["watchStop"].setEnabled(running)
        self._show_score_text()

    @Slot(dict)
    def show_score(self, score: dict[str, int]) -> None:
        self._score = score
        self._show_score_text()

    def _show_score_text(self) -> None:
        score = self._score
        if score is None:
            return
        settings = self.series.controller.settings
        marks = [settings.side(seat).mark or seat.upper() for seat in SEATS]
        stopped = not self.series.running and score["played"] < score["games"]
        games = (self.tr("stopped, %d of %d") if stopped else self.tr("%d of %d")) % (score["played"], score["games"])
        text = self.tr("%s %d \u00b7 %s %d \u00b7 draws %d  (%s)") % (
            marks[0],
            score["x"],
            marks[1],
            score["o"],
            score["draw"],
            games,
        )
        self._set_info(self.score_label, text)
