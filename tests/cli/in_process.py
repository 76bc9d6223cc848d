"""Run the command line in the test process, for tests about a command's words."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tictactoe_qt.cli.main import main


def run_in_process(capsys: pytest.CaptureFixture[str], *argv: str) -> SimpleNamespace:
    """``tictactoe-qt ARGV`` run here: its exit status, stdout and stderr.

    Where exit by signal, a real stdout's encoding or a process's lifetime is the
    point, the tests start a real process instead.
    """
    capsys.readouterr()  # nothing said before belongs to this run
    status = main(list(argv))
    out, err = capsys.readouterr()
    return SimpleNamespace(returncode=status, stdout=out, stderr=err)
