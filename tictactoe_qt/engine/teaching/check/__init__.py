"""Check a student's own minimax or alpha-beta, written to the standard AI textbook's interface.

The student's ``search(game, state) -> move`` runs in a child process against a
game that records its calls (:mod:`.games`); the record becomes a trace in
``trace``'s event language (:mod:`.student_trace`), which is held against the
textbook search, its move orderings and the variants students write by mistake
(:mod:`.references`), all of them the one textbook search with options, each
walked against the student's record node by node and stopped where it parts
(:mod:`.following`). A trace that matches none is explained at its first
difference (:mod:`.difference`).
"""

from .cases import EXERCISE_TREES, GAME_POSITIONS, Case, suite
from .checking import check_case
from .difference import Difference, first_difference, path_words
from .games import DEFAULT_NODE_LIMIT, BoardGame, BoardGameState, CallRecord, NodeLimitReached, TreeGame, TreeGameState
from .references import CHECKED_ALGORITHMS, Candidate, candidates
from .report import (
    CASE_KEYS,
    CaseReport,
    CheckReport,
    explanation_lines,
    move_words,
    report_lines,
    summary_text,
    table_header,
    table_row,
)
from .runner import DEFAULT_TIME_LIMIT, StudentCodeError, StudentSearch, check_cases
from .side_by_side import SideBySide, side_by_side
from .student_run import StudentRun
from .student_trace import student_events

__all__ = [
    "CASE_KEYS",
    "CHECKED_ALGORITHMS",
    "DEFAULT_NODE_LIMIT",
    "DEFAULT_TIME_LIMIT",
    "EXERCISE_TREES",
    "GAME_POSITIONS",
    "BoardGame",
    "BoardGameState",
    "CallRecord",
    "Candidate",
    "Case",
    "CaseReport",
    "CheckReport",
    "Difference",
    "NodeLimitReached",
    "SideBySide",
    "StudentCodeError",
    "StudentRun",
    "StudentSearch",
    "TreeGame",
    "TreeGameState",
    "candidates",
    "check_case",
    "check_cases",
    "first_difference",
    "explanation_lines",
    "move_words",
    "path_words",
    "report_lines",
    "summary_text",
    "table_header",
    "table_row",
    "side_by_side",
    "student_events",
    "suite",
]
