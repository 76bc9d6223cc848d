"""The recovery folder holds exactly the runs nobody saved: written when a run is kept, emptied
when runs are saved or removed, gone after a normal close. Earlier sessions' runs come back in
the run list, marked; a folder that cannot be read is moved aside with one line in the status
bar; two windows keep separate folders."""

from __future__ import annotations

import csv
import json

import pytest
from PySide6.QtWidgets import QComboBox, QFileDialog, QLabel, QPushButton, QSpinBox

from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.players import PlayerSpec
from tictactoe_qt.gui.stats.recovery_files import MANIFEST, RecoverySession
from tictactoe_qt.gui.stats.run_data import RunData
from tictactoe_qt.gui.stats.run_snapshot import GameRow
from tictactoe_qt.gui.stats.unsaved_runs import CloseChoice, UnsavedRunsQuestion

from .waits import HANG_MS


def random_players(window) -> None:
    for seat in "xo":
        combo = window.findChild(QComboBox, f"{seat}Player")
        combo.setCurrentIndex(combo.findData("random"))


def simulate(qtbot, window, games: int) -> None:
    panel = window.stats_panel
    panel.findChild(QSpinBox, "simGames").setValue(games)
    with qtbot.waitSignal(panel.simulation_finished, timeout=HANG_MS):
        panel.findChild(QPushButton, "simulateButton").click()


def listed(window) -> list[tuple[int, str]]:
    """The folder's runs as (games in the CSV, summary's players), oldest first, once written."""
    recovery = window.stats_panel.recovery
    recovery.wait_for_writes()
    manifest = json.loads((recovery.folder / MANIFEST).read_text())
    assert manifest["format"] == "tictactoe-qt unsaved runs" and manifest["version"] == 1
    runs = []
    for stem in manifest["runs"]:
        with open(recovery.folder / f"{stem}.csv", newline="") as stream:
            games = len(list(csv.reader(stream))) - 1
        summary = json.loads((recovery.folder / f"{stem}.json").read_text())
        runs.append((games, f"{summary['x']} vs {summary['o']}"))
    return runs


def abandoned_session(root, *games: int) -> RecoverySession:
    """A folder left by a window that is gone, holding runs of ``games`` games each."""
    session = RecoverySession.create(root)
    stems = []
    for number, count in enumerate(games, 1):
        run = RunData(GameConfig(3, 3, 3), PlayerSpec("random"), PlayerSpec("minimax"), count)
        for index in range(count):
            run.add(GameRow(index, "x", "x" if index % 3 else None, 7, 0.001, 0.002, 4, 5))
        run.finish()
        session.write_run(f"run-{number}", run)
        stems.append(f"run-{number}")
    session.write_manifest(stems)
    session.release()
    return session


@pytest.fixture
def window(shown_window):
    window = shown_window()
    random_players(window)
    return window


def test_a_finished_run_is_written_to_the_recovery_folder(qtbot, window) -> None:
    assert window.stats_panel.recovery.folder.is_dir()
    simulate(qtbot, window, 200)
    assert listed(window) == [(200, "random vs random")]
    simulate(qtbot, window, 150)
    assert listed(window) == [(200, "random vs random"), (150, "random vs random")]


def test_saved_and_removed_runs_leave_the_recovery_folder(qtbot, window, tmp_path) -> None:
    panel = window.stats_panel
    simulate(qtbot, window, 100)
    simulate(qtbot, window, 200)
    simulate(qtbot, window, 300)
    window.export_results(tmp_path / "latest.csv")  # saves the 300-game run
    assert listed(window) == [(100, "random vs random"), (200, "random vs random")]
    panel.run_list.topLevelItem(0).setSelected(True)  # the 300-game run: saved already
    panel.run_list.topLevelItem(1).setSelected(True)  # the 200-game run
    panel.findChild(QPushButton, "runRemove").click()
    assert listed(window) == [(100, "random vs random")]
    assert sorted(path.name for path in panel.recovery.folder.iterdir()) == [MANIFEST, "run-1.csv", "run-1.json"]


@pytest.mark.parametrize("choice", [CloseChoice.DISCARD, CloseChoice.SAVE])
def test_a_normal_close_empties_the_recovery_folder(qtbot, window, tmp_path, monkeypatch, choice) -> None:
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(tmp_path))
    monkeypatch.setattr(UnsavedRunsQuestion, "answer", choice)
    simulate(qtbot, window, 100)
    folder = window.stats_panel.recovery.folder
    assert listed(window) == [(100, "random vs random")]
    assert window.close()
    assert not folder.exists() and not folder.with_name(folder.name + ".lock").exists()
    assert (tmp_path / "run1.csv").exists() == (choice is CloseChoice.SAVE)


def test_runs_of_an_earlier_session_come_back_marked_and_unsaved(
    qtbot, shown_window, isolated_recovery, tmp_path, monkeypatch
) -> None:
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "run12.csv"), ""))
    old = abandoned_session(isolated_recovery, 30, 12)
    window = shown_window()
    panel = window.stats_panel
    qtbot.waitUntil(lambda: not panel.recovery.is_reading(), timeout=HANG_MS)
    assert [(run.games, run.recovered, run.saved) for run in panel.run_list.runs()] == [
        (12, True, False),
        (30, True, False),
    ]
    top = panel.run_list.topLevelItem(0)
    assert (top.text(0), top.text(4)) == ("#2", "12")
    assert all(top.font(column).italic() for column in range(top.columnCount()))
    assert "Recovered from the last session: not saved yet" in top.toolTip(0)
    panel.tabs.setCurrentIndex(2)  # the Runs tab, as the status-bar line says
    note = panel.findChild(QLabel, "recoveredNote")
    assert note.isVisibleTo(panel)
    assert note.text() == "The 2 runs in italics came back from the last session: they are not saved yet."
    text = "Recovered 2 unsaved runs from the last session (Runs tab; not saved yet)"
    assert panel.recovery.last_message == text
    assert window.statusBar().currentMessage() == text
    # Now this window's: kept in its own folder, and the old one is gone.
    assert listed(window) == [(30, "random vs minimax"), (12, "random vs minimax")]
    assert not old.folder.exists()
    random_players(window)
    simulate(qtbot, window, 50)  # the window works as usual
    assert [run.games for run in panel.unsaved_runs()] == [50, 12, 30]
    assert not panel.run_list.topLevelItem(0).font(0).italic()  # played here: not marked
    window.export_results(tmp_path / "saved.csv")  # saves the 50-game run
    panel.run_list.clearSelection()
    panel.run_list.topLevelItem(1).setSelected(True)  # the 12-game run
    panel.exports.choose_csv_file()
    assert not panel.run_list.topLevelItem(1).font(0).italic()  # saved: no longer marked
    assert note.text() == "The run in italics came back from the last session: it is not saved yet."
    assert listed(window) == [(30, "random vs minimax")]


def test_an_unreadable_recovery_folder_is_moved_aside_with_one_line(qtbot, shown_window, isolated_recovery) -> None:
    old = abandoned_session(isolated_recovery, 20)
    (old.folder / MANIFEST).write_text('{"format": "tictactoe-qt unsaved runs", "runs": [\n' + "x" * 5000)
    window = shown_window()
    panel = window.stats_panel
    qtbot.waitUntil(lambda: not panel.recovery.is_reading(), timeout=HANG_MS)
    aside = old.folder.with_name(old.folder.name + ".corrupt")
    message = panel.recovery.last_message
    assert message.startswith("Could not read the unsaved runs of an earlier session (recovery.json is not JSON (")
    assert message.endswith(f"; its files were moved to {aside}")
    assert "\n" not in message and len(message) < 250 + len(str(aside))  # not the 5,000 characters
    assert window.statusBar().currentMessage() == message
    assert not old.folder.exists()
    assert (aside / MANIFEST).read_text().endswith("x" * 5000)  # moved, never deleted
    assert (aside / "run-1.csv").exists()
    assert panel.run_list.runs() == []
    random_players(window)
    simulate(qtbot, window, 40)  # the program goes on normally
    assert listed(window) == [(40, "random vs random")]


def test_a_damaged_run_file_keeps_the_others(qtbot, shown_window, isolated_recovery) -> None:
    old = abandoned_session(isolated_recovery, 20, 25)
    with open(old.folder / "run-1.csv", "a") as stream:
        stream.write("21,x,nobody,5\n")
    window = shown_window()
    panel = window.stats_panel
    qtbot.waitUntil(lambda: not panel.recovery.is_reading(), timeout=HANG_MS)
    assert [run.games for run in panel.run_list.runs()] == [25]
    assert panel.recovery.last_message.startswith(
        "Recovered 1 unsaved run from the last session (Runs tab; not saved yet); "
        "Could not read the unsaved runs of an earlier session (run-1.csv line 22 is not a game: "
        "'21,x,nobody,5')"
    )
    assert (old.folder.with_name(old.folder.name + ".corrupt") / "run-1.csv").exists()


def test_two_windows_keep_separate_folders(qtbot, shown_window, isolated_recovery) -> None:
    first, second = shown_window(), shown_window()
    for window in (first, second):
        random_players(window)
    assert first.stats_panel.recovery.folder != second.stats_panel.recovery.folder
    simulate(qtbot, first, 100)
    simulate(qtbot, second, 70)
    # A third window claims neither: both owners are open.
    third = shown_window()
    assert not third.stats_panel.recovery.is_reading() and third.stats_panel.run_list.runs() == []
    assert listed(first) == [(100, "random vs random")]
    assert listed(second) == [(70, "random vs random")]
    # A signal ends the first window: its runs stay; the second's are its own.
    first.unsaved_runs_question.stop_asking()
    first.close()
    second.close()
    folders = {path for path in isolated_recovery.iterdir() if path.is_dir()}
    assert folders == {first.stats_panel.recovery.folder, third.stats_panel.recovery.folder}
    assert listed(first) == [(100, "random vs random")]


def test_a_recovery_folder_that_cannot_be_made_is_said_once(qtbot, shown_window, tmp_path, monkeypatch) -> None:
    from tictactoe_qt.gui.stats.recovery_files import FOLDER_VARIABLE

    (tmp_path / "blocked").write_text("a file where the folder would go\n")
    monkeypatch.setenv(FOLDER_VARIABLE, str(tmp_path / "blocked" / "recovery"))
    window = shown_window()
    random_players(window)
    message = window.stats_panel.recovery.last_message
    folder = tmp_path / "blocked" / "recovery"
    assert message == f"Unsaved runs cannot be kept for recovery in {folder}: Not a directory"
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() == message, timeout=HANG_MS)
    simulate(qtbot, window, 30)  # everything else works; the close question still guards the run
    assert [run.games for run in window.stats_panel.unsaved_runs()] == [30]
    assert window.close()


def test_the_recovered_line_outlives_the_computer_players_first_moves(qtbot, shown_window, isolated_recovery) -> None:
    """Seen in a real window: with computers on both sides the game plays at start, and its
    first move wiped the line (it was treated as a hint about the position)."""
    abandoned_session(isolated_recovery, 10)
    window = shown_window()
    panel = window.stats_panel
    qtbot.waitUntil(lambda: not panel.recovery.is_reading(), timeout=HANG_MS)
    text = "Recovered 1 unsaved run from the last session (Runs tab; not saved yet)"
    assert window.statusBar().currentMessage() == text
    random_players(window)  # nothing played yet: the computers start at once
    qtbot.waitUntil(lambda: window.controller.board.ply >= 2, timeout=HANG_MS)
    assert window.statusBar().currentMessage() == text
