"""The engine is standard library only: importing all of it loads no Qt and no GUI."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

PROBE = """
import importlib, json, pkgutil, sys
import tictactoe_qt.engine as engine
names = [engine.__name__]
for info in pkgutil.walk_packages(engine.__path__, engine.__name__ + "."):
    importlib.import_module(info.name)
    names.append(info.name)
from tictactoe_qt.engine.players import make_player
for kind in ("random", "minimax", "alphabeta", "average", "perfect", "mcts"):
    make_player(kind, seed=1)
forbidden = sorted(
    name for name in sys.modules
    if name.split(".")[0] in ("PySide6", "shiboken6", "pyqtgraph", "PyQt5", "PyQt6")
    or name.startswith("tictactoe_qt.gui")
)
print(json.dumps({"imported": names, "forbidden": forbidden}))
"""


@pytest.fixture(scope="module")
def probe() -> dict[str, list[str]]:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_every_engine_module_was_imported(probe: dict[str, list[str]]) -> None:
    assert "tictactoe_qt.engine.search.minimax" in probe["imported"]
    assert "tictactoe_qt.engine.teaching.tree_facts" in probe["imported"]


def test_engine_imports_no_qt_and_no_gui(probe: dict[str, list[str]]) -> None:
    assert probe["forbidden"] == []
