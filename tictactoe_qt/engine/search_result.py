"""What every search returns: the move, its score, and statistics.

Scores are from the side to move's point of view. A forced win scores
``WIN_SCORE - plies`` (sooner is better), a forced loss ``-(WIN_SCORE - plies)``
(later is better); anything smaller in size is a heuristic value.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .game.board import Board, Mark, Move, other

WIN_SCORE = 1_000_000_000
#: Scores beyond this (in size) are forced wins or losses.
MATE_THRESHOLD = WIN_SCORE - 10_000

ShouldStop = Callable[[], bool]


def never_stop() -> bool:
    """A ``should_stop`` that never asks to stop."""
    return False


def win_in(plies: int) -> int:
    """Score of a forced win ``plies`` moves from now (the winning move included)."""
    return WIN_SCORE - plies


def score_to_result(score: float, to_move: Mark) -> tuple[str, int] | None:
    """``(result, plies)`` for a forced-win/-loss score, else ``None``."""
    if score >= MATE_THRESHOLD:
        return to_move, int(WIN_SCORE - score)
    if score <= -MATE_THRESHOLD:
        return other(to_move), int(WIN_SCORE + score)
    return None


@dataclass
class SearchStats:
    """Counters for one decision. ``nodes`` counts every position visited, root included.

    A player that does not say how many positions it searched (an external
    engine, a plugin) sets ``nodes_reported`` to ``False``; read the count
    through :attr:`reported_nodes`, which is then ``None`` rather than a made-up figure.
    Its other counts (cut-offs, deepest ply, table hits) were not measured either:
    :meth:`as_dict` writes them ``None`` too.
    """

    nodes: int = 0
    cutoffs: int = 0
    max_ply: int = 0
    #: Completed iterative-deepening depth (or the fixed depth), ``None`` if unbounded.
    depth: int | None = None
    tt_hits: int = 0
    elapsed_seconds: float = 0.0
    nodes_reported: bool = True

    @property
    def reported_nodes(self) -> int | None:
        """``nodes``, or ``None`` when the player did not report a count."""
        return self.nodes if self.nodes_reported else None

    def as_dict(self) -> dict[str, Any]:
        measured = self.nodes_reported
        return {
            "nodes": self.reported_nodes,
            "cutoffs": self.cutoffs if measured else None,
            "depth": self.depth,
            "max_ply": self.max_ply if measured else None,
            "tt_hits": self.tt_hits if measured else None,
            "elapsed_seconds": self.elapsed_seconds,
        }


@dataclass
class SearchResult:
    """One decision: the chosen move, its score and how the search got there."""

    algorithm: str
    move: Move | None
    score: float
    #: True when the score is the game-theoretic value (the search was complete).
    exact: bool
    #: ``"x"``, ``"o"`` or ``"draw"`` when exact, else ``None``.
    result: str | None = None
    #: Plies to the end with best play when exact.
    plies: int | None = None
    pv: list[Move] = field(default_factory=list)
    stats: SearchStats = field(default_factory=SearchStats)
    #: Optional per-move scores (side to move's view), for overlays.
    move_scores: dict[Move, float] = field(default_factory=dict)
    cancelled: bool = False

    def as_dict(self) -> dict[str, Any]:
        """The ``search --json`` object."""
        data: dict[str, Any] = {
            "algorithm": self.algorithm,
            "move": [self.move.row, self.move.col] if self.move else None,
            "score": self.score,
            "exact": self.exact,
        }
        if self.exact:
            data["result"] = self.result
            data["plies"] = self.plies
        data.update(self.stats.as_dict())
        data["pv"] = [[m.row, m.col] for m in self.pv]
        return data


def exact_fields(board: Board, score: float) -> tuple[str, int]:
    """``(result, plies)`` for an exact score: a forced win/loss, or a draw filling the board."""
    decided = score_to_result(score, board.turn)
    if decided is not None:
        return decided
    return "draw", board.geometry.cells - board.ply
