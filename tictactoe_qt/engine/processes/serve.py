"""The child's side of a :class:`~.service.Service`: answer pickled requests, one line each.

Run as ``python -m tictactoe_qt.engine.processes.serve``. The conversation is
in lines, so the layer's line reader carries it (:class:`~.child.Child`):

* parent to child: ``setup <data>`` once (our ``sys.path``, a niceness and the
  handler factory), then ``request <data>`` and ``cancel`` lines; the end of
  its input means "finish";
* child to parent: ``ready`` once the handler is built, then ``progress
  <data>`` and one of ``ok <data>``, ``error <data>`` or ``cancelled`` per
  request.

``<data>`` is a pickle in base64. The protocol has its own copies of stdin
and stdout: what the handler prints goes to stderr, and what it reads from
stdin is empty, so neither can break a message. A thread reads the input,
so a ``cancel`` reaches the handler's ``should_stop`` while it works.
"""

from __future__ import annotations

import os
import pickle
import queue
import sys
import threading
import traceback
from collections.abc import Callable
from typing import Any, BinaryIO

from ..errors import PlayerForfeit
from .messages import Handler, decode, encode
from .parent_death import set_parent_death_signal

_FINISH = object()


class _Conversation:
    """The protocol's own pipes; ``cancel`` is set by the reading thread, in the input's order."""

    def __init__(self, reader: BinaryIO, writer: int) -> None:
        self._reader = reader
        self._writer = writer
        self._write_lock = threading.Lock()  # a handler may report from threads of its own
        self.cancel = threading.Event()
        self.requests: queue.Queue[object] = queue.Queue()

    def say(self, kind: str, value: object = None, *, bare: bool = False) -> None:
        line = (kind if bare else f"{kind} {encode(value)}") + "\n"
        data = memoryview(line.encode("ascii"))
        with self._write_lock:
            while data:
                data = data[os.write(self._writer, data) :]

    def read_setup(self) -> Any:
        kind, _, data = self._reader.readline().decode("ascii").strip().partition(" ")
        if kind != "setup":
            raise SystemExit(f"expected a setup line, got {kind[:40]!r}")
        return decode(data)

    def read_requests(self) -> None:
        """Reader thread: a request clears ``cancel``, a ``cancel`` sets it; the end finishes."""
        for raw in self._reader:
            kind, _, data = raw.decode("ascii", "replace").strip().partition(" ")
            if kind == "cancel":
                self.cancel.set()
            elif kind == "request":
                self.cancel.clear()  # the parent sends one request at a time
                self.requests.put(data)
        self.cancel.set()
        self.requests.put(_FINISH)


def _answer(talk: _Conversation, handle: Handler, data: str) -> None:
    report: Callable[[object], None] = lambda value: talk.say("progress", value)  # noqa: E731
    try:
        answer = handle(decode(data), talk.cancel.is_set, report)
        talk.say("ok", answer)
    except Exception as error:  # noqa: BLE001 - sent to the parent to show
        if talk.cancel.is_set():
            talk.say("cancelled", bare=True)
            return
        # A forfeit is a game's outcome, said in the window: it has no traceback.
        trace = "" if isinstance(error, PlayerForfeit) else traceback.format_exc()
        talk.say("error", (f"{type(error).__name__}: {error}", trace))


def main() -> None:
    """Set up from the first line, say ``ready``, answer requests until the input ends.

    Arguments: a name for ``ps``, and the parent's pid: the child dies with it.
    """
    set_parent_death_signal()
    if len(sys.argv) > 2 and os.getppid() != int(sys.argv[2]):
        raise SystemExit("the parent ended before its child started")
    reader = os.fdopen(os.dup(0), "rb")
    writer = os.dup(1)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.dup2(2, 1)  # a print() in a handler lands in stderr, not in a message
    os.close(null)
    sys.stdout = sys.stderr
    talk = _Conversation(reader, writer)
    path, niceness, factory = talk.read_setup()
    sys.path[:0] = [entry for entry in path if entry not in sys.path]
    if niceness and hasattr(os, "nice"):
        os.nice(niceness)  # the window gets the CPU first on a busy machine
    handle: Handler = pickle.loads(factory)()  # imports what requests need, before ready
    talk.say("ready", bare=True)
    threading.Thread(target=talk.read_requests, name="requests", daemon=True).start()
    try:
        while (data := talk.requests.get()) is not _FINISH:
            assert isinstance(data, str)
            _answer(talk, handle, data)
    finally:  # a handler that holds processes of its own (external engines) ends them
        close = getattr(handle, "close", None)
        if close is not None:
            close()


if __name__ == "__main__":
    main()
