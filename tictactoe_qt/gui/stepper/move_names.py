"""How the stepper names moves for people, in the program's one convention.

Board moves read ``row 2, column 3`` (:mod:`tictactoe_qt.engine.game.coordinates`
owns that, and tree children's numbers too); tree moves read ``child 2`` (also from 1). The JSON events keep the
engine's 0-based ``[row, col]`` and child indices, as ``trace --json`` prints them.
"""

from __future__ import annotations

from typing import Any

from tictactoe_qt.engine.game import cell_text, child_text, short_cell_text, short_child_text


def step_text(step: Any) -> str:
    """``"row 2, column 3"`` for the board step ``(1, 2)``; ``"child 2"`` for the tree step 1."""
    if isinstance(step, (tuple, list)):
        return cell_text(*step)
    return child_text(step)


def step_short(step: Any) -> str:
    """A compact label for an edge of the drawn tree: ``r2c3`` or ``2``."""
    if isinstance(step, (tuple, list)):
        return short_cell_text(*step)
    return short_child_text(step)


def path_text(steps: list[Any]) -> str:
    """The path from the root in words, e.g. ``row 2, column 2 → row 1, column 1``."""
    return " → ".join(step_text(step) for step in steps) if steps else "the root"
