"""Load plugins, each in its own host process, to see whether they start (``players --check``).

Listing plugins never runs their code (:mod:`.plugins`); this is the step a
user asks for to learn more: each plugin is imported and its bot built in a
host process of its own, within :func:`~.plugins.load_seconds`, all at once,
and the host is ended after it answered. Nothing a plugin does at import
(exit, hang, print) reaches this process.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import PlayerForfeit
from .player_spec import PlayerSpec, PlayerSpecError
from .plugins import PluginInfo


@dataclass(frozen=True)
class PluginCheck:
    """How loading one plugin went: the name it gives itself, or why it did not start."""

    name: str | None = None
    error: str | None = None

    @property
    def loaded(self) -> bool:
        return self.error is None


def check_plugins(plugins: Iterable[PluginInfo]) -> dict[str, PluginCheck]:
    """Load each plugin that is not known broken in its host; by plugin name.

    The plugins load side by side, so the whole check takes about as long as
    the slowest one (at most the load limit, plus starting Python).
    """
    results: dict[str, PluginCheck] = {}
    threads = []
    for info in plugins:
        if info.broken:
            continue
        thread = threading.Thread(target=_check_one, args=(info.name, results), name=f"check-{info.name}", daemon=True)
        thread.start()
        threads.append(thread)
    for thread in threads:
        thread.join()
    return results


def _check_one(name: str, results: dict[str, PluginCheck]) -> None:
    """Start, ask and end one plugin's host; from the thread that started it (see die_with_parent)."""
    from .plugin_player import PluginPlayer  # the process machinery, only when checking

    try:
        player = PluginPlayer(PlayerSpec(name))
    except PlayerSpecError as error:
        results[name] = PluginCheck(error=str(error))
        return
    try:
        results[name] = PluginCheck(name=player.ask_name())
    except PlayerForfeit as forfeit:
        results[name] = PluginCheck(error=str(forfeit))
    finally:
        player.close()
