"""Fake Gomocup brains as executable programs, the way a user points at an engine."""

from __future__ import annotations

import os
import signal
import stat
import sys
import time
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


#: Engines that go as soon as they start, written as the shell wrappers people use.
VANISHING = {
    # A wrapper whose engine is missing: the shell says so on stderr and exits 127.
    "missing": '#!/bin/sh\nexec "$0-engine" "$@"\n',
    # Reads our first line, leaves a helper holding its stdout, and exits.
    "forker": '#!/bin/sh\necho $$ >> "$0.pgid"\nread line\nsleep 1000 &\nexit 0\n',
}


def group_members(pgid: int) -> list[int]:
    """Live (not zombie) processes in process group ``pgid``, read from /proc."""
    members = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat_file:
                    fields = stat_file.read().rsplit(")", 1)[-1].split()
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
def vanishing_engine(tmp_path):
    """``vanishing_engine(kind)``: the path of a :data:`VANISHING` engine.

    Each run of a ``forker`` adds its process group to ``PATH.pgid`` (see
    :func:`forker_groups`); whatever of them is left at the end is killed (the
    test asserts none was).
    """
    made: list[Path] = []

    def make(kind: str) -> str:
        program = tmp_path / f"pbrain-{kind}"
        program.write_text(VANISHING[kind])
        program.chmod(program.stat().st_mode | stat.S_IXUSR)
        made.append(program)
        return str(program)

    yield make
    for program in made:
        for pgid in forker_groups(str(program)):
            for pid in group_members(pgid):
                os.kill(pid, signal.SIGKILL)


def forker_groups(path: str) -> list[int]:
    """The process groups of every run of the ``forker`` engine at ``path``."""
    try:
        with open(path + ".pgid") as pgid_file:
            return [int(line) for line in pgid_file.read().split()]
    except FileNotFoundError:
        return []


@pytest.fixture
def engines():
    """A list for the engines a test starts; each is closed at the end."""
    started: list[ExternalEngine] = []
    yield started
    for engine in started:
        engine.close()
