"""Children for the process layer's tests, and a check that none is left behind."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest

from tests.gomocup.processes import group_gone
from tictactoe_qt.engine.processes import Child, Service

from .service_handlers import ready_at_once
from .service_steps import our_servers

FAKE_CHILD = Path(__file__).with_name("fake_child.py")


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


@pytest.fixture
def make_child():
    """``make_child(factory)`` makes a :class:`Service`; each is killed, and none left, at the end."""
    children: list[Service] = []

    def make(factory=ready_at_once) -> Service:
        child = Service("test", factory)
        children.append(child)
        return child

    yield make
    for child in children:
        child.kill()
        assert not child.is_running
    assert our_servers() == [], "a service child outlived its test"
