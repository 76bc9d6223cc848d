"""A plugin's move called off (Undo, New game, a stopped batch): its process is ended at once."""

from __future__ import annotations

import os
import sys

from tests.gomocup.processes import gone_with
from tictactoe_qt.engine.game import Board, GameConfig
from tictactoe_qt.engine.players import LOG_ENV, PlayerSpec, PluginPlayer, discovered_plugins


def test_a_plugin_thinking_about_a_called_off_move_is_ended(plugin_path, monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "path", [*plugin_path.split(os.pathsep), *sys.path])
    log = tmp_path / "engines.log"
    monkeypatch.setenv(LOG_ENV, str(log))
    discovered_plugins.cache_clear()
    try:
        player = PluginPlayer(PlayerSpec("sleeper", time=60))  # sleeps 30 s a move
        # Called off once the plugin says (on its stderr) that it is thinking.
        thinking = lambda: log.exists() and "thinking about" in log.read_text()  # noqa: E731
        result = player.choose(Board(GameConfig(3, 3, 3)), thinking)
        process = player._child
        assert result.cancelled and result.move is None
        assert process is None  # ended, not left to finish its 30 s
        assert gone_with("plugin_host sleeper") == []
    finally:
        discovered_plugins.cache_clear()
