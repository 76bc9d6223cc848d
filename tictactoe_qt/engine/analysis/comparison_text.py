"""Compare's results in words: the sentence a student can quote, counts and ratios as text."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .comparison import ComparisonRow


def values_agree(rows: list[ComparisonRow]) -> bool:
    """Whether every completed exact row has the same result, and the same plies where
    known (textbook +1/0/-1 scores say who wins, not when)."""
    exact = [row.result for row in rows if row.status == "done" and row.result is not None and row.result.exact]
    results = {result.result for result in exact}
    plies = {result.plies for result in exact if result.plies is not None}
    return len(results) <= 1 and len(plies) <= 1


def count_text(count: int, noun: str) -> str:
    """``"1 position"``, ``"2,568 positions"``: the noun agrees with the count."""
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"


def ratio_text(base: float, other: float, fewer: str, more: str, same: str) -> str:
    """How ``other`` compares with ``base``, always as a factor of 1 or more.

    ``ratio_text(10, 5, "fewer", "more", "as many")`` is ``"2.0x fewer"``;
    with the values swapped it is ``"2.0x more"``. Within 5% it is ``same``.
    """
    if base <= 0 or other <= 0:
        return same if base == other else (more if other > base else fewer)
    factor = base / other
    if 1 / 1.05 <= factor <= 1.05:
        return same
    return f"{factor:.1f}x {fewer}" if factor > 1 else f"{1 / factor:.1f}x {more}"


def summary(rows: list[ComparisonRow]) -> str:
    """One sentence a student can quote: nodes and time against plain minimax."""
    done = {row.variant.key: row for row in rows if row.status == "done" and row.result}
    base = done.get("minimax")
    pruned = done.get("alphabeta")
    if base is None or pruned is None:
        return ""
    assert base.result is not None and pruned.result is not None
    base_nodes, nodes = base.result.stats.nodes, pruned.result.stats.nodes
    base_time = base.result.stats.elapsed_seconds
    pruned_time = pruned.result.stats.elapsed_seconds
    text = (
        f"Minimax visits {count_text(base_nodes, 'position')}, alpha-beta {nodes:,}: "
        f"{ratio_text(base_nodes, nodes, 'fewer', 'more', 'as many')}, and alpha-beta was "
        f"{ratio_text(base_time, pruned_time, 'faster', 'slower', 'about as fast')}."
    )
    if not values_agree(rows):
        text += " Warning: the exact values disagree!"
    return text
