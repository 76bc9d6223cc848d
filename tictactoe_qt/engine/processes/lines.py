"""Bytes from a pipe cut into lines, with bounds: a line, and a tail kept for messages."""

from __future__ import annotations

from collections import deque

from ..excerpt import excerpt

#: Characters of stderr an error message quotes at most.
STDERR_EXCERPT = 200


class LineBuffer:
    """Bytes in, lines out; a line longer than ``max_line`` bytes is cut to its start.

    The rest of an over-long line is skipped up to its line break, so a child
    printing garbage without line breaks cannot fill our memory, and the tail
    of a long line is never taken for a line of its own (an answer).
    """

    def __init__(self, max_line: int) -> None:
        self.max_line = max_line
        self._pending = bytearray()
        self._searched = 0  # bytes of ``_pending`` known to hold no line break
        self._lines: deque[str] = deque()
        self._skipping = False  # inside the rest of a line already cut

    def feed(self, data: bytes) -> None:
        """Add ``data``; complete lines become available to :meth:`pop`."""
        self._pending += data
        while True:
            # Look only at bytes not searched before: a long line comes in many pieces.
            end = self._pending.find(b"\n", self._searched, self.max_line)
            if end < 0 and len(self._pending) < self.max_line:
                self._searched = len(self._pending)
                return
            cut = end + 1 if end >= 0 else self.max_line
            raw = bytes(self._pending[:cut])
            del self._pending[:cut]
            self._searched = 0
            if not self._skipping:
                self._lines.append(raw.decode("utf-8", "replace").rstrip("\r\n"))
            self._skipping = end < 0

    def pop(self) -> str | None:
        """The oldest complete line, or ``None``."""
        return self._lines.popleft() if self._lines else None

    def flush(self) -> None:
        """Make an unfinished last line complete (the pipe ended)."""
        if self._pending:
            self.feed(b"\n")


class Tail:
    """The last lines of a stream (stderr), for quoting in an error message."""

    def __init__(self, lines: int = 5) -> None:
        self._lines: deque[str] = deque(maxlen=lines)

    def add(self, line: str) -> None:
        if line.strip():
            self._lines.append(line.strip())

    def excerpt(self) -> str:
        """The tail on one line, quoted and cut to :data:`STDERR_EXCERPT`; "" when empty."""
        text = " | ".join(self._lines)
        if not text:
            return ""
        if len(text) > STDERR_EXCERPT:  # the end says most: the error comes last
            text = "…" + text[-STDERR_EXCERPT:]
        return excerpt(text, STDERR_EXCERPT + 1)
