"""Fixtures shared by the command-line tests."""

from __future__ import annotations

import functools
from collections.abc import Callable
from types import SimpleNamespace

import pytest

from .in_process import run_in_process


@pytest.fixture
def run_main(capsys: pytest.CaptureFixture[str]) -> Callable[..., SimpleNamespace]:
    """Run ``tictactoe-qt ARGV`` in this process (see :func:`.in_process.run_in_process`)."""
    return functools.partial(run_in_process, capsys)
