"""Where external engines and plugins talk: their ``MESSAGE`` lines and stderr.

The window sets :data:`LOG_ENV` to a file before it starts any engine
process, so every process that plays (the engine child, batch workers)
appends there and the user can open the log; without it the lines are
dropped. Appends are single ``write`` calls on an ``O_APPEND`` file, so lines
from several processes never interleave within a line.
"""

from __future__ import annotations

import os
from collections.abc import Callable

#: The environment variable naming the log file.
LOG_ENV = "TICTACTOE_QT_ENGINE_LOG"
#: The log stops growing past this size (a runaway engine must not fill the disk).
MAX_LOG_BYTES = 8 << 20
#: Longest line kept, in characters.
MAX_LINE_CHARS = 500


def player_log(label: Callable[[], str]) -> Callable[[str], None]:
    """A ``log(line)`` that appends ``[label] line`` to the log file, if there is one."""
    path = os.environ.get(LOG_ENV)
    if not path:
        return lambda _line: None

    def write(line: str) -> None:
        text = line if len(line) <= MAX_LINE_CHARS else line[: MAX_LINE_CHARS - 1] + "…"
        data = f"[{label()}] {text}\n".encode("utf-8", "replace")
        try:
            fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            try:
                if os.fstat(fd).st_size < MAX_LOG_BYTES:
                    os.write(fd, data)
            finally:
                os.close(fd)
        except OSError:
            pass  # a log that cannot be written must never cost a game

    return write


def read_log_tail(path: str, limit: int = 256 << 10) -> str:
    """The last ``limit`` bytes of the log as text ("" when there is none yet)."""
    try:
        with open(path, "rb") as stream:
            size = stream.seek(0, os.SEEK_END)
            stream.seek(max(0, size - limit))
            data = stream.read()
    except OSError:
        return ""
    text = data.decode("utf-8", "replace")
    if len(data) == limit and "\n" in text:
        text = text.split("\n", 1)[1]  # drop the partial first line
    return text
