"""A plugin in the window: listed (broken ones too), chosen, and played to the end."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.gomocup.processes import gone_with

WINDOW_RUN = Path(__file__).with_name("window_run.py")


def test_a_plugin_is_offered_in_the_dock_and_plays_a_game_in_the_window(plugin_path, tmp_path):
    out = tmp_path / "window.json"
    env = dict(os.environ, PYTHONPATH=plugin_path, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, str(WINDOW_RUN), str(out)], capture_output=True, text=True, timeout=120, env=env
    )
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(out.read_text())
    choices = {choice["kind"]: choice for choice in seen["choices"]}
    assert choices["greedy"]["text"] == "Plugin: greedy" and choices["greedy"]["enabled"]
    assert choices["engine"]["text"] == "External engine…"
    broken = choices["broken"]
    assert broken["text"] == "Plugin: broken (broken)" and not broken["enabled"]
    assert "no_such_module_anywhere" in broken["tooltip"]
    assert seen["plugin_label"] == "Calls itself: Greedy example"  # its own name attribute
    assert seen["finished"] and seen["plies"] >= 5
    assert gone_with("tictactoe_qt.engine.players.plugin_host") == []
