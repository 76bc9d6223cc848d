"""Chunks for the pool's tests, run in worker processes; each says where it got to in a file."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from tictactoe_qt.engine.processes import Child, worker_should_stop

FAKE_CHILD = Path(__file__).with_name("fake_child.py")
#: Children started by a chunk, kept so they are not closed when the chunk's frame ends.
_kept: list[Child] = []


def mark(path: str, *pids: int) -> None:
    """Write ``pids`` to ``path`` whole (a reader never sees half a line)."""
    Path(path + ".part").write_text(" ".join(map(str, pids)))
    os.replace(path + ".part", path)


def worker_pid() -> int:
    return os.getpid()


def play_until_stopped(path: str) -> int:
    """A chunk that polls the batch's stop request between "games", as real chunks do."""
    mark(path, os.getpid())
    while not worker_should_stop():
        time.sleep(0.01)
    return os.getpid()


def ignore_the_stop(path: str) -> int:
    """A chunk stuck in one long "game": it starts an engine of its own and never looks at the stop."""
    child = Child.start([sys.executable, str(FAKE_CHILD), "silent"])
    _kept.append(child)
    mark(path, os.getpid(), child.pid)
    while True:
        time.sleep(1)
