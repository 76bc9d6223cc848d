"""A game file that names a plugin never imports it by itself: opening asks, the default
seats a built-in player, and an allowed plugin plays without being started to be named."""

from __future__ import annotations

import json
from pathlib import Path

from tests.gomocup.processes import gone_with
from tests.gui.fresh_process import run_script, settings_env, window_script

#: Opens argv[1] once for each answer after it ("run" or the default) to the question, then
#: plays X's first move and reports; every plugin host started from the window's process is
#: counted (a name question starts one there; games play in the engine process).
SCRIPT = window_script("""
    import json
    from PySide6.QtWidgets import QMessageBox
    from tictactoe_qt.engine.players import plugin_player

    made = []
    real_start = plugin_player.PluginPlayer._start

    def counted(self, *args, **kwargs):
        made.append(self.spec.kind)
        real_start(self, *args, **kwargs)

    plugin_player.PluginPlayer._start = counted
    answers = sys.argv[2:]
    asked = []

    def answer(box):
        asked.append(box.text())
        run = box.button(QMessageBox.StandardButton.Yes)
        (run if answers[0] == "run" else box.defaultButton()).click()
        return 0

    QMessageBox.exec = answer
    window.set_move_delay(0)

    def report():
        for side in window.settings_dock.sides.values():
            side.plugin_options.wait()
        print(json.dumps({"asked": asked[:], "o": window.controller.settings.o.kind, "made": made,
                          "ply": window.controller.board.ply,
                          "label": window.settings_dock.sides["o"].plugin_options.name_label.text()}),
              flush=True)
        asked.clear()
        answers.pop(0)
        if answers:
            open_and_play()
        else:
            window.close()

    def played():
        if window.controller.board.ply >= 2 or window.controller.result() is not None:
            report()
        else:
            QTimer.singleShot(20, played)

    def open_and_play():
        window.open_game(sys.argv[1])
        window.controller.play(0, 0)
        played()

    open_and_play()
""")


def game_with_plugin(path: Path) -> Path:
    path.write_text(
        json.dumps(
            {
                "format": "tictactoe-qt/game",
                "version": 1,
                "config": {"rows": 3, "cols": 3, "k": 3},
                "first": "x",
                "players": {"x": {"spec": "human"}, "o": {"spec": "greedy"}},
                "moves": [],
            }
        )
    )
    return path


def test_a_plugin_named_by_a_file_runs_only_when_allowed(plugin_path, tmp_path):
    env = dict(settings_env(tmp_path / "home"), PYTHONPATH=plugin_path)
    # The default answer first, then "Run them": one window opens the file twice (after the
    # default, O is Perfect, as in a new window).
    out = run_script(SCRIPT, env, str(game_with_plugin(tmp_path / "g.json")), "default", "run")
    for answer, shown in zip(["default", "run"], map(json.loads, out.splitlines()), strict=True):
        assert len(shown["asked"]) == 1 and "the plugin 'greedy'" in shown["asked"][0]
        assert "Player O" in shown["asked"][0]
        assert shown["ply"] == 2  # O answered X's move
        assert shown["made"] == []  # never started in the window to be named
        if answer == "run":
            assert shown["o"] == "greedy" and shown["label"].startswith("Not started yet")
        else:
            assert shown["o"] == "perfect"
    assert gone_with("tictactoe_qt.engine.players.plugin_host") == []
