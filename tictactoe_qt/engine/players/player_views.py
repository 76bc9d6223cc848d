"""A player's own view of a position: the number per move that it chooses by.

The analysis overlay shows these next to the exact values, so a student sees
where a player is fooled (the Average player's averages favour moves that
leave many wins, even when one reply loses at once). The numbers come from
the player itself: :func:`player_view` builds the real player
(:func:`~.registry.make_player`) and reads the search result it chose from, so
the view and the move played can never disagree.

* ``average``: the Average player's mean result of random play after each
  move (+1 win, -1 loss, 0 draw), to the end on small boards, else to
  :data:`AVERAGE_DEPTH` plies (fewer where that is too slow: :data:`MAX_VIEW_WORK`).
  A win on the spot is played without averaging.
* ``minimax``: a depth-:data:`MINIMAX_DEPTH` minimax player's scores: E(n) at
  the cut-off, ``X3`` for a win it can force within the horizon. Refused
  where that many positions would take too long (:func:`view_refusal`).
* ``mcts``: MCTS's visit counts after :data:`MCTS_ITERATIONS` iterations
  from seed :data:`MCTS_SEED`. It plays a proven win first, else the most
  visited move.

Scores are from the side to move's view; texts name players by ``names``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import perm
from typing import Literal

from ..game.board import Board, Mark, Move
from ..search_result import ShouldStop, never_stop, score_to_result
from ..text.side_names import BOARD_NAMES, SideNames
from ..text.value_notation import heuristic_badge, outcome_text, plies_text
from .player_spec import PlayerSpec
from .registry import make_player

ViewKind = Literal["average", "minimax", "mcts"]
#: The players whose view the overlay can show, in menu order.
VIEW_KINDS: tuple[ViewKind, ...] = ("average", "minimax", "mcts")
#: The minimax player's depth limit.
MINIMAX_DEPTH = 3
#: The MCTS player's fixed budget and seed, so its counts repeat.
MCTS_ITERATIONS = 1_000
MCTS_SEED = 0
#: Average averages to the end with at most this many empty cells (3x3: 0.1 s).
AVERAGE_FULL_DEPTH_EMPTIES = 9
#: Average's depth limit on bigger positions (7x7: about 1 s), lowered where too slow.
AVERAGE_DEPTH = 3
#: The most work a depth-limited view may take: positions at the cut-off times the
#: lines E(n) counts in each (7x7, 3 plies: 5.8 million, about a second).
MAX_VIEW_WORK = 30_000_000


def cut_off_work(board: Board, depth: int) -> int:
    """About how much a search to ``depth`` plies costs: cut-off positions times lines."""
    empties = board.geometry.cells - board.ply
    return perm(empties, min(depth, empties)) * max(1, len(board.geometry.lines))


def view_refusal(kind: ViewKind, board: Board) -> str | None:
    """Why the ``kind`` player's view is too slow to show on ``board``, or ``None``."""
    if kind != "minimax":
        return None  # Average lowers its depth, MCTS has a fixed budget
    work = cut_off_work(board, MINIMAX_DEPTH)
    if work <= MAX_VIEW_WORK:
        return None
    positions = work // max(1, len(board.geometry.lines))
    return (
        f"Minimax depth {MINIMAX_DEPTH} would score about {positions:,} positions here,"
        " too many to show: use a smaller board or the depth-limited values"
    )


def view_spec(kind: ViewKind, board: Board) -> PlayerSpec:
    """The player whose view ``kind`` shows on ``board``.

    Raises:
        ValueError: ``kind`` is not one of :data:`VIEW_KINDS`.
    """
    if kind == "average":
        if board.geometry.cells - board.ply <= AVERAGE_FULL_DEPTH_EMPTIES:
            return PlayerSpec("average")
        depth = AVERAGE_DEPTH
        while depth > 1 and cut_off_work(board, depth) > MAX_VIEW_WORK:
            depth -= 1
        return PlayerSpec("average", depth=depth)
    if kind == "minimax":
        return PlayerSpec("minimax", depth=MINIMAX_DEPTH)
    if kind == "mcts":
        return PlayerSpec("mcts", iterations=MCTS_ITERATIONS)
    raise ValueError(f"unknown player view {kind!r}; choose from {', '.join(VIEW_KINDS)}")


def view_title(kind: ViewKind, spec: PlayerSpec, seed: int = MCTS_SEED) -> str:
    """What the numbers are, for legends: ``"MCTS visit counts (1,000 iterations, seed 0)"``."""
    if kind == "average":
        reach = "to the end" if spec.depth is None else f"{plies_text(spec.depth)} deep"
        return f"Average player's averages ({reach})"
    if kind == "minimax":
        return f"Minimax depth-{spec.depth} scores"
    return f"MCTS visit counts ({spec.iterations or 0:,} iterations, seed {seed})"


@dataclass(frozen=True)
class PlayerView:
    """One player's numbers for the moves of one position.

    Attributes:
        kind: which player (:data:`VIEW_KINDS`).
        spec: the player exactly as built.
        seed: the seed it was built with.
        values: each move's number, higher is better for the player; moves it
            never valued (a win on the spot skips the averaging) are missing.
        choice: the move the player plays.
        cancelled: the search was stopped before it finished.
    """

    kind: ViewKind
    spec: PlayerSpec
    seed: int
    values: dict[Move, float] = field(default_factory=dict)
    choice: Move | None = None
    cancelled: bool = False

    @property
    def title(self) -> str:
        """What the numbers are (:func:`view_title`)."""
        return view_title(self.kind, self.spec, self.seed)


def player_view(
    board: Board, kind: ViewKind, seed: int = MCTS_SEED, should_stop: ShouldStop = never_stop
) -> PlayerView:
    """The numbers the ``kind`` player chooses by on ``board``, and the move it plays.

    Args:
        board: the position (not over); read, never changed.
        kind: which player (:data:`VIEW_KINDS`).
        seed: the player's seed (only MCTS uses it).
        should_stop: polled by the search; a stopped view has ``cancelled`` set.

    Raises:
        ValueError: an unknown ``kind``, the game is over, or the view is too
            slow to show (:func:`view_refusal` says why).
    """
    if board.is_game_over():
        raise ValueError(f"no move to choose: the game is over on {board.notation()}")
    spec = view_spec(kind, board)
    refusal = view_refusal(kind, board)
    if refusal is not None:
        raise ValueError(refusal)
    result = make_player(spec, seed).choose(board, should_stop)
    visits = getattr(result, "visits", None)
    if kind == "mcts" and visits is not None:
        values = {move: float(count) for move, count in visits.items()}
    else:
        values = {move: float(score) for move, score in result.move_scores.items()}
    return PlayerView(kind, spec, seed, values, result.move, result.cancelled)


def view_badge(kind: ViewKind, value: float, to_move: Mark, names: SideNames = BOARD_NAMES) -> str:
    """The short form of a view's number, for a cell: ``+.42``, ``+3``, ``X3``, ``312``.

    ``to_move`` is the board's side to move (whose view the number takes).
    """
    if kind == "average":
        return average_badge(value)
    if kind == "minimax":
        return minimax_badge(value, to_move, names)
    return f"{value:.0f}"


def view_text(kind: ViewKind, value: float, to_move: Mark, spec: PlayerSpec, names: SideNames = BOARD_NAMES) -> str:
    """The long form of a view's number, for tooltips and screen readers."""
    side = names.name(to_move)
    if kind == "average":
        return f"average result {value:+.3f} for {side} if both then play at random"
    if kind == "minimax":
        return minimax_text(value, to_move, spec.depth, names)
    return f"{value:.0f} of {spec.iterations or 0:,} MCTS visits"


def average_badge(value: float) -> str:
    """An average in [-1, 1] in five characters at most: ``+.167``, ``-.08``, ``+1``, ``0``.

    Three decimals: close averages (where Average is fooled) stay apart.
    """
    rounded = round(value, 3)
    if rounded in (-1.0, 0.0, 1.0):
        return f"{rounded:+.0f}" if rounded else "0"
    return f"{rounded:+.3f}".rstrip("0").replace("0.", ".", 1)


def minimax_badge(score: float, to_move: Mark, names: SideNames = BOARD_NAMES) -> str:
    """A depth-limited minimax score: ``X3`` for a win found within the horizon, else ``+3``."""
    return heuristic_badge(score, to_move, names)


def minimax_text(score: float, to_move: Mark, depth: int | None, names: SideNames = BOARD_NAMES) -> str:
    """The long form of :func:`minimax_badge`, saying the depth and what E(n) is."""
    horizon = f"depth {depth}" if depth is not None else "the full depth"
    decided = score_to_result(score, to_move)
    if decided is not None:
        return f"{outcome_text(decided[0], decided[1], names)}, forced within {horizon}"
    side = names.name(to_move)
    return f"{score:+g} for {side} (minimax to {horizon}; at the cut-off, open lines for {side} minus the opponent's)"
