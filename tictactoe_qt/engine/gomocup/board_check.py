"""Does an engine play this board? Asked once per program and board, before any game.

Some engines refuse boards inside the protocol's range (Rapfi answers
``ERROR Rectangular board is not supported.`` to ``RECTSTART``). Without this
check each game of a batch would be a forfeit; with it the run is refused in
one line before it starts.
"""

from __future__ import annotations

import os
import threading

from ..game.config import GameConfig
from .client import EngineFault, EngineRefusal, EngineUnavailable, ExternalEngine, check_engine_path

#: A short turn for the probe: it plays no move.
_PROBE_TURN_SECONDS = 1.0

#: The verdicts so far, by program, its modification time and board shape:
#: "" when the engine took the board, else why not.
_verdicts: dict[tuple[str, float, int, int], str] = {}
_verdicts_lock = threading.Lock()


def check_engine_accepts(path: str, config: GameConfig) -> None:
    """Raise :class:`EngineUnavailable` if the engine at ``path`` refuses ``config``'s board.

    The engine is started, sent ``START``/``RECTSTART`` and ended; the answer is
    remembered for this program and board. An engine that fails otherwise
    (crashes, never answers) is not judged here: its games say what went wrong.
    """
    full = check_engine_path(path)
    key = (full, os.stat(full).st_mtime, config.rows, config.cols)
    with _verdicts_lock:
        verdict = _verdicts.get(key)
    if verdict is None:
        verdict = _ask(full, config)
        if verdict is None:
            return
        with _verdicts_lock:
            _verdicts[key] = verdict
    if verdict:
        raise EngineUnavailable(verdict)


def _ask(path: str, config: GameConfig) -> str | None:
    """ "" if the engine takes the board, why not if it refuses, None if it failed otherwise."""
    engine = ExternalEngine(path)
    try:
        engine.start(config, _PROBE_TURN_SECONDS)
    except EngineRefusal as refusal:
        return f"{engine.name} does not play on a {config.size_text} board: it {refusal}"
    except EngineFault:
        return None
    finally:
        engine.close()
    return ""
