"""Run the command line in the test process, for tests about a command's words."""

from __future__ import annotations

import contextlib
import io
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


def run_in_encoding(encoding: str, *argv: str) -> SimpleNamespace:
    """``tictactoe-qt ARGV`` run here, its stdout and stderr text streams in ``encoding``.

    The streams are what Python opens for ``PYTHONIOENCODING=ENCODING`` on a pipe
    (strict errors); ``stdout`` and ``stderr`` are the bytes written to them.
    """
    out, err = (io.TextIOWrapper(io.BytesIO(), encoding=encoding, errors="strict") for _ in range(2))
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
        out.flush()
        err.flush()
    return SimpleNamespace(returncode=status, stdout=out.buffer.getvalue(), stderr=err.buffer.getvalue())
