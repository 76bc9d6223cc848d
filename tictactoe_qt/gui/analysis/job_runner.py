"""A worker thread for the analysis views: runs cancellable engine jobs in order.

A job is a plain function ``job(should_stop, report)`` over engine objects
(never widgets). :meth:`JobRunner.submit` returns the job's id; answers come
back as signals tagged with it, so a view can drop answers for a position it
no longer shows. The thread is quit and waited on :meth:`JobRunner.stop`.
"""

from __future__ import annotations

import atexit
import threading
import traceback
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import count
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

ShouldStop = Callable[[], bool]
Report = Callable[[object], None]
JobFunction = Callable[[ShouldStop, Report], Any]

_job_ids = count(1)


@dataclass
class Job:
    """One queued function with its cancellation event."""

    function: JobFunction
    cancel_event: threading.Event = field(default_factory=threading.Event)
    job_id: int = field(default_factory=lambda: next(_job_ids))


class _JobWorker(QObject):
    """Lives in the runner's thread and runs one job at a time."""

    progress = Signal(int, object)
    finished = Signal(int, object)
    failed = Signal(int, str)

    @Slot(object)
    def run(self, job: Job) -> None:
        if job.cancel_event.is_set():
            self.failed.emit(job.job_id, "cancelled")
            return
        thread = QThread.currentThread()

        def should_stop() -> bool:
            return job.cancel_event.is_set() or thread.isInterruptionRequested()

        def report(value: object) -> None:
            self.progress.emit(job.job_id, value)

        try:
            result = job.function(should_stop, report)
        except Exception as error:  # noqa: BLE001 - shown by the view, never lost
            if should_stop():
                self.failed.emit(job.job_id, "cancelled")
                return
            traceback.print_exc()
            self.failed.emit(job.job_id, f"{type(error).__name__}: {error}")
            return
        self.finished.emit(job.job_id, result)


class JobRunner(QObject):
    """One worker thread; ``submit`` from the GUI thread, answers as signals."""

    progress = Signal(int, object)
    finished = Signal(int, object)
    failed = Signal(int, str)
    _submit = Signal(object)

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.thread = QThread()
        self.thread.setObjectName(name)
        self._worker = _JobWorker()
        self._worker.moveToThread(self.thread)
        self.thread.finished.connect(self._worker.deleteLater)
        self._submit.connect(self._worker.run)
        self._worker.progress.connect(self.progress)
        self._worker.finished.connect(self._done)
        self._worker.failed.connect(self._failed)
        self._pending: dict[int, Job] = {}
        self.thread.start()
        _LIVE_RUNNERS.add(self)

    def submit(self, function: JobFunction) -> int:
        """Queue ``function`` and return its job id."""
        job = Job(function)
        self._pending[job.job_id] = job
        self._submit.emit(job)
        return job.job_id

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
    def _done(self, job_id: int, result: object) -> None:
        self._pending.pop(job_id, None)
        self.finished.emit(job_id, result)

    @Slot(int, str)
    def _failed(self, job_id: int, message: str) -> None:
        self._pending.pop(job_id, None)
        self.failed.emit(job_id, message)

    def stop(self) -> None:
        """Cancel everything, then quit and wait for the thread (idempotent)."""
        self.cancel()
        if self.thread.isRunning():
            self.thread.requestInterruption()
            self.thread.quit()
            self.thread.wait()
        _LIVE_RUNNERS.discard(self)


_LIVE_RUNNERS: weakref.WeakSet[JobRunner] = weakref.WeakSet()


@atexit.register
def _stop_live_runners() -> None:
    """Safety net for views that were never closed: stop their threads at exit."""
    for runner in list(_LIVE_RUNNERS):
        try:
            runner.stop()
        except RuntimeError:  # the C++ object is already gone
            pass
