"""Handlers for the start-up import tests, built in real service children (no Qt, no pytest)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any


def imported_modules() -> list[str]:
    """Every module this process has imported."""
    return sorted(sys.modules)


def modules_handler() -> Callable[[Any, Callable[[], bool], Callable[[object], None]], Any]:
    """A handler that answers any request with its child's imported modules."""
    return lambda _message, _should_stop, _report: imported_modules()


class SearchThenModules:
    """The game engine's own handler; each answer is its search's result and the child's modules."""

    def __init__(self) -> None:
        from tictactoe_qt.gui.engine_process import _SearchHandler

        self.search = _SearchHandler()

    def __call__(self, message: Any, should_stop: Callable[[], bool], report: Callable[[object], None]) -> Any:
        return self.search(message, should_stop, report), imported_modules()

    def close(self) -> None:
        self.search.close()
