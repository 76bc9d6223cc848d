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
