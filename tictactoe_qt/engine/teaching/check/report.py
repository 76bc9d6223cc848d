"""A check's findings, case by case: the JSON object of ``check --json`` and words for people."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .difference import Difference, path_words, step_words, value_text

#: The keys of one case's JSON object, in order.
CASE_KEYS = (
    "case",
    "value",
    "reference_value",
    "move",
    "nodes",
    "reference_nodes",
    "matches",
    "first_difference",
    "ok",
)


@dataclass
class CaseReport:
    """One case checked.

    Attributes:
        value: the value of the student's move (the root player's view), ``None``
            without a legal move.
        matches: the reference or variant the student's trace matches exactly, if any.
        reference: the name of the search the student was held against.
        message: a run that did not finish, in one line ("" when it did).
        traceback: the student's own traceback, when their code raised.
    """

    case: str
    value: Any
    reference_value: Any
    move: Any
    nodes: int | None
    reference_nodes: int
    matches: str | None
    first_difference: Difference | None
    ok: bool
    reference: str = "textbook alpha-beta"
    reference_move: Any = None
    message: str = ""
    traceback: str = ""

    def as_dict(self) -> dict[str, Any]:
        """The ``check --json`` object: exactly :data:`CASE_KEYS`."""
        return {
            "case": self.case,
            "value": _json_number(self.value),
            "reference_value": _json_number(self.reference_value),
            "move": self.move,
            "nodes": self.nodes,
            "reference_nodes": self.reference_nodes,
            "matches": self.matches,
            "first_difference": None if self.first_difference is None else self.first_difference.as_dict(),
            "ok": self.ok,
        }

    def verdict(self) -> str:
        """One short line: passed, the variant matched, or what went wrong."""
        if self.message:
            return self.message
        if self.ok:
            return f"right: {self.matches}"
        if self.matches is not None:
            return f"your search is {self.matches}"
        if self.value != self.reference_value:
            return f"wrong value: {value_text(self.value)}, not {value_text(self.reference_value)}"
        return f"differs from {self.reference}"

    def explanation(self) -> list[str]:
        """The lines below the table for a case that did not pass (none for one that did)."""
        lines: list[str] = []
        if self.ok:
            if self.reference_move is not None and self.move != self.reference_move:
                lines.append(
                    f"your move {move_words(self.move)} is as good as the textbook's {move_words(self.reference_move)}"
                )
            return lines
        difference = self.first_difference
        if self.message:
            if difference is not None and difference.path:
                lines.append(f"your search was at {path_words(difference.path)}")
            if difference is not None:
                lines.append(difference.textbook)
            return lines
        if self.matches is not None:
            lines.append(
                f"your search is {self.matches}: {self.nodes:,} nodes, where the "
                f"textbook visits {self.reference_nodes:,}"
            )
        if self.value is not None and self.value != self.reference_value:
            lines.append(
                f"your move {move_words(self.move)} is worth "
                f"{value_text(self.value)}; the best is worth "
                f"{value_text(self.reference_value)} ({move_words(self.reference_move)})"
            )
        difference = self.first_difference
        if difference is not None:
            lines.append(
                f"first difference at {path_words(difference.path)}: {difference.textbook}; {difference.yours}"
            )
        return lines


@dataclass
class CheckReport:
    """Every case checked, and the summary: ``cases`` and ``passed``."""

    algorithm: str
    cases: list[CaseReport] = field(default_factory=list)

    @property
    def passed(self) -> int:
        return sum(case.ok for case in self.cases)

    @property
    def ok(self) -> bool:
        return self.passed == len(self.cases)

    def summary(self) -> dict[str, int]:
        """The last JSON line of ``check --json``."""
        return {"cases": len(self.cases), "passed": self.passed}


#: The text table's columns: case, result, nodes (yours / textbook), verdict.
CASE_WIDTH = 30


def table_header() -> str:
    """The text table's first line."""
    return f"{'case':<{CASE_WIDTH}} {'result':<7}  {'nodes (yours / textbook)':<25} verdict"


def table_row(case: CaseReport) -> str:
    """One case as a line of the text table."""
    name = case.case if len(case.case) <= CASE_WIDTH else case.case[: CASE_WIDTH - 3] + "..."
    yours = "?" if case.nodes is None else f"{case.nodes:,}"
    nodes = f"{yours} / {case.reference_nodes:,}"
    return f"{name:<{CASE_WIDTH}} {'passed' if case.ok else 'differs':<7}  {nodes:<25} {case.verdict()}"


def report_lines(report: CheckReport) -> list[str]:
    """The whole report as text: the table, each case's explanation, the summary."""
    lines = [table_header(), *(table_row(case) for case in report.cases)]
    lines += explanation_lines(report)
    lines.append(summary_text(report))
    return lines


def explanation_lines(report: CheckReport) -> list[str]:
    """Below the table: for each case with something to say, its lines."""
    lines: list[str] = []
    for case in report.cases:
        said = case.explanation()
        if said:
            lines.append("")
            lines.append(f"{case.case}:")
            lines += [f"  {line}" for line in said]
    return lines


def summary_text(report: CheckReport) -> str:
    """``passed 15 of 16 cases``."""
    total = len(report.cases)
    return f"passed {report.passed} of {total} case{'s' * (total != 1)}"


def move_words(move: Any) -> str:
    """A move as people name it; ``no move`` for ``None``."""
    return "no move" if move is None else step_words(move)


def _json_number(value: Any) -> Any:
    if isinstance(value, float) and value == int(value):
        return int(value)
    return value
