"""Settings persist between runs; corrupt or outdated values fall back to defaults, with a note."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QComboBox, QLineEdit, QSpinBox

from tictactoe_qt.gui.main_window import MainWindow
from tictactoe_qt.gui.settings_store import GameSettings, SettingsStore, SideSettings


def ini_store(folder) -> SettingsStore:
    return SettingsStore(QSettings(str(folder / "test.ini"), QSettings.Format.IniFormat))


def test_settings_round_trip(tmp_path):
    settings = GameSettings(
        SideSettings("minimax", depth=4, time=2.5, mark="🐱", name="Ada"),
        SideSettings("perfect", time=0.25, mark="Z", name=""),
        rows=6, cols=7, k=4, first="o",
    )
    ini_store(tmp_path).save(settings)
    loaded, problems = ini_store(tmp_path).load()
    assert loaded == settings
    assert problems == []


def test_missing_settings_are_the_defaults_without_complaint(tmp_path):
    loaded, problems = ini_store(tmp_path).load()
    assert loaded == GameSettings()
    assert problems == []


def test_corrupt_values_fall_back_to_defaults_and_are_reported(tmp_path):
    raw = QSettings(str(tmp_path / "test.ini"), QSettings.Format.IniFormat)
    raw.setValue("version", 1)
    raw.setValue("x/kind", "banana")
    raw.setValue("x/depth", "deep")
    raw.setValue("o/time", "-3")
    raw.setValue("o/mark", "   ")
    raw.setValue("board/rows", "4")
    raw.setValue("board/cols", "100")
    raw.setValue("board/first", "z")
    raw.sync()
    loaded, problems = ini_store(tmp_path).load()
    defaults = GameSettings()
    assert loaded.x.kind == defaults.x.kind
    assert loaded.x.depth == defaults.x.depth
    assert loaded.o.time == defaults.o.time
    assert loaded.o.mark == "O"
    assert (loaded.rows, loaded.cols, loaded.k) == (defaults.rows, defaults.cols, defaults.k)
    assert loaded.first == "x"
    for key in ("x/kind", "x/depth", "o/mark", "board/first", "board size"):
        assert any(key in problem for problem in problems), key


def test_settings_from_another_version_are_reset(tmp_path):
    raw = QSettings(str(tmp_path / "test.ini"), QSettings.Format.IniFormat)
    raw.setValue("version", 99)
    raw.setValue("board/rows", 5)
    raw.sync()
    loaded, problems = ini_store(tmp_path).load()
    assert loaded == GameSettings()
    assert problems


def test_equal_marks_are_reset(tmp_path):
    raw = QSettings(str(tmp_path / "test.ini"), QSettings.Format.IniFormat)
    raw.setValue("x/mark", "A")
    raw.setValue("o/mark", "a")
    raw.sync()
    loaded, problems = ini_store(tmp_path).load()
    assert (loaded.x.mark, loaded.o.mark) == ("X", "O")
    assert problems


def test_window_remembers_the_dock_between_runs(qtbot):
    first = MainWindow()
    qtbot.addWidget(first)
    first.findChild(QComboBox, "oPlayer").setCurrentIndex(first.findChild(QComboBox, "oPlayer").findData("alphabeta"))
    first.findChild(QSpinBox, "oDepth").setValue(3)
    first.findChild(QSpinBox, "rows").setValue(5)
    first.findChild(QSpinBox, "k").setValue(4)
    first.close()
    second = MainWindow()
    qtbot.addWidget(second)
    assert second.findChild(QComboBox, "oPlayer").currentData() == "alphabeta"
    assert second.findChild(QSpinBox, "oDepth").value() == 3
    assert second.findChild(QSpinBox, "rows").value() == 5
    assert second.findChild(QSpinBox, "k").value() == 4
    assert second.position() == ".../.../.../.../..."  # the new game uses them: 5 rows
    assert second.findChild(QLineEdit, "xMark").text() == "X"


def test_window_says_when_settings_were_reset(qtbot):
    QSettings().setValue("x/kind", "banana")
    QSettings().sync()
    window = MainWindow()
    qtbot.addWidget(window)
    assert "reset" in window.statusBar().currentMessage()
    assert window.findChild(QComboBox, "xPlayer").currentData() == "human"
