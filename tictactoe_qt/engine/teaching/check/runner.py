"""The parent's side: the student's code in a child process, with a time and a node limit.

One :class:`~...processes.Service` child holds the student's module; each case is
one request. A case that passes the time limit ends the child (an endless loop
cannot be asked to stop) and the next case starts a fresh one.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from ...processes import Service, ServiceCancelled, ServiceError
from .cases import Case
from .games import DEFAULT_NODE_LIMIT, CallRecord
from .student_side import make_handler

#: Default seconds a student's search may take on one case.
DEFAULT_TIME_LIMIT = 30.0
#: How long the child may take to start and load the file (not part of the time limit).
START_SECONDS = 30.0


class StudentCodeError(ValueError):
    """The file or function cannot be used at all (one line)."""


@dataclass
class StudentRun:
    """What the student's search did on one case.

    ``outcome``: ``done``, ``illegal`` (no move, or an illegal one), ``exception``,
    ``node_limit``, ``time_limit`` or ``crashed``; ``message`` says it in one line.
    """

    outcome: str
    move: Any = None
    record: CallRecord | None = None
    message: str = ""
    traceback: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


class StudentSearch:
    """The student's ``FILE:FUNCTION``, loaded in a child; use as a context manager.

    Raises (on :meth:`load`):
        StudentCodeError: no such function in the file.
    """

    def __init__(self, path: str, function: str = "search",
                 time_limit: float = DEFAULT_TIME_LIMIT,
                 node_limit: int = DEFAULT_NODE_LIMIT) -> None:
        self.path = path
        self.function = function
        self.time_limit = time_limit
        self.node_limit = node_limit
        self._service = Service("check", make_handler, process_name="tictactoe-check")
        self._loaded = False
        self.load_failure: StudentRun | None = None

    def __enter__(self) -> StudentSearch:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """End the child (idempotent)."""
        self._service.stop(timeout=1.0)

    def load(self) -> StudentRun | None:
        """Load the file in a (new) child: ``None`` when it loaded, else why it did not
        (remembered: a file that fails to load fails every case the same way).

        Raises:
            StudentCodeError: the file has no such function.
        """
        if self.load_failure is not None:
            return self.load_failure
        answer = self._ask(("load", self.path, self.function), self.time_limit,
                           "loading your file")
        if isinstance(answer, StudentRun):
            self.load_failure = answer
            return answer
        if answer["outcome"] == "missing":
            raise StudentCodeError(answer["message"])
        if answer["outcome"] != "loaded":
            self.load_failure = StudentRun(answer["outcome"], message=answer.get("message", ""),
                                           traceback=answer.get("traceback", ""))
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
        return StudentRun(answer["outcome"], answer.get("move"), answer.get("record"),
                          answer.get("message", ""), answer.get("traceback", ""))

    def _ask(self, request: Any, seconds: float, what: str) -> dict[str, Any] | StudentRun:
        if not self._service.wait_until_ready(START_SECONDS):
            return StudentRun("crashed", message="the checking process did not start")
        deadline = time.monotonic() + seconds
        try:
            _, answer = self._service.request(
                request, cancelled=lambda: False, abandon=lambda: time.monotonic() > deadline)
        except ServiceCancelled:
            return StudentRun("time_limit", message=f"{what} did not finish within the time "
                                                    f"limit of {seconds:g} s and was stopped "
                                                    f"(an endless loop?)")
        except ServiceError as error:
            return StudentRun("crashed", message=f"the process running {what} failed: {error}")
        assert isinstance(answer, dict)
        return answer
