"""How texts name the board's two sides: by the players' marks, as the user chose them.

The :class:`~tictactoe_qt.engine.game.board.Board` calls the side that moves first
``"x"`` and the other ``"o"``. A value such as "O wins in 6 plies", a badge
``O6``, "Now: X to move", a heuristic score "for X" or an alpha-beta window
names a *player*, so every such text asks a :class:`SideNames`: the game's
:class:`~tictactoe_qt.engine.game.seating.Seating` (the one owner of mark<->side)
says which player plays a side, and the player's mark says how to write it.
The default, :data:`BOARD_NAMES`, is X first with the marks "X" and "O": the
board's own names, which is what the command line shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..game.board import Board, Mark
from ..game.seating import X_FIRST, Seating


@dataclass(frozen=True)
class SideNames:
    """The seating of one game and how its two players are written.

    Attributes:
        seating: which mark moves first (plays the board's ``"x"``).
        x: how X's player is written: its chosen mark, ``"X"`` by default.
        o: how O's player is written.
    """

    seating: Seating = X_FIRST
    x: str = "X"
    o: str = "O"

    @classmethod
    def of(cls, seating: Seating, marks: Mapping[str, str] | None = None) -> SideNames:
        """Names for ``seating`` with the players' ``marks`` (``{"x": "🐶"}``; missing ones are X/O)."""
        marks = marks or {}
        return cls(seating, marks.get("x") or "X", marks.get("o") or "O")

    def mark(self, board_mark: str) -> Mark:
        """The player (``"x"``/``"o"``, the seat) who plays the board's side ``board_mark``."""
        return self.seating.first if board_mark == "x" else self.seating.second

    def mark_of_side(self, side: int) -> Mark:
        """The player who plays the board's side ``side`` (0 moves first)."""
        return self.seating.mark_of_side(side)

    def name_of_mark(self, mark: str) -> str:
        """How the player ``mark`` (a seat) is written: ``"X"``, ``"🐶"``."""
        return self.x if mark == "x" else self.o

    def name(self, board_mark: str) -> str:
        """How the player of the board's side ``board_mark`` is written."""
        return self.name_of_mark(self.mark(board_mark))

    def name_of_side(self, side: int) -> str:
        """How the player of the board's side ``side`` (0 moves first) is written."""
        return self.name_of_mark(self.mark_of_side(side))


def board_text(board: Board, names: SideNames) -> str:
    """The position for people, one line per row: each stone as its player's name,
    an empty cell as ``.`` (``"O . .\n. X .\n. . ."``). Not the board notation,
    which names the board's sides and stays the machine format."""
    return "\n".join(
        " ".join("." if cell == "." else names.name(cell) for cell in row) for row in board.notation().split("/")
    )


#: The board's own names: X moves first, written "X" and "O".
BOARD_NAMES = SideNames()
