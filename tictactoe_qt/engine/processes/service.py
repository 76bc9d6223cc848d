"""A child that serves pickled requests, one at a time: the game's engine and the analysis views.

A long search in a thread would hold the interpreter lock the window needs;
in a child it cannot. The child runs :mod:`.serve`, which builds a *handler*
from a picklable factory and answers each request with it. It is a
:class:`~.child.Child`, so it starts, dies with us, is ended with its whole
group and reaped by the layer's rules; this module adds the conversation:

* **start** launches the child (idempotent) from one long-lived thread, since
  Linux sends the parent-death signal when the *thread* that started a child
  ends. The child sets that signal itself, first thing (:mod:`.serve`), so no
  Python runs between fork and exec in our threaded (Qt) process.
* **wait_until_ready** starts the child if needed and returns True once it
  said ``ready``; False when cancelled, past the timeout, when it died or was
  stopped. It never hangs on a dead child.
* **request** sends one request and waits for its answer, polling
  ``cancelled`` (forwarded to the handler's ``should_stop``) and ``abandon``
  (kill at once). A child that dies, or ignores a cancel for
  :data:`CANCEL_GRACE_SECONDS`, is a :class:`ServiceError` or a
  :class:`ServiceCancelled`, never a hang; the next request starts a new child.
* **stop** asks the child to finish (cancel, end of input) and ends its group
  after a grace; **kill** ends it now. Both are idempotent and safe from any
  thread, also while another thread waits in ``request`` (that wait then ends
  with :class:`ServiceCancelled`); a second ``stop`` returns once the child is
  gone (the child's own lock orders the two).

Locks (none is held while waiting for someone else):

* ``_state_lock`` guards which child is current (and whether it is ready). It
  is held to read or swap it and while a child is started, so two threads
  never start two; never across a read.
* ``_talk_lock``: one thread at a time talks to the child (the handshake, one
  request and its answer), so two waiters never read each other's lines.
  ``stop`` and ``kill`` never take it: they end a conversation by ending the
  child, whose pipes the layer's per-child lock guards.
"""

from __future__ import annotations

import os
import pickle
import sys
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import ProcessFailure
from ..excerpt import excerpt
from .child import Child
from .errors import ChildExited, ChildFailed
from .messages import Handler, decode, encode
from .stderr_echo import echo_stderr

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

__all__ = ["CANCEL_GRACE_SECONDS", "Handler", "Service", "ServiceCancelled", "ServiceError"]

#: How long a request may ignore a cancellation before its child is killed.
CANCEL_GRACE_SECONDS = 1.0
#: How often a waiting thread checks cancellation (and the child's health).
POLL_SECONDS = 0.02
#: How long ``kill`` waits for the group to end on SIGTERM before SIGKILL.
TERMINATE_SECONDS = 1.0
#: The longest line (one pickled answer, in base64) read from the child.
MAX_MESSAGE = 1 << 30


class ServiceError(ProcessFailure):
    """The request failed in the child, or the child died, did not start or ignored a cancel."""


class ServiceCancelled(Exception):
    """The request was cancelled (or abandoned, or the child stopped) before it was answered."""


class _NotReadyInTime(Exception):
    """The handshake passed its timeout (a request then ends the child)."""


class _Session:
    """One started child; ``ending`` once stop/kill began, so its waiters report a cancellation."""

    def __init__(self, child: Child) -> None:
        self.child = child
        self.ready = False
        self.ending = False


_starter: list[ThreadPoolExecutor] = []  # the one starter thread, made on first use
_starter_lock = threading.Lock()


def _starter_thread() -> ThreadPoolExecutor:
    """The thread that starts children (concurrent.futures is imported with it, when needed)."""
    with _starter_lock:
        if not _starter:
            from concurrent.futures import ThreadPoolExecutor

            _starter.append(ThreadPoolExecutor(max_workers=1, thread_name_prefix="service-starter"))
        return _starter[0]


def _start_child(argv: list[str]) -> Child:
    """Start a child from the starter thread, which lives as long as we do (parent death).

    Its stderr is drained all the time, also between requests, and echoed on ours
    without ever waiting for it (:mod:`.stderr_echo`): a handler or plugin that
    floods it never blocks, whoever reads our stderr.
    """
    starter = _starter_thread()
    return starter.submit(
        Child.start, argv, on_stderr=_pass_stderr, max_line=MAX_MESSAGE, dies_with_parent_itself=True, drain_stderr=True
    ).result()


def _pass_stderr(line: str) -> None:
    """The child's stderr goes to ours, as it did before it had pipes (its tracebacks, prints)."""
    echo_stderr(line.removeprefix("stderr: "))


class Service:
    """A child running ``factory()``'s handler on one request at a time.

    Args:
        label: names the child in messages ("the engine process stopped ...").
        factory: builds the handler in the child; picklable (module level).
        niceness: added to the child's niceness, so the window gets the CPU first.
        process_name: the child's last argument, so ``ps`` tells the children apart.
    """

    def __init__(
        self, label: str, factory: Callable[[], Handler], *, niceness: int = 0, process_name: str | None = None
    ) -> None:
        self.label = label
        self._process_name = process_name or f"tictactoe-{label}"
        self._factory = factory
        self._niceness = niceness
        self._state_lock = threading.Lock()
        self._talk_lock = threading.Lock()
        self._session: _Session | None = None

    # State ---------------------------------------------------------------------

    @property
    def is_running(self) -> bool:
        session = self._session
        return session is not None and session.child.is_running

    @property
    def is_ready(self) -> bool:
        """True once the child has said it is ready, while it runs."""
        session = self._session
        return session is not None and session.ready and not session.ending and self.is_running

    @property
    def pid(self) -> int | None:
        session = self._session
        return None if session is None else session.child.pid

    # Start and ready -------------------------------------------------------------

    def start(self) -> None:
        """Launch the child if none runs (idempotent); it gets ready in the background."""
        self._current()

    def _current(self) -> _Session:
        """The running child, started now if there is none (or it died, or is ending)."""
        with self._state_lock:
            session = self._session
            if session is not None and not session.ending and session.child.is_running:
                return session
            stale, self._session = session, None
            if stale is not None and not stale.ending:
                stale.child.kill(0)  # died on its own: reap it (it is not running)
            argv = [sys.executable, "-m", f"{__package__}.serve", self._process_name, str(os.getpid())]
            try:
                child = _start_child(argv)
            except ChildExited as error:
                raise ServiceError(f"the {self.label} process {error.reason}") from None
            self._session = _Session(child)
            try:
                setup = (list(sys.path), self._niceness, pickle.dumps(self._factory))
                child.send(f"setup {encode(setup)}\n")
            except ChildFailed:
                pass  # the handshake says why
            return self._session

    def wait_until_ready(self, timeout: float = 30.0, *, cancelled: Callable[[], bool] = lambda: False) -> bool:
        """Start the child if needed and wait until it is ready.

        Returns False when ``cancelled()`` turns true, after ``timeout``
        seconds, as soon as the child dies, or when another thread stops it.
        """
        try:
            self._ready_session(timeout, cancelled)
        except (ServiceCancelled, ServiceError, _NotReadyInTime):
            return False
        return True

    def _ready_session(self, timeout: float, cancelled: Callable[[], bool]) -> _Session:
        """The ready child (started if needed).

        Raises:
            ServiceCancelled: ``cancelled()``, or another thread stopped the child.
            ServiceError: the child died while starting (it is reaped).
            _NotReadyInTime: ``timeout`` passed.
        """
        if self.is_ready:
            session = self._session
            if session is not None:
                return session
        if cancelled():
            raise ServiceCancelled()
        deadline = time.monotonic() + timeout
        session = self._current()
        # Another thread may be reading the same child's handshake: wait for it in turn.
        while not self._talk_lock.acquire(timeout=POLL_SECONDS):
            if session.ready:
                return session
            self._check_waiting(session, cancelled, deadline)
        try:
            return self._handshake(session, deadline, cancelled)
        finally:
            self._talk_lock.release()

    def _check_waiting(self, session: _Session, cancelled: Callable[[], bool], deadline: float) -> None:
        if cancelled() or session.ending or self._session is not session:
            raise ServiceCancelled()
        if time.monotonic() > deadline:
            raise _NotReadyInTime()

    def _handshake(self, session: _Session, deadline: float, cancelled: Callable[[], bool]) -> _Session:
        """Read the child's ``ready``; the caller holds ``_talk_lock``."""
        while not session.ready:
            self._check_waiting(session, cancelled, deadline)
            try:
                line = session.child.read_line(time.monotonic() + POLL_SECONDS)
            except ChildExited as error:
                if session.ending:  # stopped by another thread while it started
                    raise ServiceCancelled() from None
                raise self._failure(session, error, " while starting") from None
            if line == "ready":
                session.ready = True
            elif line is not None:
                raise self._failure(session, None, f" while starting: it said {excerpt(line)}")
        return session

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
            ServiceCancelled: cancelled or abandoned before the answer, not
                answered within the grace time after a cancel, or the child
                was stopped/killed from another thread.
            ServiceError: the handler raised (its message), or the child died
                or did not start.
        """
        stop_waiting = lambda: cancelled() or abandon()  # noqa: E731
        try:
            session = self._ready_session(30.0, stop_waiting)
        except _NotReadyInTime:
            self.kill()
            raise ServiceError(f"the {self.label} process did not start in time") from None
        with self._talk_lock:
            if session.ending:
                raise ServiceCancelled()  # stopped between the handshake and now
            try:
                kind, data = self._converse(session, message, cancelled, on_progress, abandon)
            except ChildFailed as error:
                if session.ending:  # stopped or killed by another thread; a death is not
                    raise ServiceCancelled() from None
                raise self._failure(session, error if isinstance(error, ChildExited) else None, "") from None
        return self._answer(session, kind, data)

    def _converse(
        self,
        session: _Session,
        message: object,
        cancelled: Callable[[], bool],
        on_progress: Callable[[object], None],
        abandon: Callable[[], bool],
    ) -> tuple[str, str]:
        """Send one request, wait for its answer line; the caller holds ``_talk_lock``."""
        child = session.child
        child.send(f"request {encode(message)}\n")
        cancelled_at: float | None = None
        while True:
            if abandon():
                self.kill()
                raise ServiceCancelled()
            if cancelled_at is None and cancelled():
                child.send("cancel\n")
                cancelled_at = time.monotonic()
            if cancelled_at is not None and time.monotonic() - cancelled_at > CANCEL_GRACE_SECONDS:
                self.kill()  # the next request starts a fresh child
                raise ServiceCancelled()
            line = child.read_line(time.monotonic() + POLL_SECONDS)
            if line is None:
                continue
            kind, _, data = line.partition(" ")
            if kind != "progress":
                return kind, data
            if cancelled_at is None:
                on_progress(self._decode(session, data))

    def _answer(self, session: _Session, kind: str, data: str) -> tuple[str, object]:
        if kind == "ok":
            return "ok", self._decode(session, data)
        if kind == "error":
            text, trace = self._decode(session, data)
            if trace:
                echo_stderr(trace.rstrip("\n"))  # the child's traceback, for bug reports
            raise ServiceError(str(text))
        if kind == "cancelled":
            return "cancelled", None
        raise self._failure(session, None, f": it said {excerpt(kind + ' ' + data)}")

    def _decode(self, session: _Session, data: str) -> Any:
        try:
            return decode(data)
        except Exception as error:  # noqa: BLE001 - any unpickling failure is the child's answer
            raise self._failure(session, None, f": its answer could not be read ({type(error).__name__})") from None

    def _failure(self, session: _Session, error: ChildExited | None, what: str) -> ServiceError:
        """End (and reap) ``session``'s child; the error naming it, its exit and its stderr."""
        self._end(session, None)
        if error is None:
            return ServiceError(f"the {self.label} process failed{what}")
        status = error.status
        if status is None:
            how = " (it closed its output)"
        elif status < 0:
            how = f" (killed by signal {-status})"
        else:
            how = f" (exit code {status})"
        text = f"the {self.label} process stopped unexpectedly{how}{what}"
        return ServiceError(f"{text}: {error.stderr}" if error.stderr else text)

    # Stop and kill -----------------------------------------------------------------

    def stop(self, timeout: float = 2.0) -> None:
        """Ask the child to finish, and end its group after ``timeout`` s if it does not.

        Idempotent and safe from any thread: when it returns, the child has
        ended (a second caller waits for the first). The next request starts
        a new child.
        """
        self._end(self._session, timeout)

    def kill(self) -> None:
        """End the child's group now (idempotent, any thread); the next request starts anew."""
        self._end(self._session, None)

    def _end(self, session: _Session | None, grace: float | None) -> None:
        if session is None:
            return
        session.ending = True  # its waiters now report a cancellation, not a crash
        if grace is None:
            session.child.kill(TERMINATE_SECONDS)
        else:
            session.child.stop(_ask_to_finish, grace)
        with self._state_lock:
            if self._session is session:
                self._session = None


def _ask_to_finish(child: Child) -> None:
    """Cancel what the handler does, then end its input: the child closes its handler and exits."""
    child.send("cancel\n", seconds=0.2)
    child.close_input()
