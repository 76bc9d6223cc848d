"""Compare's rows that chose different moves among equally good ones, and why.

On the empty 3x3 board all nine moves draw: textbook alpha-beta in reading
order keeps row 1, column 1, the engine's searches row 2, column 2. Both are
right; :func:`find_ties` finds such a tie (by an exact analysis of the
position's moves) and names each row's tie-break in the words of
:mod:`~..teaching.move_ties`, so a student is not left to think one row wrong.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game import Board, Mark, Move, move_text
from ..search_result import ShouldStop, never_stop
from ..teaching import CENTRE_FIRST, ORDERING_TIES, THREATS_FIRST, NodeValue, equal_best, ties_text
from ..text import BOARD_NAMES, SideNames
from .analysis import analyze
from .comparison import ComparisonRow

#: Seconds the analysis of the position's moves may take (3x3 takes milliseconds).
TIES_BUDGET = 0.5
#: Boards beyond this many cells are not analysed for ties (as ``search``'s note).
MAX_CELLS_TIES = 16


@dataclass(frozen=True)
class ComparisonTies:
    """Equally good moves chosen differently by the rows.

    Attributes:
        equal: how many moves are worth the best value.
        legal: how many legal moves there are.
        score: the best value, engine scores from the view of ``to_move``.
        to_move: the side to move in the compared position.
        picks: each exact row's ``(title, tie-break order, move)``, in table order.
    """

    equal: int
    legal: int
    score: float
    to_move: Mark
    picks: tuple[tuple[str, str, Move], ...]

    def text(self, names: SideNames = BOARD_NAMES, *, brief: bool = False) -> str:
        """The sentence under the table (``brief``: without which search chose what, for a
        line that must stay short); ``names`` writes the players."""
        value = NodeValue(self.score, True, self.to_move).text(names)
        return ties_text(
            self.equal,
            self.legal,
            value,
            [(title, order, move_text(move)) for title, order, move in self.picks],
            brief=brief,
        )


def tie_order(row: ComparisonRow) -> str:
    """The order in which ``row``'s search tries moves, so keeps the first of equals."""
    if row.options is not None:
        return ORDERING_TIES[row.options.ordering]
    return THREATS_FIRST if row.variant.key == "perfect" else CENTRE_FIRST


def find_ties(board: Board, rows: list[ComparisonRow], should_stop: ShouldStop = never_stop) -> ComparisonTies | None:
    """The tie behind ``rows`` that are exact and chose different moves, every one as
    good as the best; ``None`` when they agree, are not exact, or a chosen move is worse
    (or the analysis is not exact within :data:`TIES_BUDGET`)."""
    exact = [
        row
        for row in rows
        if row.status == "done" and row.result is not None and row.result.exact and row.result.move is not None
    ]
    if len({row.result.move for row in exact if row.result}) < 2 or board.geometry.cells > MAX_CELLS_TIES:
        return None
    analysis = analyze(board, TIES_BUDGET, should_stop)
    scores = {value.move: value.score for value in analysis.moves}
    if not analysis.exact or any(score is None for score in scores.values()):
        return None
    best = max(score for score in scores.values() if score is not None)
    picks = []
    for row in exact:
        assert row.result is not None and row.result.move is not None
        if scores.get(row.result.move) != best:
            return None
        picks.append((row.title, tie_order(row), row.result.move))
    return ComparisonTies(equal_best(scores.values(), best), len(scores), best, board.turn, tuple(picks))


__all__ = ["MAX_CELLS_TIES", "TIES_BUDGET", "ComparisonTies", "find_ties", "tie_order"]
