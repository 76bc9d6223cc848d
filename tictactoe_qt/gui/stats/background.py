"""Runs one cancellable worker object at a time in its own QThread.

Worker objects need a ``run`` slot, ``progress``/``finished`` (object) and
``failed`` (str) signals, and a thread-safe ``cancel()``; they may keep what
they finished with in ``result`` (see :meth:`BackgroundTask.shutdown`).
"""

from __future__ import annotations

import atexit
import gc
import sys

from PySide6.QtCore import QObject, QThread, Signal, Slot

from tictactoe_qt.gui.thread_ends import quit_and_wait, stop_when_destroyed

#: Seconds between a worker's progress reports: at most 10 view refreshes a second.
PROGRESS_INTERVAL = 0.1
#: GIL switch interval while a worker runs. Python's default (5 ms) lets a busy
#: worker thread delay the GUI thread by several switch periods under load;
#: 1 ms keeps the window's stalls well under 50 ms.
WORKER_SWITCH_INTERVAL = 0.001


class _WorkerTuning:
    """Keeps the GUI thread responsive while at least one worker runs.

    Besides a shorter GIL switch interval, the objects that exist when work
    starts are frozen out of the garbage collector: a worker allocating
    quickly otherwise triggers full collections over the whole heap, and the
    worker holds the GIL for those (60 ms and more measured).
    """

    active = 0
    saved_interval = 0.005

    @classmethod
    def enter(cls) -> None:
        if cls.active == 0:
            cls.saved_interval = sys.getswitchinterval()
            sys.setswitchinterval(min(cls.saved_interval, WORKER_SWITCH_INTERVAL))
            gc.freeze()
        cls.active += 1

    @classmethod
    def leave(cls) -> None:
        cls.active -= 1
        if cls.active == 0:
            sys.setswitchinterval(cls.saved_interval)
            gc.unfreeze()


class BackgroundWorker(QObject):
    """A worker run once in its own thread: it reports ``progress(object)`` and ends
    with ``finished(object)`` or ``failed(str)``; ``cancel`` is called from any thread."""

    progress = Signal(object)
    finished = Signal(object)
    failed = Signal(str)

    def run(self) -> None:
        """Do the work, in the worker's thread."""
        raise NotImplementedError

    def cancel(self) -> None:
        """Ask :meth:`run` to stop soon and report what it did so far."""
        raise NotImplementedError


class BackgroundTask(QObject):
    """Owns the thread of the current worker and forwards its signals."""

    progress = Signal(object)
    finished = Signal(object)
    failed = Signal(str)
    running_changed = Signal(bool)

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._name = name
        self._thread: QThread | None = None
        self._worker: BackgroundWorker | None = None
        self._running = _Running()
        stop_when_destroyed(self, self._running.end)

    def is_running(self) -> bool:
        return self._worker is not None

    def start(self, worker: BackgroundWorker) -> None:
        """Run ``worker`` in a new thread.

        Raises:
            RuntimeError: a worker is still running.
        """
        if self.is_running():
            raise RuntimeError(f"{self._name} is already running")
        thread = QThread(self)
        thread.setObjectName(self._name)
        worker.moveToThread(thread)
        thread.started.connect(worker.run)
        worker.progress.connect(self._on_progress)
        worker.finished.connect(self._on_finished)
        worker.failed.connect(self._on_failed)
        worker.finished.connect(thread.quit)
        worker.failed.connect(thread.quit)
        self._thread, self._worker = thread, worker
        self._running.thread, self._running.worker = thread, worker
        _WorkerTuning.enter()
        thread.start()
        self.running_changed.emit(True)

    @Slot()
    def cancel(self) -> None:
        """Ask the worker to stop; it reports what it has done so far."""
        if self._worker is not None:
            self._worker.cancel()

    def shutdown(self, timeout_ms: int = 10_000) -> object:
        """Cancel and wait for the thread (call before the owner is destroyed).

        Returns the worker's ``result`` once it stopped in time (what it did
        before the cancel, e.g. a batch's games so far), else None.
        """
        worker, thread = self._worker, self._thread
        if worker is None or thread is None:
            return None
        worker.cancel()
        for signal, slot in (
            (worker.progress, self._on_progress),
            (worker.finished, self._on_finished),
            (worker.failed, self._on_failed),
        ):
            signal.disconnect(slot)
        thread.quit()
        stopped = thread.wait(timeout_ms)
        if not stopped:
            _keep_until_finished(thread, worker)
            self._thread = None  # not deleted with this task: it still runs
        self._release()
        return getattr(worker, "result", None) if stopped else None

    @Slot(object)
    def _on_progress(self, value: object) -> None:
        if self.sender() is self._worker:
            self.progress.emit(value)

    @Slot(object)
    def _on_finished(self, value: object) -> None:
        if self.sender() is self._worker:
            self._wait_and_release()
            self.finished.emit(value)

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        if self.sender() is self._worker:
            self._wait_and_release()
            self.failed.emit(message)

    def _wait_and_release(self) -> None:
        if self._thread is not None:
            self._thread.quit()
            self._thread.wait()
        self._release()

    def _release(self) -> None:
        # The worker has no parent: dropping the reference deletes it.
        if self._thread is not None:
            self._thread.deleteLater()
        if self._worker is not None:
            _WorkerTuning.leave()
        self._thread = self._worker = None
        self._running.thread = self._running.worker = None
        self.running_changed.emit(False)


#: Threads (with their workers) that did not stop within a shutdown's wait: kept until
#: they have finished, since deleting a running QThread aborts the process.
_UNFINISHED: list[tuple[QThread, QObject]] = []


def _keep_until_finished(thread: QThread, worker: QObject) -> None:
    thread.setParent(None)
    _UNFINISHED[:] = [kept for kept in _UNFINISHED if not kept[0].isFinished()]
    _UNFINISHED.append((thread, worker))


@atexit.register
def _wait_for_unfinished() -> None:
    for thread, _worker in _UNFINISHED:
        quit_and_wait(thread)


class _Running:
    """The running worker and its thread, apart from the task: ends them when the task is
    destroyed without :meth:`BackgroundTask.shutdown` (:func:`.stop_when_destroyed`)."""

    def __init__(self) -> None:
        self.thread: QThread | None = None
        self.worker: BackgroundWorker | None = None

    def end(self) -> None:
        thread, worker = self.thread, self.worker
        if thread is None or worker is None:
            return
        self.thread = self.worker = None
        try:
            worker.cancel()
        except RuntimeError:  # its C++ object is gone (application teardown)
            pass
        quit_and_wait(thread)
        _WorkerTuning.leave()
