"""The offscreen application every screenshot script draws with."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any


def start_offscreen_app(argv: list[str] | None = None) -> tuple[Any, Path]:
    """The application for a screenshot script, and the folder its pictures go to.

    The folder is the first argument (default ``resources/screenshots``). Qt
    renders offscreen in the Fusion style, with settings in a fresh temporary
    folder, so the pictures look the same on every machine.
    """
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0] if args else "resources/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, tempfile.mkdtemp())
    app = QApplication.instance() or QApplication([])
    app.setStyle("Fusion")
    from tictactoe_qt.gui.app import configure_application

    configure_application(app)  # type: ignore[arg-type]
    return app, out
