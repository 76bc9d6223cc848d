"""Save and Open in the window: a round trip, and malformed files that change nothing."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
import time
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtWidgets import QComboBox, QFileDialog, QMessageBox

from tictactoe_qt.engine.game import MAX_DEPTH, read_game_file
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
    text = (
        '{"format": "tictactoe-qt/game", "version": 1, "config": {"rows": 4, "cols": 4, "k": 3},'
        ' "first": "x", "players": {"x": {"spec": "human", "mark": "A", "name": "Ann"},'
        ' "o": {"spec": "alphabeta:depth=2", "mark": "B"}}, "moves": [[0, 0]]}'
    )
    path = tmp_path / "g.json"
    path.write_text(text, encoding="utf-8")
    w = MainWindow()
    qtbot.addWidget(w)
    w.set_move_delay(0)
    assert w.open_game(path)
    assert w.findChild(QComboBox, "oPlayer").currentData() == "alphabeta"
    assert w.controller.settings.x.name == "Ann"
    qtbot.waitUntil(lambda: w.position().count("o") == 1, timeout=HANG_MS)  # O is to move: it plays


@pytest.mark.parametrize("content", ["", "{]", '{"format": "tictactoe-qt/game", "version": 1}', "\udcff"])
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


# -- corrupt files: refused before anything changes, in words for people ----------------

GOOD = {
    "format": "tictactoe-qt/game",
    "version": 1,
    "config": {"rows": 3, "cols": 3, "k": 3},
    "first": "x",
    "players": {"x": {"spec": "human", "mark": "A"}, "o": {"spec": "human", "mark": "B"}},
    "moves": [[0, 0], [1, 1]],
}


def game_text(**changes) -> str:
    return json.dumps({**GOOD, **changes})


def players(x: dict, o: dict) -> str:
    return game_text(players={"x": x, "o": o})


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("[" * 5000 + "]" * 5000, "nested too deeply"),
        (
            players({"spec": "human"}, {"spec": "minimax:depth=3000000000"}),
            f"player O: depth 3000000000 is more than {MAX_DEPTH}",
        ),
        (players({"mark": "🐱"}, {"mark": "🐱"}), "both players have the mark '🐱'"),
        (players({"mark": "o"}, {}), "both players have the mark 'o'"),
        (game_text(moves=[[0, 0], [1, 1], [0, 0]]), "move 3, row 1, column 1, is on a taken cell"),
        (game_text(moves=[[0, 0], [1, 1], [3, 0]]), r"move 3, \[3, 0\] in the file, is off the 3x3 board"),
        (
            game_text(moves=[[0, 0], [1, 0], [0, 1], [1, 1], [0, 2], [2, 2]]),
            "move 6, row 3, column 3, comes after the game was already over",
        ),
        (game_text(config={"rows": 3, "cols": 3, "k": 9}), "board size is impossible"),
        (
            game_text(config={"rows": 3, "cols": None, "k": 3}),
            r"the board's number of columns \('cols' in 'config'\) must be a whole number, not null",
        ),
        (game_text(config={"rows": 3, "k": 3}), r"number of columns \('cols' in 'config'\) is missing"),
        (game_text(config={"rows": 3, "cols": "three" * 100, "k": 3}), r'not "(three)+[a-z]*…\.'),
        (players({"mark": "\udcff"}, {}), "player X's mark can't be shown"),
        (players({"name": "a\u0007b"}, {}), "player X's name can't be shown"),
        ("\ufeff" + game_text(), "not valid JSON"),
    ],
)
def test_corrupt_files_change_nothing_and_say_why_in_words(qtbot, window, tmp_path, dialogs, content, words):
    window.controller.play(1, 1)
    dock_before = window.settings_dock.settings()
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8", errors="surrogatepass")
    assert not window.open_game(path)
    assert len(dialogs) == 1
    message = dialogs[0][2]
    assert message.startswith("Could not open bad.json: ")
    assert re.search(words, message), message
    assert "Move(" not in message and "x../" not in message and len(message) < 300
    assert window.position() == ".../.x./..."
    assert window.settings_dock.settings() == dock_before


def test_a_huge_file_is_refused_at_once_with_its_size(window, tmp_path, dialogs):
    path = tmp_path / "huge.json"
    with open(path, "wb") as stream:
        stream.write(b'{"moves": [[0, 0], ')
        stream.truncate(52_000_000)  # sparse: the size is what counts
    window.controller.play(1, 1)
    started = time.perf_counter()
    assert not window.open_game(path)
    seconds = time.perf_counter() - started
    assert "it is 52.0 MB; game files are at most 1.0 MB" in dialogs[0][2]
    assert seconds < 1.0  # refused from its size: never read (8 s and 1.4 GB before)
    assert window.position() == ".../.x./..."


def test_save_with_an_unwritable_mark_says_why_and_keeps_the_old_file(window, tmp_path, dialogs):
    (tmp_path / "games").mkdir()
    path = tmp_path / "games" / "game.json"
    assert window.save_game(path)
    before = path.read_bytes()
    window.controller.play(1, 1)
    seats = window.controller.settings
    window.controller.settings = seats.with_side("x", replace(seats.x, mark="\udcff"))
    assert not window.save_game(path)
    assert "U+DCFF" in dialogs[0][2] and "Nothing was changed" in dialogs[0][2]
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["game.json"]


def test_save_into_a_folder_that_is_gone_says_why(window, tmp_path, dialogs):
    assert not window.save_game(tmp_path / "gone" / "game.json")
    assert "No such file or directory" in dialogs[0][2]


SAVE_AT_A_FILE_SIZE_LIMIT = textwrap.dedent(
    """
    import resource, signal, sys
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication, QMessageBox
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, sys.argv[2])
    app = QApplication(["tictactoe-qt"])
    from tictactoe_qt.gui.main_window import MainWindow
    QMessageBox.critical = lambda parent, title, text: print("dialog:", text.splitlines()[0])
    window = MainWindow()
    window.save_game(sys.argv[1])  # the empty board: small
    for row in range(3):
        for col in range(3):
            if (row, col) != (2, 2):
                window.controller.play(row, col)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # writes past the limit fail with EFBIG
    resource.setrlimit(resource.RLIMIT_FSIZE, (300, 300))
    print("saved" if window.save_game(sys.argv[1]) else "refused", flush=True)
    window.controller.shutdown()
    """
)


def test_a_file_size_limit_keeps_the_old_save_in_the_window(tmp_path):
    path = tmp_path / "game.json"
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]), QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, "-c", SAVE_AT_A_FILE_SIZE_LIMIT, str(path), str(tmp_path / "cfg")],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["dialog: Could not save game.json: File too large.", "refused"]
    assert read_game_file(path).moves == ()  # the old save, whole
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_file()) == ["game.json"]
