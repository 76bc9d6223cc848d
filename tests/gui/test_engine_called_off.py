"""Undo, New game and closing while an external engine thinks: it stops, the game goes on.

The fake brains log what they receive (``tests/gomocup/fake_brain.py``); the
tests assert on that order. The one wall-clock bound is the point of the test:
the next move comes long before the old thought (60 s) would have ended.
"""

from __future__ import annotations

import os
import signal

import pytest
from PySide6.QtWidgets import QComboBox, QDoubleSpinBox, QSpinBox

from tests.gomocup.processes import gone_with, running_with
from tests.gomocup.thinking_log import gone, pids, said, think_for, thinking_pid

from .status_lines import StatusLines

#: The engine's time, and how long its first thought lasts: a wait behind it times out.
LONG_THOUGHT = 60
#: Far below LONG_THOUGHT, far above a prompt answer on a busy machine.
PROMPT_MS = 20_000


@pytest.fixture
def window(shown_window):
    return shown_window(move_delay=0)


def seat_engine(window, monkeypatch, program: str) -> None:
    """X is the human, O the engine at ``program`` with a long time, on 7x7 five in a row."""
    monkeypatch.setattr(
        "tictactoe_qt.gui.extra_player_fields.QFileDialog.getOpenFileName", lambda *_args, **_kwargs: (program, "")
    )
    for name, value in (("rows", 7), ("cols", 7), ("k", 5)):
        window.findChild(QSpinBox, name).setValue(value)
    combo = window.findChild(QComboBox, "oPlayer")
    combo.setCurrentIndex(combo.findData("engine"))
    window.findChild(QDoubleSpinBox, "oTime").setValue(LONG_THOUGHT)
    think_for(program, LONG_THOUGHT)
    window.new_game_action.trigger()


def engine_thinking(qtbot, window, program: str) -> int:
    """Play the human's first move and wait until the engine thinks about its answer."""
    window.controller.play(3, 3)
    qtbot.waitUntil(lambda: thinking_pid(program) is not None, timeout=PROMPT_MS)
    return thinking_pid(program)


@pytest.mark.parametrize("mode", ["stoppable", "thinker"])
def test_after_undo_mid_thought_the_next_move_is_answered_at_once(qtbot, window, monkeypatch, fake_engine, mode):
    program = fake_engine(mode)
    seat_engine(window, monkeypatch, program)
    lines = StatusLines(window)
    old = engine_thinking(qtbot, window, program)
    search_process = window.controller._search.worker.engine.pid
    think_for(program, 0)  # from now on it answers at once: only the old thought is slow
    window.undo_action.trigger()
    assert window.controller.board.history == [] and not window.controller.is_thinking
    with qtbot.waitSignal(window.controller.ai_moved, timeout=PROMPT_MS) as moved:
        window.controller.play(2, 2)
    assert moved.args[0] == "o" and moved.args[1].move is not None
    assert window.controller.board.ply == 2
    assert lines.errors() == []  # a called-off move is no error
    # The window's search process was not killed to stop the engine.
    assert window.controller._search.worker.engine.pid == search_process
    if mode == "stoppable":
        assert pids(program)[-1] == old  # told to stop, and kept (before it: the name probe)
        assert said(program, old)[said(program, old).index("YXSTOP") :][:2] == ["YXSTOP", "stopped"]
    else:
        assert gone(old)  # it would not stop: ended and waited for
        assert said(program, pids(program)[-1])[-3:-1] == ["TURN 2,2", "think"]
    window.close()
    qtbot.waitUntil(lambda: running_with(program) == [], timeout=PROMPT_MS)


@pytest.mark.parametrize("mode", ["stoppable", "thinker"])
def test_new_game_with_other_players_mid_thought_ends_the_engine(qtbot, window, monkeypatch, fake_engine, mode):
    program = fake_engine(mode)
    seat_engine(window, monkeypatch, program)
    lines = StatusLines(window)
    old = engine_thinking(qtbot, window, program)
    combo = window.findChild(QComboBox, "oPlayer")
    combo.setCurrentIndex(combo.findData("human"))
    window.new_game_action.trigger()
    qtbot.waitUntil(lambda: running_with(program) == [], timeout=PROMPT_MS)
    if mode == "stoppable":
        assert said(program, old)[-1] == "END"  # stopped, then ended politely
    assert lines.errors() == []


@pytest.mark.parametrize("mode", ["stoppable", "thinker"])
def test_closing_mid_thought_ends_every_process(qtbot, window, monkeypatch, fake_engine, mode):
    program = fake_engine(mode)
    seat_engine(window, monkeypatch, program)
    engine_thinking(qtbot, window, program)
    search_process = window.controller._search.worker.engine.pid
    window.close()
    assert gone_with(program) == []  # closing waited for them
    assert gone(search_process)


@pytest.mark.parametrize("victim", ["engine", "search process"])
def test_a_process_killed_mid_thought_is_one_clear_line_never_a_hang(qtbot, window, monkeypatch, fake_engine, victim):
    program = fake_engine("thinker")
    seat_engine(window, monkeypatch, program)
    engine = engine_thinking(qtbot, window, program)
    search_process = window.controller._search.worker.engine.pid
    os.kill(engine if victim == "engine" else search_process, signal.SIGKILL)
    lines = StatusLines(window)
    qtbot.waitUntil(lambda: lines.errors() != [], timeout=PROMPT_MS)
    (error,) = lines.errors()
    if victim == "engine":  # the engine's fault: it loses the game
        assert error == ("O (External engine) forfeits: fake thinker crashed (signal 9).")
    else:
        assert error == (
            "O (External engine) could not move: the engine process stopped unexpectedly "
            "(killed by signal 9). Undo or start a new game."
        )
    assert "\n" not in error
    qtbot.waitUntil(lambda: running_with(program) == [], timeout=PROMPT_MS)
