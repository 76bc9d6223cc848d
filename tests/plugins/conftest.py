"""The example plugin packages, installed the way pip does, and the CLI run against them."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from types import SimpleNamespace

import pytest

from tests.cli.in_process import run_in_process
from tictactoe_qt.engine.players import discovered_plugins

from .installed import install_plugins


@pytest.fixture(scope="session")
def plugin_path(tmp_path_factory) -> str:
    """A ``PYTHONPATH`` on which the example plugins are installed."""
    return install_plugins(tmp_path_factory.mktemp("site"))


@pytest.fixture
def cli(plugin_path):
    """``cli(*args)``: run ``tictactoe-qt`` in a subprocess that sees the plugins."""

    def run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        env = dict(os.environ, PYTHONPATH=plugin_path)
        env.pop("TICTACTOE_QT_ENGINE_LOG", None)
        return subprocess.run(
            [sys.executable, "-m", "tictactoe_qt", *args], capture_output=True, text=True, env=env, timeout=timeout
        )

    return run


@pytest.fixture
def cli_seeing(monkeypatch, capsys) -> Iterator[Callable[..., SimpleNamespace]]:
    """``cli_seeing(pythonpath, *args)``: ``tictactoe-qt ARGS`` run in this process, seeing
    the plugins installed on ``pythonpath``.

    For tests of what a command does with a plugin, not of its own process: the
    plugins still load and play in their hosts, children started with this path.
    """
    original = list(sys.path)
    monkeypatch.delenv("TICTACTOE_QT_ENGINE_LOG", raising=False)

    def run(pythonpath: str, *args: str) -> SimpleNamespace:
        monkeypatch.setattr(sys, "path", [*pythonpath.split(os.pathsep), *original])
        discovered_plugins.cache_clear()  # found again on this path
        return run_in_process(capsys, *args)

    yield run
    discovered_plugins.cache_clear()  # and forgotten after


@pytest.fixture
def cli_here(plugin_path, cli_seeing) -> Callable[..., SimpleNamespace]:
    """``cli_here(*args)``: :func:`cli_seeing` with the example plugins."""
    return functools.partial(cli_seeing, plugin_path)
