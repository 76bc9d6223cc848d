"""Fixtures shared by the command-line tests."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace

import pytest

from tictactoe_qt.cli.main import main


@pytest.fixture
def run_main(capsys: pytest.CaptureFixture[str]) -> Callable[..., SimpleNamespace]:
    """Run ``tictactoe-qt ARGV`` in this process: its exit status, stdout and stderr.

    For tests about a command's words; where exit by signal, a real stdout's encoding
    or a process's lifetime is the point, the tests start a real process instead.
    """

    def run(*argv: str) -> SimpleNamespace:
        capsys.readouterr()  # nothing said before belongs to this run
        status = main(list(argv))
        out, err = capsys.readouterr()
        return SimpleNamespace(returncode=status, stdout=out, stderr=err)

    return run
