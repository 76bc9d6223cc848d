"""Fake Gomocup brains as executable programs, the way a user points at an engine."""

from __future__ import annotations

import stat
import sys
from pathlib import Path

FAKE_BRAIN = Path(__file__).with_name("fake_brain.py")


def fake_engine_program(folder: Path, mode: str = "good") -> str:
    """The path of an executable in ``folder`` that runs the fake brain in ``mode``.

    The brain gets that path as an extra argument, so tests can find it in /proc.
    """
    program = folder / f"pbrain-fake-{mode}"
    program.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{FAKE_BRAIN}" {mode} "{program}"\n')
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    return str(program)


#: Engines that go as soon as they start, written as the shell wrappers people use.
VANISHING = {
    # A wrapper whose engine is missing: the shell says so on stderr and exits 127.
    "missing": '#!/bin/sh\nexec "$0-engine" "$@"\n',
    # Reads our first line, leaves a helper holding its stdout, and exits.
    "forker": '#!/bin/sh\necho $$ >> "$0.pgid"\nread line\nsleep 1000 &\nexit 0\n',
}


def vanishing_engine_program(folder: Path, kind: str) -> Path:
    """The path of a :data:`VANISHING` engine of ``kind`` in ``folder``."""
    program = folder / f"pbrain-{kind}"
    program.write_text(VANISHING[kind])
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    return program


def forker_groups(path: str) -> list[int]:
    """The process groups of every run of the ``forker`` engine at ``path``."""
    try:
        with open(path + ".pgid") as pgid_file:
            return [int(line) for line in pgid_file.read().split()]
    except FileNotFoundError:
        return []
