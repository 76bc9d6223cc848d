"""Children for the process layer's tests, and a check that none is left behind."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import pytest

from tictactoe_qt.engine.processes import Child

FAKE_CHILD = Path(__file__).with_name("fake_child.py")


def group_members(pgid: int) -> list[int]:
    """Live (not zombie) processes in process group ``pgid``, read from /proc."""
    members = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[-1].split()
        except OSError:
            continue
        if fields[0] != "Z" and int(fields[2]) == pgid:
            members.append(int(entry))
    return members


def group_gone(pgid: int, seconds: float = 5.0) -> list[int]:
    """:func:`group_members` once it is empty, or after ``seconds`` (a kill takes a moment)."""
    deadline = time.monotonic() + seconds
    while (left := group_members(pgid)) and time.monotonic() < deadline:
        time.sleep(0.02)
    return left


@pytest.fixture
def children():
    """``children(mode)`` starts the fake child in ``mode``; every group is gone at the end."""
    started: list[Child] = []

    def start(mode: str, **options: object) -> Child:
        child = Child.start([sys.executable, str(FAKE_CHILD), mode], **options)  # type: ignore[arg-type]
        started.append(child)
        return child

    yield start
    for child in started:
        child.kill(0.2)
        left = group_gone(child.pid)
        for pid in left:  # only if the layer failed: never leave them running
            os.kill(pid, signal.SIGKILL)
        assert left == [], f"process group {child.pid} outlived its child: {left}"
