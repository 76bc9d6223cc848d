"""Run analysis jobs in a child process, so they never take the GIL from the window.

A job is a module-level function called as
``function(*args, should_stop=..., report=...)``: its arguments, reports and
result are pickled, so they must be plain engine objects, never widgets. The
child is spawned on first use, runs one job at a time, and keeps whatever
its jobs cache (searchers, explorers) until it is stopped. Its life cycle
(ready, stop, kill, a child that dies) is the process layer's
:class:`~tictactoe_qt.engine.processes.Service`. This module has no Qt,
because the child imports it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tictactoe_qt.engine.processes import Service, ServiceCancelled, ServiceError

JobFunction = Callable[..., Any]
#: Analysis runs below the window and below the game's own AI (niceness 5).
ANALYSIS_NICENESS = 10

#: The job was cancelled before it answered.
JobCancelledError = ServiceCancelled
#: The job raised in the child, or the child died or did not start.
JobProcessError = ServiceError


def _job_handler() -> Callable[[Any, Callable[[], bool], Callable[[object], None]], Any]:
    """Built in the child: calls each ``(function, args)``; the first job of a kind
    imports its module, which imports what its work needs."""

    def run_job(message: Any, should_stop: Callable[[], bool], report: Callable[[object], None]) -> Any:
        function, args = message
        return function(*args, should_stop=should_stop, report=report)

    return run_job


class JobProcess(Service):
    """One child process that runs one job at a time, for one worker thread."""

    def __init__(self, name: str = "tictactoe-analysis") -> None:
        super().__init__("analysis", _job_handler, niceness=ANALYSIS_NICENESS, process_name=name)

    def run(
        self,
        function: JobFunction,
        args: tuple[Any, ...],
        cancelled: Callable[[], bool],
        on_progress: Callable[[object], None],
        abandon: Callable[[], bool] = lambda: False,
    ) -> Any:
        """Run ``function(*args)`` in the child and return its result.

        ``cancelled`` is polled while it runs and forwarded to the job's
        ``should_stop``; ``abandon`` (the window is closing) kills the child
        at once instead of waiting for the job to notice.

        Raises:
            JobCancelledError: cancelled before the job answered.
            JobProcessError: the job raised, or the child died or did not start.
        """
        status, answer = self.request((function, args), cancelled, on_progress, abandon)
        if status != "ok" or cancelled():
            raise JobCancelledError()
        return answer
