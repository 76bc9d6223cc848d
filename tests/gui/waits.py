"""How long GUI tests wait for something that should happen soon."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QApplication

#: Milliseconds before a wait for an answer, a move or a signal is called a hang.
#: Only a hang takes this long. On a loaded machine starting the engine process
#: can take seconds, and the analysis children run at niceness 10: a 9x9 tree's
#: rows took 18.6 s at load 6 (0.3 s idle). A tighter limit fails on the
#: machine, not the code; a pass is a pass whenever the answer comes.
HANG_MS = 60_000
#: Wall-clock budget for the exact answers a test compares the window with: solved
#: small boards end in milliseconds, so only a starved machine ever uses it, and a
#: short budget there left cells unknown (the test then failed, not the code).
SOLVE_BUDGET_SECONDS = 60.0


def wait_for_engine(window: object, timeout: float = HANG_MS / 1000) -> bool:
    """Block until the window's engine process is ready, as it is a moment after launch."""
    return bool(window.controller._search.worker.engine.wait_until_ready(timeout))  # type: ignore[attr-defined]


def settled(qtbot: Any, snapshot: Callable[[], object], passes: int = 1) -> Any:
    """``snapshot()`` once the layout stopped changing: the same after ``passes`` event-loop
    turns in a row, each with every posted event (layout requests, resizes) delivered.

    A fixed pause (``qtbot.wait(50)``) is a guess about the machine's speed: under load the
    layout pass had not run yet and a test saw a move that was only late.
    """
    seen: list[object] = []

    def still() -> bool:
        QApplication.sendPostedEvents()
        seen.append(snapshot())
        return len(seen) > passes and all(shot == seen[-1] for shot in seen[-passes - 1 :])

    qtbot.waitUntil(still, timeout=HANG_MS)
    return seen[-1]
