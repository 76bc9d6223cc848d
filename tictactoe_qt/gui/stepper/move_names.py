"""How the stepper names moves for people: the one place to point at the program's convention.

Board moves read ``row 2, column 3`` (counted from 1, as the board's accessible
names count); tree moves read ``child 2`` (also from 1). The JSON events keep the
engine's 0-based ``[row, col]`` and child indices, as ``trace --json`` prints them.
"""

from __future__ import annotations

from typing import Any


def step_text(step: Any) -> str:
    """``"row 2, column 3"`` for the board step ``(1, 2)``; ``"child 2"`` for the tree step 1."""
    if isinstance(step, (tuple, list)):
        row, col = step
        return f"row {row + 1}, column {col + 1}"
    return f"child {step + 1}"


def step_short(step: Any) -> str:
    """A compact label for an edge of the drawn tree: ``r2c3`` or ``2``."""
    if isinstance(step, (tuple, list)):
        row, col = step
        return f"r{row + 1}c{col + 1}"
    return str(step + 1)


def path_text(steps: list[Any]) -> str:
    """The path from the root in words, e.g. ``row 2, column 2 → row 1, column 1``."""
    return " → ".join(step_text(step) for step in steps) if steps else "the root"
