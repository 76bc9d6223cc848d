"""Python bots as plugins: entry points in the group ``tictactoe_qt.players``.

A package declares ``name = "module:factory"`` in that group. ``factory(**options)``
gets the options of a spec such as ``name:depth=3,foo=bar`` as strings and
returns an object with ``choose_move(cells, to_move, k) -> (row, col)``
(``cells``: rows of ``"x"``, ``"o"`` and ``"."``; the answer 0-based) and an
optional ``name``. Plugins are played in a child process
(:mod:`.plugin_player`), so a plugin that hangs or crashes only loses its game.

Finding plugins never imports them: this process only reads the installed
packages' metadata and each plugin's source (:mod:`.plugin_source`), so a
plugin that prints, exits or hangs at import cannot stop the program, delay
the window or spoil machine output. A plugin is imported only in its host
process (:mod:`.plugin_host`), when it plays or is asked its name, within
:func:`load_seconds`.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

from .plugin_source import module_facts

#: The entry-point group plugins declare.
GROUP = "tictactoe_qt.players"
#: The environment variable that sets :func:`load_seconds`.
LOAD_SECONDS_ENV = "TICTACTOE_QT_PLUGIN_LOAD_SECONDS"
#: How long a plugin may take to import and build its bot, unless the environment says otherwise.
DEFAULT_LOAD_SECONDS = 10.0
#: Built-in player kinds; a plugin of the same name is refused (built-ins win).
_RESERVED = ("human", "random", "minimax", "alphabeta", "average", "perfect", "mcts", "engine")


@dataclass(frozen=True)
class PluginInfo:
    """One installed plugin: its name, where it points and, if broken, why."""

    name: str
    target: str
    distribution: str = ""
    #: Why the plugin cannot play (name clash, module missing, syntax error), as
    #: far as can be known without importing it; ``None`` when not known broken.
    error: str | None = None
    #: The first line of the plugin module's docstring, read without importing it.
    about: str | None = None
    #: The plugin module's source file, when found.
    file: str | None = None

    @property
    def broken(self) -> bool:
        return self.error is not None


@lru_cache(maxsize=1)
def discovered_plugins() -> dict[str, PluginInfo]:
    """Installed plugins by lower-cased name, from metadata and source files (nothing imported)."""
    # Here, not at the top: importlib.metadata (with email and zipfile) costs every
    # command's start-up, and only a command that meets a plugin name reads it.
    from importlib.metadata import entry_points

    found: dict[str, PluginInfo] = {}
    for point in entry_points(group=GROUP):
        name = point.name.strip().lower()
        if name in found:
            continue
        dist = getattr(point, "dist", None)
        info = PluginInfo(name, point.value, getattr(dist, "name", "") or "")
        if name in _RESERVED:
            info = replace(info, error=f"the name {name!r} belongs to a built-in player")
        elif not name.isidentifier():
            info = replace(info, error=f"{name!r} is not a usable name (letters, digits, _)")
        else:
            facts = module_facts(point.value.partition(":")[0])
            info = replace(info, error=facts.error, about=facts.about, file=facts.file)
        found[name] = info
    return found


def load_seconds() -> float:
    """How long a plugin's host waits for it to import and build its bot.

    :data:`DEFAULT_LOAD_SECONDS`, or the number in :data:`LOAD_SECONDS_ENV`
    (a value that is not a positive number is ignored).
    """
    try:
        seconds = float(os.environ.get(LOAD_SECONDS_ENV, ""))
    except ValueError:
        return DEFAULT_LOAD_SECONDS
    return seconds if 0 < seconds < float("inf") else DEFAULT_LOAD_SECONDS


def load_factory(info: PluginInfo) -> Callable[..., object]:
    """Import the plugin's factory: runs the plugin's code, so only its host process calls this.

    Raises:
        Exception: whatever importing the plugin raises; or TypeError when the
            target is not callable.
    """
    module_name, _, attribute = info.target.partition(":")
    module = __import__(module_name.strip(), fromlist=["_"])
    factory: object = module
    for part in filter(None, attribute.strip().split(".")):
        factory = getattr(factory, part)
    if not callable(factory):
        raise TypeError(f"{info.target} is not a function or class")
    return factory
