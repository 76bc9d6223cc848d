"""How cells are named for people: ``row 2, column 3``, counted from 1.

The one owner of coordinate text, and of how a textbook tree's children are
numbered for people: ``child 2``, also from 1. The window, the command line's text output
and README all name cells this way. Machine formats keep the engine's 0-based
indices: :class:`~tictactoe_qt.engine.game.board.Move`, the JSON ``[row, col]``
pairs of ``analyze``/``search`` and the ``moves`` of saved games, and
``Move.parse("r,c")``, and the child indices of ``trace --json``. Wherever such
raw indices are shown, the base is named.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

#: The number people give the first row and the first column.
FIRST = 1
#: Says which base the engine's own ``[row, col]`` pairs use (JSON, saved games).
RAW_BASE_NOTE = "[row, col], counted from 0"


class Cell(Protocol):
    """A 0-based ``(row, col)`` cell, such as a :class:`~tictactoe_qt.engine.game.board.Move`.

    A protocol rather than ``Move`` itself, so that the board can name cells in its
    errors without this module importing the board back.
    """

    @property
    def row(self) -> int: ...

    @property
    def col(self) -> int: ...


def row_number(row: int) -> int:
    """The row as people count it (the engine's row 0 is row 1)."""
    return row + FIRST


def column_number(col: int) -> int:
    """The column as people count it (the engine's column 0 is column 1)."""
    return col + FIRST


def cell_text(row: int, col: int) -> str:
    """``"row 2, column 3"`` for the engine's ``(1, 2)``."""
    return f"row {row_number(row)}, column {column_number(col)}"


def short_cell_text(row: int, col: int) -> str:
    """``"r2c3"`` for the engine's ``(1, 2)``: the compact form for long lines of play."""
    return f"r{row_number(row)}c{column_number(col)}"


def move_text(move: Cell) -> str:
    """``"row 2, column 3"`` for ``Move(1, 2)``."""
    return cell_text(move.row, move.col)


def line_text(moves: Iterable[Cell]) -> str:
    """A sequence of moves, e.g. a principal variation: ``"r2c2 r1c3"``.

    Compact, for long lines of play; the same 1-based numbers as :func:`cell_text`.
    """
    return " ".join(short_cell_text(m.row, m.col) for m in moves)


def child_number(index: int) -> int:
    """A textbook tree's child as people count it (the engine's child 0 is child 1)."""
    return index + FIRST


def child_text(index: int) -> str:
    """``"child 2"`` for the engine's child index 1."""
    return f"child {child_number(index)}"


def short_child_text(index: int) -> str:
    """``"2"`` for the engine's child index 1: the compact form for paths and drawn edges."""
    return str(child_number(index))


def child_path_text(path: Iterable[int]) -> str:
    """A path of children from a tree's root, compact: ``"1 > 2"`` (the first child's second)."""
    return " > ".join(short_child_text(index) for index in path)
