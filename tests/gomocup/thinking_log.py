"""What a fake brain received, read back from its log (see ``fake_brain.py``)."""

from __future__ import annotations

import os
from pathlib import Path


def entries(program: str) -> list[tuple[int, str]]:
    """``(pid, what)`` for every line the brains started as ``program`` logged, in order."""
    log = Path(program + ".log")
    if not log.exists():
        return []
    pairs = []
    for line in log.read_text().splitlines():
        pid, _, what = line.partition("\t")
        pairs.append((int(pid), what))
    return pairs


def said(program: str, pid: int) -> list[str]:
    """What the brain with ``pid`` logged, in order."""
    return [what for who, what in entries(program) if who == pid]


def pids(program: str) -> list[int]:
    """The brains started as ``program``, in the order they first logged."""
    return list(dict.fromkeys(pid for pid, _ in entries(program)))


def thinking_pid(program: str) -> int | None:
    """The pid of the brain that logged ``think`` last, if any did."""
    thinkers = [pid for pid, what in entries(program) if what == "think"]
    return thinkers[-1] if thinkers else None


def think_for(program: str, seconds: float) -> None:
    """From the next move on, brains started as ``program`` think ``seconds`` a move."""
    Path(program + ".think").write_text(str(seconds))


def gone(pid: int) -> bool:
    """True when ``pid`` is no process at all: ended and waited for (no zombie)."""
    return not os.path.exists(f"/proc/{pid}")
