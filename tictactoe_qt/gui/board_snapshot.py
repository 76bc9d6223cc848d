"""What the board widget paints: a plain, immutable picture of one moment of a game.

The controller builds a snapshot from the engine board; the widget only paints
it and reports clicks. Cells hold the *player* letter (``"x"`` or ``"o"``, the
seats of the settings dock), which differs from the engine's side letter when
O moves first.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tictactoe_qt.engine.game import Board, Seating

Cell = tuple[int, int]


@dataclass(frozen=True)
class BoardSnapshot:
    """One frame of the board: marks, highlights and whether it takes input."""

    rows: int = 3
    cols: int = 3
    #: Row-major, ``"x"``, ``"o"`` or ``None`` per cell.
    cells: tuple[str | None, ...] = (None,) * 9
    #: The text each player draws ("X" and "O" are painted as vector marks).
    marks: dict[str, str] = field(default_factory=lambda: {"x": "X", "o": "O"})
    last_move: Cell | None = None
    winning_line: tuple[Cell, ...] = ()
    hint: Cell | None = None
    #: The player to move, or ``None`` when the game is over.
    to_move: str | None = "x"
    #: True when a human may click now.
    accepts_input: bool = True

    @classmethod
    def of_game(
        cls,
        board: Board,
        seating: Seating,
        marks: dict[str, str],
        to_move: str | None,
        accepts_input: bool,
        hint: Cell | None = None,
    ) -> BoardSnapshot:
        """The picture of ``board``, each side drawn as the seat ``seating`` gives it."""
        cols = board.config.cols
        first, second = seating.first, seating.second
        x_bits, o_bits = board.bits
        cells = tuple(
            first if x_bits >> i & 1 else second if o_bits >> i & 1 else None for i in range(board.config.cells)
        )
        return cls(
            rows=board.config.rows,
            cols=cols,
            cells=cells,
            marks=marks,
            last_move=divmod(board.history[-1], cols) if board.history else None,
            winning_line=tuple((m.row, m.col) for m in board.winning_line()),
            hint=hint,
            to_move=to_move,
            accepts_input=accepts_input,
        )

    def mark_at(self, row: int, col: int) -> str | None:
        """The player letter on a cell, or ``None``."""
        return self.cells[row * self.cols + col]

    def is_open(self, row: int, col: int) -> bool:
        """True when a human could play on this cell right now."""
        return self.accepts_input and self.mark_at(row, col) is None
