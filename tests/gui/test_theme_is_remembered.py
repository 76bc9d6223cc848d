"""View > Theme survives a restart; a stored theme this version does not know is reset.

Seen in a real window: Dark, chosen from the menu, was Follow System again at the next start.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from tictactoe_qt.gui.main_window import MainWindow
from tictactoe_qt.gui.settings_store import SettingsStore


def ini(folder) -> QSettings:
    return QSettings(str(folder / "test.ini"), QSettings.Format.IniFormat)


def checked_theme(window: MainWindow) -> str:
    return next(key for key, act in window.theme_actions.items() if act.isChecked())


def test_the_chosen_theme_is_the_one_at_the_next_start(qtbot, tmp_path) -> None:
    first = MainWindow(SettingsStore(ini(tmp_path)))
    qtbot.addWidget(first)
    assert checked_theme(first) == "system"
    first.theme_actions["dark"].trigger()
    first.close()
    second = MainWindow(SettingsStore(ini(tmp_path)))
    qtbot.addWidget(second)
    try:
        assert checked_theme(second) == "dark"
        assert QApplication.palette().color(QPalette.ColorRole.Window).lightness() < 128
    finally:
        second.theme_actions["system"].trigger()  # the next tests start in the usual colours
        second.close()


def test_an_unknown_stored_theme_is_reset_to_follow_system(qtbot, tmp_path) -> None:
    settings = ini(tmp_path)
    settings.setValue("view/theme", "sepia")
    settings.sync()
    store = SettingsStore(ini(tmp_path))
    theme, problems = store.theme()
    assert (theme, problems) == ("system", ["view/theme"])
    window = MainWindow(store)
    qtbot.addWidget(window)
    assert checked_theme(window) == "system"
    window.close()
