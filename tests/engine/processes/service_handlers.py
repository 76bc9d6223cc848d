"""Handlers for the service tests (imported by the spawned children: no Qt, no pytest)."""

from __future__ import annotations

import os
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
    raise AssertionError(f"unknown request {kind}")


def ready_at_once() -> Callable[..., Any]:
    return _handle


def slow_to_start() -> Callable[..., Any]:
    time.sleep(60)
    return _handle


def dies_while_starting() -> Callable[..., Any]:
    os._exit(3)
