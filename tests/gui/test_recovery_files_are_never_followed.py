"""The recovery folder's files and lock files are the program's own: a symlink put in the
place of one is replaced or left alone, never written through; and a recovery folder that
cannot be made says the real reason (a full disk), in one line."""

from __future__ import annotations

import errno
import os
import resource
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.players import PlayerSpec
from tictactoe_qt.gui.stats.recovery_files import MANIFEST, RecoverySession
from tictactoe_qt.gui.stats.run_data import RunData
from tictactoe_qt.gui.stats.run_snapshot import GameRow

from .fresh_process import TIMEOUT_S, settings_env

VICTIM_TEXT = "precious: not the program's file\n"


@pytest.fixture
def victim(tmp_path) -> Path:
    path = tmp_path / "victim.txt"
    path.write_text(VICTIM_TEXT)
    return path


def small_run(games: int = 3) -> RunData:
    run = RunData(GameConfig(3, 3, 3), PlayerSpec("random"), PlayerSpec("minimax"), games)
    for index in range(games):
        run.add(GameRow(index, "x", "x", 7, 0.001, 0.002, 4, 5))
    run.finish()
    return run


@pytest.mark.parametrize("name", ["run-1.csv", "run-1.json", MANIFEST])
def test_a_symlink_in_the_recovery_folder_is_replaced_not_written_through(isolated_recovery, victim, name) -> None:
    session = RecoverySession.create(isolated_recovery)
    link = session.folder / name
    link.symlink_to(victim)
    session.write_run("run-1", small_run())
    session.write_manifest(["run-1"])
    assert victim.read_text() == VICTIM_TEXT
    assert not link.is_symlink() and link.stat().st_size > 0
    runs, problem = session.read()
    assert problem is None and [run.games for run in runs] == [3]
    session.remove()
    assert victim.read_text() == VICTIM_TEXT


def test_a_symlinked_lock_file_is_never_written_through(isolated_recovery, victim) -> None:
    """A folder left by a window that is gone, whose lock file is a link to someone's file."""
    left = RecoverySession.create(isolated_recovery)
    left.write_run("run-1", small_run())
    left.write_manifest(["run-1"])
    left.release()
    lock = Path(str(left.folder) + ".lock")
    lock.unlink(missing_ok=True)
    lock.symlink_to(victim)
    claimed = RecoverySession.claim_abandoned(isolated_recovery)
    assert victim.read_text() == VICTIM_TEXT
    for session in claimed:
        session.remove()
    assert victim.read_text() == VICTIM_TEXT


def test_a_symlinked_session_folder_is_not_claimed(isolated_recovery, tmp_path, victim) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / MANIFEST).symlink_to(victim)
    (isolated_recovery / "session-1-abcd").symlink_to(elsewhere, target_is_directory=True)
    assert RecoverySession.claim_abandoned(isolated_recovery) == []
    assert (elsewhere / MANIFEST).is_symlink() and victim.read_text() == VICTIM_TEXT


def test_a_full_disk_says_so_instead_of_no_free_session_name(qtbot, shown_window, monkeypatch) -> None:
    """On a full disk Qt cannot write the lock file and calls it an 'unknown' error; the
    window's line must name the disk, as a small write there does."""
    from PySide6.QtCore import QLockFile

    real_write = os.write

    def full_disk(descriptor: int, data: bytes) -> int:
        if os.path.basename(os.readlink(f"/proc/self/fd/{descriptor}")).startswith(".space-check"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(descriptor, data)

    monkeypatch.setattr(QLockFile, "tryLock", lambda self, timeout=0: False)
    monkeypatch.setattr(QLockFile, "error", lambda self: QLockFile.LockError.UnknownError)
    monkeypatch.setattr(os, "write", full_disk)
    window = shown_window()
    message = window.stats_panel.recovery.last_message
    assert message.endswith(": No space left on device"), message
    assert "\n" not in message


_NO_ROOM_FOR_A_LOCK = """
import sys
from pathlib import Path
from tictactoe_qt.gui.stats.recovery_files import RecoverySession
try:
    RecoverySession.create(Path(sys.argv[1]))
except OSError as error:
    print(error.strerror)
else:
    print("made")
"""


def _no_room() -> None:
    """No file may grow past 0 bytes (the lock file's write fails as on a full disk)."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, resource.RLIM_INFINITY))


def test_a_lock_file_that_cannot_be_written_says_the_real_reason(tmp_path) -> None:
    """Qt calls a failed lock write 'unknown'; it was taken for a name in use 100 times."""
    root = tmp_path / "recovery"
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(_NO_ROOM_FOR_A_LOCK), str(root)],
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        env=settings_env(tmp_path),
        preexec_fn=_no_room,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == os.strerror(errno.EFBIG)
    assert "no free session name" not in done.stdout
    assert [p.name for p in root.iterdir() if not p.name.startswith(".")] == []
