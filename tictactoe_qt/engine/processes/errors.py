"""The process layer's errors: a child that exited, or one that would not answer in time."""

from __future__ import annotations

from ..errors import ProcessFailure


class ChildFailed(ProcessFailure):
    """A child failed; ``str()`` is ``"<program> <reason>"``.

    Attributes:
        program: the program we started (its path).
        reason: what happened, without the program (for callers that name it their way).
    """

    def __init__(self, program: str, reason: str) -> None:
        super().__init__(f"{program} {reason}")
        self.program = program
        self.reason = reason


class ChildExited(ChildFailed):
    """The child exited, was killed, or closed its output: it will never answer.

    Attributes:
        status: its exit status, ``-N`` for signal N, ``None`` when it still runs
            (it closed its output) or we could not learn it.
        at_once: it went before it was ready (see :meth:`~.child.Child.ready`).
        stderr: the last of its stderr, as one bounded line ("" for none).
    """

    def __init__(
        self, program: str, reason: str, status: int | None = None, at_once: bool = False, stderr: str = ""
    ) -> None:
        super().__init__(program, reason)
        self.status = status
        self.at_once = at_once
        self.stderr = stderr


class ChildTimeout(ChildFailed):
    """The child runs but did not answer (or read what we wrote) before a deadline."""
