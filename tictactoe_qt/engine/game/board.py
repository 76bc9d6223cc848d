"""The position: a mutable board with ``push``/``pop``, plus its small value types.

Two paths change a board. The checked path (:meth:`Board.push`) validates and
raises :class:`IllegalMoveError`; it is for users, files and the GUI. The fast
path (:meth:`Board.push_index`) trusts its caller; it is for searches.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..errors import IllegalMoveError, NotationError
from ..excerpt import excerpt
from .config import GameConfig
from .geometry import Geometry, geometry_for, iter_bits

Mark = Literal["x", "o"]
MARKS: tuple[Mark, Mark] = ("x", "o")


def other(mark: Mark) -> Mark:
    """The opponent of ``mark``."""
    return "o" if mark == "x" else "x"


@dataclass(frozen=True, order=True)
class Move:
    """A cell, 0-based ``(row, col)``."""

    row: int
    col: int

    def __repr__(self) -> str:
        return f"Move({self.row}, {self.col})"

    def index(self, cols: int) -> int:
        """The cell's bit index on a board ``cols`` wide."""
        return self.row * cols + self.col

    @classmethod
    def from_index(cls, index: int, cols: int) -> Move:
        """The move for bit ``index`` on a board ``cols`` wide."""
        return cls(*divmod(index, cols))

    @classmethod
    def parse(cls, text: str) -> Move:
        """Parse ``"r,c"`` (0-based).

        Raises:
            IllegalMoveError: the text is not two whole numbers.
        """
        parts = text.replace(" ", "").split(",")
        if len(parts) != 2 or not all(p.lstrip("-").isdigit() for p in parts):
            raise IllegalMoveError(f"a move looks like 'row,col' (0-based), got {excerpt(text)}")
        return cls(int(parts[0]), int(parts[1]))


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended. ``winner is None`` means a draw."""

    winner: Mark | None
    winning_line: tuple[Move, ...] = ()

    @property
    def result(self) -> str:
        """``"x"``, ``"o"`` or ``"draw"``."""
        return self.winner or "draw"


class Board:
    """An m,n,k-game position with its move history.

    ``bits[0]`` holds X's cells and ``bits[1]`` O's, as bitboards; see
    :mod:`tictactoe_qt.engine.game.geometry`.
    """

    __slots__ = ("config", "geometry", "bits", "history", "_winner_line")

    def __init__(self, config: GameConfig | None = None) -> None:
        self.config = config or GameConfig()
        self.geometry: Geometry = geometry_for(self.config)
        self.bits = [0, 0]
        self.history: list[int] = []
        self._winner_line: int | None = None  # index into geometry.lines, or None

    # -- reading -----------------------------------------------------------
    @property
    def turn(self) -> Mark:
        """Whose move it is (X when counts are equal)."""
        return MARKS[len(self.history) & 1]

    @property
    def side(self) -> int:
        """Index of the side to move: 0 for X, 1 for O."""
        return len(self.history) & 1

    @property
    def occupied(self) -> int:
        return self.bits[0] | self.bits[1]

    @property
    def empty(self) -> int:
        """Bitboard of empty cells."""
        return self.geometry.full & ~(self.bits[0] | self.bits[1])

    @property
    def ply(self) -> int:
        """How many moves have been played."""
        return len(self.history)

    def mark_at(self, row: int, col: int) -> Mark | None:
        """The mark on a cell, or ``None`` when it is empty."""
        bit = 1 << (row * self.config.cols + col)
        if self.bits[0] & bit:
            return "x"
        if self.bits[1] & bit:
            return "o"
        return None

    def winner(self) -> Mark | None:
        """The side that completed a line, if any."""
        if self._winner_line is None:
            return None
        return MARKS[(len(self.history) - 1) & 1]

    def winning_line(self) -> tuple[Move, ...]:
        """The cells of the completed line, or ``()``."""
        if self._winner_line is None:
            return ()
        cols = self.config.cols
        return tuple(Move.from_index(i, cols) for i in self.geometry.line_cells[self._winner_line])

    def is_full(self) -> bool:
        return self.occupied == self.geometry.full

    def is_game_over(self) -> bool:
        return self._winner_line is not None or self.occupied == self.geometry.full

    def outcome(self) -> Outcome | None:
        """The result once the game is over, else ``None``."""
        if self._winner_line is not None:
            return Outcome(self.winner(), self.winning_line())
        if self.occupied == self.geometry.full:
            return Outcome(None)
        return None

    @property
    def status(self) -> str:
        """``"ongoing"``, ``"x_won"``, ``"o_won"`` or ``"draw"``."""
        outcome = self.outcome()
        if outcome is None:
            return "ongoing"
        return f"{outcome.winner}_won" if outcome.winner else "draw"

    def legal_moves(self) -> list[Move]:
        """Empty cells in row-major order; none once the game is over."""
        if self._winner_line is not None:
            return []
        cols = self.config.cols
        return [Move.from_index(i, cols) for i in iter_bits(self.empty)]

    def legal_indices(self) -> list[int]:
        """Fast path: empty cell indices, row-major; none once the game is over."""
        if self._winner_line is not None:
            return []
        return iter_bits(self.empty)

    def is_legal(self, move: Move) -> bool:
        rows, cols = self.config.rows, self.config.cols
        if not (0 <= move.row < rows and 0 <= move.col < cols) or self.is_game_over():
            return False
        return not self.occupied >> (move.row * cols + move.col) & 1

    # -- changing ----------------------------------------------------------
    def push(self, move: Move | tuple[int, int]) -> None:
        """Checked path: play ``move`` for the side to move.

        Raises:
            IllegalMoveError: the cell is off the board or taken, or the game is over.
        """
        if not isinstance(move, Move):
            move = Move(*move)
        rows, cols = self.config.rows, self.config.cols
        if not (0 <= move.row < rows and 0 <= move.col < cols):
            raise IllegalMoveError(f"{move!r} is off the {rows}x{cols} board {self.notation()}")
        if self.is_game_over():
            raise IllegalMoveError(f"{move!r} comes after the game ended: {self.notation()}")
        if self.occupied >> move.index(cols) & 1:
            raise IllegalMoveError(f"{move!r} is already taken on {self.notation()}")
        self.push_index(move.index(cols))

    def push_index(self, index: int) -> None:
        """Fast path: play on cell ``index``, trusting that it is legal."""
        side = len(self.history) & 1
        bits = self.bits[side] | (1 << index)
        self.bits[side] = bits
        self.history.append(index)
        for line in self.geometry.cell_lines[index]:
            mask = self.geometry.lines[line]
            if bits & mask == mask:
                self._winner_line = line
                break

    def pop(self) -> Move:
        """Take back the last move and return it.

        Raises:
            IllegalMoveError: there is no move to take back.
        """
        if not self.history:
            raise IllegalMoveError("there is no move to take back")
        index = self.history.pop()
        self.bits[len(self.history) & 1] &= ~(1 << index)
        self._winner_line = None
        return Move.from_index(index, self.config.cols)

    def copy(self) -> Board:
        """An independent board with the same position and history."""
        board = Board.__new__(Board)
        board.config = self.config
        board.geometry = self.geometry
        board.bits = list(self.bits)
        board.history = list(self.history)
        board._winner_line = self._winner_line
        return board

    # -- notation ----------------------------------------------------------
    def notation(self) -> str:
        """Rows joined by ``/``, cells ``x``, ``o`` or ``.``: ``x.o/.x./..o``."""
        x, o = self.bits
        cols = self.config.cols
        rows = []
        for r in range(self.config.rows):
            row = []
            for c in range(cols):
                bit = 1 << (r * cols + c)
                row.append("x" if x & bit else "o" if o & bit else ".")
            rows.append("".join(row))
        return "/".join(rows)

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Board({self.notation()!r}, k={self.config.k})"

    def _repr_svg_(self) -> str:
        """The board as a picture, for notebooks (Jupyter shows it instead of the repr)."""
        from .board_picture import board_svg  # lazily: only notebooks draw

        return board_svg(self, self.config.rows, self.config.cols)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.config == other.config and self.bits == other.bits

    def __hash__(self) -> int:
        return hash((self.config, self.bits[0], self.bits[1]))

    @classmethod
    def from_notation(cls, text: str, k: int | None = None) -> Board:
        """Parse a board string (case-insensitive). ``k`` defaults to min(rows, cols).

        The move history is rebuilt in row-major order with the winning move
        last, so :meth:`winner` and :meth:`winning_line` work; use
        :meth:`push` for real histories.

        Raises:
            NotationError: the text is malformed or the position cannot arise in a game.
            InvalidConfigError: the size or ``k`` is impossible.
        """
        rows_text = text.strip().lower().split("/")
        if not rows_text or not rows_text[0]:
            raise NotationError(f"empty board string {excerpt(text)}")
        cols = len(rows_text[0])
        for number, row in enumerate(rows_text):
            if len(row) != cols:
                raise NotationError(
                    f"row {number + 1} of {excerpt(text)} has {len(row)} cells but row 1 has "
                    f"{cols}"  # rows counted from 1, as coordinates.cell_text counts them
                )
            for col, char in enumerate(row):
                if char not in "xo.":
                    from .coordinates import cell_text  # lazily: only on errors

                    raise NotationError(
                        f"unknown cell {excerpt(char)} at {cell_text(number, col)} of {excerpt(text)}; use x, o or ."
                    )
        rows = len(rows_text)
        if rows == 1:
            raise NotationError(f"{excerpt(text)} is one row; write the rows joined by '/', e.g. x.o/.x./..o")
        config = GameConfig(rows, cols, min(rows, cols) if k is None else k)
        cells = "".join(rows_text)
        x = sum(1 << i for i, ch in enumerate(cells) if ch == "x")
        o = sum(1 << i for i, ch in enumerate(cells) if ch == "o")
        nx, no = x.bit_count(), o.bit_count()
        if nx - no not in (0, 1):
            raise NotationError(f"{excerpt(text)} has {nx} x and {no} o; X moves first, so x must equal o or o + 1")
        geometry = geometry_for(config)
        x_lines, o_lines = geometry.full_lines(x), geometry.full_lines(o)
        if x_lines and o_lines:
            raise NotationError(f"both players have a line in {excerpt(text)}")
        last_mover_bits = x if nx > no else o
        winner_lines = x_lines or o_lines
        if winner_lines:
            winner_bits = x if x_lines else o
            if winner_bits != last_mover_bits:
                who = "x" if x_lines else "o"
                raise NotationError(f"{excerpt(text)} has play after {who} won (the counts show a later move)")
            common = winner_bits
            for line in winner_lines:
                common &= geometry.lines[line]
            if not common:
                raise NotationError(
                    f"{excerpt(text)} has play after a win: the lines cannot all come from the last move"
                )
        board = cls(config)
        # Rebuild a plausible history: alternate x and o, winning move last.
        last = (common & -common).bit_length() - 1 if winner_lines else None
        xs = [i for i in iter_bits(x) if i != last]
        os_ = [i for i in iter_bits(o) if i != last]
        if last is not None:
            (xs if winner_bits == x else os_).append(last)
        order: list[int] = []
        for i in range(max(len(xs), len(os_))):
            if i < len(xs):
                order.append(xs[i])
            if i < len(os_):
                order.append(os_[i])
        board.bits = [x, o]
        board.history = order
        if winner_lines:
            board._winner_line = winner_lines[0]
            for line in winner_lines:
                if last is not None and geometry.lines[line] >> last & 1:
                    board._winner_line = line
                    break
        return board
