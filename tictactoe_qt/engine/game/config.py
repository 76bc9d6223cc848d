"""The rules of one m,n,k-game: board size and how many in a row win."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import InvalidConfigError
from ..excerpt import excerpt

#: The smallest and largest side of a board. 20 is Gomocup's freestyle board, the largest
#: any Gomocup rule set plays. Everything bounded by the board size (the CLI, the dock, the
#: brain, the engine client, game files, the search's packed fields) reads these.
MIN_SIZE = 3
MAX_SIZE = 20


@dataclass(frozen=True)
class GameConfig:
    """A rows x cols board where ``k`` marks in a row win. X always moves first."""

    rows: int = 3
    cols: int = 3
    k: int = 3

    def __post_init__(self) -> None:
        for name, value in (("rows", self.rows), ("cols", self.cols)):
            if not isinstance(value, int) or not MIN_SIZE <= value <= MAX_SIZE:
                raise InvalidConfigError(f"{name} must be a whole number from {MIN_SIZE} to {MAX_SIZE}, got {value!r}")
        longest = max(self.rows, self.cols)
        if not isinstance(self.k, int) or not MIN_SIZE <= self.k <= longest:
            raise InvalidConfigError(
                f"k must be from {MIN_SIZE} to {longest} on a {self.rows}x{self.cols} board, got {self.k!r}"
            )

    @property
    def cells(self) -> int:
        """How many cells the board has."""
        return self.rows * self.cols

    @property
    def size_text(self) -> str:
        """The size as ``RxC``."""
        return f"{self.rows}x{self.cols}"

    def __str__(self) -> str:
        return f"{self.rows}x{self.cols} k={self.k}"

    @classmethod
    def parse(cls, size: str, k: int | None = None) -> GameConfig:
        """Build a config from ``"R"`` or ``"RxC"``; ``k`` defaults to min(rows, cols).

        Raises:
            InvalidConfigError: the text is not a size, or the size or k is impossible.
        """
        match = re.fullmatch(r"\s*(\d+)\s*(?:[xX×]\s*(\d+))?\s*", size)
        if not match:
            raise InvalidConfigError(f"size must look like 3 or 3x4, got {excerpt(size)}")
        rows = int(match.group(1))
        cols = int(match.group(2)) if match.group(2) else rows
        return cls(rows, cols, min(rows, cols) if k is None else k)
