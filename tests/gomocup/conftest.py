"""Fake Gomocup brains as executable programs, the way a user points at an engine."""

from __future__ import annotations

import stat
import sys
from pathlib import Path

import pytest

from tictactoe_qt.engine.gomocup.client import ExternalEngine

FAKE_BRAIN = Path(__file__).with_name("fake_brain.py")


@pytest.fixture
def fake_engine(tmp_path):
    """``fake_engine(mode)``: the path of an executable that runs the fake brain in ``mode``.

    The brain gets that path as an extra argument, so tests can find it in /proc.
    """

    def make(mode: str = "good") -> str:
        program = tmp_path / f"pbrain-fake-{mode}"
        program.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{FAKE_BRAIN}" {mode} "{program}"\n')
        program.chmod(program.stat().st_mode | stat.S_IXUSR)
        return str(program)

    return make


@pytest.fixture
def engines():
    """A list for the engines a test starts; each is closed at the end."""
    started: list[ExternalEngine] = []
    yield started
    for engine in started:
        engine.close()
