"""Check your own search: minimax or alpha-beta written to the standard AI textbook's interface.

Course code for the textbook (AIMA) plays through a ``game`` object and runs
unchanged here. Write ``search(game, state) -> move`` using only:

* ``game.actions(state)``: the legal moves, in order (``(row, col)`` from 0 on a
  board, child indices from 0 in an exercise tree);
* ``game.result(state, move)``: the position after ``move``;
* ``game.terminal_test(state)``: whether the game is over;
* ``game.utility(state, player)``: +1 a win for ``player``, 0 a draw, -1 a loss
  (in a tree, the leaf's number for ``'MAX'``, its negation for ``'MIN'``); at a
  depth limit, the estimate E(n) = M(n) - O(n) of an unfinished position;
* ``game.to_move(state)``: ``'X'``/``'O'`` (in a tree ``'MAX'``/``'MIN'``);
* ``game.depth_limit``: plies to search before calling ``utility`` (``None``: to the end).

The game records what your code does: every ``result`` is a node entered, every
``terminal_test`` that says True (or ``utility``) a leaf evaluated, in the order
of the calls. That record is your trace, in ``tictactoe-qt trace``'s language,
held against textbook minimax and alpha-beta, their move orderings and the
variants students often write (the window restarted at each root move,
pruning only on strict inequality, no pruning, a depth limit off by one). Your
code runs in a child process with a time limit and a node limit.

A worked example (the textbook's alpha-beta, as a student writes it)::

    import math

    def search(game, state):
        player = game.to_move(state)

        def max_value(state, alpha, beta):
            if game.terminal_test(state):
                return game.utility(state, player)
            v = -math.inf
            for a in game.actions(state):
                v = max(v, min_value(game.result(state, a), alpha, beta))
                if v >= beta:
                    return v
                alpha = max(alpha, v)
            return v

        def min_value(state, alpha, beta):
            if game.terminal_test(state):
                return game.utility(state, player)
            v = math.inf
            for a in game.actions(state):
                v = min(v, max_value(game.result(state, a), alpha, beta))
                if v <= alpha:
                    return v
                beta = min(beta, v)
            return v

        best, best_move = -math.inf, None
        for a in game.actions(state):
            v = min_value(game.result(state, a), best, math.inf)
            if v > best:
                best, best_move = v, a
        return best_move

    from tictactoe_qt.learn import check
    check(search, suite=True)       # a table in Jupyter; report.ok is True

:func:`template_path` is a file to start from (``tictactoe-qt check --template
my_search.py`` copies it). Nothing here imports Qt.
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from tictactoe_qt.engine.teaching.check import (
    DEFAULT_NODE_LIMIT,
    DEFAULT_TIME_LIMIT,
    BoardGame,
    Case,
    CaseReport,
    CheckReport,
    StudentSearch,
    TreeGame,
    check_cases,
    report_lines,
    suite,
    summary_text,
)

from .sources import SourceError, function_file

__all__ = [
    "DEFAULT_NODE_LIMIT",
    "DEFAULT_TIME_LIMIT",
    "BoardGame",
    "CaseReport",
    "Game",
    "Report",
    "SearchFunction",
    "SourceError",
    "TreeGame",
    "cases_for",
    "check",
    "template_path",
]


class Game(Protocol):
    """The standard AI textbook's game interface, as your search sees it."""

    depth_limit: int | None

    def actions(self, state: Any) -> list[Any]:
        """The legal moves in ``state``, in order."""

    def result(self, state: Any, move: Any) -> Any:
        """The position after ``move`` (a node entered)."""

    def terminal_test(self, state: Any) -> bool:
        """Whether the game is over in ``state``."""

    def utility(self, state: Any, player: str) -> float:
        """The value of ``state`` for ``player``."""

    def to_move(self, state: Any) -> str:
        """Whose turn it is."""


#: ``search(game, state) -> move``.
SearchFunction = Callable[[Game, Any], Any]


def template_path() -> Path:
    """The file to start your search from (it ships with the package)."""
    return Path(__file__).with_name("template.py")


def cases_for(
    board: str | None = None, tree: str | None = None, suite_: bool = False, depth: int | None = None
) -> list[Case]:
    """The cases ``check`` runs: a board, a tree, the suite, or the empty board."""
    if suite_:
        return suite(depth)
    if tree is not None:
        return [Case(tree=tree)]
    return [Case(board=board or ".../.../...", depth=depth)]


class Report:
    """What :func:`check` found: ``ok``, ``cases`` (each a :class:`CaseReport`), ``passed``.

    ``str()`` is the command line's table; in Jupyter it shows as an HTML table.
    """

    def __init__(self, found: CheckReport, tracebacks: list[str]) -> None:
        self.found = found
        self.tracebacks = tracebacks

    @property
    def ok(self) -> bool:
        return self.found.ok

    @property
    def cases(self) -> list[CaseReport]:
        return self.found.cases

    @property
    def passed(self) -> int:
        return self.found.passed

    def as_dicts(self) -> list[dict[str, Any]]:
        """The ``check --json`` objects: one per case, then the summary."""
        return [case.as_dict() for case in self.cases] + [self.found.summary()]

    def __str__(self) -> str:
        return "\n".join(self.tracebacks + report_lines(self.found))

    def __repr__(self) -> str:
        return f"<Report {self.passed} of {len(self.cases)} cases passed>"

    def _repr_html_(self) -> str:
        rows = []
        for case in self.cases:
            nodes = "?" if case.nodes is None else f"{case.nodes:,}"
            said = "<br>".join(html.escape(line) for line in case.explanation())
            colour = "#1b7a1b" if case.ok else "#b02020"
            rows.append(
                f"<tr style='vertical-align:top'><td><code>{html.escape(case.case)}</code></td>"
                f"<td style='color:{colour}'>{'passed' if case.ok else 'differs'}</td>"
                f"<td>{nodes} / {case.reference_nodes:,}</td>"
                f"<td>{html.escape(case.verdict())}"
                f"{'<br><small>' + said + '</small>' if said else ''}</td></tr>"
            )
        traces = "".join(f"<pre>{html.escape(text)}</pre>" for text in self.tracebacks)
        heads = "".join(
            f"<th style='text-align:left'>{name}</th>"
            for name in ("case", "result", "nodes (yours / textbook)", "verdict")
        )
        return (
            f"{traces}<table><thead><tr>{heads}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>"
            f"<p>{html.escape(summary_text(self.found))}</p>"
        )


def check(
    function: SearchFunction | str,
    *,
    algorithm: str = "alphabeta",
    board: str | None = None,
    tree: str | None = None,
    suite: bool = False,
    depth: int | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    node_limit: int = DEFAULT_NODE_LIMIT,
) -> Report:
    """Check ``function`` (or ``"file.py:function"``) against the textbook's ``algorithm``.

    Args:
        board: a position such as ``"x../.o./..."`` (default: the empty board).
        tree: an exercise tree such as ``"[[3,12,8],[2,4,6],[14,5,2]]"``.
        suite: the empty board, a dozen positions from real games, and the exercise trees.
        depth: a depth limit in plies for board cases (``game.depth_limit``).

    Raises:
        ValueError: an unknown algorithm, a board or tree that cannot be read, a
            function whose source cannot be found, or a file without it.
    """
    cases = cases_for(board, tree, suite, depth)
    for case in cases:  # unreadable input fails here, in the caller's words
        case.parsed_tree() if case.tree is not None else case.position()
    if isinstance(function, str):
        path, _, name = function.partition(":")
        path, name, temporary = path, name or "search", False
        if not os.path.isfile(path):
            raise ValueError(f"no such file: {path!r}")
    else:
        path, name, temporary = function_file(function)
    try:
        with StudentSearch(path, name, time_limit, node_limit) as student:
            found = check_cases(student, cases, algorithm)
    finally:
        if temporary:
            os.unlink(path)
    tracebacks = list(dict.fromkeys(case.traceback for case in found.cases if case.traceback))
    return Report(found, tracebacks)
