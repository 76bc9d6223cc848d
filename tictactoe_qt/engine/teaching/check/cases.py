"""What a student's search is checked on: a position or an exercise tree, and the suite."""

from __future__ import annotations

from dataclasses import dataclass

from ...game.board import Board
from ..trace.tree_text import Tree, parse_tree

#: Positions met in real games on 3x3 (X moved first), the side to move is MAX.
GAME_POSITIONS = (
    "x../.../...",
    ".../.x./...",
    "x../.../..o",
    "x../.o./...",
    ".x./.o./...",
    "x../.o./..x",
    "o../.x./..x",
    "x.o/.x./...",
    "xox/.o./...",
    "x.o/.x./o..",
    "xo./ox./...",
    "xxo/oo./x..",
)
#: Textbook exercise trees: the standard textbook's own, then two three-level trees on
#: which textbook alpha-beta, strict pruning, a restarted root window and no pruning
#: each visit different nodes (on the first, the last two look alike).
EXERCISE_TREES = ("[[3,12,8],[2,4,6],[14,5,2]]", "[[[2,7],[9,4]],[[7,3],[7,9]]]", "[[[6,7],[7,8]],[[1,4],[4,9]]]")


@dataclass(frozen=True)
class Case:
    """One position (``board`` notation, an optional ``depth`` limit) or one ``tree``."""

    board: str | None = None
    tree: str | None = None
    depth: int | None = None
    k: int | None = None

    @property
    def name(self) -> str:
        """How reports name the case: the board's notation or the tree's text."""
        if self.tree is not None:
            return self.tree
        name = self.board or ""
        return name if self.depth is None else f"{name} depth {self.depth}"

    def position(self) -> Board:
        """The board (only for a board case).

        Raises:
            ValueError: the notation cannot be read.
        """
        assert self.board is not None
        return Board.from_notation(self.board, self.k)

    def parsed_tree(self) -> list[Tree]:
        """The tree (only for a tree case).

        Raises:
            TreeTextError: the text is not a tree.
        """
        assert self.tree is not None
        return parse_tree(self.tree)


def suite(depth: int | None = None) -> list[Case]:
    """The empty board, a dozen positions from real games, and the exercise trees."""
    boards = [Case(board=".../.../...", depth=depth)]
    boards += [Case(board=notation, depth=depth) for notation in GAME_POSITIONS]
    return boards + [Case(tree=text) for text in EXERCISE_TREES]
