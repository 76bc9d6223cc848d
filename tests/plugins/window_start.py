"""Start the real window, offscreen, where plugins that misbehave at import are installed.

``python window_start.py OUT.json [PLUGIN]`` builds the main window and writes
the player choices it offers. With a plugin name, it then plays a game of
Random (X) against that plugin (O) and writes the status line the game ended
with, and how often a 50 ms timer ticked on the window's thread while the
plugin was loading (a thread that waited on the plugin would not tick).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication, QComboBox
from window_run import wait_until  # this script's folder is on sys.path


def main(out: str, plugin: str | None = None) -> int:
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, tempfile.mkdtemp())
    app = QApplication(sys.argv[:1])
    app.setOrganizationName("tictactoe-qt-tests")
    app.setApplicationName("tictactoe-qt")
    from tictactoe_qt.gui.main_window import MainWindow

    window = MainWindow()
    window.set_move_delay(0)
    window.show()
    app.processEvents()
    combo = window.findChild(QComboBox, "oPlayer")
    model = combo.model()
    result: dict[str, object] = {
        "choices": [
            {
                "text": combo.itemText(i),
                "kind": combo.itemData(i),
                "enabled": model.item(i).isEnabled(),
                "tooltip": combo.itemData(i, 3) or "",
            }
            for i in range(combo.count())
        ]
    }
    if plugin:
        x_combo = window.findChild(QComboBox, "xPlayer")
        x_combo.setCurrentIndex(x_combo.findData("random"))
        combo.setCurrentIndex(combo.findData(plugin))
        over: list[object] = []
        window.game_over.connect(over.append)
        ticks = [0]
        timer = QTimer()
        timer.timeout.connect(lambda: ticks.__setitem__(0, ticks[0] + 1))
        timer.start(50)
        window.new_game_action.trigger()
        result["finished"] = wait_until(app, lambda: bool(over), seconds=60.0)
        timer.stop()
        result["ticks"] = ticks[0]
        result["status"] = window.statusBar().currentMessage()
        result["forfeited"] = list(window.controller.forfeited or ())
    window.close()
    app.processEvents()
    with open(out, "w", encoding="utf-8") as stream:
        json.dump(result, stream)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
