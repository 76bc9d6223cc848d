"""The recovery folder on disk: each open window's unsaved runs, in the runs' own save format.

Layout, in :func:`recovery_root` (the user's data folder, ``…/recovery``)::

    session-<pid>-<token>.lock   held (QLockFile) while the window owning the folder is open
    session-<pid>-<token>/       recovery.json lists the unsaved runs, oldest first; each run
                                 is run-N.csv + run-N.json, as "Save" writes them (export.py)
    session-….corrupt/           a folder that could not be read, moved aside, never deleted

One folder per window, so two windows (in one process or two) never write the
same files. A folder whose lock nobody holds belonged to a window that is gone
(closed by a signal, or crashed): the next window to start claims it and
reads its runs back. Every file is written atomically; the list is written
after a run's files and before they are deleted, so it never names a
missing file. No widgets here; the window's side is :mod:`.run_recovery`.
"""

from __future__ import annotations

import errno
import json
import os
import re
import secrets
import shutil
import stat
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLockFile, QStandardPaths

from tictactoe_qt.engine import excerpt, write_text_atomically

from .export import RunFileError, read_run, write_csv, write_json
from .run_data import RunData

#: What the list says it is, and its layout's version (another version is not read).
FORMAT_NAME = "tictactoe-qt unsaved runs"
FORMAT_VERSION = 1
MANIFEST = "recovery.json"
#: Set to a folder to keep the recovery folders there (tests, portable installs).
FOLDER_VARIABLE = "TICTACTOE_QT_RECOVERY_DIR"
#: A list longer than this cannot be one we wrote (it names at most a few dozen runs).
MAX_MANIFEST_BYTES = 64 * 1024
CORRUPT_SUFFIX = ".corrupt"
_SESSION_NAME = re.compile(r"session-\d+-[0-9a-f]+")
_RUN_STEM = re.compile(r"run-\d+")


def recovery_root() -> Path:
    """:data:`FOLDER_VARIABLE`, else ``recovery`` in the app's data folder
    (``$XDG_DATA_HOME/tictactoe-qt/tictactoe-qt`` on Linux)."""
    chosen = os.environ.get(FOLDER_VARIABLE)
    if chosen:
        return Path(chosen)
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    if not base or not QCoreApplication.applicationName():
        base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
        base = os.path.join(base or os.path.expanduser("~"), "tictactoe-qt")
    return Path(base) / "recovery"


class RecoverySession:
    """One window's recovery folder and its lock (held while this object owns it)."""

    def __init__(self, folder: Path, lock: QLockFile) -> None:
        self.folder = folder
        self._lock = lock

    @classmethod
    def create(cls, root: Path) -> RecoverySession:
        """A new, locked, empty session folder in ``root``.

        Raises:
            OSError: the folder or its lock cannot be made; ``strerror`` says why
                (no space left on the device, no permission...).
        """
        root.mkdir(parents=True, exist_ok=True)
        for _ in range(100):
            folder = root / f"session-{os.getpid()}-{secrets.token_hex(4)}"
            lock = _lock_of(folder)
            # The lock comes first: a window scanning now must not claim the new folder.
            if not lock.tryLock(0):
                if lock.error() != QLockFile.LockError.LockFailedError:
                    raise _why_no_lock(root, lock.error())
                continue  # the name is taken
            if os.path.lexists(folder):  # taken too (a symlink counts: never followed)
                lock.unlock()
                continue
            try:
                folder.mkdir()
            except OSError:
                lock.unlock()
                raise
            return cls(folder, lock)
        raise FileExistsError(errno.EEXIST, f"no free session name in {root}")

    @classmethod
    def claim_abandoned(cls, root: Path) -> list[RecoverySession]:
        """The session folders in ``root`` whose window is gone, now locked by this one."""
        try:
            # A symlink is never a session folder: what it points at is not ours.
            folders = sorted(
                path
                for path in root.iterdir()
                if _SESSION_NAME.fullmatch(path.name) and path.is_dir() and not path.is_symlink()
            )
        except OSError:
            return []
        claimed = []
        for folder in folders:
            lock = _lock_of(folder)
            if lock.tryLock(0):  # the owner's lock is gone or stale (its process ended)
                claimed.append(cls(folder, lock))
        return claimed

    # -- writing (in the writer thread) ---------------------------------------------
    def write_run(self, stem: str, run: RunData, should_stop: Callable[[], bool] | None = None) -> None:
        """Write ``run`` as ``stem.csv`` and ``stem.json`` (the games first).

        Raises:
            ExportError: a file could not be written.
            WriteStopped: ``should_stop`` returned True before the games were written.
        """
        write_csv(run, self.folder / f"{stem}.csv", follow_symlinks=False, should_stop=should_stop)
        write_json(run, self.folder / f"{stem}.json", follow_symlinks=False)

    def write_manifest(self, stems: list[str]) -> None:
        """Record which runs the folder holds, oldest first.

        Raises:
            OSError: the list could not be written.
        """
        document = {"format": FORMAT_NAME, "version": FORMAT_VERSION, "runs": stems}
        write_text_atomically(self.folder / MANIFEST, json.dumps(document, indent=1) + "\n", follow_symlinks=False)

    def delete_run(self, stem: str) -> None:
        for suffix in (".csv", ".json"):
            (self.folder / f"{stem}{suffix}").unlink(missing_ok=True)

    def remove(self) -> None:
        """Delete the folder (its runs are saved, discarded or kept elsewhere) and unlock it."""
        shutil.rmtree(self.folder, ignore_errors=True)
        self.release()

    def release(self) -> None:
        """Give the folder up, keeping it: the next window to start reads it back."""
        self._lock.unlock()

    def move_aside(self) -> Path:
        """Rename the folder to ``….corrupt`` (``….corrupt-2``… if taken), unlock it, and
        return the new path (the old one if it cannot be renamed)."""
        target = self.folder.with_name(self.folder.name + CORRUPT_SUFFIX)
        number = 2
        while target.exists():
            target = self.folder.with_name(f"{self.folder.name}{CORRUPT_SUFFIX}-{number}")
            number += 1
        try:
            self.folder.rename(target)
        except OSError:
            target = self.folder
        self.release()
        return target

    # -- reading (in the loader thread) -------------------------------------------------
    def read(self, should_stop: Callable[[], bool] = lambda: False) -> tuple[list[RunData], str | None]:
        """The runs this folder holds, oldest first, and what could not be read (``None``
        if all could). A folder without a list holds nothing (its window kept no run)."""
        path = self.folder / MANIFEST
        if os.path.lexists(path) and (problem := _not_plain(path)):
            return [], problem
        try:
            if path.stat().st_size > MAX_MANIFEST_BYTES:
                return [], f"{MANIFEST} is too big to be a list of runs ({path.stat().st_size:,} bytes)"
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return [], None
        except (OSError, UnicodeDecodeError) as error:
            return [], f"cannot read {MANIFEST}: {getattr(error, 'strerror', None) or error}"
        stems, problem = _stems_of(text)
        runs: list[RunData] = []
        problems = [problem] if problem else []
        for stem in stems:
            if should_stop():
                break
            files = [self.folder / f"{stem}{suffix}" for suffix in (".csv", ".json")]
            odd = [problem for path in files if os.path.lexists(path) and (problem := _not_plain(path))]
            if odd:
                problems.append(odd[0])
                continue
            try:
                runs.append(read_run(*files))
            except RunFileError as error:
                problems.append(str(error))
        if len(problems) > 1:
            return runs, f"{problems[0]} (and {len(problems) - 1} more)"
        return runs, problems[0] if problems else None


def _stems_of(text: str) -> tuple[list[str], str | None]:
    """The run names a list holds, or why it is not a list this version can read."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        return [], f"{MANIFEST} is not JSON ({error.msg}, line {error.lineno}, column {error.colno}): {excerpt(text)}"
    if not isinstance(document, dict) or document.get("format") != FORMAT_NAME:
        return [], f"{MANIFEST} is not a list of unsaved runs: {excerpt(text)}"
    if document.get("version") != FORMAT_VERSION:
        version = excerpt(document.get("version"))
        return [], f"{MANIFEST} was written by another version of the program (version {version})"
    stems = document.get("runs")
    if not isinstance(stems, list) or not all(isinstance(s, str) and _RUN_STEM.fullmatch(s) for s in stems):
        return [], f"{MANIFEST} does not list runs: {excerpt(stems)}"
    return stems, None


def _not_plain(path: Path) -> str | None:
    """Why ``path`` is not a file of ours to read (a symlink, a pipe, a device), or ``None``.

    Such a file was not written by the program: reading through it could read
    someone else's file, or block (a pipe) or never end (``/dev/zero``).
    """
    try:
        mode = os.lstat(path).st_mode
    except OSError as error:
        return f"cannot read {path.name}: {error.strerror or error}"
    if stat.S_ISLNK(mode):
        return f"{path.name} is a link, not a file the program wrote (it is never followed)"
    if not stat.S_ISREG(mode):
        return f"{path.name} is not a plain file (a pipe, a device or a folder)"
    return None


def _why_no_lock(root: Path, error: QLockFile.LockError) -> OSError:
    """Why no lock file can be made in ``root``. Qt says only "permission" or "unknown"
    (a full disk is "unknown"), so a small file written here names the real reason."""
    if error == QLockFile.LockError.PermissionError:
        return PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(root))
    probe = root / f".space-check-{secrets.token_hex(4)}"
    try:
        descriptor = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(descriptor, b"0" * 256)  # about a lock file's size
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
            probe.unlink(missing_ok=True)
    except OSError as failure:
        if failure.errno is not None and not failure.strerror:
            failure.strerror = os.strerror(failure.errno)
        return failure
    return OSError(errno.EIO, "a lock file cannot be written there", str(root))


def _lock_of(folder: Path) -> QLockFile:
    lock = QLockFile(str(folder) + ".lock")
    lock.setStaleLockTime(0)  # stale only when its process is gone: a window may stay open for days
    return lock
