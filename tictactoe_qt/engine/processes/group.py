"""A child's process group: its state without reaping it, and ending the whole group.

The child leads a group of its own (it starts in a new session), so its pid
names the group. While the child is not reaped, that number cannot be given
to another process; so the layer learns the child's state with ``WNOWAIT``
(the zombie stays), signals the group, and only then reaps.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time

#: How often waiting for an exit looks again.
POLL_SECONDS = 0.01


def exit_status(process: subprocess.Popen[bytes]) -> int | None:
    """The child's exit status (``-N`` for signal N), ``None`` while it runs; never reaps."""
    if process.returncode is not None:
        return process.returncode
    try:
        state = os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:  # reaped elsewhere
        return process.poll()
    if state is None or state.si_pid == 0:
        return None
    if state.si_code == os.CLD_EXITED:
        return state.si_status
    return -state.si_status


def wait_exit(process: subprocess.Popen[bytes], seconds: float) -> int | None:
    """:func:`exit_status` once the child exits, or ``None`` after ``seconds``; never reaps."""
    deadline = time.monotonic() + seconds
    while (status := exit_status(process)) is None and time.monotonic() < deadline:
        time.sleep(POLL_SECONDS)
    return status


def signal_group(process: subprocess.Popen[bytes], signum: int) -> None:
    """Send ``signum`` to the child's whole group (grandchildren too), until it is reaped."""
    if process.returncode is not None:
        return  # reaped: its number may be someone else's by now
    try:
        os.killpg(process.pid, signum)
    except (ProcessLookupError, PermissionError):
        pass


def end_group(process: subprocess.Popen[bytes], grace: float) -> int:
    """End the child's group and reap the child; returns its exit status.

    A running child gets SIGTERM (with the rest of its group) and ``grace``
    seconds; then the group gets SIGKILL, which also ends helpers left behind by
    a child that already exited. Only then is the child reaped. Descendants
    that left the group (a session of their own) get SIGKILL first, while the
    running child still names them as its own.
    """
    end_escaped(process)
    if exit_status(process) is None:
        signal_group(process, signal.SIGTERM)
        wait_exit(process, grace)
    signal_group(process, signal.SIGKILL)
    return process.wait()


def escaped(process: subprocess.Popen[bytes]) -> list[int]:
    """Live descendants of the running child outside its group, read from /proc."""
    if exit_status(process) is not None:
        return []  # its children went to a new parent; nothing below it can be named
    return descendants_outside(process.pid, process.pid)


def descendants_outside(pid: int, group: int) -> list[int]:
    """Live descendants of ``pid`` not in process group ``group``, read from /proc
    (``[]`` where there is no /proc)."""
    if not os.path.isdir("/proc"):
        return []
    parents: dict[int, list[int]] = {}
    groups: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[-1].split()
        except OSError:
            continue
        if fields[0] != "Z":
            parents.setdefault(int(fields[1]), []).append(int(entry))
            groups[int(entry)] = int(fields[2])
    found: list[int] = []
    below = list(parents.get(pid, []))
    while below:
        each = below.pop()
        if groups.get(each) != group:
            found.append(each)
        below.extend(parents.get(each, []))
    return found


def end_own_descendants() -> None:
    """From a child: SIGKILL everything it started, in its group or out, then itself.

    For a child that runs code we do not control, when its parent is gone: the
    parent can no longer end what that code left behind.
    """
    for pid in descendants_outside(os.getpid(), os.getpgrp()):
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    os.killpg(os.getpgrp(), signal.SIGKILL)


def end_escaped(process: subprocess.Popen[bytes]) -> None:
    """SIGKILL the running child's :func:`escaped` descendants: they left its group on
    purpose, so no grace; a child that then exits on its own leaves nothing behind."""
    for pid in escaped(process):
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def describe_status(status: int | None) -> str:
    """``exited (status 3)``, ``crashed (signal 9)``, or ``closed its output``."""
    if status is None:
        return "closed its output"
    if status >= 0:
        return f"exited (status {status})"
    return f"crashed (signal {-status})"
