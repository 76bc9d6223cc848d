"""Each trace event in words, for the stepper's caption and its event list."""

from __future__ import annotations

from typing import Any

from .move_names import path_text, step_text
from .role_sides import RoleSides
from .trace_tree import format_value


def role(depth: int, negamax: bool = False) -> str:
    """``MAX`` at even depths, ``MIN`` at odd ones."""
    return "MAX" if depth % 2 == 0 else "MIN"


def event_words(event: dict[str, Any], negamax: bool = False,
                lines: tuple[int, int] | None = None, roles: RoleSides | None = None) -> str:
    """One event as a sentence. ``lines`` gives (M(n), O(n)) for an evaluated leaf;
    ``roles`` names the players whose colours those lines are drawn in."""
    kind = event["event"]
    who = role(event["depth"], negamax)
    where = "the root" if not event["path"] else step_text(event["path"][-1])
    value = format_value(event.get("value"))
    if kind == "enter":
        window = ""
        if "alpha" in event:
            window = (f" with α = {format_value(event['alpha'])}, "
                      f"β = {format_value(event['beta'])}")
        return f"Enter the {who} node at {where}{window}."
    if kind == "leaf":
        if event.get("kind") == "evaluation":
            if lines is not None:
                drawn = "" if roles is None else f": MAX = {roles.max_name}, MIN = {roles.min_name}"
                return (f"Depth limit: E(n) = M(n) − O(n) = {lines[0]} − {lines[1]} = {value}"
                        f" (open lines drawn{drawn}).")
            return f"Depth limit: evaluation {value}."
        return f"The game is over here: utility {value}."
    if kind == "return":
        if not event["path"]:
            best = event.get("best")
            move = f", best move {step_text(best)}" if best is not None else ""
            return f"The root's value is {value}{move}."
        source = " (from the transposition table)" if event.get("table") else ""
        return f"{who} at {where} returns {value} to its parent{source}."
    if kind == "alpha":
        return f"α ← {value} at the {who} node (v = {value} > α)."
    if kind == "beta":
        return f"β ← {value} at the {who} node (v = {value} < β)."
    if kind == "cutoff":
        pruned = event["pruned"]
        maximizing = negamax or who == "MAX"
        test = (f"v = {value} ≥ β = {format_value(event['beta'])}" if maximizing
                else f"v = {value} ≤ α = {format_value(event['alpha'])}")
        moves = "; ".join(step_text(step) for step in pruned)
        noun = "move is" if len(pruned) == 1 else "moves are"
        return f"α ≥ β ({test}): the remaining {len(pruned)} {noun} pruned: {moves}."
    return kind


def path_words(path: list[Any]) -> str:
    """The path from the root, for the always-visible path line."""
    return path_text(path)
