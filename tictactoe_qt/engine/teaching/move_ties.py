"""Equal best moves: how many there are, and which tie-break picked the one shown.

On the empty 3x3 board all nine moves draw. ``analyze`` keeps the first in
reading order (row 1, column 1), the engine's searches the first in
centre-first order (row 2, column 2): both right, and each view says so
(``analyze``, ``search`` and the Compare dock's rows), rather than leaving a
student to think one of them wrong.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

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
#: The perfect engine's order (:mod:`~..search.negamax_core`): its table's move, then
#: threat-making moves and line bonuses, centre first among equals.
THREATS_FIRST = "threats-first order"


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


def ties_text(equal: int, legal: int, value: str, picks: Sequence[tuple[str, str, str]], *, brief: bool = False) -> str:
    """Why several searches chose different moves that are all as good: ``"All 9 moves
    are equally good here (a draw); each algorithm breaks the tie its own way, keeping
    the first in the order it tries moves: Alpha-beta row 1, column 1 (reading order);
    the others row 2, column 2 (centre-first order)."``

    Args:
        equal: how many moves are worth the best value (:func:`equal_best`).
        legal: how many legal moves there are.
        value: the best value in words (``"draw"``, ``"X wins in 5"``).
        picks: each search's ``(name, order, move in words)``, in the order shown.
            Searches that chose the same move are named together; with two moves or
            more, the move most of them chose comes last, as ``the others``.
        brief: one short clause, ``"All 9 moves tie (a draw)."``, for a line that must
            stay short (the whole sentence goes in its tooltip).
    """
    groups: dict[str, tuple[list[str], list[str]]] = {}  # move -> names, orders
    for name, order, move in picks:
        names, orders = groups.setdefault(move, ([], []))
        names.append(name)
        if order not in orders:
            orders.append(order)
    moves = list(groups)
    most = max(reversed(moves), key=lambda move: len(groups[move][0]))
    if len(moves) > 1 and len(groups[most][0]) > 1:
        moves.remove(most)
        moves.append(most)
    ways = []
    for move in moves:
        names, orders = groups[move]
        if move == most and len(moves) > 1 and len(names) > 1:
            who = "the others"
        else:
            who = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
        how = orders[0] if len(orders) == 1 else f"{', '.join(orders[:-1])} or {orders[-1]}"
        ways.append(f"{who} {move} ({how})")
    value = "a draw" if value == "draw" else value
    head = f"All {equal} moves are" if equal == legal else f"{equal} of the {legal} moves are"
    if brief:
        return f"{'All' if equal == legal else f'{equal} of the'} {legal} moves tie ({value})."
    return (
        f"{head} equally good here ({value}); each algorithm breaks the tie its own "
        f"way, keeping the first in the order it tries moves: {'; '.join(ways)}."
    )


__all__ = ["CENTRE_FIRST", "ORDERING_TIES", "READING_ORDER", "THREATS_FIRST", "equal_best", "tie_note", "ties_text"]
