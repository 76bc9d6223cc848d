"""The parent's side: the student's code in a child process, with a time and a node limit.

One :class:`~...processes.Service` child holds the student's module; each case is
one request. A case that passes the time limit ends the child (an endless loop
cannot be asked to stop) and the next case starts a fresh one.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from ...processes import Service, ServiceCancelled, ServiceError
from .cases import Case
from .checking import check_case
from .games import DEFAULT_NODE_LIMIT, record_problem
from .references import CHECKED_ALGORITHMS
from .report import CaseReport, CheckReport
from .side_by_side import SideBySide
from .student_run import StudentRun
from .student_side import make_handler

#: Default seconds a student's search may take on one case.
DEFAULT_TIME_LIMIT = 30.0
#: How long the child may take to start and load the file (not part of the time limit).
START_SECONDS = 30.0


class StudentCodeError(ValueError):
    """The file or function cannot be used at all (one line)."""


class StudentSearch:
    """The student's ``FILE:FUNCTION``, loaded in a child; use as a context manager.

    Raises (on :meth:`load`):
        StudentCodeError: no such function in the file.
    """

    def __init__(
        self,
        path: str,
        function: str = "search",
        time_limit: float = DEFAULT_TIME_LIMIT,
        node_limit: int = DEFAULT_NODE_LIMIT,
    ) -> None:
        self.path = path
        self.function = function
        self.time_limit = time_limit
        self.node_limit = node_limit
        self._service = Service("check", make_handler, process_name="tictactoe-check")
        self._loaded = False
        self._cancelled = False
        self.load_failure: StudentRun | None = None

    def __enter__(self) -> StudentSearch:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """End the child (idempotent)."""
        self._service.stop(timeout=1.0)

    def cancel(self) -> None:
        """From any thread: end the child now; a waiting :meth:`run` returns ``cancelled``."""
        self._cancelled = True
        self._service.kill()

    def stop_soon(self) -> None:
        """From a signal handler: only sets a flag; a waiting :meth:`run` ends the child
        from its own thread within a poll and returns ``cancelled``, as does every later one."""
        self._cancelled = True

    def run_and_report(
        self, case: Case, algorithm: str, steps: int
    ) -> tuple[StudentRun, CaseReport | None, SideBySide | None]:
        """Run the student's search on ``case``, then check it in the child too, lined up
        beside the textbook's first ``steps`` events (nothing is searched in this process)."""
        run = self.run(case)
        if run.outcome in ("time_limit", "crashed", "cancelled") or not self._loaded:
            return run, None, None
        answer = self._ask(("report", algorithm, steps), START_SECONDS + self.time_limit, "checking your search")
        if isinstance(answer, StudentRun):
            return answer, None, None
        return run, answer["report"], answer["beside"]

    def load(self) -> StudentRun | None:
        """Load the file in a (new) child: ``None`` when it loaded, else why it did not
        (remembered: a file that fails to load fails every case the same way).

        Raises:
            StudentCodeError: the file has no such function.
        """
        if self.load_failure is not None:
            return self.load_failure
        answer = self._ask(("load", self.path, self.function), self.time_limit, "loading your file")
        if isinstance(answer, StudentRun):
            self.load_failure = answer
            return answer
        if answer["outcome"] == "missing":
            raise StudentCodeError(answer["message"])
        if answer["outcome"] != "loaded":
            self.load_failure = StudentRun(
                answer["outcome"], message=answer.get("message", ""), traceback=answer.get("traceback", "")
            )
            return self.load_failure
        self._loaded = True
        return None

    def run(self, case: Case) -> StudentRun:
        """The student's search on ``case``, within the limits."""
        if not self._loaded or not self._service.is_running:
            failed = self.load()
            if failed is not None:
                return failed
        answer = self._ask(("run", case, self.node_limit), self.time_limit, "your search")
        if isinstance(answer, StudentRun):
            self._loaded = False
            return answer
        record = answer.get("record")
        if record is not None and (problem := record_problem(record)) is not None:
            return StudentRun("exception", message=problem)  # the child is the student's
        return StudentRun(
            answer["outcome"], answer.get("move"), record, answer.get("message", ""), answer.get("traceback", "")
        )

    def _ask(self, request: Any, seconds: float, what: str) -> dict[str, Any] | StudentRun:
        if not self._service.wait_until_ready(START_SECONDS, cancelled=lambda: self._cancelled):
            if self._cancelled:
                self._service.kill()
                return StudentRun("cancelled", message=f"{what} was cancelled")
            return StudentRun("crashed", message="the checking process did not start")
        deadline = time.monotonic() + seconds
        try:
            _, answer = self._service.request(
                request, cancelled=lambda: False, abandon=lambda: self._cancelled or time.monotonic() > deadline
            )
        except ServiceCancelled:
            if self._cancelled:
                return StudentRun("cancelled", message=f"{what} was cancelled")
            return StudentRun(
                "time_limit",
                message=f"{what} did not finish within the time "
                f"limit of {seconds:g} s and was stopped "
                f"(an endless loop?)",
            )
        except ServiceError as error:
            doing = "running your search" if what == "your search" else what
            return StudentRun("crashed", message=f"while {doing}, {error}")
        assert isinstance(answer, dict)
        return answer


def check_cases(
    student: StudentSearch,
    cases: Iterable[Case],
    algorithm: str = "alphabeta",
    on_case: Callable[[CaseReport], None] = lambda report: None,
) -> CheckReport:
    """Run ``student`` on each case and hold it against ``algorithm``'s references;
    once ``student`` is cancelled (or stopped), the cases checked so far.

    Raises:
        ValueError: an algorithm other than minimax or alphabeta.
        StudentCodeError: the file has no such function.
    """
    if algorithm not in CHECKED_ALGORITHMS:
        raise ValueError(f"unknown algorithm {algorithm!r}; choose from {', '.join(CHECKED_ALGORITHMS)}")
    report = CheckReport(algorithm)
    for case in cases:
        run = student.run(case)
        if run.outcome == "cancelled":  # stopped: the cases so far are the report
            break
        found = check_case(run, case, algorithm)
        report.cases.append(found)
        on_case(found)
    return report
