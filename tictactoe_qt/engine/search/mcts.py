"""Monte Carlo tree search: UCT with an MCTS-Solver and tactical playouts.

The algorithm of OpenSpiel's ``MCTSBot`` and of AlphaZero-style systems
(there with a network instead of playouts). Each iteration walks down the
tree by the UCB1 rule, adds one child, plays the rest of the game out and
backs the result up. Playouts take an immediate win and block an immediate
loss (:mod:`.mcts_playout`), otherwise play at random.

MCTS-Solver: a node whose mover has won is *proven*; a node with a proven
winning child is lost for its mover, and a fully expanded node whose children
are all lost for their movers is won. Proofs back up at once, selection skips
proven-lost children and stops on proven nodes, and the search ends early
when the root is proven. The move played is a proven win if there is one,
else the most visited child not proven lost; the visit counts are returned
so the GUI can show where the search spent its effort.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from ..game.board import Board, Move
from ..game.config import GameConfig
from ..game.geometry import iter_bits
from ..players.player_spec import PlayerSpec
from ..search_result import SearchResult, SearchStats, ShouldStop, never_stop
from .mcts_playout import Playout, build_playout

#: UCB1's exploration constant for rewards in [0, 1].
EXPLORATION = math.sqrt(2.0)
#: How many iterations run between two clock / ``should_stop`` checks.
CHECK_EVERY = 16
#: Scale from a mean reward in [-1, 1] to the reported score.
SCORE_SCALE = 100.0


class _Node:
    """One tree node. ``reward`` is summed for the side that moved into it."""

    __slots__ = ("move", "parent", "children", "untried", "visits", "reward", "terminal", "proven")

    def __init__(self, move: int, parent: _Node | None, untried: list[int], terminal: bool):
        self.move = move
        self.parent = parent
        self.children: list[_Node] = []
        self.untried = untried
        self.visits = 0
        self.reward = 0.0
        self.terminal = terminal
        #: WON / LOST for the side that moved into this node, or 0 while unproven.
        self.proven = 0

    def best_child(self, log_visits: float) -> _Node:
        """The child with the highest UCB1 value, skipping children proven lost."""
        best = self.children[0]
        best_value = -1.0
        for child in self.children:
            if child.proven == LOST:
                continue
            value = child.reward / child.visits + EXPLORATION * math.sqrt(log_visits / child.visits)
            if value > best_value:
                best, best_value = child, value
        return best


#: Proofs, for the side that moved into a node.
WON, LOST = 1, -1


def _back_up_proof(node: _Node) -> None:
    """Carry ``node``'s proof up the tree as far as it decides its ancestors."""
    parent = node.parent
    while node.proven and parent is not None and not parent.proven:
        if node.proven == WON:  # the side to move at ``parent`` wins by playing ``node``
            parent.proven = LOST
        elif parent.untried or any(child.proven != LOST for child in parent.children):
            return
        else:  # every move from ``parent`` loses
            parent.proven = WON
        node, parent = parent, parent.parent


class MctsTree:
    """The search tree a player keeps between its moves (tree reuse).

    After a search, :meth:`take` finds the position the game reached (the
    player's move and the replies since) among the kept tree's descendants, so
    the visits already spent there are not thrown away.
    """

    def __init__(self) -> None:
        self._root: _Node | None = None
        self._bits = (0, 0)
        self._side = 0

    def keep(self, board: Board, root: _Node) -> None:
        """Remember ``root``, the root of a search of ``board``."""
        self._root, self._bits, self._side = root, (board.bits[0], board.bits[1]), board.side

    def clear(self) -> None:
        self._root = None

    def take(self, board: Board) -> _Node | None:
        """The kept node of ``board``'s position (detached as a new root), or ``None``."""
        node, self._root = self._root, None
        if node is None:
            return None
        target = (board.bits[0], board.bits[1])
        bits = list(self._bits)
        if bits[0] & ~target[0] or bits[1] & ~target[1]:
            return None  # not a continuation of the kept game
        side = self._side
        while (bits[0], bits[1]) != target:
            new = target[side] & ~bits[side]
            for child in node.children:
                if new >> child.move & 1:
                    node = child
                    break
            else:
                return None
            bits[side] |= 1 << node.move
            side ^= 1
        node.parent = None
        return node


@dataclass
class MctsResult(SearchResult):
    """A :class:`SearchResult` plus the root's visit counts.

    ``move_scores`` holds each root move's mean reward scaled to
    [-100, 100] from the side to move's view.
    """

    visits: dict[Move, int] = field(default_factory=dict)
    iterations: int = 0


def mcts_search(
    board: Board,
    iterations: int | None = None,
    time_budget: float = 1.0,
    rng: random.Random | None = None,
    should_stop: ShouldStop = never_stop,
    tree: MctsTree | None = None,
) -> MctsResult:
    """Choose a move by UCT with random playouts.

    Args:
        board: the position; it is not changed.
        iterations: run exactly this many iterations; ``None`` runs for ``time_budget``.
        time_budget: seconds to search when ``iterations`` is ``None``.
        rng: the random source for playouts and ties (seeded for reproducibility).
        should_stop: checked every few iterations; the search then returns what it has.
        tree: a tree kept from the last search of this game: when ``board`` follows
            from its root, the search starts from the subtree there (tree reuse),
            and the tree then keeps this search's root.

    Raises:
        ValueError: the game is already over, or a budget is not positive.
    """
    if board.is_game_over():
        raise ValueError(f"no move to choose: the game is over on {board.notation()}")
    if iterations is not None and iterations < 1:
        raise ValueError(f"iterations must be 1 or more, got {iterations}")
    if iterations is None and time_budget <= 0:
        raise ValueError(f"time_budget must be positive, got {time_budget}")
    rng = rng or random.Random()
    playout = _playout_for(board)
    start = time.perf_counter()
    deadline = start + time_budget
    geometry = board.geometry
    full = geometry.full
    root_bits = (board.bits[0], board.bits[1])
    root_side = board.side
    root = tree.take(board) if tree is not None else None
    if root is None:
        root_moves = board.legal_indices()
        rng.shuffle(root_moves)
        root = _Node(-1, None, root_moves, terminal=False)
    nodes = 0
    max_ply = 0
    done = 0
    cancelled = False
    while not root.proven:
        if iterations is not None and done >= iterations:
            break
        if done % CHECK_EVERY == 0 and done:
            if should_stop():
                cancelled = True
                break
            if iterations is None and time.perf_counter() >= deadline:
                break
        # Selection: descend through fully expanded nodes.
        bits = [root_bits[0], root_bits[1]]
        side = root_side
        node = root
        ply = 0
        while not node.untried and node.children and not node.terminal and not node.proven:
            node = node.best_child(math.log(node.visits))
            bits[side] |= 1 << node.move
            side ^= 1
            ply += 1
        nodes += ply + 1
        # Expansion: add one untried child.
        winner: int | None = None
        if node.proven:
            winner = side ^ 1 if node.proven == WON else side
        elif node.terminal:
            winner = None  # a full board (a win is proven)
        elif node.untried:
            move = node.untried.pop()
            bits[side] |= 1 << move
            won = geometry.wins_with(bits[side], move)
            occupied = bits[0] | bits[1]
            terminal = won or occupied == full
            untried: list[int] = []
            if not terminal:
                untried = iter_bits(full & ~occupied)
                rng.shuffle(untried)
            child = _Node(move, node, untried, terminal)
            node.children.append(child)
            node = child
            winner = side if won else None
            side ^= 1
            ply += 1
            nodes += 1
            if won:
                child.proven = WON
                _back_up_proof(child)
            elif not terminal:
                # Simulation: a playout to the end (wins taken, losses blocked).
                winner, length = playout(bits, side, untried, rng)
                nodes += length
        max_ply = max(max_ply, ply)
        # Backpropagation: each node scores for the side that moved into it.
        mover = side ^ 1
        while node is not None:
            node.visits += 1
            if winner is None:
                node.reward += 0.5
            elif winner == mover:
                node.reward += 1.0
            mover ^= 1
            node = node.parent  # type: ignore[assignment]
        done += 1
    if tree is not None:
        tree.keep(board, root)
    return _result(board, root, done, nodes, max_ply, start, cancelled)


_PLAYOUTS: dict[GameConfig, Playout] = {}


def _playout_for(board: Board) -> Playout:
    """The board shape's playout, built once."""
    playout = _PLAYOUTS.get(board.config)
    if playout is None:
        playout = _PLAYOUTS[board.config] = build_playout(board.geometry)
    return playout


def _result(
    board: Board, root: _Node, done: int, nodes: int, max_ply: int, start: float, cancelled: bool
) -> MctsResult:
    cols = board.config.cols
    visits = {Move.from_index(c.move, cols): c.visits for c in root.children}
    scores = {Move.from_index(c.move, cols): SCORE_SCALE * (2.0 * c.reward / c.visits - 1.0) for c in root.children}
    if root.children:
        best = max(root.children, key=lambda c: (c.proven == WON, c.proven != LOST, c.visits, c.reward))
    else:  # cancelled before the first iteration: any legal move
        best = _Node(board.legal_indices()[0], None, [], terminal=False)
    move = Move.from_index(best.move, cols)
    pv = [move]
    node = best
    while node.children:
        node = max(node.children, key=lambda c: (c.visits, c.reward))
        pv.append(Move.from_index(node.move, cols))
    score = scores.get(move, 0.0)
    stats = SearchStats(nodes=nodes, max_ply=max_ply, elapsed_seconds=time.perf_counter() - start)
    return MctsResult(
        "mcts",
        move,
        score,
        exact=False,
        pv=pv,
        stats=stats,
        move_scores=scores,
        cancelled=cancelled,
        visits=visits,
        iterations=done,
    )


class MctsPlayer:
    """The ``mcts`` player: ``mcts:iterations=N`` or ``mcts:time=S``."""

    def __init__(self, spec: PlayerSpec, rng: random.Random) -> None:
        self.spec = spec
        self.rng = rng
        self.tree = MctsTree()

    def choose(self, board: Board, should_stop: ShouldStop = never_stop) -> SearchResult:
        return mcts_search(
            board,
            iterations=self.spec.iterations,
            time_budget=self.spec.time,
            rng=self.rng,
            should_stop=should_stop,
            tree=self.tree,
        )

    def new_game(self) -> None:
        self.tree.clear()


#: The players defined here, by kind; players/registry.py collects them.
PLAYERS = {"mcts": MctsPlayer}
