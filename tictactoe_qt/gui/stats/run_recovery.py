"""Unsaved simulation runs survive a signal or a crash, as an editor's unsaved text does.

While the window is open its recovery folder (:mod:`.recovery_files`) holds
exactly the runs nobody has saved yet: a run is written when it is kept, and
its files go when it is saved or removed. The writing happens in one writer
thread, in order, so a million-game run never stalls the window. On a normal
close (the user saved or discarded, or nothing was unsaved) the folder goes at
once, with the earlier sessions' folders whose runs were shown: writes still
queued or under way are given up, since their files would only be deleted (a
million-game run takes seconds to write). When a termination signal closes the
window (:meth:`keep_on_close`), the folder stays, every write done, with the
finished part of a batch still running; after a crash it stays as it was.

The next window to start reads abandoned folders in a background thread and
shows their runs again, marked "recovered" in the run list, with one line in
the status bar. A folder it cannot read is moved aside (``….corrupt``), never
deleted, and said in one line. At most :data:`MAX_RUNS` runs and
:data:`MAX_GAMES` games are kept (the newest unsaved runs): the close
question still covers the others.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from PySide6.QtCore import QObject, QThread, QTimer, Signal, Slot

from tictactoe_qt.engine import UnwritableTextError
from tictactoe_qt.gui.thread_ends import quit_and_wait, stop_when_destroyed

from .export import WriteStopped
from .kept_runs import KeptRuns
from .recovery_files import RecoverySession, recovery_root
from .run_data import RunData

#: Unsaved runs kept for recovery at most (the newest).
MAX_RUNS = 20
#: Games kept for recovery at most, over all runs (about 45 MB of CSV a million).
MAX_GAMES = 2_000_000


class _SessionReader(QThread):
    """Reads the claimed folders' runs off the GUI thread (a plain QThread: one job)."""

    def __init__(self, sessions: list[RecoverySession]) -> None:
        super().__init__()
        self.setObjectName("runRecoveryReader")
        self.sessions = sessions
        #: ``(session, runs, problem)`` for each folder read.
        self.results: list[tuple[RecoverySession, list[RunData], str | None]] = []
        self.stopping = False

    def stop(self) -> None:
        """Stop reading and wait until the thread has ended."""
        self.stopping = True
        quit_and_wait(self)

    def run(self) -> None:
        for session in self.sessions:
            if self.stopping:
                return
            runs, problem = session.read(lambda: self.stopping)
            if not self.stopping:
                self.results.append((session, runs, problem))


class RunRecovery(QObject):
    """Keeps the unsaved ones of ``runs`` in a recovery folder, and brings back earlier ones.

    Whoever keeps the runs calls :meth:`sync` when the unsaved ones change, and keeps
    each run sent by :attr:`restored`.
    """

    #: A run brought back from an earlier session, to keep (marked ``recovered``).
    restored = Signal(object)
    #: Runs brought back from earlier sessions (after each was :attr:`restored`).
    recovered = Signal(int)
    #: A problem with the recovery folder (one line; also said through :attr:`message`).
    problem = Signal(str)
    #: A one-line message for the status bar.
    message = Signal(str)

    def __init__(self, runs: KeptRuns, root: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._runs = runs
        self.root = root if root is not None else recovery_root()
        #: What the last recovery said in the status bar ("" if nothing).
        self.last_message = ""
        self._entries: dict[int, tuple[RunData, str]] = {}  # id(run) -> (run, file stem)
        self._next_stem = 1
        self._keep = False
        self._closed = False
        self._write_failed = False
        #: Set on a normal close: the writes under way are given up (their files would go).
        self._giving_up = threading.Event()
        self._adopted: list[RecoverySession] = []  # the claimed sessions whose runs are shown
        self._retiring: list[RecoverySession] = []  # those of them read whole: deleted once copied here
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="runRecoveryWriter")
        self.problem.connect(self._say)
        try:
            self.session: RecoverySession | None = RecoverySession.create(self.root)
        except OSError as error:
            self.session = None
            text = self.tr("Unsaved runs cannot be kept for recovery in %s: %s") % (self.root, _reason(error))
            self.last_message = text
            # Said once the window is built: its start-up clears the status bar.
            QTimer.singleShot(0, self, lambda: self._say(text))
        self._reader = _SessionReader(RecoverySession.claim_abandoned(self.root))
        self._reader.finished.connect(self._on_read)
        stop_when_destroyed(self, self._reader.stop)  # also without close(): no running QThread is freed
        #: The runs brought back, once they are shown (None while reading).
        self.recovered_count: int | None = None
        if self._reader.sessions:
            self._reader.start()
        else:
            self.recovered_count = 0

    @property
    def folder(self) -> Path | None:
        """This window's recovery folder (None if it could not be made)."""
        return self.session.folder if self.session is not None else None

    def is_reading(self) -> bool:
        """True until earlier sessions' runs are read back and shown (:attr:`recovered`)."""
        return self.recovered_count is None

    # -- keeping the folder up to date -------------------------------------------------
    @Slot()
    def sync(self, unlisted: tuple[RunData, ...] = ()) -> None:
        """Make the folder hold exactly the (newest, bounded) unsaved runs, after ``unlisted``
        (runs not in the run list, newest first)."""
        if self._closed or self.session is None:
            return
        wanted = _bounded([*unlisted, *self._runs.unsaved()])
        wanted_ids = {id(run) for run in wanted}
        gone = [self._entries.pop(key)[1] for key in list(self._entries) if key not in wanted_ids]
        new = [run for run in reversed(wanted) if id(run) not in self._entries]
        if not gone and not new:
            return
        session = self.session
        for run in new:
            stem = f"run-{self._next_stem}"
            self._next_stem += 1
            self._entries[id(run)] = (run, stem)
            self._submit(session.write_run, stem, run, self._giving_up.is_set)
        self._submit(session.write_manifest, [self._entries[id(run)][1] for run in reversed(wanted)])
        for stem in gone:
            self._submit(session.delete_run, stem)

    def keep_on_close(self) -> None:
        """Keep the unsaved runs when the window closes (a termination signal: nobody can
        answer the question). The next start shows them again."""
        self._keep = True

    def wait_for_writes(self) -> None:
        """Block until every write asked for so far is done (tests, closing)."""
        if not self._closed:
            self._writer.submit(lambda: None).result()

    def close(self, unfinished: RunData | None = None) -> None:
        """Give the folder up (when the window closes): kept with every run written
        (:meth:`keep_on_close`), else deleted at once, with the folders whose runs were
        brought back.

        Args:
            unfinished: the games of a batch stopped by the close; kept as a
                cancelled run when the runs are kept (:meth:`keep_on_close`).
        """
        if self._closed:
            return
        self._reader.stop()
        if self._keep and unfinished is not None and unfinished.games:
            self.sync((unfinished,))
        self._closed = True
        if not self._keep:  # saved or discarded: what is still to write would only be deleted
            self._giving_up.set()
        self._writer.shutdown(wait=True, cancel_futures=not self._keep)
        if self.session is not None:
            if self._keep:
                self.session.release()
            else:
                self.session.remove()
        for session in self._reader.sessions:
            if session not in self._adopted:
                session.release()  # not shown yet: the next start reads it
            elif not self._keep and session in self._retiring:
                session.remove()  # its runs were shown, then saved or discarded

    def _submit(self, write: Callable[..., None], *args: object) -> None:
        self._writer.submit(self._guarded, write, *args)

    def _guarded(self, write: Callable[..., None], *args: object) -> None:
        """Run one write in the writer thread; a failure is said once, never raised."""
        try:
            write(*args)
        except WriteStopped:
            return  # given up at close (:meth:`close`): nothing to say
        except (OSError, UnwritableTextError) as error:
            reason = _reason(error) if isinstance(error, OSError) else error
            if not self._write_failed:
                self.problem.emit(self.tr("Unsaved runs cannot be kept for recovery in %s: %s") % (self.folder, reason))
            self._write_failed = True

    # -- bringing runs back -------------------------------------------------------------
    @Slot()
    def _on_read(self) -> None:
        if self._closed:
            return
        count, problems = 0, []
        for session, runs, problem in self._reader.results:
            self._adopted.append(session)
            for run in runs:
                run.recovered = True
                self.restored.emit(run)  # kept, so written in this window's folder too (sync)
                count += 1
            if problem is not None:
                problems.append(
                    self.tr("Could not read the unsaved runs of an earlier session (%s); its files were moved to %s")
                    % (problem, session.move_aside())
                )
            else:
                self._retiring.append(session)
                self._writer.submit(self._retire, session)  # after its runs are written here
        texts = []
        if count:
            texts.append(
                self.tr("Recovered 1 unsaved run from the last session (Runs tab; not saved yet)")
                if count == 1
                else self.tr("Recovered %d unsaved runs from the last session (Runs tab; not saved yet)") % count
            )
        texts.extend(problems)
        if texts:
            self._say("; ".join(texts))
        self.recovered_count = count
        self.recovered.emit(count)

    def _retire(self, session: RecoverySession) -> None:
        """Delete a read folder once its runs are written here (keep it if writing failed)."""
        if self._write_failed:
            session.release()
        else:
            session.remove()

    @Slot(str)
    def _say(self, text: str) -> None:
        self.last_message = text
        self.message.emit(text)


def _reason(error: OSError) -> str:
    """An OS error in people's words: "No space left on device", not "[Errno 28]"."""
    if error.strerror:
        return error.strerror
    return os.strerror(error.errno) if error.errno else str(error)


def _bounded(runs: list[RunData]) -> list[RunData]:
    """The newest of ``runs`` (given newest first) within :data:`MAX_RUNS` and :data:`MAX_GAMES`."""
    kept: list[RunData] = []
    games = 0
    for run in runs:
        if len(kept) == MAX_RUNS or games + run.games > MAX_GAMES:
            break
        kept.append(run)
        games += run.games
    return kept
