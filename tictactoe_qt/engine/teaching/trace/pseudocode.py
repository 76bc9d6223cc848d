"""The pseudocode of each traced search, and the line each event runs.

The textbook form follows the standard AI textbook's MINIMAX-DECISION and
ALPHA-BETA-SEARCH with MAX-VALUE and MIN-VALUE; the negamax form is one function
from the side to move's view. A stepper shows :func:`pseudocode` and highlights
:func:`line_for` of the current event.
"""

from __future__ import annotations

from typing import Any

#: A pseudocode line and what it does: ``(text, tag)``; the tag is ``kind`` or
#: ``kind/role`` with role ``max`` or ``min`` (textbook form) or ``""``.
Line = tuple[str, str]


def pseudocode(algorithm: str, form: str) -> list[str]:
    """The lines of ``algorithm`` (``minimax``, ``alphabeta``, ``alphabeta-tt``) in ``form``."""
    return [text for text, _ in _lines(algorithm, form)]


def line_for(event: dict[str, Any], algorithm: str, form: str, previous: dict[str, Any] | None = None) -> int:
    """The index of the pseudocode line that ``event`` runs (see :func:`pseudocode`).

    Args:
        event: the current event.
        algorithm: as for :func:`pseudocode`.
        form: as for :func:`pseudocode`.
        previous: the event before it; a ``return`` straight after a ``cutoff`` of
            the same node runs the cut-off line's ``return v``.
    """
    kind = event["event"]
    if kind == "leaf":
        kind = "evaluation" if event.get("kind") == "evaluation" else "utility"
    elif kind == "return":
        if event.get("table"):
            kind = "table"
        elif previous is not None and previous["path"] == event["path"]:
            kind = {
                "cutoff": "cutoff",
                "leaf": "evaluation" if previous.get("kind") == "evaluation" else "utility",
            }.get(previous["event"], "return")
    role = "" if form == "negamax" else ("max" if event["depth"] % 2 == 0 else "min")
    tag = f"{kind}/{role}" if role else kind
    for index, (_, line_tag) in enumerate(_lines(algorithm, form)):
        if line_tag == tag:
            return index
    return 0


def _lines(algorithm: str, form: str) -> list[Line]:
    pruning = algorithm != "minimax"
    table = algorithm == "alphabeta-tt"
    if form == "negamax":
        return _negamax(pruning, table)
    head: list[Line] = (
        [
            ("function ALPHA-BETA-SEARCH(state) returns an action", ""),
            ("  v ← MAX-VALUE(state, −∞, +∞)", ""),
            ("  return the action in ACTIONS(state) with value v", ""),
        ]
        if pruning
        else [
            ("function MINIMAX-DECISION(state) returns an action", ""),
            ("  return arg max over a in ACTIONS(state) of MIN-VALUE(RESULT(state, a))", ""),
        ]
    )
    return (
        head + [("", "")] + _value_function("max", pruning, table) + [("", "")] + _value_function("min", pruning, table)
    )


def _value_function(role: str, pruning: bool, table: bool) -> list[Line]:
    me, other = ("MAX", "MIN") if role == "max" else ("MIN", "MAX")
    window = ", α, β" if pruning else ""
    lines: list[Line] = [
        (f"function {me}-VALUE(state{window}) returns a utility value", f"enter/{role}"),
        ("  if TERMINAL-TEST(state) then return UTILITY(state)", f"utility/{role}"),
        ("  if depth = limit then return EVAL(state)", f"evaluation/{role}"),
    ]
    if table:
        lines.append(("  if TABLE settles state within (α, β) then return its value", f"table/{role}"))
    start, pick = ("−∞", "MAX") if role == "max" else ("+∞", "MIN")
    lines += [
        (f"  v ← {start}", ""),
        ("  for each a in ACTIONS(state) do", ""),
        (f"    v ← {pick}(v, {other}-VALUE(RESULT(state, a){window}))", ""),
    ]
    if pruning:
        test, bound, update = ("v ≥ β", "α", "alpha") if role == "max" else ("v ≤ α", "β", "beta")
        lines += [
            (f"    if {test} then return v", f"cutoff/{role}"),
            (f"    {bound} ← {pick}({bound}, v)", f"{update}/{role}"),
        ]
    if table:
        lines.append(("  store v in TABLE (exact, or a bound if outside the window)", ""))
    lines.append(("  return v", f"return/{role}"))
    return lines


def _negamax(pruning: bool, table: bool) -> list[Line]:
    window = ", α, β" if pruning else ""
    child_window = ", −β, −α" if pruning else ""
    lines: list[Line] = [
        (f"function NEGAMAX(state{window}) returns a value for the side to move", "enter"),
        ("  if TERMINAL-TEST(state) then return UTILITY(state) for the side to move", "utility"),
        ("  if depth = limit then return EVAL(state) for the side to move", "evaluation"),
    ]
    if table:
        lines.append(("  if TABLE settles state within (α, β) then return its value", "table"))
    lines += [
        ("  v ← −∞", ""),
        ("  for each a in ACTIONS(state) do", ""),
        (f"    v ← MAX(v, −NEGAMAX(RESULT(state, a){child_window}))", ""),
    ]
    if pruning:
        lines += [("    if v ≥ β then return v", "cutoff"), ("    α ← MAX(α, v)", "alpha")]
    if table:
        lines.append(("  store v in TABLE (exact, or a bound if outside the window)", ""))
    lines.append(("  return v", "return"))
    return lines
