"""A recovery folder that someone else wrote: odd values, huge counts, links and pipes.

Each damaged run is refused in one line, the other runs come back, and the folder
is moved aside with every file in it (nothing is deleted); nothing blocks or hangs.
"""

from __future__ import annotations

import json
import os

import pytest

from tictactoe_qt.gui.stats.recovery_files import MANIFEST

from .test_run_recovery import HANG_MS, abandoned_session

HOSTILE_SETTINGS = [
    ("watched", "yes", "watched is not true or false"),
    ("watched", 1, "watched is not true or false"),
    ("watched", None, "watched is not true or false"),
    ("planned", 10**30, "planned is not from 0 to"),
    ("planned", -5, "planned is not from 0 to"),
    ("summary.workers", 10**30, "workers is not from 0 to"),
    ("summary.elapsed_seconds", float("nan"), "elapsed_seconds is not a time"),
    ("summary.elapsed_seconds", 1e308, "elapsed_seconds is not a time"),
]


def recovered(qtbot, shown_window):
    window = shown_window()
    panel = window.stats_panel
    qtbot.waitUntil(lambda: not panel.recovery.is_reading(), timeout=HANG_MS)
    return window, panel


@pytest.mark.parametrize("key, value, words", HOSTILE_SETTINGS)
def test_a_run_with_a_hostile_setting_is_refused_in_one_line_and_the_others_come_back(
    qtbot, shown_window, isolated_recovery, key, value, words
) -> None:
    old = abandoned_session(isolated_recovery, 20, 25)
    path = old.folder / "run-1.json"
    document = json.loads(path.read_text())
    (document["summary"] if key.startswith("summary.") else document)[key.removeprefix("summary.")] = value
    path.write_text(json.dumps(document))
    window, panel = recovered(qtbot, shown_window)
    assert [run.games for run in panel.run_list.runs()] == [25]
    message = panel.recovery.last_message
    assert words in message and "\n" not in message and len(message) < 500, message
    aside = old.folder.with_name(old.folder.name + ".corrupt")
    assert json.loads((aside / "run-1.json").read_text()) == json.loads(json.dumps(document))
    assert (aside / "run-1.csv").exists()


@pytest.mark.parametrize("name", ["run-1.json", "run-1.csv", MANIFEST])
@pytest.mark.parametrize("kind", ["link to a run elsewhere", "link to /dev/zero", "pipe"])
def test_a_link_or_pipe_in_place_of_a_recovery_file_is_never_read(
    qtbot, shown_window, isolated_recovery, tmp_path, name, kind
) -> None:
    old = abandoned_session(isolated_recovery, 20, 25)
    path = old.folder / name
    kept = tmp_path / name
    os.replace(path, kept)
    if kind == "pipe":
        os.mkfifo(path)
    else:
        path.symlink_to(kept if kind.startswith("link to a run") else "/dev/zero")
    window, panel = recovered(qtbot, shown_window)
    games = [run.games for run in panel.run_list.runs()]
    assert games == ([] if name == MANIFEST else [25])
    message = panel.recovery.last_message
    assert "is a link" in message or "not a plain file" in message, message
    assert "\n" not in message and len(message) < 500
    aside = old.folder.with_name(old.folder.name + ".corrupt")
    assert os.path.lexists(aside / name) and kept.exists()
