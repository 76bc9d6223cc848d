"""``trace`` events as readable, indented lines (one per event, two spaces per depth)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tictactoe_qt.engine.game import cell_text, child_text, short_cell_text, short_child_text
from tictactoe_qt.engine.players import TextbookOptions
from tictactoe_qt.engine.teaching import TraceSummary
from tictactoe_qt.engine.text import infinity_text, window_text


def step_text(step: Any) -> str:
    """A path step: ``r2c3`` for a board move, ``2`` for a tree's second child: both
    counted from 1, as ``search``'s best line and the stepper count them."""
    return short_cell_text(step[0], step[1]) if isinstance(step, list) else short_child_text(step)


def move_words(step: Any) -> str:
    """A single move: ``row 2, column 3``, as ``search`` names its move; ``child 2`` in a tree."""
    return cell_text(step[0], step[1]) if isinstance(step, list) else child_text(step)


def path_text(path: list[Any]) -> str:
    """The path from the root: ``root`` or ``r2c2 > r1c3``."""
    return " > ".join(step_text(step) for step in path) if path else "root"


def bound_text(value: Any) -> str:
    """A value or bound; infinite ones as ``−∞`` / ``+∞`` (the GUI's signs)."""
    infinite = infinity_text(value) if isinstance(value, float) else None
    if infinite is not None:
        return infinite
    return f"{value:g}" if isinstance(value, float) else str(value)


def event_text(event: Mapping[str, Any], form: str) -> str:
    """One event as an indented line."""
    kind = event["event"]
    indent = "  " * int(event["depth"])
    where = path_text(event["path"])
    window = ""
    if "alpha" in event:
        window = f"  [{window_text(bound_text(event['alpha']), bound_text(event['beta']))}]"
    value = bound_text(event.get("value"))
    if kind == "enter":
        text = f"enter {where}"
    elif kind == "leaf":
        what = "E(n)" if event["kind"] == "evaluation" else "utility"
        text = f"leaf {where} = {value} ({what})"
    elif kind == "return":
        text = f"return {where} = {value}"
        if event.get("best") is not None:
            text += f" (best {move_words(event['best'])})"
        if event.get("table"):
            text += " from the table"
    elif kind == "alpha":
        text = f"alpha at {where} rises to {value}"
    elif kind == "beta":
        text = f"beta at {where} falls to {value}"
    else:
        maximizing = form == "negamax" or event["depth"] % 2 == 0
        test = f"v={value} ≥ β" if maximizing else f"v={value} ≤ α"
        pruned = ", ".join(step_text(step) for step in event["pruned"])
        count = len(event["pruned"])
        text = f"cutoff at {where}: {test}, {count} move{'s' * (count != 1)} pruned: {pruned}"
    return indent + text + window


def summary_text(summary: TraceSummary, label: str) -> str:
    """The closing line: value, best move, nodes and cut-offs, labelled with the options."""
    best = "none" if summary.best is None else move_words(summary.best)
    return (
        f"value {bound_text(summary.value)}, best move: {best}; nodes {summary.nodes:,}, "
        f"cut-offs {summary.cutoffs:,} ({label})"
    )


def options_label(algorithm: str, options: TextbookOptions, tree: bool) -> str:
    """What produced the numbers, in words."""
    if tree:
        return f"{algorithm}, form {options.form}, on a textbook tree"
    return f"{algorithm}, {options.label()}"


def head_text(data: Mapping[str, Any]) -> str:
    """A first line saying what is traced and how values read."""
    view = "MAX (the root player)" if data["form"] == "textbook" else "each node's side to move"
    return f"{data['title']}; values from {view}'s view"
