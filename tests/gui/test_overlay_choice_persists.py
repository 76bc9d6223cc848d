"""The overlay's view, depth limit and switch survive a restart; bad stored values never crash."""

from __future__ import annotations

import json
import textwrap

import pytest
from PySide6.QtCore import QSettings

from tictactoe_qt.gui.analysis.overlay_choice import (
    MAX_DEPTH_LIMIT,
    VIEWS,
    OverlayChoice,
    checked_depth_limit,
    checked_view,
)
from tictactoe_qt.gui.main_window import MainWindow
from tictactoe_qt.gui.settings_store import SettingsStore

from .fresh_process import run_script, seat_humans, settings_env, settings_file


def ini(folder) -> QSettings:
    return QSettings(str(folder / "test.ini"), QSettings.Format.IniFormat)


# -- validation --------------------------------------------------------------------------


def test_the_offered_views_and_depths_are_valid_and_nothing_else_is() -> None:
    for view in VIEWS:
        assert checked_view(view) == view
    for depth in (None, 1, MAX_DEPTH_LIMIT):
        assert checked_depth_limit(depth) == depth
    for view in ("", "Values", "alphabeta-2030", "x" * 500):
        with pytest.raises(ValueError, match="unknown overlay view"):
            checked_view(view)
    for depth in (0, -1, MAX_DEPTH_LIMIT + 1, 99):
        with pytest.raises(ValueError, match="depth limit"):
            checked_depth_limit(depth)
    with pytest.raises(ValueError):
        OverlayChoice("banana")
    with pytest.raises(ValueError):
        OverlayChoice("values", 99)


def test_the_store_round_trips_every_choice(tmp_path) -> None:
    for choice in [
        OverlayChoice(),
        OverlayChoice("minimax", 4, True),
        OverlayChoice("values", MAX_DEPTH_LIMIT, False),
        OverlayChoice("mcts", 1, True),
    ]:
        SettingsStore(ini(tmp_path)).save_overlay_choice(choice)
        assert SettingsStore(ini(tmp_path)).overlay_choice() == (choice, [])


def test_missing_overlay_settings_are_the_defaults_without_a_note(tmp_path) -> None:
    assert SettingsStore(ini(tmp_path)).overlay_choice() == (OverlayChoice(), [])


@pytest.mark.parametrize(
    "stored, wanted, reset",
    [
        ({"view": "alphabeta-v9", "depth": 4}, OverlayChoice("values", 4), ["overlay/view"]),
        ({"view": "minimax", "depth": 99}, OverlayChoice("minimax"), ["overlay/depth"]),
        ({"depth": "four", "shown": "maybe"}, OverlayChoice(), ["overlay/depth", "overlay/shown"]),
        ({"depth": -3, "view": 7, "shown": "true"}, OverlayChoice(shown=True), ["overlay/view", "overlay/depth"]),
        ({"depth": "4.0", "view": ["minimax"]}, OverlayChoice(), ["overlay/view", "overlay/depth"]),
        ({"depth": " 4 ", "view": "mcts", "shown": "False"}, OverlayChoice("mcts", 4), []),
    ],
)
def test_unusable_stored_values_give_their_defaults_with_a_note(tmp_path, stored, wanted, reset) -> None:
    raw = ini(tmp_path)
    for key, value in stored.items():
        raw.setValue(f"overlay/{key}", value)
    raw.sync()
    choice, problems = SettingsStore(ini(tmp_path)).overlay_choice()
    assert choice == wanted
    assert sorted(problems) == sorted(reset)


# -- the window, in this process ----------------------------------------------------------


def test_a_new_window_ticks_and_applies_the_last_windows_choice(qtbot) -> None:
    first = MainWindow()
    qtbot.addWidget(first)
    menus = first.analysis.overlay_menus
    menus.depths[6].trigger()
    menus.views["average"].trigger()
    first.close()
    second = MainWindow()
    qtbot.addWidget(second)
    views = second.analysis
    assert views.choice() == OverlayChoice("average", 6, True)
    assert views.overlay_menus.views["average"].isChecked()
    assert views.overlay_menus.depths[6].isChecked()
    assert views.overlay_menus.views["values"].text() == "&Depth-limited values (6 plies)"
    assert not views.overlay_menus.depth_menu.isEnabled()  # a player's view has its own depth
    # Switching the overlay off is remembered too, and the view with it.
    views.overlay_action.trigger()
    second.close()
    third = MainWindow()
    qtbot.addWidget(third)
    assert third.analysis.choice() == OverlayChoice("average", 6, False)
    assert third.analysis.legend.text() == ""


def _shown(window) -> dict:
    """What a window shows of its overlay choice: the status bar, the ticked view and depth,
    and the view and depth the overlay applies."""
    views = window.analysis
    return {
        "message": window.statusBar().currentMessage(),
        "views": [key for key, action in views.overlay_menus.views.items() if action.isChecked()],
        "depths": [key for key, action in views.overlay_menus.depths.items() if action.isChecked()],
        "applied": [views.overlay.view, views.overlay.depth_limit],
    }


@pytest.mark.parametrize(
    "stored, reset",
    [
        ("view=alphabeta-v9\ndepth=99\nshown=true\n", "overlay/view, overlay/depth"),
        ("view=minimax\ndepth=abc\nshown=2\n", "overlay/depth, overlay/shown"),
        ("view=@Variant(\\0\\0\\0\\x7f\\0\\0\\0\\x1)\ndepth=\\xff\\0\n", "overlay/depth"),
    ],
)
def test_unusable_stored_choices_start_with_the_defaults_and_say_so(qtbot, settings_path, stored, reset) -> None:
    settings_path.parent.mkdir(parents=True, exist_ok=True)
    settings_path.write_text("[overlay]\n" + stored, encoding="utf-8")
    window = MainWindow()
    qtbot.addWidget(window)
    first = _shown(window)
    assert "were reset to their defaults" in first["message"]
    assert reset in first["message"]
    assert first["views"] in (["values"], ["minimax"]) and len(first["depths"]) == 1
    assert first["applied"] == [first["views"][0], first["depths"][0]]
    window.close()
    # The defaults were written back: the next window has nothing to reset.
    again = MainWindow()
    qtbot.addWidget(again)
    assert _shown(again)["message"] == "" and _shown(again)["applied"] == first["applied"]


# -- the program, restarted -----------------------------------------------------------------

RUN = textwrap.dedent(
    """
    import json, sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    app = QApplication(["tictactoe-qt"])
    from tictactoe_qt.gui import app as gui_app

    def window():
        return next(w for w in app.topLevelWidgets() if type(w).__name__ == "MainWindow")

    def ticked(actions):
        return [key for key, action in actions.items() if action.isChecked()]

    def act():
        win = window()
        views = win.analysis
        menus = views.overlay_menus
        report = {"message": win.statusBar().currentMessage(),
                  "views": ticked(menus.views), "depths": ticked(menus.depths),
                  "applied": [views.overlay.view, views.overlay.depth_limit],
                  "shown": views.overlay_action.isChecked(),
                  "values_label": menus.views["values"].text()}
        if sys.argv[1] == "set":
            menus.depths[4].trigger()
            menus.views["minimax"].trigger()
        # What the overlay shows, in turn: the restored view, then (``show-then-values``)
        # the values, chosen from the menu.
        wanted = [views.overlay.view] + (["depth"] if sys.argv[1] == "show-then-values" else [])
        legends = []

        def arrived():
            data = views.overlay.data
            if views.overlay_action.isChecked() and (data is None or data.view != wanted[len(legends)]):
                return
            legends.append(views.legend.text())
            if len(legends) < len(wanted):
                menus.views["values"].trigger()
                return
            report["legend"], report["legends"] = legends[0], legends
            print("report", json.dumps(report), flush=True)
            poll.stop()
            win.close()
            app.quit()

        poll = QTimer(win, interval=20)
        poll.timeout.connect(arrived)
        poll.start()

    QTimer.singleShot(0, act)
    sys.exit(gui_app.run([]))
    """
)


def run(env, action: str) -> dict:
    out = run_script(RUN, env, action)
    return json.loads(next(line for line in out.splitlines() if line.startswith("report"))[7:])


def test_a_restarted_program_shows_the_chosen_view_and_depth(tmp_path) -> None:
    seat_humans(tmp_path)  # no game is played: the seats' engine process would be unused
    conf = settings_file(tmp_path)  # and a stored choice it cannot use
    conf.write_text(conf.read_text(encoding="utf-8") + "\n[overlay]\nview=alphabeta-v9\ndepth=99\n", encoding="utf-8")
    env = settings_env(tmp_path)
    fresh = run(env, "set")
    assert "were reset to their defaults" in fresh["message"] and "overlay/view, overlay/depth" in fresh["message"]
    assert (fresh["views"], fresh["depths"], fresh["shown"]) == (["values"], [None], False)
    again = run(env, "show-then-values")
    assert again["message"] == ""
    assert (again["views"], again["depths"]) == (["minimax"], [4])
    assert again["applied"] == ["minimax", 4] and again["shown"]
    assert again["values_label"] == "&Depth-limited values (4 plies)"
    assert again["legend"].startswith("Minimax depth-3 scores, X to move.")
    # Back to the values: they are searched 4 plies deep, as chosen in the first run.
    assert again["legends"][1].startswith("Depth-limited values, 4 plies")
