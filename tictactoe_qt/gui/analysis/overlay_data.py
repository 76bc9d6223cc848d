"""What the analysis overlay paints, built from the engine's ``analyze``.

Plain data, no widgets: each empty cell gets a short note for the side to
move ('W3' win in 3 plies, 'D' draw, 'L5' loss in 5, or a heuristic score
with a heat between 0 and 1 by rank), the principal variation becomes numbered ghost
moves, and an MCTS search's visit counts can be laid on top.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from typing import Any

from tictactoe_qt.engine import Board

Cell = tuple[int, int]


@dataclass(frozen=True)
class CellNote:
    """One cell's value for the side to move.

    Attributes:
        text: 'W3', 'D', 'L5' when solved, else a short heuristic score.
        kind: ``"win"``, ``"draw"``, ``"loss"``, ``"heuristic"``, or
            ``"unsearched"`` (only a static score, off the heat map).
        heat: 0 (worst move here) to 1 (best), for the heat map.
        detail: a sentence for the tooltip and the accessible description.
    """

    text: str
    kind: str
    heat: float
    detail: str


@dataclass(frozen=True)
class GhostMove:
    """A move of the principal variation: ``number`` 1 is the next move."""

    cell: Cell
    side: str
    number: int


@dataclass(frozen=True)
class OverlayData:
    """Everything the overlay paints for one position."""

    position: str
    notes: dict[Cell, CellNote] = field(default_factory=dict)
    ghosts: tuple[GhostMove, ...] = ()
    exact: bool = True
    depth: int | None = None
    visits: dict[Cell, int] = field(default_factory=dict)
    best: Cell | None = None

    def legend(self) -> str:
        """One line under the board saying how to read the numbers."""
        if not self.notes:
            return ""
        line = " Numbered circles: the best line." if self.ghosts else ""
        visits = " n = MCTS visits for its last move." if self.visits else ""
        if self.exact:
            text = "Solved: W = win, D = draw, L = loss for the side to move, in plies."
        else:
            depth = f" at depth {self.depth}" if self.depth else ""
            text = (f"Heuristic{depth}: orange = better, blue = worse for the side to move;"
                    " · = not searched.")
        return text + line + visits


def compact_score(score: float) -> str:
    """'+12', '-3', '+1.2k', '+3.4M': short enough for a small cell."""
    size = abs(score)
    sign = "+" if score > 0 else "-" if score < 0 else ""
    if size >= 1e6:
        return f"{sign}{size / 1e6:.1f}M"
    if size >= 1e3:
        return f"{sign}{size / 1e3:.1f}k"
    return f"{sign}{size:.0f}"


def note_for(to_move: str, result: str | None, plies: int | None, exact: bool) -> CellNote | None:
    """The note for a solved move, or ``None`` when it is not solved."""
    if not exact or result is None:
        return None
    plies = plies or 0
    if result == "draw":
        return CellNote("D", "draw", 0.5, f"draw with best play ({plies} plies to fill the board)")
    unit = "ply" if plies == 1 else "plies"
    if result == to_move:
        return CellNote(f"W{plies}", "win", 1.0, f"{to_move.upper()} wins in {plies} {unit}")
    return CellNote(f"L{plies}", "loss", 0.0, f"{to_move.upper()} loses in {plies} {unit}")


def rank_heats(scores: list[float]) -> list[float]:
    """Each score's rank in this position as a heat from 0 (worst) to 1 (best).

    Ranks, not raw scores: one huge threat score would otherwise paint every
    other cell the same colour. Equal scores share their average rank; when
    all are equal every heat is 0.5.
    """
    distinct = sorted(set(scores))
    if len(distinct) == 1:
        return [0.5 for _ in scores]
    ordered = sorted(scores)
    average_rank = {score: (bisect_left(ordered, score) + bisect_right(ordered, score) - 1) / 2
                    for score in distinct}
    low, high = average_rank[distinct[0]], average_rank[distinct[-1]]
    return [(average_rank[score] - low) / (high - low) for score in scores]


def overlay_from_analysis(board: Board, analysis: Any, pv_length: int = 6) -> OverlayData:
    """Turn an engine ``Analysis`` of ``board`` into overlay data.

    Args:
        board: the analysed position (for whose turn it is and the PV sides).
        analysis: ``engine.analysis.analyze``'s result.
        pv_length: how many principal-variation moves to show as ghosts.
    """
    to_move = board.turn
    notes: dict[Cell, CellNote] = {}
    heuristic: list[tuple[Cell, float]] = []
    for move_value in analysis.moves:
        cell = (move_value.move.row, move_value.move.col)
        note = note_for(to_move, move_value.result, move_value.plies, move_value.exact)
        if note is not None:
            notes[cell] = note
        elif move_value.depth is None:
            # No time to search it: its static score is on another scale than the
            # searched ones, so it stays apart, outside the heat map.
            notes[cell] = CellNote("·", "unsearched", 0.0, "not searched in the time budget")
        else:
            heuristic.append((cell, float(move_value.score)))
    if heuristic:
        heats = rank_heats([score for _, score in heuristic])
        for (cell, score), heat in zip(heuristic, heats):
            notes[cell] = CellNote(
                compact_score(score), "heuristic", heat, f"heuristic score {score:g} for {to_move.upper()}"
            )
    best = analysis.best
    search = getattr(analysis, "search", None)
    pv = list(search.pv) if search is not None else []
    return OverlayData(
        position=board.notation(),
        notes=notes,
        ghosts=ghosts_for(board, pv[:pv_length]),
        exact=bool(analysis.exact),
        depth=None if search is None else search.stats.depth,
        best=None if best is None else (best.row, best.col),
    )


def ghosts_for(board: Board, pv: list[Any]) -> tuple[GhostMove, ...]:
    """Numbered ghost moves for a principal variation, alternating sides from ``board``."""
    ghosts = []
    side = board.turn
    for number, move in enumerate(pv, start=1):
        ghosts.append(GhostMove((move.row, move.col), side, number))
        side = "o" if side == "x" else "x"
    return tuple(ghosts)


def with_visits(data: OverlayData, visits: dict[Any, int]) -> OverlayData:
    """A copy of ``data`` carrying an MCTS search's visit counts per cell."""
    cells = {(move.row, move.col): count for move, count in visits.items()}
    return OverlayData(data.position, data.notes, data.ghosts, data.exact, data.depth, cells, data.best)
