"""Functions the client runs on every worker before a batch (shipped by value).

They are sent as code, not as a reference to this module, so they also run
on a worker that lacks tictactoe-qt and report that instead of failing to load.
"""

from __future__ import annotations

import os
import shutil


def installed_version() -> str | None:
    """This worker's tictactoe-qt version, or ``None`` when it cannot import it."""
    try:
        import tictactoe_qt
    except ImportError:
        return None
    return str(tictactoe_qt.__version__)


def missing_programs(paths: list[str]) -> list[str]:
    """Of ``paths`` (engine programs), the ones this worker cannot run."""
    missing = []
    for path in paths:
        found = shutil.which(path) if os.sep not in path else path
        if not found or not os.access(found, os.X_OK):
            missing.append(path)
    return missing


def missing_plugins(names: list[str], group: str) -> list[str]:
    """Of ``names`` (plugin players), the ones not installed on this worker (entry points of ``group``)."""
    from importlib.metadata import entry_points

    installed = {point.name for point in entry_points(group=group)}
    return [name for name in names if name not in installed]
