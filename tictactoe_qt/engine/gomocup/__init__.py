"""The Gomocup ("pbrain") protocol: the plain text protocol gomoku managers speak.

Coordinates on the wire are ``x,y`` = column,row, counted from 0. See
:mod:`.protocol` for the words, :mod:`.clock` for the time limits and
:mod:`.brain` for our engine speaking it as a brain.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_faces import lazy_face

if TYPE_CHECKING:
    from .brain import DEFAULT_K, Brain, run_brain
    from .client import (
        MAX_ENGINE_SIZE,
        MIN_ENGINE_SIZE,
        EngineFault,
        EngineUnavailable,
        ExternalEngine,
        check_engine_board,
        check_engine_path,
    )
    from .clock import MAX_BUDGET, MIN_BUDGET, TimeControl
    from .player import EnginePlayer
    from .protocol import ProtocolError

__all__ = [
    "DEFAULT_K",
    "MAX_BUDGET",
    "MAX_ENGINE_SIZE",
    "MIN_BUDGET",
    "MIN_ENGINE_SIZE",
    "Brain",
    "EngineFault",
    "EnginePlayer",
    "EngineUnavailable",
    "ExternalEngine",
    "ProtocolError",
    "TimeControl",
    "check_engine_board",
    "check_engine_path",
    "run_brain",
]

if not TYPE_CHECKING:
    __getattr__, __dir__ = lazy_face(
        __name__,
        {
            ".brain": ("DEFAULT_K", "Brain", "run_brain"),
            ".client": (
                "MAX_ENGINE_SIZE",
                "MIN_ENGINE_SIZE",
                "EngineFault",
                "EngineUnavailable",
                "ExternalEngine",
                "check_engine_board",
                "check_engine_path",
            ),
            ".clock": ("MAX_BUDGET", "MIN_BUDGET", "TimeControl"),
            ".player": ("EnginePlayer",),
            ".protocol": ("ProtocolError",),
        },
    )
