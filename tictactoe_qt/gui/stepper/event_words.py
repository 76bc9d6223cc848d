"""Each trace event in words, for the stepper's caption and its event list."""

from __future__ import annotations

from typing import Any

from tictactoe_qt.engine.search import open_lines_text
from tictactoe_qt.engine.text import window_text

from .move_names import path_text, step_text
from .role_sides import RoleSides, player_word
from .trace_tree import format_value


def role(depth: int, negamax: bool = False) -> str:
    """``MAX`` at even depths, ``MIN`` at odd ones."""
    return "MAX" if depth % 2 == 0 else "MIN"


def evaluation_words(depth: int, negamax: bool, lines: tuple[int, int], roles: RoleSides | None) -> str:
    """E(n) at a leaf ``depth`` plies down, naming whose open lines count for and against:
    ``"E(n) = open lines for O (MAX) − open lines for X (MIN) = 2 − 4"``.

    ``lines`` are (MAX's, MIN's) open lines. Values are MAX's, except in the negamax
    form, where a leaf at an odd depth is valued for MIN (its side to move).
    """
    max_role, min_role = player_word(True, roles), player_word(False, roles)
    mine, theirs = lines
    if negamax and depth % 2:
        max_role, min_role, mine, theirs = min_role, max_role, theirs, mine
    return f"E(n) = {open_lines_text(max_role, min_role, '−')} = {mine} − {theirs}"


def view_words(event: dict[str, Any], negamax: bool, roles: RoleSides | None) -> str:
    """Whose view the event's value is from, in the negamax form: ``" (MIN's view; 3 for
    MAX)"`` at a MIN node, ``" (MAX's view)"`` at a MAX node; ``""`` in the textbook form,
    where every value is MAX's.

    Negamax values belong to the side to move at the node, so the same outcome reads
    −3 at a MIN node and 3 at its MAX parent; the caption says which.
    """
    if not negamax:
        return ""
    is_max = event["depth"] % 2 == 0
    own = player_word(is_max, roles)
    value = event.get("value")
    if is_max or not isinstance(value, (int, float)):
        return f" ({own}'s view)"
    return f" ({own}'s view; {format_value(-value)} for {player_word(True, roles)})"


def event_words(
    event: dict[str, Any], negamax: bool = False, lines: tuple[int, int] | None = None, roles: RoleSides | None = None
) -> str:
    """One event as a sentence. ``lines`` gives (MAX's, MIN's) open lines at an evaluated
    leaf; ``roles`` names the players behind MAX and MIN. In the negamax form each value
    says whose view it is from (see :func:`view_words`)."""
    kind = event["event"]
    who = role(event["depth"], negamax)
    where = "the root" if not event["path"] else step_text(event["path"][-1])
    value = format_value(event.get("value"))
    view = view_words(event, negamax, roles)
    if kind == "enter":
        window = ""
        if "alpha" in event:
            window = " with " + window_text(format_value(event["alpha"]), format_value(event["beta"]))
        return f"Enter the {who} node at {where}{window}."
    if kind == "leaf":
        if event.get("kind") == "evaluation":
            if lines is not None:
                return f"Depth limit: {evaluation_words(event['depth'], negamax, lines, roles)} = {value}."
            return f"Depth limit: evaluation {value}{view}."
        return f"The game is over here: utility {value}{view}."
    if kind == "return":
        if not event["path"]:
            best = event.get("best")
            move = f", best move {step_text(best)}" if best is not None else ""
            return f"The root's value is {value}{view}{move}."
        source = " (from the transposition table)" if event.get("table") else ""
        return f"{who} at {where} returns {value}{view} to its parent{source}."
    if kind == "alpha":
        return f"α ← {value} at the {who} node (v = {value} > α){view}."
    if kind == "beta":
        return f"β ← {value} at the {who} node (v = {value} < β)."
    if kind == "cutoff":
        pruned = event["pruned"]
        maximizing = negamax or who == "MAX"
        test = (
            f"v = {value} ≥ β = {format_value(event['beta'])}"
            if maximizing
            else f"v = {value} ≤ α = {format_value(event['alpha'])}"
        )
        moves = "; ".join(step_text(step) for step in pruned)
        noun = "move is" if len(pruned) == 1 else "moves are"
        # The test the highlighted pseudocode line makes (MAX-VALUE's v ≥ β, MIN-VALUE's
        # v ≤ α, NEGAMAX's v ≥ β), not a generic α ≥ β the textbook form never tests.
        return f"Cut-off, {test}{view}: the remaining {len(pruned)} {noun} pruned: {moves}."
    return str(kind)


def path_words(path: list[Any]) -> str:
    """The path from the root, for the always-visible path line."""
    return path_text(path)
