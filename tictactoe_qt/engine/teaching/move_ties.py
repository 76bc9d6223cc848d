"""Equal best moves: how many there are, and which tie-break picked the one shown.

On the empty 3x3 board all nine moves draw. ``analyze`` keeps the first in
reading order (row 1, column 1), the engine's searches the first in
centre-first order (row 2, column 2): both right, and each view says so,
rather than leaving a student to think one of them wrong.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

#: Tie-breaks, as the notes name them.
READING_ORDER = "reading order"
#: The engine's order (:func:`~..search.move_tables.search_order`): by ring around the
#: centre, cells on more lines first (on 3x3: centre, corners, edges).
CENTRE_FIRST = "centre-first order"
#: A textbook ordering option (:class:`~..players.TextbookOptions`) to the order it tries
#: moves in. Its ``centre`` sorts a ring by distance (on 3x3: centre, edges, corners),
#: so it has a name of its own.
ORDERING_TIES = {
    "none": READING_ORDER,
    "centre": "nearest-the-centre order",
    "wins": "wins-and-blocks-first order (then reading order)",
    "table": "table-move-first order (then reading order)",
}


def equal_best(values: Iterable[Hashable], best: Hashable) -> int:
    """How many of the moves' ``values`` equal the best move's (the best included)."""
    return sum(1 for value in values if value == best)


def tie_note(equal: int | None, order: str) -> str:
    """Why this move among equals: ``"one of 9 equal moves; ties go to the first in
    reading order"``. ``equal`` ``None`` (not known: alpha-beta values only the moves it
    must) says just the rule; ``1`` (no tie) says nothing."""
    rule = f"ties go to the first in {order}"
    if equal is None:
        return f"any ties go to the first in {order}"
    if equal <= 1:
        return ""
    return f"one of {equal} equal moves; {rule}"


__all__ = ["CENTRE_FIRST", "ORDERING_TIES", "READING_ORDER", "equal_best", "tie_note"]
