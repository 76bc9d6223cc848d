"""Play a plugin in the real window, offscreen, in a fresh process that sees the installed plugins.

``python window_run.py OUT.json [SCREENSHOT_FOLDER ENGINE_PATH]`` chooses the
``greedy`` plugin for O against Random, plays one game to its end, and writes
what the window showed. With a folder, it also saves pictures of the settings
dock (a plugin chosen; an external engine chosen and named) and of the
engine log after a batch with that engine.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QLineEdit, QSpinBox


def wait_until(app: QApplication, check, seconds: float = 30.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.processEvents()
        if check():
            return True
        time.sleep(0.01)
    return False


def main(out: str, folder: str | None = None, engine: str | None = None) -> int:
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, tempfile.mkdtemp())
    app = QApplication(sys.argv[:1])
    app.setOrganizationName("tictactoe-qt-tests")
    app.setApplicationName("tictactoe-qt")
    from tictactoe_qt.gui.main_window import MainWindow

    window = MainWindow()
    window.set_move_delay(0)
    window.resize(1200, 820)
    window.show()
    combo = window.findChild(QComboBox, "oPlayer")
    model = combo.model()
    choices = [
        {
            "text": combo.itemText(i),
            "kind": combo.itemData(i),
            "enabled": model.item(i).isEnabled(),
            "tooltip": combo.itemData(i, 3) or "",
        }
        for i in range(combo.count())
    ]
    combo.setCurrentIndex(combo.findData("greedy"))
    window.findChild(QLineEdit, "oPluginOptions").setText("block=yes")
    window.findChild(QLineEdit, "oPluginOptions").textEdited.emit("block=yes")
    x_combo = window.findChild(QComboBox, "xPlayer")
    x_combo.setCurrentIndex(x_combo.findData("random"))
    over: list[object] = []
    window.game_over.connect(over.append)
    window.new_game_action.trigger()
    finished = wait_until(app, lambda: bool(over))
    board = window.controller.board
    plugin_label = window.findChild(QLabel, "oPluginName")
    wait_until(app, lambda: plugin_label.text().startswith("Calls itself"), 15)
    result = {
        "plugin_label": plugin_label.text(),
        "choices": choices,
        "finished": finished,
        "plies": board.ply,
        "winner": board.winner(),
        "status": window.statusBar().currentMessage(),
        "o_name": window.controller.display_name("o"),
    }
    if folder:
        os.makedirs(folder, exist_ok=True)
        window.settings_dock.raise_()
        app.processEvents()
        window.settings_dock.grab().save(os.path.join(folder, "dock_plugin.png"))
        window.grab().save(os.path.join(folder, "window_plugin.png"))
    if folder and engine:
        from tictactoe_qt.gui import extra_player_fields

        extra_player_fields.QFileDialog.getOpenFileName = lambda *a, **k: (engine, "")
        for name, value in (("rows", 7), ("cols", 7), ("k", 5)):
            window.findChild(QSpinBox, name).setValue(value)
        combo.setCurrentIndex(combo.findData("engine"))
        label = window.findChild(QLabel, "oEngineName")
        result["engine_named"] = wait_until(app, lambda: label.text().startswith("Calls itself:"), 15)
        result["engine_label"] = label.text()
        window.settings_dock.grab().save(os.path.join(folder, "dock_engine.png"))
        panel = window.stats_panel
        panel.findChild(QSpinBox, "simGames").setValue(4)
        done: list[object] = []
        panel.simulation_finished.connect(done.append)
        panel.start_simulation()
        result["batch_finished"] = wait_until(app, lambda: bool(done), 120)
        panel.show()
        panel.raise_()
        panel.tabs.setCurrentIndex(1)
        app.processEvents()
        panel.grab().save(os.path.join(folder, "stats_report.png"))
        panel.show_engine_log()
        from tictactoe_qt.gui.stats.engine_log import EngineLogDialog

        dialog = panel.findChild(EngineLogDialog)
        app.processEvents()
        dialog.grab().save(os.path.join(folder, "engine_log.png"))
        result["log"] = dialog.text.toPlainText()[-2000:]
    window.close()
    app.processEvents()
    with open(out, "w", encoding="utf-8") as stream:
        json.dump(result, stream)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
