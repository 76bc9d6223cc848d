"""One child process that serves requests over a pipe: its whole life cycle in one place.

The game's engine and the analysis views compute in spawned children, so a
long search never holds the interpreter lock the window needs. Both use
:class:`ChildProcess`; only what the child does with a request differs (a
*handler* built in the child by a picklable factory). This module has no Qt,
because the child imports it.

Life cycle and guarantees:

* **start** launches the child (idempotent). It imports what its handler
  needs, then says ``("ready",)``.
* **wait_until_ready** starts the child if needed and returns True once it is
  ready; False when cancelled, past the timeout, or when the child died.
  It never hangs on a dead child.
* **request** sends one request and waits for the answer, polling
  ``cancelled`` (forwarded to the child) and ``abandon`` (kill at once). A
  child that died, or ignores a cancel for :data:`CANCEL_GRACE_SECONDS`, is
  an error or a cancellation, never a hang.
* **stop** asks the child to finish and kills it if it does not;
  **kill** ends it now. Both are idempotent and safe from any thread, also
  while another thread waits in ``request``: that wait then ends at once
  with :class:`ChildCancelledError` or :class:`ChildError`.

Locks (the rule: no lock is held while waiting for someone else):

* ``_state_lock`` guards the handles (``_process``, ``_conn``, ``_cancel``,
  ``_ready``). It is held to read or swap them and while a child is spawned
  (so two threads never start two), never across a poll, a receive or a
  join: ``stop``/``kill`` from the GUI thread never wait for a search or for
  a child's start-up to end.
* ``_talk_lock`` makes one thread at a time talk to the child (the ready
  handshake, one request and its answer), so two waiters never read each
  other's messages. ``stop`` and ``kill`` never take it: they end a
  conversation by ending the child.
* ``_end_lock`` makes one thread at a time end a child (``stop``/``kill``), so
  a second ``stop`` returns only once the child is gone. Nothing else takes it.

``stop`` and ``kill`` first *detach* the child (under ``_state_lock``), then
end it: a thread still waiting on that child sees it is no longer the current
one and reports a cancellation, not a crash.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from multiprocessing.connection import Connection
from typing import Any

from tictactoe_qt.engine.errors import PlayerForfeit

#: How long a request may ignore a cancellation before its child is killed.
CANCEL_GRACE_SECONDS = 1.0
#: How often a waiting thread checks cancellation and the child's health.
POLL_SECONDS = 0.02
#: How long ``kill`` waits for a terminated child before sending SIGKILL.
TERMINATE_SECONDS = 1.0

#: ``handle(request, should_stop, report) -> answer``, built in the child; an optional
#: ``handle.close()`` runs when the child ends (e.g. to end processes the handler started).
Handler = Callable[[Any, Callable[[], bool], Callable[[object], None]], Any]


class ChildError(RuntimeError):
    """The request failed in the child, or the child died, did not start or ignored a cancel."""


#: The longest failure text a status line gets (a longer message is cut).
FAILURE_TEXT_LIMIT = 160


def failure_text(error: BaseException) -> str:
    """A worker's failure in people's words: a :class:`ChildError` already says what
    happened ("the engine process stopped unexpectedly (exit code -9)"); anything else
    is unexpected and keeps its type name for a bug report. Always one line, of at most
    :data:`FAILURE_TEXT_LIMIT` characters: it is shown in a status line."""
    text = str(error) if isinstance(error, ChildError) else f"{type(error).__name__}: {error}"
    text = " ".join(text.split())
    cut = len(text) > FAILURE_TEXT_LIMIT
    return text[:FAILURE_TEXT_LIMIT - 1].rstrip() + "…" if cut else text


class ChildCancelledError(Exception):
    """The request was cancelled (or abandoned) before the child answered it."""


def _child_main(conn: Connection, cancel: Any, factory: Callable[[], Handler],
                niceness: int) -> None:
    """The child's loop: answer requests until ``None`` or the pipe closes."""
    if niceness and hasattr(os, "nice"):
        os.nice(niceness)  # the window gets the CPU first on a busy machine
    handle = factory()  # imports what the requests need before saying ready
    conn.send(("ready",))

    def report(value: object) -> None:
        conn.send(("progress", value))

    try:
        _answer_requests(conn, cancel, handle, report)
    finally:  # a handler that holds processes of its own (external engines) ends them
        close = getattr(handle, "close", None)
        if close is not None:
            close()


def _answer_requests(conn: Connection, cancel: Any, handle: Handler,
                     report: Callable[[object], None]) -> None:
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        try:
            answer = handle(message, cancel.is_set, report)
        except Exception as error:  # noqa: BLE001 - sent to the parent to show
            if cancel.is_set():
                conn.send(("cancelled",))
            else:
                # A forfeit is a game's outcome, said in the window: it has no traceback.
                trace = "" if isinstance(error, PlayerForfeit) else traceback.format_exc()
                conn.send(("error", f"{type(error).__name__}: {error}", trace))
            continue
        conn.send(("ok", answer))


_SPAWN_LOCK = threading.Lock()


@contextmanager
def _main_module_hidden() -> Iterator[None]:
    """Keep a spawned child from re-running the parent's ``__main__`` script.

    The child needs only the engine. Re-running a script without an
    ``if __name__ == "__main__"`` guard would start a second window there.
    """
    main = sys.modules.get("__main__")
    if main is None:
        yield
        return
    # One start at a time: two threads interleaving here would restore the
    # names while the other thread's child is being spawned.
    with _SPAWN_LOCK:
        saved: dict[str, Any] = {
            name: main.__dict__[name] for name in ("__file__", "__spec__") if name in main.__dict__
        }
        main.__dict__.pop("__file__", None)
        main.__dict__["__spec__"] = None
        try:
            yield
        finally:
            main.__dict__.pop("__spec__", None)
            main.__dict__.update(saved)


class ChildProcess:
    """A spawned child running ``factory()``'s handler on one request at a time."""

    def __init__(self, label: str, factory: Callable[[], Handler], *, niceness: int = 0,
                 process_name: str | None = None) -> None:
        #: Names the child in messages ("the engine process stopped ...").
        self.label = label
        self._process_name = process_name or f"tictactoe-{label}"
        self._factory = factory
        self._niceness = niceness
        self._context = multiprocessing.get_context("spawn")  # fork is unsafe with Qt threads
        self._state_lock = threading.Lock()
        self._talk_lock = threading.Lock()
        self._end_lock = threading.Lock()
        self._process: Any = None
        self._conn: Connection | None = None
        self._cancel: Any = None
        self._ready = False

    # State ---------------------------------------------------------------------

    @property
    def is_running(self) -> bool:
        process = self._process
        return process is not None and process.is_alive()

    @property
    def is_ready(self) -> bool:
        """True once the child has said it is ready, while it runs."""
        return self._ready and self.is_running

    @property
    def pid(self) -> int | None:
        process = self._process
        return None if process is None else process.pid

    def _exit_text(self, process: Any) -> str:
        code = None if process is None else process.exitcode
        return f"the {self.label} process stopped unexpectedly" + (
            "" if code is None else f" (exit code {code})"
        )

    # Start and ready -------------------------------------------------------------

    def start(self) -> None:
        """Launch the child if none runs (idempotent); it gets ready in the background."""
        with self._state_lock:
            if self._process is not None and self._process.is_alive():
                return
            stale = self._detach()
            parent_conn, child_conn = self._context.Pipe()
            cancel = self._context.Event()
            process = self._context.Process(
                target=_child_main,
                args=(child_conn, cancel, self._factory, self._niceness),
                name=self._process_name, daemon=True,
            )
            with _main_module_hidden():
                process.start()
            child_conn.close()
            self._process, self._conn, self._cancel = process, parent_conn, cancel
        self._close(stale[1])  # the pipe of a child that died on its own

    def wait_until_ready(self, timeout: float = 30.0, *,
                         cancelled: Callable[[], bool] = lambda: False) -> bool:
        """Start the child if needed and wait until it is ready.

        Returns False when ``cancelled()`` turns true, after ``timeout``
        seconds, as soon as the child dies, or when another thread stops it:
        it never hangs on a dead child.
        """
        if self.is_ready:
            return True
        if cancelled():
            return False
        deadline = time.monotonic() + timeout
        self.start()
        with self._state_lock:
            process, conn = self._process, self._conn
        # Another thread may be waiting for the same child: wait for it in turn.
        while not self._talk_lock.acquire(timeout=POLL_SECONDS):
            if self.is_ready:
                return True
            if cancelled() or time.monotonic() > deadline:
                return False
        try:
            return self._handshake(process, conn, deadline, cancelled)
        finally:
            self._talk_lock.release()

    def _handshake(self, process: Any, conn: Connection | None, deadline: float,
                   cancelled: Callable[[], bool]) -> bool:
        """Read the child's ``("ready",)``; the caller holds ``_talk_lock``."""
        while True:
            with self._state_lock:
                if self._process is not process or conn is None:
                    return False  # stopped (or replaced) by another thread meanwhile
                if self._ready:
                    return True
            if cancelled() or time.monotonic() > deadline or not process.is_alive():
                return False
            try:
                if not conn.poll(POLL_SECONDS):
                    continue
                message = conn.recv()
            except (EOFError, OSError, ValueError):
                return False  # died (or was killed) while starting
            with self._state_lock:
                if self._process is process and message == ("ready",):
                    self._ready = True

    # Requests --------------------------------------------------------------------

    def request(
        self,
        message: object,
        cancelled: Callable[[], bool],
        on_progress: Callable[[object], None] = lambda value: None,
        abandon: Callable[[], bool] = lambda: False,
    ) -> tuple[str, object]:
        """Send ``message`` to the child's handler and wait for its answer.

        Returns ``("ok", answer)``, or ``("cancelled", None)`` when the handler
        gave up after a cancel. Progress reports go to ``on_progress`` until
        the request is cancelled.

        Raises:
            ChildCancelledError: cancelled or abandoned before the answer,
                not answered within the grace time after a cancel, or the
                child was stopped/killed from another thread.
            ChildError: the handler raised (its message), or the child
                died or did not start.
        """
        stop_waiting = lambda: cancelled() or abandon()  # noqa: E731
        if not self.wait_until_ready(cancelled=stop_waiting):
            process = self._process
            if stop_waiting() or process is None:
                raise ChildCancelledError()  # cancelled, or stopped by another thread
            self.kill()
            if process.is_alive():
                raise ChildError(f"the {self.label} process did not start in time")
            raise ChildError(self._exit_text(process) + " while starting")
        with self._talk_lock:
            with self._state_lock:
                process, conn, cancel = self._process, self._conn, self._cancel
            if process is None or conn is None:
                raise ChildCancelledError()  # stopped between the handshake and now
            return self._converse(process, conn, cancel, message, cancelled, on_progress, abandon)

    def _converse(self, process: Any, conn: Connection, cancel: Any, message: object,
                  cancelled: Callable[[], bool], on_progress: Callable[[object], None],
                  abandon: Callable[[], bool]) -> tuple[str, object]:
        """Send one request and wait for its answer; the caller holds ``_talk_lock``."""
        cancel.clear()
        cancelled_at: float | None = None
        try:
            conn.send(message)
            while True:
                if abandon():
                    self.kill()
                    raise ChildCancelledError()
                if cancelled_at is None and cancelled():
                    cancel.set()
                    cancelled_at = time.monotonic()
                if cancelled_at is not None and (
                        time.monotonic() - cancelled_at > CANCEL_GRACE_SECONDS):
                    self.kill()  # the next request starts a fresh child
                    raise ChildCancelledError()
                if not conn.poll(POLL_SECONDS):
                    if not process.is_alive():
                        raise EOFError
                    continue
                status, *payload = conn.recv()
                if status == "progress":
                    if cancelled_at is None:
                        on_progress(payload[0])
                    continue
                break
        except (EOFError, OSError, ValueError):
            if self._process is not process:
                raise ChildCancelledError() from None  # stopped or killed by another thread
            self.kill()
            raise ChildError(self._exit_text(process)) from None
        if status == "ok":
            return "ok", payload[0]
        if status == "error":
            if payload[1]:
                sys.stderr.write(payload[1])  # the child's traceback, for bug reports
            raise ChildError(str(payload[0]))
        return "cancelled", None

    # Stop and kill -----------------------------------------------------------------

    def stop(self, timeout: float = 2.0) -> None:
        """Ask the child to finish, and kill it after ``timeout`` s if it does not.

        Idempotent and safe from any thread: when it returns, the child has
        ended (a second caller waits for the first). The next request starts
        a new child.
        """
        self._end(timeout)

    def kill(self) -> None:
        """End the child now (idempotent, any thread); the next request starts a new one."""
        self._end(None)

    def _end(self, grace: float | None) -> None:
        # _end_lock: one thread at a time ends a child, so a second stop() returns
        # only once the child is gone. Requests and handshakes never take it.
        with self._end_lock:
            with self._state_lock:
                process, conn, cancel, _ = self._detach()
            if process is None:
                return
            if grace is not None:
                if cancel is not None:
                    cancel.set()  # a running request stops as soon as it can
                try:
                    if conn is not None:
                        conn.send(None)
                except (OSError, ValueError):
                    pass  # the child is gone already, or ends on EOF
                if process.pid is not None:
                    process.join(grace)
            if process.pid is not None and process.is_alive():
                process.terminate()
                process.join(TERMINATE_SECONDS)
                if process.is_alive():
                    process.kill()
                    process.join(TERMINATE_SECONDS)
            self._close(conn)

    def _detach(self) -> tuple[Any, Connection | None, Any, bool]:
        """Forget the child, returning its handles; the caller holds ``_state_lock``."""
        handles = (self._process, self._conn, self._cancel, self._ready)
        self._process, self._conn, self._cancel, self._ready = None, None, None, False
        return handles

    @staticmethod
    def _close(conn: Connection | None) -> None:
        if conn is not None:
            conn.close()  # a thread still polling it gets OSError: a stopped request
