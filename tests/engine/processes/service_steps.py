"""What the service tests share: bounds, a thread runner, and checks on child processes."""

from __future__ import annotations

import os
import threading
import time

from tictactoe_qt.engine.processes import Service

#: Far longer than any step takes, far shorter than a hang.
PROMPT = 20.0
NEVER = lambda: False  # noqa: E731


def our_servers() -> list[int]:
    """Live children of this process that run the service's child side."""
    found = []
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[-1].split()
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                argv = cmdline.read()
        except (OSError, ValueError):
            continue
        if fields[0] != "Z" and int(fields[1]) == os.getpid() and b"processes.serve" in argv:
            found.append(int(entry))
    return found


def in_thread(function, *args):
    """Run ``function(*args)`` in a thread; returns the thread and a list for its outcome."""
    outcome: list = []

    def run() -> None:
        try:
            outcome.append(("returned", function(*args)))
        except Exception as error:  # noqa: BLE001 - the test inspects it
            outcome.append(("raised", error))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, outcome


def busy_request(child: Service, kind: str):
    """Start a ``kind`` request in a thread; returns once the child works on it."""
    started = threading.Event()
    thread, outcome = in_thread(child.request, (kind, 60), NEVER, lambda _: started.set())
    assert started.wait(PROMPT), outcome
    return thread, outcome


def pid_is_gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def is_live(pid: int, seconds: float = 5.0) -> bool:
    """Whether ``pid`` still runs (a zombie does not) after ``seconds`` (a kill takes a moment)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                live = stat.read().rsplit(")", 1)[-1].split()[0] != "Z"
        except OSError:
            live = False
        if not live or time.monotonic() > deadline:
            return live
        time.sleep(0.02)
