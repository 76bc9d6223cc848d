"""Python bots as plugins: entry points in the group ``tictactoe_qt.players``.

A package declares ``name = "module:factory"`` in that group. ``factory(**options)``
gets the options of a spec such as ``name:depth=3,foo=bar`` as strings and
returns an object with ``choose_move(cells, to_move, k) -> (row, col)``
(``cells``: rows of ``"x"``, ``"o"`` and ``"."``; the answer 0-based) and an
optional ``name``. Plugins are played in a child process
(:mod:`.plugin_player`), so a plugin that hangs or crashes only loses its game.

Finding plugins reads the installed packages' metadata only; :func:`loaded_plugins`
also imports each one, so the ones that fail to import are listed as broken
with their error instead of stopping the program.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib.metadata import entry_points

#: The entry-point group plugins declare.
GROUP = "tictactoe_qt.players"
#: Built-in player kinds; a plugin of the same name is refused (built-ins win).
_RESERVED = ("human", "random", "minimax", "alphabeta", "average", "perfect", "mcts", "engine")


@dataclass(frozen=True)
class PluginInfo:
    """One installed plugin: its name, where it points and, if broken, why."""

    name: str
    target: str
    distribution: str = ""
    #: Why the plugin cannot play (import error, name clash), ``None`` when fine.
    error: str | None = None

    @property
    def broken(self) -> bool:
        return self.error is not None


@lru_cache(maxsize=1)
def discovered_plugins() -> dict[str, PluginInfo]:
    """Installed plugins by lower-cased name, from package metadata only (nothing imported)."""
    found: dict[str, PluginInfo] = {}
    for point in entry_points(group=GROUP):
        name = point.name.strip().lower()
        dist = getattr(point, "dist", None)
        info = PluginInfo(name, point.value, getattr(dist, "name", "") or "")
        if name in _RESERVED:
            info = replace(info, error=f"the name {name!r} belongs to a built-in player")
        elif not name.isidentifier():
            info = replace(info, error=f"{name!r} is not a usable name (letters, digits, _)")
        found.setdefault(name, info)
    return found


def plugin_names() -> tuple[str, ...]:
    """The names of installed plugins, broken ones included, sorted."""
    return tuple(sorted(discovered_plugins()))


@lru_cache(maxsize=1)
def loaded_plugins() -> dict[str, PluginInfo]:
    """:func:`discovered_plugins`, each imported: the ones that fail carry their error."""
    loaded = {}
    for name, info in discovered_plugins().items():
        if not info.broken:
            try:
                load_factory(info)
            except Exception as error:  # noqa: BLE001 - any import failure makes it broken
                info = replace(info, error=_error_text(error))
        loaded[name] = info
    return loaded


def load_factory(info: PluginInfo) -> Callable[..., object]:
    """Import the plugin's factory.

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


def _error_text(error: BaseException) -> str:
    text = " ".join(f"{type(error).__name__}: {error}".split())
    return text if len(text) <= 160 else text[:159] + "…"
