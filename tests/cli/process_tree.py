"""Watching real processes through /proc (Linux): children, descendants, whether one still runs."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def command(*args: str) -> list[str]:
    """The ``tictactoe-qt`` command line for a subprocess."""
    return [sys.executable, "-m", "tictactoe_qt", *args]


def environment() -> dict[str, str]:
    """This checkout first on the path, whatever directory the tests run from."""
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def run_command(*args: str, timeout: float) -> subprocess.CompletedProcess[str]:
    """``tictactoe-qt ARGS`` run to its end (a hang fails after ``timeout`` s): status and text."""
    return subprocess.run(command(*args), capture_output=True, text=True, timeout=timeout, env=environment())


def start(args: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment(), cwd=ROOT
    )


def children(pid: int) -> set[int]:
    """Direct children of ``pid`` (empty once it has ended)."""
    found: set[int] = set()
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            found.update(int(p) for p in (task / "children").read_text().split())
    except (FileNotFoundError, ProcessLookupError):
        pass
    return found


def descendants(pid: int) -> set[int]:
    """Children, grandchildren and so on of ``pid``."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children(todo.pop()) - found:
            found.add(child)
            todo.append(child)
    return found


def group_members(pgid: int) -> list[int]:
    """Processes (not zombies) whose process group is ``pgid``."""
    members = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            if int(fields[2]) == pgid and fields[0] not in ("Z", "X"):
                members.append(int(entry))
    return members


def is_running(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie waiting to be reaped."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


def wait_for(check, timeout: float, interval: float = 0.05):
    """Poll ``check()`` until it returns something true; that value, or the last one."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(interval)
