"""The settings dock's fields for the two doors: an external engine's program, a plugin's options.

"External engine…" asks for the program with a file dialog, checks it is an
executable file, and shows the engine's ``ABOUT`` name once the engine
answers (asked off the GUI thread). A plugin gets one line of its own
options, ``name=value`` pairs passed to it as strings.

Asking a name starts the program (or imports the plugin), so it is asked only
of one the user chose here: an engine or plugin that came from a game file,
or from settings that did not record such a choice, is not started to be named.
"""

from __future__ import annotations

import os

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QLabel, QLineEdit, QPushButton, QSizePolicy, QWidget

from tictactoe_qt.engine.gomocup import MAX_ENGINE_SIZE, MIN_ENGINE_SIZE, EngineUnavailable, check_engine_path
from tictactoe_qt.engine.players import PlayerSpec, PlayerSpecError
from tictactoe_qt.gui.player_choices import is_plugin
from tictactoe_qt.gui.player_name_probe import PlayerNameProbe, engine_name, plugin_name


class ElidedLabel(QLabel):
    """One line of text that ends in "…" when it has not the room; :meth:`text` stays whole."""

    def __init__(self, objectName: str = "", parent: QWidget | None = None) -> None:  # noqa: N803
        super().__init__(parent, objectName=objectName)
        self._full = ""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(self.fontMetrics().horizontalAdvance("pbrain…"))

    def setText(self, text: str) -> None:  # noqa: N802 (Qt's name)
        self._full = text
        self._elide()

    def text(self) -> str:
        return self._full

    def shown_text(self) -> str:
        """The text as painted, cut to the label's width."""
        return super().text()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        width = self.contentsRect().width()
        super().setText(self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideMiddle, width))


class EngineField(QWidget):
    """The engine's program (a Browse… button) and its name, as it answers ``ABOUT``."""

    changed = Signal()
    problem = Signal(str)

    def __init__(self, seat: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.path = ""
        self.program = ElidedLabel(f"{seat}EngineProgram")  # the whole path is its tooltip
        self.program.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.browse = QPushButton(self.tr("Browse…"), objectName=f"{seat}EngineBrowse")
        self.browse.setToolTip(self.tr("Choose a Gomocup engine's program (pbrain-…)"))
        self.browse.clicked.connect(self.choose)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.program, 1)
        row.addWidget(self.browse)
        self.name_label = QLabel(objectName=f"{seat}EngineName", wordWrap=True)
        self._probe = PlayerNameProbe(self)
        self._probe.answered.connect(self._on_answered)
        self._names: dict[str, str] = {}
        self.set_path("")

    def set_path(self, path: str, ask_name: bool = False) -> None:
        """Show ``path`` (already chosen); ask the engine its name only if ``ask_name``
        (the user chose it in the dock)."""
        self.path = path
        self.program.setText(os.path.basename(path) if path else self.tr("no program chosen"))
        self.program.setToolTip(path)
        if not path:
            self.name_label.setText(
                self.tr("Plays five in a row (k=5) on boards from {0}x{0} to {1}x{1}.").format(
                    MIN_ENGINE_SIZE, MAX_ENGINE_SIZE
                )
            )
        elif path in self._names:
            self._show_name(self._names[path])
        elif not ask_name:
            self.name_label.setText(self.tr("Not started yet: it starts when it plays."))
        else:
            self.name_label.setText(self.tr("Asking the engine for its name…"))
            self._probe.ask(path, lambda: engine_name(path))

    @Slot()
    def choose(self) -> bool:
        """Ask for the engine's program; True when one was chosen and is usable."""
        start = os.path.dirname(self.path) if self.path else os.path.expanduser("~")
        path, _ = QFileDialog.getOpenFileName(self, self.tr("External engine"), start)
        if not path:
            return False
        try:
            path = check_engine_path(path)
        except EngineUnavailable as error:
            self.problem.emit(str(error))
            return False
        self.set_path(path, ask_name=True)
        self.changed.emit()
        return True

    def wait(self) -> None:
        self._probe.wait()

    @Slot(str, str, str)
    def _on_answered(self, path: str, name: str, error: str) -> None:
        if error:
            self._names.pop(path, None)
            if path == self.path:
                self.name_label.setText(error)  # a sentence: "The engine exited at once ..."
            return
        self._names[path] = name
        if path == self.path:
            self._show_name(name)

    def _show_name(self, name: str) -> None:
        self.name_label.setText(self.tr("Calls itself: {0}").format(name))


class PluginOptionsField(QLineEdit):
    """A plugin's own options, e.g. ``depth=3,style=sharp``, and the name the plugin gives itself."""

    def __init__(self, seat: str, parent: QWidget | None = None) -> None:
        super().__init__(parent, objectName=f"{seat}PluginOptions")
        self.setPlaceholderText(self.tr("name=value, … (optional)"))
        self.setToolTip(self.tr("Options passed to the plugin as text, e.g. depth=3,style=sharp"))
        self.setMaxLength(1000)
        self.name_label = QLabel(objectName=f"{seat}PluginName", wordWrap=True)
        self._probe = PlayerNameProbe(self)
        self._probe.answered.connect(self._on_answered)
        self._kind = ""
        self._asked = False

    def show_plugin(self, kind: str, ask_name: bool = False) -> None:
        """Show the plugin ``kind``; ask it (with these options) its name in the background
        only if ``ask_name`` (the user chose it in the dock)."""
        if not is_plugin(kind) or (kind == self._kind and (self._asked or not ask_name)):
            return
        self._kind, self._asked = kind, ask_name
        try:
            spec = PlayerSpec.parse(f"{kind}:{self.text()}" if self.text().strip() else kind)
        except PlayerSpecError as error:
            self.name_label.setText(str(error))
            return
        if not ask_name:
            self.name_label.setText(self.tr("Not started yet: it starts when it plays."))
            return
        self.name_label.setText(self.tr("Starting the plugin…"))
        self._probe.ask(kind, lambda: plugin_name(spec))

    def wait(self) -> None:
        self._probe.wait()

    @Slot(str, str, str)
    def _on_answered(self, kind: str, name: str, error: str) -> None:
        if kind != self._kind:
            return
        if error:
            self.name_label.setText(self.tr("The plugin did not start: {0}").format(error))
        else:
            self.name_label.setText(self.tr("Calls itself: {0}").format(name))
