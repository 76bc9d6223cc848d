"""The example plugin packages, installed the way pip does, and the CLI run against them."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

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
