"""How a value is written, in one place: the overlay, the game tree and ``analyze`` use it.

A move's value names the winner and counts plies from the position the move
is played in, the move included: ``"O wins in 6 plies"``, short ``O6``. So a
move that wins at once is ``X1``, and the tree row of that move says ``X wins
in 1 ply``. A draw is ``D`` (``"draw in 9 plies"``: the board fills up). A heuristic
score is written for a named side with the depth of its search, short as a
compact signed number (``+1.2k``). A search score beyond
:data:`~..search_result.MATE_THRESHOLD` is a forced win or loss the search
proved even when the search as a whole was not exact: it is written as one
(``"O wins in 7 plies against every reply searched (depth 13)"``, short ``O7``), never
as a number. A value nobody computed is ``?``.

Results name the board's sides (``"x"`` moves first); the texts write the
player of that side as ``names`` says (:class:`~.side_names.SideNames`: the
game's seating and the players' marks). The default is the board's own X and O.
"""

from __future__ import annotations

from typing import cast

from ..excerpt import excerpt
from ..game.board import Mark
from ..search_result import score_to_result
from .side_names import BOARD_NAMES, SideNames

#: Short form of a value the search never computed.
UNKNOWN_BADGE = "?"
#: Long form of a value the search never computed.
UNKNOWN_TEXT = "unknown: not searched in the time budget"


def win_badge_key(name: str = "X", how: str = "") -> str:
    """What a win's short form means, with the player ``name`` as example; ``how`` (such
    as "against every reply searched") follows the move."""
    return f"{name}3 = {name} wins in 3 plies counting this move" + (f" {how}" if how else "")


def badge_key(name: str = "X") -> str:
    """One line that explains the short forms, for legends, with the player ``name`` as example."""
    return f"{win_badge_key(name)}, D = draw, ? = not searched"


#: :func:`badge_key` for X.
BADGE_KEY = badge_key()


#: The unit of a game's length and a search's depth: single moves, one player's each
#: (a game of 3x3 lasts at most 9 plies). Every view writes lengths in it.
PLIES = "plies"


def plies_text(plies: int) -> str:
    """``"1 ply"``, ``"3 plies"``."""
    return "1 ply" if plies == 1 else f"{plies} {PLIES}"


def outcome_text(result: str | None, plies: int | None, names: SideNames = BOARD_NAMES) -> str:
    """The long form: ``"O wins in 6 plies"``, ``"draw in 9 plies"`` (when the board is full).

    Args:
        result: the board's ``"x"`` or ``"o"`` (the winning side), or ``"draw"``;
            ``None`` when unknown.
        plies: plies to the end with best play, counted as the module says.
        names: how the winning side's player is written.
    """
    if result is None:
        return UNKNOWN_TEXT
    if result == "draw":
        return f"draw in {plies_text(plies)}" if plies else "draw"
    winner = names.name(result)
    return f"{winner} wins in {plies_text(plies)}" if plies else f"{winner} has won"


def outcome_badge(result: str | None, plies: int | None, names: SideNames = BOARD_NAMES) -> str:
    """The short form of :func:`outcome_text`: ``O6``, ``X1``, ``D`` or ``?``."""
    if result is None:
        return UNKNOWN_BADGE
    if result == "draw":
        return "D"
    return f"{names.name(result)}{plies if plies is not None else ''}"


def compact_score(score: float) -> str:
    """'+12', '-3', '+1.2k', '+3.4M': short enough for a small cell."""
    size = abs(score)
    sign = "+" if score > 0 else "-" if score < 0 else ""
    if size >= 1e6:
        return f"{sign}{size / 1e6:.1f}M"
    if size >= 1e3:
        return f"{sign}{size / 1e3:.1f}k"
    return f"{sign}{size:.0f}"


def forced_outcome(score: float, viewer: str) -> tuple[str, int] | None:
    """``(winner, plies)`` when a search ``score`` (``viewer``'s view) is a forced win or
    loss, the winner one of the board's sides; ``None`` for a heuristic score."""
    return score_to_result(score, cast(Mark, viewer))


def heuristic_text(score: float, viewer: str, depth: int | None, names: SideNames = BOARD_NAMES) -> str:
    """The long form of a search score: ``"+1234 for X (heuristic, depth 4)"``, or for a
    forced win or loss ``"O wins in 7 plies against every reply searched (depth 13)"``.

    Args:
        score: from the view of the board's side ``viewer`` (``"x"`` or ``"o"``).
        viewer: the board's side whose view the score takes.
        depth: the search depth behind it, ``None`` when there was no search.
        names: how the players are written.
    """
    decided = forced_outcome(score, viewer)
    if decided is not None:
        # Not "forced": on big boards the search tries only the likeliest replies.
        found = f" (depth {depth})" if depth is not None else ""
        return f"{outcome_text(*decided, names)} against every reply searched{found}"
    searched = f"depth {depth}" if depth is not None else "no search"
    return f"{score:+g} for {names.name(viewer)} (heuristic, {searched})"


def heuristic_badge(score: float, viewer: str, names: SideNames = BOARD_NAMES) -> str:
    """The short form of :func:`heuristic_text`: the compact score, or ``O7`` for a forced
    win or loss (``viewer`` is the board's side whose view ``score`` takes)."""
    decided = forced_outcome(score, viewer)
    if decided is not None:
        return outcome_badge(*decided, names)
    return compact_score(score)


#: How an unbounded alpha-beta bound is written (a real minus sign, as in print).
PLUS_INFINITY = "+∞"
MINUS_INFINITY = "−∞"


def infinity_text(value: float) -> str | None:
    """``"+∞"`` / ``"−∞"`` for an infinite bound, ``None`` for a finite one."""
    if value == float("inf"):
        return PLUS_INFINITY
    if value == float("-inf"):
        return MINUS_INFINITY
    return None


def window_text(alpha: str, beta: str) -> str:
    """An alpha-beta window for people, its bounds already written: ``"α = −∞, β = +∞"``.

    The stepper's captions and tooltips and the game tree's window column use it.
    """
    return f"α = {alpha}, β = {beta}"


def status_text(status: str, names: SideNames = BOARD_NAMES) -> str:
    """A board's ``status`` (``"x_won"``, ``"o_won"``, ``"draw"``, ``"ongoing"``) in words:
    ``"X has won"``, ``"it is a draw"``, ``"it goes on"``."""
    if status == "draw":
        return "it is a draw"
    if status in ("x_won", "o_won"):
        return f"{names.name(status[0])} has won"
    return "it goes on"


def game_over_text(notation: str, status: str, names: SideNames = BOARD_NAMES) -> str:
    """Why a finished position cannot be searched, in one line with a bounded excerpt:
    ``"the game on 'xxx/oo./...' is already over: X has won"``."""
    return f"the game on {excerpt(notation)} is already over: {status_text(status, names)}"
