"""Checks before any game: can these players play this board at all?"""

from __future__ import annotations

from ..game.config import GameConfig
from .player_spec import PlayerSpec, PlayerSpecError
from .plugins import discovered_plugins


def check_playable(config: GameConfig, *specs: PlayerSpec, ask_engines: bool = True) -> None:
    """Refuse, before any game, players that cannot play ``config`` at all.

    With ``ask_engines`` false an engine's program is checked but not started
    (the window, whose GUI thread must not wait on a program's start-up): a
    board the engine refuses then shows when it first plays.

    Raises:
        PlayerSpecError: an external engine whose program is missing or not
            executable, or a board engines do not play (k=5 from 5x5 up);
            a plugin that is not installed or broken; a random depth range
            that lies wholly past the board's cells.
    """
    from ..gomocup.player import check_engine_spec  # pulls in the protocol client

    for spec in specs:
        if spec.kind == "engine":
            check_engine_spec(spec, config, ask=ask_engines)
        elif spec.is_plugin:
            info = discovered_plugins().get(spec.kind)
            if info is not None and info.error:
                raise PlayerSpecError(f"the plugin {spec.kind!r} is broken: {info.error}")
        elif spec.depth_range is not None and spec.depth_range[0] > config.cells:
            low, high = spec.depth_range
            raise PlayerSpecError(
                f"{spec}: every depth from {low} to {high} is past the {config.cells} cells of "
                f"{config.size_text}, so each move would search to the end; start the range "
                f"at {config.cells} or less, or drop the depth (unlimited)"
            )
