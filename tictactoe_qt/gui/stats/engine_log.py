"""The engine log: what external engines and plugins said (``MESSAGE`` lines, stderr).

Every process that plays (the engine child, batch workers) appends to one
file named by :data:`~tictactoe_qt.engine.players.player_log.LOG_ENV`, which
:func:`start_engine_log` sets before any of them starts. The log is read
only when the user opens it, so collecting it never touches the GUI thread.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

from PySide6.QtCore import Slot
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from tictactoe_qt.engine.players import LOG_ENV, read_log_tail


def start_engine_log() -> str:
    """The log file's path, set in the environment for the processes started from now on."""
    path = os.environ.get(LOG_ENV)
    if path:
        return path
    folder = tempfile.mkdtemp(prefix="tictactoe-qt-engines-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    path = os.path.join(folder, "engines.log")
    os.environ[LOG_ENV] = path
    return path


class EngineLogDialog(QDialog):
    """Shows the end of the engine log; Refresh reads it again, Clear empties it."""

    def __init__(self, path: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("engineLogDialog")
        self.setWindowTitle(self.tr("Engine log"))
        self.path = path
        note = QLabel(
            self.tr(
                "What external engines and plugins wrote: their MESSAGE lines and "
                "their error output (stderr), newest last."
            ),
            wordWrap=True,
        )
        self.text = QPlainTextEdit(objectName="engineLogText", readOnly=True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        refresh = QPushButton(self.tr("Refresh"), objectName="engineLogRefresh")
        clear = QPushButton(self.tr("Clear"), objectName="engineLogClear")
        buttons.addButton(refresh, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(clear, QDialogButtonBox.ButtonRole.ActionRole)
        refresh.clicked.connect(self.refresh)
        clear.clicked.connect(self.clear)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)
        self.resize(720, 420)
        self.refresh()

    @Slot()
    def refresh(self) -> None:
        text = read_log_tail(self.path)
        self.text.setPlainText(text or self.tr("Nothing yet: no external engine or plugin has written anything."))
        bar = self.text.verticalScrollBar()
        bar.setValue(bar.maximum())

    @Slot()
    def clear(self) -> None:
        try:
            with open(self.path, "w", encoding="utf-8"):
                pass
        except OSError:
            pass
        self.refresh()
