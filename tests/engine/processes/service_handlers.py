"""Handlers for the service tests (imported by the spawned children: no Qt, no pytest)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import Any


def _handle(message: Any, should_stop: Callable[[], bool], report: Callable[[object], None]) -> Any:
    kind, value = message
    if kind == "echo":
        return value
    if kind == "pid":
        return os.getpid()
    if kind == "progress":
        for step in range(value):
            report(step)
        return value
    if kind == "busy":  # works until told to stop (or ``value`` seconds pass)
        report("started")
        deadline = time.monotonic() + value
        while time.monotonic() < deadline:
            if should_stop():
                return "stopped"
            time.sleep(0.01)
        return "done"
    if kind == "deaf":  # ignores every cancel
        report("started")
        time.sleep(value)
        return "done"
    if kind == "raise":
        raise ValueError(value)
    if kind == "die":
        os._exit(value)
    if kind == "complain-and-die":  # says why on stderr, then exits 5
        print(value, file=sys.stderr, flush=True)
        os._exit(5)
    if kind == "chatty":  # prints to stdout, where a careless protocol would read it
        print("hello from the handler\n" * 3, flush=True)
        return value
    if kind == "flood":  # ``value`` bytes of warnings on stderr, then the answer
        _flood(value)
        return "answered"
    if kind == "flood-and-die":  # a flood, the reason last, then exit 5
        _flood(value)
        print("the real reason", file=sys.stderr, flush=True)
        os._exit(5)
    if kind == "flood-idle":  # a thread floods stderr after the answer, then leaves a file
        size, done = value
        threading.Thread(target=_flood, args=(size, done)).start()
        return "answered"
    if kind == "big":  # an answer far longer than a pipe's buffer
        return "x" * value
    if kind == "helper":  # leaves a helper in our group that holds every pipe we hold
        return _helper(new_session=False).pid
    if kind == "escapee-and-die":  # a helper in a session of its own holds our pipes; we die
        report(_helper(new_session=True).pid)
        time.sleep(0.2)
        os._exit(value)
    raise AssertionError(f"unknown request {kind}")


def _flood(size: int, done: str | None = None) -> None:
    """Write ``size`` bytes of warning lines to stderr (as a chatty plugin would); then,
    when ``done`` names a file, create it."""
    line = "warning: " + "w" * 90 + "\n"
    for _ in range(size // len(line)):
        sys.stderr.write(line)
    sys.stderr.flush()
    if done is not None:
        with open(done, "w") as file:
            file.write("flooded\n")


def _helper(new_session: bool) -> subprocess.Popen[bytes]:
    """``sleep 1000`` holding every descriptor we have open (the protocol's pipes too)."""
    for name in os.listdir("/proc/self/fd"):
        try:
            os.set_inheritable(int(name), True)
        except OSError:
            pass
    return subprocess.Popen(["sleep", "1000"], close_fds=False, start_new_session=new_session)


def ready_at_once() -> Callable[..., Any]:
    return _handle


def slow_to_start() -> Callable[..., Any]:
    time.sleep(60)
    return _handle


def dies_while_starting() -> Callable[..., Any]:
    os._exit(3)
