"""Ask an external engine for its ``ABOUT`` name, off the GUI thread.

Starting an engine can take seconds (some load opening books), so the
question runs in a plain Python thread and the answer comes back as a
queued signal; the engine is closed as soon as it has answered.
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, Signal

from tictactoe_qt.engine.gomocup.client import EngineFault, ExternalEngine
from tictactoe_qt.engine.player_spec import PlayerSpecError


class EngineNameProbe(QObject):
    """Emits :attr:`answered` ``(path, name, error)`` for each :meth:`ask`."""

    answered = Signal(str, str, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._threads: list[threading.Thread] = []

    def ask(self, path: str) -> None:
        """Start the engine at ``path`` in the background and ask its name."""
        thread = threading.Thread(target=self._ask, args=(path,), name="engine-about", daemon=True)
        self._threads = [t for t in self._threads if t.is_alive()] + [thread]
        thread.start()

    def wait(self, timeout: float = 15.0) -> None:
        """Wait for the questions in flight (tests, and closing the window)."""
        for thread in self._threads:
            thread.join(timeout)

    def _ask(self, path: str) -> None:
        name, error = "", ""
        engine: ExternalEngine | None = None
        try:
            engine = ExternalEngine(path)
            name = engine.ask_name()
        except (EngineFault, PlayerSpecError) as problem:
            error = str(problem)
        finally:
            if engine is not None:
                engine.close()
        try:
            self.answered.emit(path, name, error)
        except RuntimeError:  # the window closed meanwhile
            pass
