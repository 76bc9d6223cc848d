"""What a traced search searches: a real board, or a textbook tree.

Both offer the same small API (:class:`SearchSpace`), so each algorithm is written
once. Values are from the MAX player's point of view (the side to move at the
root, or the tree's root player), as AIMA's ``UTILITY(s, MAX)``; the negamax form
turns them to the side to move's view itself. Depths count plies from the root,
and MAX moves at even depths.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, Protocol, TypeVar

from ...game.board import Board
from ...game.geometry import iter_bits
from ...players.textbook_options import TextbookOptions
from ...search.evaluation import open_lines_score
from ...search_result import WIN_SCORE
from ...text.value_notation import game_over_text
from .tree_text import Tree

#: One step of a path: ``[row, col]`` on a board, a child index in a tree.
PathStep = list[int] | int
Value = int | float
#: ``("utility", value)`` at the end of a game or tree, ``("evaluation", value)``
#: at the depth limit.
Leaf = tuple[str, Value]

S = TypeVar("S")
M = TypeVar("M")


class SearchSpace(Protocol, Generic[S, M]):
    """The tree a traced search walks."""

    root: S

    def leaf(self, state: S, depth: int) -> Leaf | None:
        """The node's value if the search stops here, else ``None``."""

    def moves(self, state: S, depth: int, preferred: M | None) -> list[M]:
        """The moves in the order the options ask for; ``preferred`` (a table's move) first."""

    def child(self, state: S, move: M) -> S:
        """The node ``move`` leads to."""

    def step(self, move: M) -> PathStep:
        """``move`` as a path step."""

    def key(self, state: S) -> Hashable:
        """A transposition-table key for the node."""

    def best_possible(self, depth: int) -> Value:
        """The most the side to move at ``depth`` can score (its own view): a win next move."""


#: A board node: (MAX's cells, MIN's cells, the cell just played or -1 at the root,
#: whether MAX is to move).
BoardState = tuple[int, int, int, bool]


class BoardSpace:
    """The game tree below a real position; the side to move there is MAX.

    ``cell_order`` (with ordering ``none``) tries moves in that fixed order instead:
    the engine's minimax player breaks ties centre, corners, edges this way.

    Raises:
        ValueError: the game on ``board`` is already over.
    """

    def __init__(
        self,
        board: Board,
        options: TextbookOptions,
        depth: int | None = None,
        cell_order: tuple[int, ...] | None = None,
    ) -> None:
        if board.is_game_over():
            raise ValueError(game_over_text(board.notation(), board.status))
        self.board = board.copy()
        self.options = options
        self.depth_limit = depth
        self.geometry = board.geometry
        self.root: BoardState = (board.bits[board.side], board.bits[1 - board.side], -1, True)
        self._cols = self.geometry.cols
        self._win = 1 if options.scoring == "textbook" else WIN_SCORE
        self._distance = options.scoring == "distance"
        self._centre = self.geometry.centre_order
        self._ordering = options.ordering
        if cell_order is not None and options.ordering != "none":
            raise ValueError(f"a fixed cell order replaces the ordering option; got ordering {options.ordering!r}")
        self._cell_order = cell_order

        # The search calls leaf and moves at every node: they are closures over
        # local tables, set per instance, so each call costs as little as Python allows.
        self.leaf = self._leaf_function()
        self.moves = self._moves_function()

    def _leaf_function(self) -> Callable[[BoardState, int], Leaf | None]:
        line_masks, full = self.geometry.cell_line_masks, self.geometry.full
        geometry, limit = self.geometry, self.depth_limit
        win, distance = self._win, self._distance
        zero = self.options.evaluation == "zero"

        def leaf(state: BoardState, depth: int) -> Leaf | None:
            max_bits, min_bits, last, max_to_move = state
            if last >= 0:
                mover = min_bits if max_to_move else max_bits
                for mask in line_masks[last]:
                    if mover & mask == mask:
                        score = win - depth if distance else win
                        return ("utility", -score if max_to_move else score)
                if max_bits | min_bits == full:
                    return ("utility", 0)
            if limit is not None and depth >= limit:
                return ("evaluation", 0 if zero else open_lines_score(geometry, max_bits, min_bits))
            return None

        return leaf

    def _moves_function(self) -> Callable[[BoardState, int, int | None], list[int]]:
        full, ordering = self.geometry.full, self._ordering
        fixed = self._cell_order
        centre = self._centre if fixed is None else fixed
        wins_with = self.geometry.wins_with

        def reading(state: BoardState, depth: int, preferred: int | None) -> list[int]:
            return iter_bits(full & ~(state[0] | state[1]))

        def centre_first(state: BoardState, depth: int, preferred: int | None) -> list[int]:
            empty = full & ~(state[0] | state[1])
            return [cell for cell in centre if empty >> cell & 1]

        def wins_first(state: BoardState, depth: int, preferred: int | None) -> list[int]:
            max_bits, min_bits, _, max_to_move = state
            cells = iter_bits(full & ~(max_bits | min_bits))
            mover, opponent = (max_bits, min_bits) if max_to_move else (min_bits, max_bits)
            wins = [c for c in cells if wins_with(mover | 1 << c, c)]
            blocks = [c for c in cells if wins_with(opponent | 1 << c, c) and c not in wins]
            if not wins and not blocks:
                return cells
            first = set(wins) | set(blocks)
            return wins + blocks + [c for c in cells if c not in first]

        def table_first(state: BoardState, depth: int, preferred: int | None) -> list[int]:
            cells = iter_bits(full & ~(state[0] | state[1]))
            if preferred is not None:
                cells.remove(preferred)
                cells.insert(0, preferred)
            return cells

        if fixed is not None:
            return centre_first  # in the fixed order
        return {"none": reading, "centre": centre_first, "wins": wins_first, "table": table_first}[ordering]

    def child(self, state: BoardState, move: int) -> BoardState:
        max_bits, min_bits, _, max_to_move = state
        if max_to_move:
            return (max_bits | 1 << move, min_bits, move, False)
        return (max_bits, min_bits | 1 << move, move, True)

    def step(self, move: int) -> list[int]:
        return [move // self._cols, move % self._cols]

    def key(self, state: BoardState) -> Hashable:
        return state[0], state[1]

    def best_possible(self, depth: int) -> Value:
        return self._win - depth - 1 if self._distance else self._win


class TreeSpace:
    """A textbook tree: lists alternate MAX and MIN levels from a MAX root, numbers are leaves."""

    def __init__(self, tree: list[Tree]) -> None:
        self.root: Tree = tree

    def leaf(self, state: Tree, depth: int) -> Leaf | None:
        return None if isinstance(state, list) else ("utility", state)

    def moves(self, state: Tree, depth: int, preferred: int | None) -> list[int]:
        assert isinstance(state, list)
        return list(range(len(state)))

    def child(self, state: Tree, move: int) -> Tree:
        assert isinstance(state, list)
        return state[move]

    def step(self, move: int) -> int:
        return move

    def key(self, state: Tree) -> Hashable:
        return id(state)

    def best_possible(self, depth: int) -> Value:
        return float("inf")  # a tree's leaves may hold any number
