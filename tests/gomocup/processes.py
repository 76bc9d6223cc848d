"""Which programs are still running: read from /proc, the way a user would look."""

from __future__ import annotations

import os
import time
from collections.abc import Callable

#: Set to a fresh value for each test (``tests/conftest.py``); the processes it starts
#: inherit it, so other tests' processes (parallel workers, other users) are not counted.
PROCESS_TAG_ENV = "TICTACTOE_QT_TEST_PROCESS_TAG"


def _carries(pid: str, tag: bytes) -> bool:
    """True when process ``pid`` was started with ``tag`` in its environment."""
    try:
        with open(f"/proc/{pid}/environ", "rb") as environ:
            return tag in environ.read().split(b"\0")
    except OSError:
        return False


def running_with(text: str) -> list[int]:
    """Live (not zombie) processes of this test whose command line contains ``text``.

    A process of this test is one that inherited the test's :data:`PROCESS_TAG_ENV`, even
    if its parent has ended; without a tag (outside pytest) every process counts.
    """
    value = os.environ.get(PROCESS_TAG_ENV)
    tag = f"{PROCESS_TAG_ENV}={value}".encode() if value else None
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                command = cmdline.read().replace(b"\0", b" ").decode("utf-8", "replace")
            with open(f"/proc/{entry}/stat") as stat:
                state = stat.read().rsplit(")", 1)[-1].split()[0]
        except OSError:
            continue
        if text in command and state != "Z" and (tag is None or _carries(entry, tag)):
            pids.append(int(entry))
    return pids


def group_members(pgid: int) -> list[int]:
    """Live (not zombie) processes in process group ``pgid``, read from /proc."""
    members = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat_file:
                    fields = stat_file.read().rsplit(")", 1)[-1].split()
            except OSError:
                continue
            if fields[0] != "Z" and int(fields[2]) == pgid:
                members.append(int(entry))
    return members


def group_gone(pgid: int, seconds: float = 5.0) -> list[int]:
    """:func:`group_members` once it is empty, or after ``seconds`` (a kill takes a moment)."""
    return _once_empty(lambda: group_members(pgid), seconds)


def gone_with(text: str, seconds: float = 5.0) -> list[int]:
    """:func:`running_with` once it is empty, or after ``seconds`` (a kill takes a moment)."""
    return _once_empty(lambda: running_with(text), seconds)


def _once_empty(live: Callable[[], list[int]], seconds: float) -> list[int]:
    deadline = time.monotonic() + seconds
    while (left := live()) and time.monotonic() < deadline:
        time.sleep(0.02)
    return left
