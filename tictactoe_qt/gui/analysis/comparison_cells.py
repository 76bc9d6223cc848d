"""The text of one comparison table row: counts, time, move and value."""

from __future__ import annotations

from tictactoe_qt.engine.comparison import ComparisonRow
from tictactoe_qt.engine.coordinates import move_text
from tictactoe_qt.engine.search_result import SearchResult
from tictactoe_qt.engine.tree_values import NodeValue


def value_text(result: SearchResult, to_move: str) -> str:
    """'draw', 'X wins in 5' or a heuristic score, from the side to move's view."""
    if result.exact:
        return NodeValue(result.score, True, to_move).text()  # type: ignore[arg-type]
    return f"{result.score:+g} (heuristic)"


def millis(seconds: float) -> str:
    return f"{seconds * 1000:,.1f} ms" if seconds < 10 else f"{seconds:,.1f} s"


def row_cells(row: ComparisonRow, to_move: str) -> list[str]:
    """Algorithm, nodes, cut-offs, time, move and value; blanks where a search gave nothing."""
    result = row.result
    if result is None:
        return [row.variant.label, "", "", "", "", ""]
    stats, move = result.stats, result.move
    return [
        row.variant.label,
        f"{stats.nodes:,}",
        f"{stats.cutoffs:,}",
        millis(stats.elapsed_seconds),
        "" if move is None else move_text(move),
        value_text(result, to_move),
    ]
