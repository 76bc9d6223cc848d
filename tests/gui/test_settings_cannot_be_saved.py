"""Settings that cannot be written are said so once, in the status bar, not lost silently.
The program's own settings folder blocked is a fresh process (QSettings caches its file's path
per process); writable settings are a window in this process, on the test's settings file."""

from __future__ import annotations

import textwrap
from pathlib import Path

from tictactoe_qt.gui.main_window import MainWindow

from .fresh_process import run_script, settings_env, settings_file

RUN = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    app = QApplication(["tictactoe-qt"])
    from tictactoe_qt.gui import app as gui_app

    def report():
        win = next(w for w in app.topLevelWidgets() if type(w).__name__ == "MainWindow")
        print("warning:", win.last_settings_warning, flush=True)
        print("status:", win.statusBar().currentMessage(), flush=True)
        win.close()
        app.quit()

    QTimer.singleShot(0, report)
    sys.exit(gui_app.run([]))
    """
)


def lines(output: str) -> dict[str, str]:
    return dict(
        line.split(": ", 1) if ": " in line else (line.rstrip(":"), "")
        for line in output.splitlines()
        if line.startswith(("warning:", "status:"))
    )


def test_a_settings_folder_blocked_by_a_file_is_reported_once(tmp_path: Path) -> None:
    settings_file(tmp_path).parent.write_text("not a folder")  # where the folder should be
    shown = lines(run_script(RUN, settings_env(tmp_path)))
    assert shown["warning"].startswith("Settings cannot be saved to ")
    assert "changes last only until you close" in shown["warning"]
    assert shown["status"] == shown["warning"]


def test_writable_settings_give_no_warning(qtbot, settings_path: Path) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.last_settings_warning == ""
    assert "cannot be saved" not in window.statusBar().currentMessage()
    window.close()
    assert settings_path.exists()  # the window wrote its settings
