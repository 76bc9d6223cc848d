"""How a value is written, in one place: the overlay, the game tree and ``analyze`` use it.

A move's value names the winner and counts plies from the position the move
is played in, the move included: ``"O wins in 6 plies"``, short ``O6``. So a
move that wins at once is ``X1``, and the tree row of that move says ``X wins
in 1 ply``. A draw is ``D`` (``"draw in 9 plies"``: the board fills up). A heuristic
score is written for a named side with the depth of its search, short as a
compact signed number (``+1.2k``). A value nobody computed is ``?``.
"""

from __future__ import annotations

#: Short form of a value the search never computed.
UNKNOWN_BADGE = "?"
#: Long form of a value the search never computed.
UNKNOWN_TEXT = "unknown: not searched in the time budget"
#: One line that explains the short forms, for legends.
BADGE_KEY = "X3 = X wins in 3 plies counting this move, D = draw, ? = not searched"


def plies_text(plies: int) -> str:
    """``"1 ply"``, ``"3 plies"``."""
    return "1 ply" if plies == 1 else f"{plies} plies"


def outcome_text(result: str | None, plies: int | None) -> str:
    """The long form: ``"O wins in 6 plies"``, ``"draw in 9 plies"`` (when the board is full).

    Args:
        result: ``"x"``, ``"o"`` or ``"draw"``; ``None`` when unknown.
        plies: plies to the end with best play, counted as the module says.
    """
    if result is None:
        return UNKNOWN_TEXT
    if result == "draw":
        return f"draw in {plies_text(plies)}" if plies else "draw"
    winner = result.upper()
    return f"{winner} wins in {plies_text(plies)}" if plies else f"{winner} has won"


def outcome_badge(result: str | None, plies: int | None) -> str:
    """The short form of :func:`outcome_text`: ``O6``, ``X1``, ``D`` or ``?``."""
    if result is None:
        return UNKNOWN_BADGE
    if result == "draw":
        return "D"
    return f"{result.upper()}{plies if plies is not None else ''}"


def compact_score(score: float) -> str:
    """'+12', '-3', '+1.2k', '+3.4M': short enough for a small cell."""
    size = abs(score)
    sign = "+" if score > 0 else "-" if score < 0 else ""
    if size >= 1e6:
        return f"{sign}{size / 1e6:.1f}M"
    if size >= 1e3:
        return f"{sign}{size / 1e3:.1f}k"
    return f"{sign}{size:.0f}"


def heuristic_text(score: float, viewer: str, depth: int | None) -> str:
    """The long form of a heuristic score: ``"+1234 for X (heuristic, depth 4)"``."""
    searched = f"depth {depth}" if depth is not None else "no search"
    return f"{score:+g} for {viewer.upper()} (heuristic, {searched})"


def heuristic_badge(score: float) -> str:
    """The short form of :func:`heuristic_text`: the compact score alone."""
    return compact_score(score)
