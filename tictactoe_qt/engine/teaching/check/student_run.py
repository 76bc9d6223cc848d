"""What a student's search did on one case, as the checking process reports it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .games import CallRecord


@dataclass
class StudentRun:
    """What the student's search did on one case.

    ``outcome``: ``done``, ``illegal`` (no move, or an illegal one), ``exception``,
    ``node_limit``, ``time_limit``, ``crashed`` or ``cancelled``; ``message`` says it in one line.
    """

    outcome: str
    move: Any = None
    record: CallRecord | None = None
    message: str = ""
    traceback: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
