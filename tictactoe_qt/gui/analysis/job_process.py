"""Run analysis jobs in a child process, so they never take the GIL from the window.

A job is a module-level function called as
``function(*args, should_stop=..., report=...)``: its arguments, reports and
result are pickled, so they must be plain engine objects, never widgets. The
child is spawned on first use, runs one job at a time, and keeps whatever
its jobs cache (searchers, explorers) until it is stopped. This module has no
Qt, because the child imports it.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

# The same spawn guard the game's engine process uses (one place to fix it).
from tictactoe_qt.gui.engine_process import CANCEL_GRACE_SECONDS, POLL_SECONDS, _main_module_hidden

JobFunction = Callable[..., Any]
#: Analysis runs below the window and below the game's own AI (niceness 5).
ANALYSIS_NICENESS = 10


class JobCancelledError(Exception):
    """The job was cancelled before it answered."""


class JobProcessError(RuntimeError):
    """The job raised in the child, or the child died or ignored a cancel."""


def _serve(conn: Connection, cancel: Any) -> None:
    """The child's loop: run ``(function, args)`` requests until ``None`` or EOF."""
    if hasattr(os, "nice"):
        os.nice(ANALYSIS_NICENESS)  # the window and the game's AI get the CPU first
    import tictactoe_qt.engine  # noqa: F401 - imported before saying ready

    conn.send(("ready",))

    def report(value: object) -> None:
        conn.send(("progress", value))

    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        function, args = message
        try:
            result = function(*args, should_stop=cancel.is_set, report=report)
        except Exception as error:  # noqa: BLE001 - sent to the GUI to show
            if cancel.is_set():
                conn.send(("cancelled",))
            else:
                conn.send(("error", f"{type(error).__name__}: {error}", traceback.format_exc()))
            continue
        conn.send(("ok", result))


class JobProcess:
    """One child process that runs one job at a time, for one worker thread."""

    def __init__(self, name: str = "tictactoe-analysis") -> None:
        self.name = name
        self._context = multiprocessing.get_context("spawn")  # fork is unsafe with Qt threads
        self._process: Any = None
        self._conn: Connection | None = None
        self._cancel: Any = None
        self._ready = False
        self._lock = threading.RLock()

    @property
    def is_running(self) -> bool:
        return self._process is not None and self._process.is_alive()

    @property
    def is_ready(self) -> bool:
        """True once the child has imported the engine and waits for jobs."""
        return self._ready and self.is_running

    def start(self) -> None:
        """Launch the child (idempotent); it imports the engine in the background."""
        with self._lock:
            if self.is_running:
                return
            parent_conn, child_conn = self._context.Pipe()
            self._cancel = self._context.Event()
            self._process = self._context.Process(
                target=_serve, args=(child_conn, self._cancel), name=self.name, daemon=True
            )
            with _main_module_hidden():
                self._process.start()
            child_conn.close()
            self._conn = parent_conn
            self._ready = False

    def wait_until_ready(self, cancelled: Callable[[], bool], timeout: float = 30.0) -> bool:
        """Start the child if needed and wait until it has imported the engine."""
        self.start()
        assert self._conn is not None
        deadline = time.monotonic() + timeout
        while not self._ready:
            if cancelled() or time.monotonic() > deadline or not self.is_running:
                return False
            if self._conn.poll(POLL_SECONDS):
                self._ready = self._conn.recv() == ("ready",)
        return True

    def run(
        self,
        function: JobFunction,
        args: tuple[Any, ...],
        cancelled: Callable[[], bool],
        on_progress: Callable[[object], None],
        abandon: Callable[[], bool] = lambda: False,
    ) -> Any:
        """Run ``function(*args)`` in the child and return its result.

        ``cancelled`` is polled while it runs and forwarded to the job's
        ``should_stop``; ``abandon`` (the window is closing) kills the child
        at once instead of waiting for the job to notice.

        Raises:
            JobCancelledError: cancelled before the job answered.
            JobProcessError: the job raised, or the child died or ignored the cancel.
        """
        if not self.wait_until_ready(lambda: cancelled() or abandon()):
            if cancelled() or abandon():
                raise JobCancelledError()
            self.kill()
            raise JobProcessError("the analysis process did not start")
        assert self._conn is not None
        self._cancel.clear()
        self._conn.send((function, args))
        cancelled_at: float | None = None
        while True:
            if abandon():
                self.kill()
                raise JobCancelledError()
            if cancelled_at is None and cancelled():
                self._cancel.set()
                cancelled_at = time.monotonic()
            if cancelled_at is not None and time.monotonic() - cancelled_at > CANCEL_GRACE_SECONDS:
                self.kill()  # the next job starts a fresh child
                raise JobCancelledError()
            if not self._conn.poll(POLL_SECONDS):
                if not self.is_running:
                    self.kill()
                    raise JobProcessError("the analysis process stopped unexpectedly")
                continue
            try:
                status, *payload = self._conn.recv()
            except (EOFError, OSError) as error:
                self.kill()
                raise JobProcessError(f"the analysis process stopped: {error}") from None
            if status == "progress":
                if cancelled_at is None:
                    on_progress(payload[0])
                continue
            if status == "ok" and cancelled_at is None:
                return payload[0]
            if status == "error":
                print(payload[1], end="")  # the child's traceback, for bug reports
                raise JobProcessError(payload[0])
            raise JobCancelledError()

    def stop(self, timeout: float = 1.0) -> None:
        """Ask the child to finish, and kill it if it does not (idempotent)."""
        with self._lock:
            process = self._process
            if process is None or process.pid is None:
                self._process = None
                return
            if self._cancel is not None:
                self._cancel.set()
            try:
                if self._conn is not None:
                    self._conn.send(None)
            except (OSError, ValueError):
                pass
            process.join(timeout)
            self.kill()

    def kill(self) -> None:
        """End the child now; the next job starts a new one."""
        with self._lock:
            process, self._process = self._process, None
            self._ready = False
            if process is not None and process.is_alive():
                process.terminate()
                process.join(1.0)
            if self._conn is not None:
                self._conn.close()
                self._conn = None
