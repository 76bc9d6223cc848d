"""Ask an external engine (``ABOUT``) or a plugin (its ``name``) what it is called, off the GUI thread.

Starting an engine can take seconds (some load opening books), and a plugin
starts in its own process, so the question runs in a plain Python thread and
the answer comes back as a queued signal; the process ends once it answered.
A question still in flight when the probe is destroyed (its window closed)
ends on its own, and its answer is dropped: a plain thread cannot abort the
process the way a running QThread does.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from tictactoe_qt.engine import PlayerForfeit, excerpt
from tictactoe_qt.engine.gomocup import EngineFault, EngineUnavailable, ExternalEngine
from tictactoe_qt.engine.players import PlayerSpec, PlayerSpecError
from tictactoe_qt.gui.thread_ends import stop_when_destroyed


def engine_name(path: str) -> str:
    """The ``ABOUT`` name of the engine at ``path`` (started, asked, ended).

    Raises:
        PlayerForfeit: it would not answer; ``str()`` is a sentence ("The engine
            exited at once (status 127): ...").
        PlayerSpecError: it cannot be used at all (a sentence too).
    """
    try:
        engine = ExternalEngine(path)
    except EngineUnavailable as error:
        raise PlayerSpecError(f"The engine cannot be used: {error}") from None
    try:
        return engine.ask_name()
    except EngineFault as fault:
        raise PlayerForfeit(f"The engine {fault}") from None
    finally:
        engine.close()


def plugin_name(spec: PlayerSpec) -> str:
    """The ``name`` the plugin of ``spec`` gives itself (started, asked, ended)."""
    from tictactoe_qt.engine.players import PluginPlayer

    player = PluginPlayer(spec)
    try:
        return player.ask_name()
    finally:
        player.close()


class PlayerNameProbe(QObject):
    """Emits :attr:`answered` ``(key, name, error)`` for each :meth:`ask`."""

    answered = Signal(str, str, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._threads: list[threading.Thread] = []
        # An answer is emitted under this lock, and never once the probe is destroyed:
        # the C++ object cannot go away in the middle of an emit from another thread.
        self._emit_lock = threading.Lock()
        self._gone = threading.Event()
        stop_when_destroyed(self, _closer(self._emit_lock, self._gone))

    def ask(self, key: str, ask_name: Callable[[], str]) -> None:
        """Call ``ask_name`` in the background; its answer comes with ``key``."""
        thread = threading.Thread(target=self._ask, args=(key, ask_name), name="player-name", daemon=True)
        self._threads = [t for t in self._threads if t.is_alive()] + [thread]
        thread.start()

    def wait(self, timeout: float = 15.0) -> None:
        """Wait for the questions in flight (tests, and closing the window)."""
        for thread in self._threads:
            thread.join(timeout)

    def _ask(self, key: str, ask_name: Callable[[], str]) -> None:
        name, error = "", ""
        try:
            name = ask_name()
        except (PlayerForfeit, PlayerSpecError) as problem:
            error = str(problem)
        except Exception as problem:  # noqa: BLE001 - said in the label, not a dead thread
            error = f"could not ask: {type(problem).__name__}: {excerpt(str(problem), 120)}"
        with self._emit_lock:
            if self._gone.is_set():
                return  # the window closed meanwhile
            try:
                self.answered.emit(key, name, error)
            except RuntimeError:  # the C++ object is gone
                pass


def _closer(lock: threading.Lock, gone: threading.Event) -> Callable[[], None]:
    def close() -> None:
        with lock:
            gone.set()

    return close
