"""One child process spoken to in lines over pipes: see the package docstring for the rules."""

from __future__ import annotations

import errno
import os
import selectors
import signal
import subprocess
import threading
import time
import weakref
from collections.abc import Callable, Mapping, Sequence

from .errors import ChildExited, ChildTimeout
from .group import describe_status, end_escaped, end_group, exit_status, signal_group, wait_exit
from .lines import LineBuffer, Tail
from .parent_death import die_with_parent

#: Longest wait inside one read or write step, so another thread's close waits no longer.
SLICE_SECONDS = 0.05
#: How long a write may wait for a running child to read before it fails.
WRITE_SECONDS = 10.0
#: After its output closed: how long the child has to exit before we say "closed its output".
EXIT_SECONDS = 0.5
#: Bytes read from a pipe in one go; also the most read from a dead child's pipe.
CHUNK = 65536
#: A stderr line is a log line: longer ones are cut to their start (see :class:`LineBuffer`),
#: so the lines kept for an error message take a few kilobytes, whatever the child writes.
STDERR_LINE = 4096
#: Most bytes of stderr one background drain step reads (one pipe's worth, twice).
DRAIN_STEP = 2 * CHUNK
#: Seconds between background drain steps: a child fills a pipe in no less (64 KB).
DRAIN_SECONDS = 0.05

Log = Callable[[str], None]
Asker = Callable[["Child"], None]


class Child:
    """A program we started, in its own session, with pipes for stdin, stdout and stderr.

    Use :meth:`start`; then :meth:`ready`, :meth:`send`, :meth:`read_line`;
    end it with :meth:`stop` (polite) or :meth:`kill`. Both reap it and close
    the pipes, and are safe to repeat and to call from another thread.

    Args:
        process: the started process (``start_new_session=True``, unbuffered pipes).
        program: how messages name it (its path).
        on_stderr: gets each line of its stderr (cut to :data:`STDERR_LINE` bytes), on
            the thread that read it; it must not block (it runs under the pipes' lock).
        max_line: longer stdout lines come in pieces.
        drain_stderr: also read stderr from a thread of our own every
            :data:`DRAIN_SECONDS`, so a child that floods it while no one reads its
            answers (between requests) never blocks on a full pipe.
    """

    def __init__(
        self,
        process: subprocess.Popen[bytes],
        program: str,
        on_stderr: Log | None = None,
        max_line: int = CHUNK,
        drain_stderr: bool = False,
    ) -> None:
        assert process.stdin and process.stdout and process.stderr
        self.process = process
        self.program = program
        self._on_stderr = on_stderr or (lambda _line: None)
        self._lock = threading.Lock()  # guards the pipes: each read/write step, and closing
        self._stdin: int | None = process.stdin.fileno()
        self._out = LineBuffer(max_line)
        self._err = LineBuffer(min(max_line, STDERR_LINE))
        self._tail = Tail()
        self._selector: selectors.BaseSelector | None = selectors.DefaultSelector()
        for stream in (process.stdin, process.stdout, process.stderr):
            os.set_blocking(stream.fileno(), False)
        self._selector.register(process.stdout.fileno(), selectors.EVENT_READ, self._out)
        self._selector.register(process.stderr.fileno(), selectors.EVENT_READ, self._err)
        self._drained = False  # the dead child's pipes were read once, for the last time
        self._is_ready = False
        self._ended = False
        if drain_stderr:
            threading.Thread(
                target=_drain_in_background, args=(weakref.ref(self),), name=f"stderr-{process.pid}", daemon=True
            ).start()

    @classmethod
    def start(
        cls,
        argv: Sequence[str],
        *,
        cwd: str | None = None,
        env: Mapping[str, str] | None = None,
        on_stderr: Log | None = None,
        max_line: int = CHUNK,
        dies_with_parent_itself: bool = False,
        drain_stderr: bool = False,
    ) -> Child:
        """Start ``argv`` in a session (and process group) of its own, dying with us.

        ``dies_with_parent_itself``: the program calls :func:`set_parent_death_signal`
        first thing (our own Python children do), so no Python runs between fork
        and exec, which may deadlock in a process with other threads (Qt's).
        ``drain_stderr``: see :class:`Child`.

        Raises:
            ChildExited: the program could not be started at all (``status`` None).
        """
        program = argv[0]
        try:
            process = subprocess.Popen(
                list(argv),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                cwd=cwd,
                env=env,
                start_new_session=True,  # its own group: Ctrl+C in our terminal is ours
                preexec_fn=None if dies_with_parent_itself else die_with_parent,
            )
        except OSError as error:
            raise ChildExited(program, f"could not start: {error.strerror or error}", at_once=True) from None
        return cls(process, program, on_stderr, max_line, drain_stderr)

    # -- state ----------------------------------------------------------------
    @property
    def pid(self) -> int:
        """The child's pid, which is also its process group's id."""
        return self.process.pid

    @property
    def is_running(self) -> bool:
        """True until the child exits (or is ended)."""
        return not self._ended and exit_status(self.process) is None

    def exited_error(self) -> ChildExited:
        """Why the child is gone, naming it, with the last of its stderr."""
        self._drain_err()
        status = exit_status(self.process) if not self._ended else self.process.returncode
        if status is None:
            status = wait_exit(self.process, EXIT_SECONDS)
        reason = describe_status(status)
        if not self._is_ready and status is not None:
            reason = reason.replace("exited", "exited at once", 1).replace("crashed", "crashed at once", 1)
        stderr = self._tail.excerpt()
        if stderr:
            reason = f"{reason}: {stderr}"
        return ChildExited(self.program, reason, status, not self._is_ready, stderr)

    # -- talking ----------------------------------------------------------------
    def send(self, text: str, seconds: float = WRITE_SECONDS) -> None:
        """Write ``text`` to the child's stdin, all of it.

        Raises:
            ChildExited: the child is gone (never ``BrokenPipeError``).
            ChildTimeout: it runs but did not read for ``seconds``.
        """
        data = memoryview(text.encode("utf-8"))
        deadline = time.monotonic() + seconds
        while data:
            with self._lock:
                if self._stdin is None or exit_status(self.process) is not None:
                    raise self.exited_error()
                try:
                    written = os.write(self._stdin, data)
                except BlockingIOError:
                    written = 0
                except OSError as error:
                    if error.errno in (errno.EPIPE, errno.EBADF):
                        raise self.exited_error() from None
                    raise
            data = data[written:]
            if data:
                if time.monotonic() >= deadline:
                    raise ChildTimeout(self.program, f"did not read its input for {seconds:g} s")
                time.sleep(SLICE_SECONDS / 5)

    def close_input(self) -> None:
        """Close the child's stdin (the polite "we are done" for children that read to its end)."""
        with self._lock:
            stdin, self._stdin = self._stdin, None
            if stdin is not None and self.process.stdin is not None:
                self.process.stdin.close()

    def read_line(self, deadline: float) -> str | None:
        """The child's next line from stdout, or ``None`` once ``time.monotonic()`` passes ``deadline``.

        Never blocks past the deadline. Once the child we started has exited, its
        pipe is read once more and then no longer (a helper it left behind may
        hold the pipe open for ever), and the lines it wrote before exiting still
        come out one by one.

        Raises:
            ChildExited: the child is gone, or closed its output, and no line is left.
        """
        while True:
            with self._lock:
                line = self._out.pop()
                if line is not None:
                    return line
                if self._drained or self._selector is None:
                    raise self.exited_error()
                exited = exit_status(self.process) is not None
                remaining = deadline - time.monotonic()
                if remaining <= 0 and not exited:
                    return None
                stdout_open = self._read_ready(0 if exited else min(remaining, SLICE_SECONDS))
                if exited or not stdout_open:
                    self._read_ready(0)  # whatever was written just before the end
                    self._out.flush()
                    self._drained = True

    def ready(self, seconds: float, should_stop: Callable[[], bool] = lambda: False) -> str | None:
        """The child's first non-empty line (its handshake), within ``seconds``.

        Marks the child ready: from then on an exit no longer reads "at once".
        Returns ``None`` when ``should_stop`` turned true first.

        Raises:
            ChildExited: it went first (``at_once`` is true).
            ChildTimeout: it runs but said nothing in time.
        """
        deadline = time.monotonic() + seconds
        while not should_stop():
            line = self.read_line(min(deadline, time.monotonic() + SLICE_SECONDS))
            if line is not None and line.strip():
                self._is_ready = True
                return line
            if line is None and time.monotonic() >= deadline:
                raise ChildTimeout(self.program, f"did not answer within {seconds:g} s")
        return None

    # -- ending ---------------------------------------------------------------
    def stop(self, ask: Asker | None, grace: float) -> None:
        """End politely: ``ask(self)`` (say END, close stdin), ``grace`` seconds, then :meth:`kill`."""
        if self._ended:
            return
        end_escaped(self.process)
        if ask is not None and self.is_running:
            try:
                ask(self)
            except (ChildExited, ChildTimeout, OSError):
                pass
            wait_exit(self.process, grace)
        self.kill(grace)

    def kill(self, grace: float) -> None:
        """End the child's whole group now (SIGTERM, ``grace``, SIGKILL), reap it, close its pipes."""
        with self._lock:
            if self._ended:
                return
            self._drain_err()
            end_group(self.process, grace)
            self._ended = True
            self._close_pipes()

    def __del__(self) -> None:
        if not getattr(self, "_ended", True):
            signal_group(self.process, signal.SIGKILL)  # no waiting here; Popen reaps it later

    # -- pipes ----------------------------------------------------------------
    def _read_ready(self, timeout: float) -> bool:
        """Read what the pipes hold, waiting up to ``timeout``; False once stdout has ended."""
        selector = self._selector
        assert selector is not None
        stdout_open = True
        for key, _ in selector.select(timeout):
            fd, buffer = key.fd, key.data
            try:
                data = os.read(fd, CHUNK)
            except BlockingIOError:
                continue
            except OSError:
                data = b""
            if data:
                buffer.feed(data)
            else:
                selector.unregister(fd)
                buffer.flush()
                stdout_open = stdout_open and buffer is not self._out
            if buffer is self._err:
                self._pass_stderr()
        if not any(key.data is self._out for key in selector.get_map().values()):
            stdout_open = False
        return stdout_open

    def pump_stderr(self) -> bool:
        """Read what stderr holds now (up to :data:`DRAIN_STEP` bytes), without waiting, and
        pass its lines on; False once it is closed or the child ended (one read step)."""
        with self._lock:
            selector = self._selector
            if selector is None or self._ended:
                return False
            key = next((key for key in selector.get_map().values() if key.data is self._err), None)
            if key is None:
                return False
            for _ in range(DRAIN_STEP // CHUNK):
                try:
                    data = os.read(key.fd, CHUNK)
                except BlockingIOError:
                    break
                except OSError:
                    data = b""
                if not data:  # closed: its last line is complete
                    selector.unregister(key.fd)
                    self._err.flush()
                    self._pass_stderr()
                    return False
                self._err.feed(data)
            self._pass_stderr()
            # An exited child's last words are read by whoever reads its exit; a helper it
            # left behind may hold the pipe open for ever, so the drain ends here.
            return exit_status(self.process) is None

    def _drain_err(self) -> None:
        """Read what stderr holds now, without waiting (for the message about an exit)."""
        selector = self._selector
        if selector is None:
            return
        for key in list(selector.get_map().values()):
            if key.data is self._err:
                try:
                    data = os.read(key.fd, CHUNK)
                except (BlockingIOError, OSError):
                    data = b""
                key.data.feed(data)
                key.data.flush()
        self._pass_stderr()

    def _pass_stderr(self) -> None:
        while (line := self._err.pop()) is not None:
            self._tail.add(line)
            try:
                self._on_stderr(f"stderr: {line}")
            except Exception:  # noqa: BLE001 - a log must not break the conversation
                pass

    def _close_pipes(self) -> None:
        if self._selector is not None:
            self._selector.close()
            self._selector = None
        self._stdin = None
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                try:
                    stream.close()  # unbuffered: nothing left to flush, so nothing to fail
                except OSError:
                    pass


def _drain_in_background(child_ref: weakref.ReferenceType[Child]) -> None:
    """Read a child's stderr every :data:`DRAIN_SECONDS` until it is closed or the child ends
    (or is forgotten: the thread holds it only between steps)."""
    while True:
        child = child_ref()
        if child is None or not child.pump_stderr():
            return
        del child
        time.sleep(DRAIN_SECONDS)
