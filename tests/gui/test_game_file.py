"""Save and Open in the window: a round trip, and malformed files that change nothing."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QComboBox, QFileDialog, QMessageBox

from tictactoe_qt.gui.main_window import MainWindow

from .waits import HANG_MS


@pytest.fixture
def window(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    combo = w.findChild(QComboBox, "oPlayer")
    combo.setCurrentIndex(combo.findData("human"))
    w.new_game_action.trigger()
    return w


@pytest.fixture
def dialogs(monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *args, **kw: shown.append(args))
    return shown


def test_save_and_open_round_trip(window, tmp_path, dialogs):
    for cell in [(0, 0), (1, 1), (2, 0)]:
        window.controller.play(*cell)
    path = tmp_path / "game.json"
    assert window.save_game(path)
    position = window.position()
    window.new_game_action.trigger()
    assert window.position() == ".../.../..."
    assert window.open_game(path)
    assert window.position() == position
    assert window.controller.can_undo()
    assert dialogs == []


def test_open_restores_players_and_board_into_the_dock(qtbot, tmp_path, dialogs):
    text = ('{"format": "tictactoe-qt/game", "version": 1, "config": {"rows": 4, "cols": 4, "k": 3},'
            ' "first": "x", "players": {"x": {"spec": "human", "mark": "A", "name": "Ann"},'
            ' "o": {"spec": "alphabeta:depth=2", "mark": "B"}}, "moves": [[0, 0]]}')
    path = tmp_path / "g.json"
    path.write_text(text, encoding="utf-8")
    w = MainWindow()
    qtbot.addWidget(w)
    w.set_move_delay(0)
    assert w.open_game(path)
    assert w.findChild(QComboBox, "oPlayer").currentData() == "alphabeta"
    assert w.controller.settings.x.name == "Ann"
    qtbot.waitUntil(lambda: w.position().count("o") == 1, timeout=HANG_MS)  # O is to move: it plays


@pytest.mark.parametrize("content", ["", "{]", '{"format": "tictactoe-qt/game", "version": 1}',
                                     "\udcff"])
def test_malformed_file_shows_an_error_and_keeps_the_game(window, tmp_path, dialogs, content):
    window.controller.play(1, 1)
    path = tmp_path / "bad.json"
    path.write_bytes(content.encode("utf-8", "surrogateescape"))
    assert not window.open_game(path)
    assert len(dialogs) == 1
    assert "bad.json" in dialogs[0][2]
    assert window.position() == ".../.x./..."


def test_missing_file_shows_an_error(window, tmp_path, dialogs):
    assert not window.open_game(tmp_path / "nope.json")
    assert len(dialogs) == 1


def test_open_action_uses_the_file_dialog(window, tmp_path, dialogs, monkeypatch):
    window.controller.play(0, 0)
    path = tmp_path / "a.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))
    window.save_action.trigger()
    window.new_game_action.trigger()
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))
    window.open_action.trigger()
    assert window.position() == "x../.../..."
