"""``tictactoe-qt`` with no subcommand opens the window (run in a subprocess)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent(
    """
    import sys, time
    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, sys.argv[1])
    app = QApplication([])
    from tictactoe_qt.cli.main import main

    def check():
        window = next(w for w in app.topLevelWidgets() if type(w).__name__ == "MainWindow")
        print("shown", window.isVisible(), app.applicationName(), app.organizationName(),
              not app.windowIcon().isNull(), window.position(), flush=True)
        window.close()

    QTimer.singleShot(300, check)
    sys.exit(main([]))
    """
)


def test_command_without_subcommand_opens_the_window_and_exits_cleanly(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path)], capture_output=True, text=True, timeout=60, env=env
    )
    assert done.returncode == 0, done.stderr
    assert "shown True tictactoe-qt tictactoe-qt True .../.../..." in done.stdout
    assert "QThread: Destroyed" not in done.stderr
    assert "Traceback" not in done.stderr
