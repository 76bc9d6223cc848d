"""What runs in the child: load the student's file, run their search on one case, report.

Built by :func:`make_handler` in a :class:`~...processes.Service` child, so an
endless loop or a crash in the student's code costs only that child. Their
exceptions come back as their own traceback: frames of this program are left out.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from ...processes import end_all_with_parent, keep_orphans
from .cases import Case
from .checking import check_case
from .games import BoardGame, NodeLimitReached, TreeGame, record_problem
from .references import candidates
from .side_by_side import side_by_side
from .student_run import StudentRun
from .student_trace import student_events

#: Frames of a long traceback shown (the last ones; a runaway recursion has a thousand).
MAX_FRAMES = 12
#: Characters of the exception's own message shown in the traceback.
MAX_MESSAGE = 4000
#: Memory (address space) the checking process may use; a search for these games
#: needs a small part of it, and a runaway one gets a MemoryError, not the machine's memory.
MEMORY_LIMIT = 2 << 30
_OURS = str(Path(__file__).resolve().parents[3])  # the tictactoe_qt package


def make_handler() -> Callable[[Any, Callable[[], bool], Callable[[object], None]], Any]:
    """The child's request handler (module level, so a Service can pickle it)."""
    return StudentSide()


class StudentSide:
    """``("load", path, name)`` checks the file and function; ``("run", case, nodes)`` runs
    it; ``("report", algorithm, steps)`` checks the last run and lines it up beside the
    textbook's first ``steps`` events (the window's stepper asks, to keep its own process free)."""

    def __init__(self) -> None:
        keep_orphans()  # what the student's code starts and leaves still ends with this child
        end_all_with_parent()  # ... and with the program that asked, however it ends
        _limit_memory(MEMORY_LIMIT)
        self.function: Callable[..., Any] | None = None
        self.last: tuple[Case, dict[str, Any]] | None = None

    def __call__(
        self, request: Any, should_stop: Callable[[], bool], report: Callable[[object], None]
    ) -> dict[str, Any]:
        if request[0] == "load":
            return self.load(request[1], request[2])
        if request[0] == "report":
            return self.report(request[1], request[2])
        answer = self.run(request[1], request[2])
        self.last = (request[1], answer)
        return answer

    def report(self, algorithm: str, steps: int) -> dict[str, Any]:
        assert self.last is not None
        case, answer = self.last
        run = StudentRun(
            answer["outcome"],
            answer.get("move"),
            answer.get("record"),
            answer.get("message", ""),
            answer.get("traceback", ""),
        )
        found = check_case(run, case, algorithm)
        beside = None
        if run.record is not None:
            cols = None if case.tree is not None else case.position().config.cols
            beside = side_by_side(student_events(run.record, cols), candidates(case, algorithm)[0].events(case), steps)
        return {"report": found, "beside": beside}

    def load(self, path: str, name: str) -> dict[str, Any]:
        folder = os.path.dirname(os.path.abspath(path))
        if folder not in sys.path:
            sys.path.insert(0, folder)  # the student's own helper modules
        spec = importlib.util.spec_from_file_location("student_search", path)
        if spec is None or spec.loader is None:
            return {"outcome": "missing", "message": f"{path} is not a Python file"}
        module = importlib.util.module_from_spec(spec)
        sys.modules["student_search"] = module
        try:
            spec.loader.exec_module(module)
        except BaseException as error:  # noqa: BLE001 - the student's error, shown as theirs
            return _failure(error, "loading your file")
        function = _find(module, name)
        if not callable(function):
            names = sorted(
                key
                for key, value in vars(module).items()
                if callable(value)
                and not key.startswith("_")
                and getattr(value, "__module__", None) == "student_search"
            )
            return {
                "outcome": "missing",
                "message": f"{path} has no function {name!r}" + (f"; it has {', '.join(names[:8])}" if names else ""),
            }
        self.function = function
        return {"outcome": "loaded"}

    def run(self, case: Case, node_limit: int) -> dict[str, Any]:
        assert self.function is not None
        game: BoardGame | TreeGame
        if case.tree is not None:
            game = TreeGame(case.parsed_tree(), node_limit)
        else:
            game = BoardGame(case.position(), case.depth, node_limit)
        answer: dict[str, Any]
        record = game.record  # the one the game keeps, whatever the search does to game.record
        try:
            move = self.function(game, game.initial)
        except NodeLimitReached:
            answer = {
                "outcome": "node_limit",
                "message": f"your search was stopped at the node limit of {node_limit:,} nodes (an endless loop?)",
            }
        except BaseException as error:  # noqa: BLE001 - the student's error, shown as theirs
            answer = _failure(error, "your search")
        else:
            answer = {"outcome": "done", "move": _legal_move(game, move)}
            if answer["move"] is None:
                answer = {
                    "outcome": "illegal",
                    "message": "your search returned no move (None)"
                    if move is None
                    else f"your search returned {_short(move)}, which is not a legal move here",
                }
        problem = record_problem(record)
        if problem is not None:
            return {"outcome": "exception", "message": problem, "record": None}
        answer["record"] = record
        return answer


def _limit_memory(limit: int) -> None:
    """Lower this process's address-space limit to ``limit`` bytes (never raise it)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not a POSIX system
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY or soft > limit:
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def _find(module: ModuleType, name: str) -> Any:
    found: Any = module
    for part in name.split("."):
        found = getattr(found, part, None)
    return found


def _legal_move(game: BoardGame | TreeGame, move: Any) -> Any:
    """The move as a path step (``[row, col]`` or a child index), or ``None`` if illegal."""
    if isinstance(game, TreeGame):
        if not isinstance(move, int) or isinstance(move, bool):
            return None
        index = int.__int__(move)  # a plain int: a subclass may lie, or not pickle
        return index if 0 <= index < len(game.actions(game.initial)) else None
    try:
        row, col = move
    except (TypeError, ValueError):
        return None
    if not all(isinstance(part, int) and not isinstance(part, bool) for part in (row, col)):
        return None
    row, col = int.__int__(row), int.__int__(col)  # plain ints: a subclass may lie, or not pickle
    return [row, col] if (row, col) in game.actions(game.initial) else None


def _failure(error: BaseException, where: str) -> dict[str, Any]:
    frames = [
        frame
        for frame in traceback.extract_tb(error.__traceback__)
        if not frame.filename.startswith((_OURS, "<frozen "))
    ]
    hidden = len(frames) - MAX_FRAMES
    shown = frames[-MAX_FRAMES:]
    text = "Traceback (most recent call last):\n"
    if hidden > 0:
        text += f"  ... {hidden} earlier frames left out ...\n"
    text += "".join(traceback.format_list(shown))
    said = "".join(traceback.format_exception_only(type(error), error))
    if len(said) > MAX_MESSAGE:  # an exception can carry megabytes: its start and its end
        left_out = f"\n  ... {len(said) - MAX_MESSAGE:,} characters left out ...\n"
        said = f"{said[: MAX_MESSAGE // 2]}{left_out}{said[-MAX_MESSAGE // 2 :]}"
    text += said
    place = ""
    if isinstance(error, SyntaxError) and error.filename:
        place = f" ({os.path.basename(error.filename)}, line {error.lineno})"
    elif shown:
        last = shown[-1]
        place = f" ({os.path.basename(last.filename)}, line {last.lineno}, in {last.name})"
    what = "".join(traceback.format_exception_only(type(error), error)).strip().splitlines()
    line = what[-1] if what else type(error).__name__
    if isinstance(error, MemoryError):
        line = f"MemoryError (a check may use {MEMORY_LIMIT >> 30} GB of memory)"
    return {"outcome": "exception", "traceback": text, "message": f"{where} raised {_short(line, 160)}{place}"}


def _short(value: Any, limit: int = 60) -> str:
    text = value if isinstance(value, str) else repr(value)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + "..."
