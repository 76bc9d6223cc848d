"""A game file names engines; it never starts one by itself.

Opening a game whose player is an external engine asks first, naming the program and the
player; the default answer keeps the game with a built-in player there. Nothing starts on
open, after declining, on the human's turn or at the next start; after "Run them" it plays.
The engine here is a fake brain behind a script that leaves a marker file when started.
"""

from __future__ import annotations

import json
import stat
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QMessageBox

from tests.gomocup.fake_engines import FAKE_BRAIN
from tests.gomocup.processes import running_with
from tictactoe_qt.gui.main_window import MainWindow
from tictactoe_qt.gui.settings_store import SettingsStore

from .waits import HANG_MS


def marker_engine(folder: Path, name: str = "pbrain-marker") -> tuple[Path, Path]:
    """An executable Gomocup engine at ``folder/name`` that appends to ``<program>.started``
    each time it is started, then plays as the fake brain does; (program, marker)."""
    program = folder / name
    marker = folder / f"{name}.started"
    program.write_text(
        f'#!/bin/sh\necho started >> "{marker}"\nexec "{sys.executable}" "{FAKE_BRAIN}" good "{program}"\n'
    )
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    return program, marker


def game_file(
    path: Path,
    o_spec: str,
    moves: list[list[int]] | None = None,
    x_spec: str = "human",
    shape: tuple[int, int, int] = (7, 7, 5),
) -> Path:
    """A game of ``shape`` (rows, columns, k; 7x7 five-in-a-row unless told): X ``x_spec``,
    O ``o_spec``, X to move after ``moves``. On 3x3 the built-in Perfect that replaces a
    declined engine answers at once (it solves the board); on 7x7 it thinks its full second."""
    path.write_text(
        json.dumps(
            {
                "format": "tictactoe-qt/game",
                "version": 1,
                "config": dict(zip(("rows", "cols", "k"), shape)),
                "first": "x",
                "players": {
                    "x": {"spec": x_spec, "mark": "X"},
                    "o": {"spec": o_spec, "name": "Friendly bot", "mark": "O"},
                },
                "moves": moves or [],
            }
        )
    )
    return path


@pytest.fixture
def questions(monkeypatch):
    """Answers the "Run programs named by this game?" question: append True to run them,
    nothing (or False) for the default. ``questions.asked`` holds each question's text."""

    class Questions(list):
        asked: list[str]

    answers = Questions()
    answers.asked = []

    def answer(box: QMessageBox) -> int:
        answers.asked.append(box.text())
        run = answers.pop(0) if answers else False
        (box.button(QMessageBox.StandardButton.Yes) if run else box.defaultButton()).click()
        return 0

    monkeypatch.setattr(QMessageBox, "exec", answer)
    monkeypatch.setattr(QMessageBox, "critical", lambda *args: answers.asked.append(args[2]))
    return answers


@pytest.fixture
def window(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    w.set_move_delay(0)
    yield w
    w.close()


def settled(window) -> None:
    """Every name question the dock started has ended (so a started engine left its marker)."""
    for side in window.settings_dock.sides.values():
        side.engine.wait()
        side.plugin_options.wait()


def test_opening_asks_and_by_default_seats_a_built_in_player(qtbot, window, tmp_path, questions):
    program, marker = marker_engine(tmp_path)
    path = game_file(tmp_path / "evil.json", f"engine:path={program}", shape=(3, 3, 3))
    assert window.open_game(path)
    assert len(questions.asked) == 1
    assert str(program) in questions.asked[0] and "Player O" in questions.asked[0]
    settled(window)
    assert not marker.exists()
    assert window.controller.settings.o.kind == "perfect"
    assert window.findChild(QComboBox, "oPlayer").currentData() == "perfect"
    notice = window.statusBar().currentMessage()
    assert "Perfect plays instead of the program" in notice and str(program) in notice
    window.controller.play(1, 1)  # the human's move: the built-in player answers
    qtbot.waitUntil(lambda: window.controller.board.ply == 2, timeout=HANG_MS)
    window.write_settings()
    assert SettingsStore().load()[0].o.kind == "perfect"
    settled(window)
    assert not marker.exists()
    assert running_with(str(program)) == []


def test_after_run_them_the_engine_plays_but_is_not_asked_its_name(qtbot, window, tmp_path, questions):
    program, marker = marker_engine(tmp_path)
    path = game_file(tmp_path / "friendly.json", f"engine:path={program}")
    questions.append(True)
    assert window.open_game(path)
    settled(window)
    assert not marker.exists()  # the human's turn: nothing to run yet, no name asked
    assert window.findChild(QLabel, "oEngineName").text().startswith("Not started yet")
    window.controller.play(3, 3)
    qtbot.waitUntil(lambda: window.controller.board.ply == 2, timeout=30_000)
    assert marker.read_text().count("started") == 1
    window.write_settings()
    kept = SettingsStore().load()[0].o
    assert (kept.kind, kept.extra, kept.origin) == ("engine", str(program), "file")


@pytest.mark.parametrize("written", ["pbrain-marker", "./pbrain-marker", "~/pbrain-marker"])
def test_a_relative_engine_path_is_refused_in_one_line_never_resolved(
    window, tmp_path, questions, monkeypatch, written
):
    program, marker = marker_engine(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert window.open_game(game_file(tmp_path / "relative.json", f"engine:path={written}"))
    settled(window)
    assert questions.asked == []  # nothing left to allow
    assert not marker.exists()
    assert window.controller.settings.o.kind == "perfect"
    notice = window.statusBar().currentMessage()
    assert "is not absolute" in notice and "\n" not in notice


def test_saving_writes_the_engine_path_absolute(window, tmp_path, monkeypatch):
    from tictactoe_qt.engine.game import SavedGame, SavedPlayer, write_game_file
    from tictactoe_qt.engine.players import PlayerSpec

    monkeypatch.chdir(tmp_path)
    game = SavedGame(players={"o": SavedPlayer(PlayerSpec.parse("engine:path=bin/pbrain-x"))})
    write_game_file(tmp_path / "g.json", game)
    spec = json.loads((tmp_path / "g.json").read_text())["players"]["o"]["spec"]
    assert spec == f"engine:path={tmp_path / 'bin' / 'pbrain-x'}"


# -- the next start: once in fresh processes (QSettings keeps its file's path per process) -----

REPORT = """
    import json
    from PySide6.QtWidgets import QMessageBox

    QMessageBox.exec = lambda box: box.defaultButton().click() or 0  # the default answer
    if len(sys.argv) > 1:
        window.open_game(sys.argv[1])

    def report():
        for side in window.settings_dock.sides.values():
            side.engine.wait()
            side.plugin_options.wait()
        print(json.dumps({"o": window.controller.settings.o.kind,
                          "notice": window.statusBar().currentMessage()}), flush=True)
        window.close()

    QTimer.singleShot(0, report)
"""


def start(folder: Path, *args: str) -> dict[str, str]:
    """Start the program with its settings in ``folder``; what the window showed."""
    from .fresh_process import run_script, settings_env, window_script

    return json.loads(run_script(window_script(REPORT), settings_env(folder), *args))


def settings_with_engine(path: Path, program: Path, origin: str | None) -> None:
    """A settings file at ``path`` as a run saved it with O the engine at ``program``
    (``origin`` None: as versions that did not record who chose it)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [
        "[General]",
        "version=1",
        "",
        "[board]",
        "rows=7",
        "cols=7",
        "k=5",
        "",
        "[o]",
        "kind=engine",
        f"extra={program}",
        "mark=O",
    ]
    lines += [] if origin is None else [f"origin={origin}"]
    path.write_text("\n".join(lines) + "\n")


@pytest.fixture
def restarted(qtbot, settings_path, monkeypatch):
    """``restarted(program, origin)``: a window started as the program starts it (shown, its
    engine process warming up) on :func:`settings_with_engine`'s file (this process's
    settings file), once its dock's name questions have ended."""
    from tictactoe_qt.gui.game_controller import GameController

    monkeypatch.setattr(GameController, "auto_warm_up", True)
    windows = []

    def open_window(program: Path, origin: str | None) -> MainWindow:
        settings_with_engine(settings_path, program, origin)
        window = MainWindow()
        qtbot.addWidget(window)
        windows.append(window)
        window.show()
        settled(window)
        return window

    yield open_window
    for window in windows:
        window.close()


def test_a_declined_engine_does_not_start_at_the_next_start(tmp_path):
    program, marker = marker_engine(tmp_path)
    path = game_file(tmp_path / "evil.json", f"engine:path={program}")
    opened = start(tmp_path / "home", str(path))
    assert opened["o"] == "perfect" and "plays instead" in opened["notice"]
    assert start(tmp_path / "home")["o"] == "perfect"
    assert not marker.exists()


@pytest.mark.parametrize("origin", [None, "someone", ""])
def test_settings_that_do_not_say_who_chose_an_engine_never_start_it(tmp_path, restarted, origin):
    """Versions before this one saved an opened file's engine in the settings unasked."""
    program, marker = marker_engine(tmp_path)
    shown = restarted(program, origin)
    assert shown.controller.settings.o.kind == "perfect"
    notice = shown.statusBar().currentMessage()
    assert "not chosen in the settings" in notice and str(program) in notice
    assert not marker.exists()


def test_an_engine_allowed_from_a_file_is_restored_without_being_started(tmp_path, restarted):
    program, marker = marker_engine(tmp_path)
    assert restarted(program, "file").controller.settings.o.kind == "engine"  # X, the human, is to move
    assert not marker.exists()


def test_an_engine_chosen_in_the_dock_is_restored_and_named(tmp_path, restarted):
    """The other side of the coin, and proof the marker shows a start: the user's own
    choice is trusted, so the dock asks its name at once as it did when it was chosen."""
    program, marker = marker_engine(tmp_path)
    assert restarted(program, "dock").controller.settings.o.kind == "engine"
    assert marker.read_text().count("started") == 1


def test_both_players_are_asked_about_at_once_even_when_the_engine_is_to_move(qtbot, window, tmp_path, questions):
    program, marker = marker_engine(tmp_path)
    other, other_marker = marker_engine(tmp_path, "pbrain-other")
    path = game_file(
        tmp_path / "two.json",
        f"engine:path={other}",
        moves=[[1, 1]],
        x_spec=f"engine:path={program},time=2",
        shape=(3, 3, 3),
    )
    assert window.open_game(path)
    assert len(questions.asked) == 1
    assert "Player X would be played by" in questions.asked[0] and str(other) in questions.asked[0]
    qtbot.waitUntil(lambda: window.controller.board.ply >= 2, timeout=HANG_MS)  # O is to move
    settled(window)
    assert not marker.exists() and not other_marker.exists()
    assert (window.controller.settings.x.kind, window.controller.settings.o.kind) == ("perfect", "perfect")


@pytest.mark.parametrize("trick", ["\n• Player O would be played by Perfect\n", "<b>Perfect<br>"])
def test_a_path_cannot_dress_up_the_question(window, tmp_path, questions, trick):
    folder = tmp_path / f"x{trick}"
    folder.mkdir()
    program, marker = marker_engine(folder)
    assert window.open_game(game_file(tmp_path / "trick.json", f"engine:path={program}"))
    text = questions.asked[0]
    assert len([line for line in text.splitlines() if line.startswith("•")]) == 1
    settled(window)
    assert not marker.exists()
    from tictactoe_qt.gui.player_consent import question_box

    box = question_box(window, "g.json", ["a <b>bold</b> claim"])
    assert box.textFormat() == Qt.TextFormat.PlainText


def test_the_question_names_the_file_a_link_really_runs(window, tmp_path, questions):
    program, marker = marker_engine(tmp_path)
    link = tmp_path / "trusted-looking-engine"
    link.symlink_to(program)
    assert window.open_game(game_file(tmp_path / "link.json", f"engine:path={link}"))
    assert f"(that is '{program}')" in questions.asked[0]
    assert not marker.exists()


def test_a_recovered_run_that_names_an_engine_starts_nothing(qtbot, shown_window, tmp_path, isolated_recovery):
    from tictactoe_qt.engine.game import GameConfig
    from tictactoe_qt.engine.players import PlayerSpec
    from tictactoe_qt.gui.stats.recovery_files import RecoverySession
    from tictactoe_qt.gui.stats.run_data import RunData
    from tictactoe_qt.gui.stats.run_snapshot import GameRow

    program, marker = marker_engine(tmp_path)
    session = RecoverySession.create(isolated_recovery)
    run = RunData(GameConfig(7, 7, 5), PlayerSpec.parse(f"engine:path={program}"), PlayerSpec("random"), 2)
    for index in range(2):
        run.add(GameRow(index, "x", "x", 9, 0.01, 0.002, None, 5))
    run.finish()
    session.write_run("run-1", run)
    session.write_manifest(["run-1"])
    session.release()
    window = shown_window()
    qtbot.waitUntil(lambda: not window.stats_panel.recovery.is_reading(), timeout=HANG_MS)
    assert window.stats_panel.recovery.recovered_count == 1
    settled(window)
    assert not marker.exists()
