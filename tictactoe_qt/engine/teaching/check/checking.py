"""One case checked: the student's run against the references, compared and explained."""

from __future__ import annotations

from typing import Any

from ...players.textbook_options import TextbookOptions
from ...search_result import never_stop
from ..trace.counted_search import limited_values
from ..trace.event_stream import SearchCounts
from ..trace.tree_text import Tree
from .cases import Case
from .difference import Difference, first_difference, same_trace, value_text
from .following import as_kept
from .games import CallRecord
from .references import Candidate, candidates
from .report import CaseReport, move_words
from .student_run import StudentRun
from .student_trace import student_events


def check_case(run: StudentRun, case: Case, algorithm: str) -> CaseReport:
    """One case's findings from the student's ``run``."""
    choices = candidates(case, algorithm)
    textbook = choices[0]
    cols = None if case.tree is not None else case.position().config.cols
    record = run.record
    held = _Held(case, record if run.outcome == "done" else None, cols)
    counts = held.counts(textbook)
    reference_move = _step(counts.best, cols)
    nodes = None if record is None else record.nodes
    base: dict[str, Any] = dict(
        case=case.name,
        reference_value=counts.value,
        reference_nodes=counts.nodes,
        reference=textbook.name,
        reference_move=reference_move,
    )
    if run.outcome != "done":
        path: list[Any] = []
        if record is not None and record.nodes > 1:
            path = [list(divmod(step, cols)) if cols else step for step in record.path(record.nodes)]
        said = (
            f"{textbook.name} returns {move_words(reference_move)} (value "
            f"{value_text(counts.value)}) after {counts.nodes:,} nodes"
        )
        return CaseReport(
            value=None,
            move=None,
            nodes=nodes,
            matches=None,
            first_difference=Difference(path, run.message, said),
            ok=False,
            message=run.message,
            traceback=run.traceback,
            **base,
        )
    assert record is not None
    move = run.move
    value = _move_value(case, move)
    matched = next((choice for choice in choices if held.same(choice)), None)  # the first it is, exactly
    passes = matched is not None and matched.passes and value == counts.value
    if passes and matched is not None and matched is not textbook:
        used = held.counts(matched)  # the ordering the student used is the reference
        base.update(reference_nodes=used.nodes, reference=matched.name, reference_move=_step(used.best, cols))
    difference: Difference | None = None
    if not passes:
        difference = first_difference(student_events(record, cols), textbook.events(case), textbook.name, case.depth)
        if difference is None and value != counts.value:
            difference = Difference(
                [],
                f"your search returned {move_words(move)}, worth {value_text(value)}",
                f"{textbook.name} returns {move_words(reference_move)}, worth {value_text(counts.value)}",
            )
    return CaseReport(
        value=value,
        move=move,
        nodes=nodes,
        matches=None if matched is None else _name(matched, choices, held),
        first_difference=difference,
        ok=passes,
        **base,
    )


class _Held:
    """The references on one case against the student's record, each searched once and (but
    the textbook's, whose counts the report gives) only until it parts from the record."""

    def __init__(self, case: Case, record: CallRecord | None, cols: int | None) -> None:
        self.case, self.record, self.cols = case, record, cols
        self._runs: dict[int, tuple[SearchCounts, bool, bool]] = {}
        self._kept: bool | None = None

    def counts(self, choice: Candidate) -> SearchCounts:
        """The search's counts on the case, searched to its end."""
        return self._run(choice, whole=True)[0]

    def same(self, choice: Candidate) -> bool:
        """Whether the student's trace is ``choice``'s, exactly (a finished run only)."""
        assert self.record is not None
        if self._run(choice, whole=False)[1]:
            return True
        if self._kept is None:
            self._kept = as_kept(self.record)
        if self._kept:
            return False  # numbered as entered: the same trace would have followed the record
        if self.counts(choice).nodes != self.record.nodes:
            return False  # counted first: most searches differ in their node count already
        return same_trace(student_events(self.record, self.cols), choice.events(self.case))

    def _run(self, choice: Candidate, whole: bool) -> tuple[SearchCounts, bool, bool]:
        """``(counts, whether it follows the record, whether searched to its end)``, each
        search run once (again only when a run that stopped early is asked for whole)."""
        run = self._runs.get(id(choice))
        if run is None or (whole and not run[2]):
            if self.record is None:
                run = (choice.counts(self.case), False, True)
            else:
                counts, follows = choice.follows(self.case, self.record, whole)
                run = (counts, follows, whole or follows)
            self._runs[id(choice)] = run
        return run


def _name(matched: Candidate, choices: list[Candidate], held: _Held) -> str:
    """The match's name; a variant that looks the same here as later ones names them too."""
    if matched.passes:
        return matched.name
    also = [choice.name for choice in choices[choices.index(matched) + 1 :] if not choice.passes and held.same(choice)]
    return "; here also ".join([matched.name, *also])


def _step(best: Any, cols: int | None) -> Any:
    return best if cols is None else [best // cols, best % cols]


def _move_value(case: Case, move: Any) -> Any:
    """The value of ``move`` for the root player, searched as the textbook does (depth limit
    included)."""
    if case.tree is not None:
        child = case.parsed_tree()[move]
        return _minimax(child, maximizing=False)
    board = case.position()
    limit = case.depth if case.depth is not None else board.geometry.cells
    value = limited_values(board, TextbookOptions(), limit)
    return value((move[0] * board.config.cols + move[1],), never_stop)


def _minimax(node: Tree, maximizing: bool) -> Any:
    if not isinstance(node, list):
        return node
    values = [_minimax(child, not maximizing) for child in node]
    return max(values) if maximizing else min(values)
