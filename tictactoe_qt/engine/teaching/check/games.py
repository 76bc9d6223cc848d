"""Games in the standard AI textbook's interface (AIMA) that record what a search does.

A student's ``search(game, state) -> move`` sees only ``actions``, ``result``,
``terminal_test``, ``utility`` and ``to_move``, as course code written for the
textbook does. Each game keeps a :class:`CallRecord` of those calls:

* every ``result`` call is a node entered (the root is entered before the search starts);
* the first ``terminal_test`` that says True, or ``utility``, at a node is a leaf evaluated;
* the order of the record is the order of the calls.

Values are the textbook's: +1 a win for ``player``, 0 a draw, -1 a loss. At a
depth limit, ``utility`` of an unfinished position is the open-lines estimate
E(n) = M(n) - O(n) from ``player``'s view, as the textbook's ``eval_fn`` defaults
to ``utility``. Moves on a board are ``(row, col)`` counted from 0; in a tree,
child indices counted from 0.
"""

from __future__ import annotations

import operator
from array import array
from bisect import bisect_left
from typing import Any

from ...game.board import Board
from ...game.coordinates import cell_text
from ...search.evaluation import open_lines_score
from ..trace.tree_text import Tree

#: Default most nodes a student's search may enter before it is stopped.
DEFAULT_NODE_LIMIT = 2_000_000
UTILITY, EVALUATION = 0, 1
#: A state's winner before a game has worked it out.
UNKNOWN = -2
#: Boards of up to this many cells answer ``actions`` from memory (at most 2**16 sets of
#: taken cells, a few MB); larger ones work the moves out at each call.
KEPT_ACTIONS_CELLS = 16


class NodeLimitReached(BaseException):
    """The search entered more nodes than its limit (a BaseException, so ``except
    Exception`` in the student's code does not swallow it)."""


class CallRecord:
    """What a search did, compactly: node ``n`` (root 1) has ``parent[n]`` and ``step[n]``.

    ``events`` holds ``+n`` for "entered node n" and ``-n`` for "evaluated node n as
    a leaf"; ``leaf_values`` and ``leaf_kinds`` hold each leaf's value (the root
    player's view) and kind (:data:`UTILITY` or :data:`EVALUATION`), in order.
    """

    def __init__(self) -> None:
        self.parent = array("i", [0, 0])
        self.step = array("i", [0, 0])
        self.events = array("i", [1])
        self.leaf_values = array("d")
        self.leaf_kinds = array("b")
        self._leaf_done = bytearray(2)

    @property
    def nodes(self) -> int:
        """Nodes entered, the root included (as ``trace`` counts them)."""
        return len(self.parent) - 1

    def enter(self, parent: int, step: int) -> int:
        self.parent.append(parent)
        self.step.append(step)
        self._leaf_done.append(0)
        node = len(self.parent) - 1
        self.events.append(node)
        return node

    def leaf(self, node: int, value: float, kind: int) -> None:
        if not self._leaf_done[node]:
            self._leaf_done[node] = 1
            self.events.append(-node)
            self.leaf_values.append(value)
            self.leaf_kinds.append(kind)

    def path(self, node: int) -> list[int]:
        """The steps from the root to ``node``."""
        steps: list[int] = []
        while node > 1:
            steps.append(self.step[node])
            node = self.parent[node]
        return steps[::-1]


_RECORD_ARRAYS = {"parent": "i", "step": "i", "events": "i", "leaf_values": "d", "leaf_kinds": "b"}


def record_problem(record: object) -> str | None:
    """Why ``record`` is not a :class:`CallRecord` as the game kept it, or ``None``.

    The student's code runs in the same process as its game and can replace or
    change ``game.record``; a record that does not hold together cannot be counted.
    """
    if type(record) is not CallRecord:
        return "your search replaced game.record, so its nodes cannot be counted"
    fields = vars(record)
    for name, code in _RECORD_ARRAYS.items():
        value = fields.get(name)
        if type(value) is not array or value.typecode != code:
            return f"your search changed game.record.{name}, so its nodes cannot be counted"
    nodes = len(fields["parent"])
    events = fields["events"]
    ordered = sorted(events)  # the least code, the greatest and the leaves (codes below 0) in one go
    if (
        nodes < 2
        or len(fields["step"]) != nodes
        or len(fields["leaf_values"]) != len(fields["leaf_kinds"])
        or not events
        or events[0] != 1
        or ordered[-1] >= nodes
        or -ordered[0] >= nodes
        or bisect_left(ordered, 0) != len(fields["leaf_values"])
        or min(fields["parent"][2:], default=1) < 1
        or any(map(operator.ge, fields["parent"][2:], range(2, nodes)))
    ):
        return "your search changed game.record, so its nodes cannot be counted"
    return None


class BoardGameState:
    """A position: read it with the game's methods (``repr`` shows the board)."""

    __slots__ = ("x", "o", "last", "node", "ply", "_to_move", "_won")

    def __init__(self, x: int, o: int, last: int, node: int, ply: int, won: int = UNKNOWN) -> None:
        self.x, self.o, self.last, self.node, self.ply = x, o, last, node, ply
        # Worked out once, as a search asks for them at every node: the side to move (0 X,
        # 1 O) and the side that won (-1 none, UNKNOWN until the game works it out).
        self._to_move = (x.bit_count() - o.bit_count()) & 1
        self._won = won

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BoardGameState) and (self.x, self.o) == (other.x, other.o)

    def __hash__(self) -> int:
        return hash((self.x, self.o))

    def __repr__(self) -> str:
        return f"<state {self.x:#x}/{self.o:#x}>"


class BoardGame:
    """Tic-tac-toe (or any m,n,k-game) from ``board``, in the textbook interface.

    Attributes:
        initial: the position to search (the side to move there is MAX).
        depth_limit: plies below ``initial`` at which to stop and call ``utility``
            (``None``: search to the end of the game).
        record: what the search did so far.
    """

    def __init__(self, board: Board, depth_limit: int | None = None, node_limit: int = DEFAULT_NODE_LIMIT) -> None:
        self.board = board.copy()
        self.geometry = board.geometry
        self.cols = board.config.cols
        self.depth_limit = depth_limit
        self.node_limit = node_limit
        self.record = CallRecord()
        x, o = board.bits
        last = board.history[-1] if board.history else -1
        self.initial = BoardGameState(x, o, last, 1, 0)
        self._root_mark = "XO"[board.side]
        self._root_side = board.side
        self._first_ply = board.ply
        self._rows = board.config.rows
        self._full = self.geometry.full
        self._moves = [(cell // self.cols, cell % self.cols) for cell in range(self.geometry.cells)]
        # The moves ``actions`` hands out, by identity (they live as long as the game, so no
        # other object shares their id): read at once, where equality could be lied about.
        self._cell_of = {id(move): cell for cell, move in enumerate(self._moves)}
        self._empty: dict[int, tuple[tuple[int, int], ...]] = {}  # taken cells -> the moves left

    def actions(self, state: BoardGameState) -> list[tuple[int, int]]:
        """The empty cells as ``(row, col)`` from 0, in reading order; none once the game is over."""
        if self._winner(state) is not None:
            return []
        taken = state.x | state.o
        moves = self._empty.get(taken)
        if moves is None:
            moves = tuple(move for cell, move in enumerate(self._moves) if not taken >> cell & 1)
            if len(self._moves) <= KEPT_ACTIONS_CELLS:
                self._empty[taken] = moves
        return list(moves)  # the caller's own list, to sort or change

    def result(self, state: BoardGameState, move: Any) -> BoardGameState:
        """The position after the side to move plays ``move``: a node entered.

        Raises:
            ValueError: ``move`` is not an empty cell of this board.
        """
        cell = self._cell_of.get(id(move))
        if cell is None or (state.x | state.o) >> cell & 1 or state._won != -1:
            cell = self._cell(state, move)  # read in full, or refused in words
        record = self.record
        if record.nodes >= self.node_limit:
            raise NodeLimitReached(self.node_limit)
        node = record.enter(state.node, cell)
        bit = 1 << cell
        if state._to_move == 0:
            x = state.x | bit
            return BoardGameState(x, state.o, cell, node, state.ply + 1, 0 if self.geometry.wins_with(x, cell) else -1)
        o = state.o | bit
        return BoardGameState(state.x, o, cell, node, state.ply + 1, 1 if self.geometry.wins_with(o, cell) else -1)

    def terminal_test(self, state: BoardGameState) -> bool:
        """Whether the game is over (a line of k, or a full board); True is a leaf evaluated."""
        won = self._winner(state)
        over = won is not None or (state.x | state.o) == self._full
        if over:
            self.record.leaf(state.node, 0 if won is None else 1 if won == self._root_side else -1, UTILITY)
        return over

    def utility(self, state: BoardGameState, player: str) -> int:
        """+1 if ``player`` ('X' or 'O') won, -1 if they lost, 0 a draw; a leaf evaluated.

        Before the end of the game it is the estimate E(n) = M(n) - O(n) from
        ``player``'s view: call it there only at your depth limit.
        """
        mark = str(player).upper()
        if mark not in ("X", "O"):
            raise ValueError(f"player must be 'X' or 'O' (what to_move returns), got {player!r}")
        value = self._value(state, mark)
        kind = UTILITY if self._finished(state) else EVALUATION
        # E(n) from one side is minus E(n) from the other, as is a win or a loss.
        self.record.leaf(state.node, value if mark == self._root_mark else -value, kind)
        return value

    def to_move(self, state: BoardGameState) -> str:
        """'X' or 'O': whose turn it is."""
        return "XO"[state._to_move]

    def display(self, state: BoardGameState) -> str:
        """The position as rows of ``x``, ``o`` and ``.``."""
        cols = self.cols
        return "\n".join(
            "".join(
                "x" if state.x >> c & 1 else "o" if state.o >> c & 1 else "." for c in range(r * cols, r * cols + cols)
            )
            for r in range(self._rows)
        )

    # -- inside ----------------------------------------------------------------
    def _winner(self, state: BoardGameState) -> int | None:
        won = state._won
        if won == UNKNOWN:
            won = -1
            if state.last >= 0:
                mover = 1 - state._to_move
                if self.geometry.wins_with(state.o if mover else state.x, state.last):
                    won = mover
            state._won = won
        return None if won < 0 else won

    def _finished(self, state: BoardGameState) -> bool:
        return self._winner(state) is not None or (state.x | state.o) == self._full

    def _value(self, state: BoardGameState, mark: str) -> int:
        side = "XO".index(mark)
        winner = self._winner(state)
        if winner is not None:
            return 1 if winner == side else -1
        if (state.x | state.o) == self._full:
            return 0
        own, opp = (state.x, state.o) if side == 0 else (state.o, state.x)
        return open_lines_score(self.geometry, own, opp)

    def _cell(self, state: BoardGameState, move: Any) -> int:
        try:
            row, col = (int(part) for part in move)
        except (TypeError, ValueError):
            raise ValueError(f"a move is (row, col), counted from 0; got {move!r}") from None
        if not (0 <= row < self._rows and 0 <= col < self.cols):
            raise ValueError(f"move {move!r} is off the board")
        cell = row * self.cols + col
        if (state.x | state.o) >> cell & 1:
            raise ValueError(f"move {move!r} ({cell_text(row, col)}) is not empty")
        if self._winner(state) is not None:
            raise ValueError(f"move {move!r} comes after the end of the game")
        return cell


class TreeGameState:
    """A node of a textbook tree (``repr`` shows its subtree)."""

    __slots__ = ("subtree", "node", "depth")

    def __init__(self, subtree: Tree, node: int, depth: int) -> None:
        self.subtree, self.node, self.depth = subtree, node, depth

    def __repr__(self) -> str:
        return f"<node {self.subtree!r}>"


class TreeGame:
    """A textbook exercise tree in the same interface: lists are MAX and MIN levels from a
    MAX root, numbers are leaves (MAX's values); moves are child indices from 0."""

    depth_limit = None

    def __init__(self, tree: list[Tree], node_limit: int = DEFAULT_NODE_LIMIT) -> None:
        self.tree = tree
        self.node_limit = node_limit
        self.record = CallRecord()
        self.initial = TreeGameState(tree, 1, 0)

    def actions(self, state: TreeGameState) -> list[int]:
        """The child indices, left to right (none at a leaf)."""
        return list(range(len(state.subtree))) if isinstance(state.subtree, list) else []

    def result(self, state: TreeGameState, move: Any) -> TreeGameState:
        """The child ``move``: a node entered.

        Raises:
            ValueError: no such child.
        """
        children = state.subtree
        if not isinstance(children, list) or not isinstance(move, int) or not 0 <= move < len(children):
            raise ValueError(f"move {move!r} is not a child index of {children!r}")
        if self.record.nodes >= self.node_limit:
            raise NodeLimitReached(self.node_limit)
        node = self.record.enter(state.node, move)
        return TreeGameState(children[move], node, state.depth + 1)

    def terminal_test(self, state: TreeGameState) -> bool:
        """Whether the node is a leaf (a number); True is a leaf evaluated."""
        leaf = not isinstance(state.subtree, list)
        if leaf:
            self.record.leaf(state.node, float(state.subtree), UTILITY)  # type: ignore[arg-type]
        return leaf

    def utility(self, state: TreeGameState, player: str) -> float:
        """The leaf's value for ``player`` ('MAX' or 'MIN'); a leaf evaluated."""
        if isinstance(state.subtree, list):
            raise ValueError(f"utility of an inner node {state.subtree!r}: only leaves have one")
        if player not in ("MAX", "MIN"):
            raise ValueError(f"player must be 'MAX' or 'MIN' (what to_move returns), got {player!r}")
        value = state.subtree
        self.record.leaf(state.node, float(value), UTILITY)
        return value if player == "MAX" else -value

    def to_move(self, state: TreeGameState) -> str:
        """'MAX' at even depths (the root), 'MIN' at odd ones."""
        return "MIN" if state.depth & 1 else "MAX"
