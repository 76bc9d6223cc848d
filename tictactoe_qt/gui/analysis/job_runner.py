"""A worker thread that hands the analysis views' jobs to a child process, in order.

A job is a module-level function over engine objects, called in the child as
``function(*args, should_stop=..., report=...)`` (see :mod:`.job_process`).
:meth:`JobRunner.submit` returns the job's id; answers come back as signals
tagged with it, so a view can drop answers for a position it no longer shows.
The worker thread only waits on a pipe, so the GUI thread keeps the GIL.
The child starts on the first job (or :meth:`JobRunner.warm_up`); the thread
is quit and waited, and the child ended, on :meth:`JobRunner.stop`, and also
when the runner is destroyed without it (see :mod:`..thread_ends`).
"""

from __future__ import annotations

import atexit
import threading
import weakref
from dataclasses import dataclass, field
from itertools import count
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

from tictactoe_qt.engine import failure_text
from tictactoe_qt.gui.analysis.job_process import JobCancelledError, JobFunction, JobProcess, JobProcessError
from tictactoe_qt.gui.thread_ends import quit_and_wait, stop_when_destroyed

CANCELLED = "cancelled"
_job_ids = count(1)


@dataclass
class Job:
    """One queued call with its cancellation event."""

    function: JobFunction
    args: tuple[Any, ...]
    cancel_event: threading.Event = field(default_factory=threading.Event)
    job_id: int = field(default_factory=lambda: next(_job_ids))


class _JobWorker(QObject):
    """Lives in the runner's thread: sends one job at a time to the child and waits."""

    progress = Signal(int, object)
    finished = Signal(int, object)
    failed = Signal(int, str)

    def __init__(self, name: str) -> None:
        super().__init__()
        self.process = JobProcess(name)
        #: Set when the runner stops: the running job is abandoned at once.
        self.stopping = threading.Event()

    @Slot()
    def warm_up(self) -> None:
        self.process.wait_until_ready(cancelled=self.stopping.is_set)

    @Slot(object)
    def run(self, job: Job) -> None:
        if job.cancel_event.is_set() or self.stopping.is_set():
            self.failed.emit(job.job_id, CANCELLED)
            return
        try:
            result = self.process.run(
                job.function,
                job.args,
                cancelled=job.cancel_event.is_set,
                on_progress=lambda value: self.progress.emit(job.job_id, value),
                abandon=self.stopping.is_set,
            )
        except JobCancelledError:
            self.failed.emit(job.job_id, CANCELLED)
        except (JobProcessError, OSError, ValueError) as error:  # shown by the view
            self.failed.emit(job.job_id, str(error))
        except Exception as error:  # noqa: BLE001 - e.g. an unpicklable job: never lost
            self.failed.emit(job.job_id, failure_text(error))
        else:
            self.finished.emit(job.job_id, result)


class JobRunner(QObject):
    """One worker thread and its child process; ``submit`` from the GUI thread."""

    progress = Signal(int, object)
    finished = Signal(int, object)
    #: ``(job id, message)``; the message is :data:`CANCELLED` for cancelled jobs.
    failed = Signal(int, str)
    _submit = Signal(object)
    _warm_up = Signal()

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.worker_thread = QThread()
        self.worker_thread.setObjectName(name)
        self._worker = _JobWorker(name)
        # Kept here too: the worker object is deleted with its thread.
        self.process, self._stopping = self._worker.process, self._worker.stopping
        self._worker.moveToThread(self.worker_thread)
        self.worker_thread.finished.connect(self._worker.deleteLater)
        self._submit.connect(self._worker.run)
        self._warm_up.connect(self._worker.warm_up)
        self._worker.progress.connect(self._progress)
        self._worker.finished.connect(self._done)
        self._worker.failed.connect(self._failed)
        self._pending: dict[int, Job] = {}
        self._stopped = False
        self._end = _RunnerEnd(self.worker_thread, self.process, self._stopping, self._pending)
        stop_when_destroyed(self, self._end)
        self.worker_thread.start()
        _LIVE_RUNNERS.add(self)

    def submit(self, function: JobFunction, *args: Any) -> int:
        """Queue ``function(*args)`` for the child process and return its job id."""
        job = Job(function, args)
        self._pending[job.job_id] = job
        if self._stopped:
            job.cancel_event.set()
        self._submit.emit(job)
        return job.job_id

    def warm_up(self) -> None:
        """Start the child now, so the first job does not wait for its imports."""
        if not self._stopped and not self.process.is_running:
            self._warm_up.emit()

    def cancel(self, job_id: int | None = None) -> None:
        """Cancel one job, or every queued and running job when ``job_id`` is None."""
        jobs = list(self._pending.values()) if job_id is None else [self._pending.get(job_id)]
        for job in jobs:
            if job is not None:
                job.cancel_event.set()

    def is_busy(self) -> bool:
        """True while a job is queued or running."""
        return bool(self._pending)

    @Slot(int, object)
    def _progress(self, job_id: int, value: object) -> None:
        job = self._pending.get(job_id)
        if job is not None and not job.cancel_event.is_set():
            self.progress.emit(job_id, value)

    @Slot(int, object)
    def _done(self, job_id: int, result: object) -> None:
        self._pending.pop(job_id, None)
        self.finished.emit(job_id, result)

    @Slot(int, str)
    def _failed(self, job_id: int, message: str) -> None:
        self._pending.pop(job_id, None)
        self.failed.emit(job_id, message)

    def stop(self) -> None:
        """Cancel everything, quit and wait for the thread, end the child (idempotent)."""
        self._stopped = True
        self._end()
        _LIVE_RUNNERS.discard(self)


class _RunnerEnd:
    """Stops one :class:`JobRunner`'s work without referring to the runner, so it can
    run when the runner is destroyed (:func:`.stop_when_destroyed`)."""

    def __init__(
        self, thread: QThread, process: JobProcess, stopping: threading.Event, pending: dict[int, Job]
    ) -> None:
        self._thread = thread
        self._process = process
        self._stopping = stopping
        self._pending = pending

    def __call__(self) -> None:
        for job in list(self._pending.values()):
            job.cancel_event.set()
        self._stopping.set()  # a warm-up or a running job returns within a poll
        quit_and_wait(self._thread)
        self._process.stop()


_LIVE_RUNNERS: weakref.WeakSet[JobRunner] = weakref.WeakSet()


@atexit.register
def _stop_live_runners() -> None:
    """Safety net for views that were never closed: stop their threads at exit."""
    for runner in list(_LIVE_RUNNERS):
        try:
            runner.stop()
        except RuntimeError:  # the C++ object is already gone
            pass
