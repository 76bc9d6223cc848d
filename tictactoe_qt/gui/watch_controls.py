"""The Watch toolbar: watch AI-vs-AI games at a chosen speed, pause, step, stop.

A view over :class:`~tictactoe_qt.gui.stats.watch_series.WatchSeries`: it
sends the user's requests and follows the series' signals.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QSlider, QSpinBox, QToolBar, QToolButton, QWidget

from tictactoe_qt.gui.stats.watch_series import DEFAULT_SPEED, SPEEDS, WatchSeries, speed_text

MAX_WATCHED_GAMES = 1000


class WatchControls(QToolBar):
    """Watch, pause/resume, next move, stop, speed, games in the series, score."""

    def __init__(self, series: WatchSeries, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Watch"), parent)
        self.setObjectName("watchToolBar")
        self.series = series
        #: The toolbar action behind each button, by the button's object name.
        self.actions_by_button: dict[str, QAction] = {}
        self.watch_button = self._button("watchButton", self.tr("Watch"), "media-playback-start",
                                         self.tr("Play AI-vs-AI games on the board"), self.start)
        self.games_box = QSpinBox(objectName="watchGames")
        self.games_box.setRange(1, MAX_WATCHED_GAMES)
        self.games_box.setPrefix(self.tr("Games: "))
        self.games_box.setToolTip(self.tr("How many games to watch in a row"))
        self.games_box.setAccessibleName(self.tr("Games to watch"))
        self.addWidget(self.games_box)
        self.pause_button = self._button("watchPause", self.tr("Pause"), "media-playback-pause",
                                         self.tr("Pause or resume the watched games"), self.toggle_pause)
        self.next_button = self._button("watchNext", self.tr("Next move"), "media-skip-forward",
                                        self.tr("Play one move (or start the next game)"), series.next_move)
        self.stop_button = self._button("watchStop", self.tr("Stop"), "media-playback-stop",
                                        self.tr("Stop watching"), series.stop)
        self.addSeparator()
        self.speed_slider = QSlider(Qt.Orientation.Horizontal, objectName="watchSpeed")
        self.speed_slider.setRange(0, len(SPEEDS) - 1)
        self.speed_slider.setPageStep(1)
        self.speed_slider.setTickPosition(QSlider.TickPosition.TicksBelow)
        self.speed_slider.setFixedWidth(130)
        self.speed_slider.setToolTip(self.tr("Speed: step by step, 2 s to 0.05 s per move, or instant"))
        self.speed_slider.setAccessibleName(self.tr("Watch speed"))
        self.speed_label = QLabel(objectName="watchSpeedLabel")
        self.speed_label.setMinimumWidth(95)
        self.addWidget(QLabel(self.tr("Speed ")))
        self.addWidget(self.speed_slider)
        self.addWidget(self.speed_label)
        self.addSeparator()
        self.score_label = QLabel(objectName="watchScore")
        self.score_label.setAccessibleName(self.tr("Score of the watched games"))
        self.move_label = QLabel(objectName="watchMoveStats")
        self.addWidget(self.score_label)
        self.addSeparator()
        self.addWidget(self.move_label)
        self.speed_slider.valueChanged.connect(self.on_speed_moved)
        series.state_changed.connect(self.update_state)
        series.score_changed.connect(self.show_score)
        series.move_stats.connect(self.move_label.setText)
        self.speed_slider.setValue(DEFAULT_SPEED)
        self.on_speed_moved(DEFAULT_SPEED)
        self.update_state()

    def _button(self, name: str, text: str, icon: str, tip: str, slot) -> QToolButton:  # type: ignore[no-untyped-def]
        from PySide6.QtGui import QIcon

        action = self.addAction(QIcon.fromTheme(icon), text)
        action.setObjectName(name + "Action")
        action.setToolTip(tip)
        action.triggered.connect(slot)
        button = self.widgetForAction(action)
        self.actions_by_button[name] = action
        button.setObjectName(name)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        return button

    @Slot()
    def start(self) -> None:
        self.move_label.clear()
        self.series.start(self.games_box.value())

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
        actions["watchButton"].setEnabled(not running)
        self.games_box.setEnabled(not running)
        actions["watchPause"].setEnabled(running and not series.step_mode)
        actions["watchPause"].setText(self.tr("Resume") if paused else self.tr("Pause"))
        actions["watchNext"].setEnabled(
            running and (series.step_mode or paused or series.waiting_for_next_game))
        actions["watchStop"].setEnabled(running)

    @Slot(dict)
    def show_score(self, score: dict) -> None:
        settings = self.series.controller.settings
        marks = [settings.side(seat).mark or seat.upper() for seat in "xo"]
        self.score_label.setText(
            self.tr("%s %d \u00b7 %s %d \u00b7 draws %d  (%d of %d)")
            % (marks[0], score["x"], marks[1], score["o"], score["draw"], score["played"],
               score["games"])
        )
