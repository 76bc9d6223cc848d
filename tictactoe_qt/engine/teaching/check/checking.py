"""One case checked: the student's run against the references, compared and explained."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...players.textbook_options import TextbookOptions
from ...search_result import never_stop
from ..trace.counted_search import limited_values
from ..trace.event_stream import SearchCounts
from ..trace.tree_text import Tree
from .cases import Case
from .difference import Difference, first_difference, same_trace, value_text
from .references import Candidate, candidates
from .report import CaseReport, move_words
from .student_run import StudentRun
from .student_trace import student_events


def check_case(run: StudentRun, case: Case, algorithm: str) -> CaseReport:
    """One case's findings from the student's ``run``."""
    choices = candidates(case, algorithm)
    textbook = choices[0]
    counted: dict[int, SearchCounts] = {}

    def counts_of(choice: Candidate) -> SearchCounts:
        key = id(choice)
        if key not in counted:
            counted[key] = choice.counts(case)
        return counted[key]

    counts = counts_of(textbook)
    cols = None if case.tree is not None else case.position().config.cols
    reference_move = _step(counts.best, cols)
    record = run.record
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
    matched = _matching(choices, case, record, cols, counts_of)
    passes = matched is not None and matched.passes and value == counts.value
    if passes and matched is not None and matched is not textbook:
        held = counts_of(matched)  # the ordering the student used is the reference
        base.update(reference_nodes=held.nodes, reference=matched.name, reference_move=_step(held.best, cols))
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
        matches=None if matched is None else _name(matched, choices, case, record, cols, counts_of),
        first_difference=difference,
        ok=passes,
        **base,
    )


Counter = Callable[[Candidate], SearchCounts]


def _matching(
    choices: list[Candidate], case: Case, record: Any, cols: int | None, counts_of: Counter
) -> Candidate | None:
    """The first search whose trace the student's is, exactly."""
    for choice in choices:
        if _same(choice, case, record, cols, counts_of):
            return choice
    return None


def _same(choice: Candidate, case: Case, record: Any, cols: int | None, counts_of: Counter) -> bool:
    if counts_of(choice).nodes != record.nodes:
        return False  # counted first: most searches differ in their node count already
    return same_trace(student_events(record, cols), choice.events(case))


def _name(
    matched: Candidate, choices: list[Candidate], case: Case, record: Any, cols: int | None, counts_of: Counter
) -> str:
    """The match's name; a variant that looks the same here as later ones names them too."""
    if matched.passes:
        return matched.name
    also = [
        choice.name
        for choice in choices[choices.index(matched) + 1 :]
        if not choice.passes and _same(choice, case, record, cols, counts_of)
    ]
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
