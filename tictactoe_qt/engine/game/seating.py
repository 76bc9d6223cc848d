"""Which mark moves first: the one owner of the mapping between marks and engine sides.

A *mark* (``"x"`` or ``"o"``) names a player the way the user chose it: the
seat, the symbol on the board, the ``--x``/``--o`` player of a batch. The
:class:`~tictactoe_qt.engine.game.board.Board` knows no marks of its own: it
always moves its side ``0`` first (and calls that side ``"x"`` in
``Board.turn``, ``Board.winner`` and ``Outcome.winner``). A :class:`Seating`
says which mark plays which side in one game, so results, counts, labels and
files all speak of marks. Nothing else translates.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from .board import MARKS, Mark

T = TypeVar("T")


@dataclass(frozen=True)
class Seating:
    """The mark that moves first in one game, and what follows from it.

    ``Seating("o")`` is a game that O's player starts: O plays the board's
    side 0, its moves are the even plies, and the board's ``"x"`` winner is O.
    """

    first: Mark = "x"

    def __post_init__(self) -> None:
        if self.first not in MARKS:
            raise ValueError(f"the first mover must be 'x' or 'o', got {self.first!r}")

    @classmethod
    def of(cls, first: str) -> Seating:
        """The shared seating with ``first`` moving first (no allocation per game).

        Raises:
            ValueError: ``first`` is not ``"x"`` or ``"o"``.
        """
        if first == "x":
            return X_FIRST
        if first == "o":
            return O_FIRST
        raise ValueError(f"the first mover must be 'x' or 'o', got {first!r}")

    @classmethod
    def of_game(cls, first: Mark, swap: bool, index: int) -> Seating:
        """Game ``index`` of a batch: ``first`` starts, or, with ``swap``, the even games only."""
        if swap and index & 1:
            return O_FIRST if first == "x" else X_FIRST
        return cls.of(first)

    @property
    def second(self) -> Mark:
        return "o" if self.first == "x" else "x"

    @property
    def swapped(self) -> bool:
        """True when O moves first (the board's side 0 is O's player)."""
        return self.first == "o"

    # -- board side <-> mark -------------------------------------------------
    def mark_of_side(self, side: int) -> Mark:
        """The mark that plays the board's side ``side`` (0 moves first)."""
        return self.first if side == 0 else self.second

    def side_of(self, mark: Mark) -> int:
        """The board side that ``mark`` plays (0 moves first)."""
        return 0 if mark == self.first else 1

    def mark_of(self, board_mark: Mark | None) -> Mark | None:
        """The mark behind one of the board's own ``"x"``/``"o"`` (a winner, a turn)."""
        if board_mark is None:
            return None
        return self.first if board_mark == "x" else self.second

    def board_mark(self, mark: Mark) -> Mark:
        """The board's name (``"x"`` for side 0) of the side that ``mark`` plays."""
        return "x" if mark == self.first else "o"

    # -- per-ply sequences ---------------------------------------------------
    def plies(self, mark: Mark) -> slice:
        """The slice of a per-ply sequence (times, nodes, moves) holding ``mark``'s moves."""
        return slice(self.side_of(mark), None, 2)

    def moves(self, mark: Mark, length: int) -> int:
        """How many moves ``mark`` made in a game of ``length`` plies."""
        return (length + 1) // 2 if mark == self.first else length // 2

    def in_play_order(self, x_value: T, o_value: T) -> tuple[T, T]:
        """X's and O's values reordered as (first mover's, second mover's)."""
        return (x_value, o_value) if self.first == "x" else (o_value, x_value)

    def by_mark(self, first_value: T, second_value: T) -> tuple[T, T]:
        """The first and second mover's values reordered as (X's, O's)."""
        return (first_value, second_value) if self.first == "x" else (second_value, first_value)


X_FIRST = Seating("x")
O_FIRST = Seating("o")
