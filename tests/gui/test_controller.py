"""The game controller: turns, AI moves in the worker, undo/redo, hints, stale answers."""

from __future__ import annotations

import threading
import time

import pytest

from tictactoe_qt.engine import SearchResult
from tictactoe_qt.engine.game import Move, SavedGame
from tictactoe_qt.engine.players import PlayerSpec
from tictactoe_qt.gui import game_controller
from tictactoe_qt.gui.game_controller import GameController
from tictactoe_qt.gui.game_settings import GameSettings, SideSettings

from .waits import HANG_MS

HUMAN_X = SideSettings("human", mark="X")
HUMAN_O = SideSettings("human", mark="O")


def game(x=HUMAN_X, o=SideSettings("random", mark="O"), **board) -> GameSettings:
    return GameSettings(x, o, **board)


@pytest.fixture
def controller(qtbot):
    made = []

    def make(settings: GameSettings) -> GameController:
        c = GameController(settings)
        c.set_move_delay(0)
        made.append(c)
        c.new_game()
        return c

    yield make
    for c in made:
        c.shutdown()


class ScriptedPlayer:
    """A fake engine player: waits until released, then plays the first empty cell."""

    def __init__(self, honour_stop: bool = True, fail: bool = False) -> None:
        self.spec = PlayerSpec("minimax")
        self.started = threading.Event()
        self.release = threading.Event()
        self.honour_stop = honour_stop
        self.fail = fail

    def choose(self, board, should_stop=lambda: False):
        self.started.set()
        while not self.release.is_set() and not (self.honour_stop and should_stop()):
            time.sleep(0.002)
        if self.fail:
            raise RuntimeError("the engine broke")
        move = board.legal_moves()[0]
        return SearchResult("scripted", move, 0.0, exact=False, cancelled=should_stop())

    def new_game(self) -> None:
        pass


@pytest.fixture
def scripted(monkeypatch):
    """Every non-human player becomes one shared ScriptedPlayer (released by the test)."""

    def install(**options) -> ScriptedPlayer:
        player = ScriptedPlayer(**options)
        monkeypatch.setattr(game_controller, "make_player", lambda spec, seed=None: player)
        return player

    return install


def test_human_move_is_answered_by_the_ai(qtbot, controller):
    c = controller(game())
    with qtbot.waitSignal(c.ai_moved, timeout=HANG_MS) as blocker:
        assert c.play(1, 1)
    seat, result = blocker.args
    assert seat == "o"
    assert isinstance(result, SearchResult)
    assert c.board.ply == 2
    assert c.seat_to_move == "x"


def test_occupied_cell_click_is_ignored_with_a_message(qtbot, controller):
    c = controller(game(o=HUMAN_O))
    c.play(0, 0)
    with qtbot.waitSignal(c.message) as blocker:
        assert not c.play(0, 0)
    assert "taken" in blocker.args[0]
    assert c.board.notation() == "x../.../..."


def test_click_during_the_ai_turn_is_ignored(qtbot, controller, scripted):
    player = scripted()
    c = controller(game(x=SideSettings("minimax", mark="X"), o=HUMAN_O))
    qtbot.waitUntil(player.started.is_set)
    with qtbot.waitSignal(c.message) as blocker:
        assert not c.play(2, 2)
    assert "wait" in blocker.args[0].lower()
    assert c.board.ply == 0
    player.release.set()
    qtbot.waitUntil(lambda: c.board.ply == 1)
    assert c.board.notation() == "x../.../..."


def test_clicks_after_the_game_ended_are_ignored(qtbot, controller):
    c = controller(game(o=HUMAN_O))
    for cell in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]:
        c.play(*cell)
    assert c.result() == "x"
    assert not c.play(2, 2)
    assert c.board.ply == 5


def test_new_game_during_a_search_drops_the_stale_result(qtbot, controller, scripted):
    player = scripted(honour_stop=False)  # it keeps searching: its answer arrives late
    c = controller(game(x=SideSettings("minimax", mark="X"), o=HUMAN_O))
    qtbot.waitUntil(player.started.is_set)
    c.new_game(game(x=HUMAN_X, o=HUMAN_O))
    player.release.set()
    qtbot.waitUntil(lambda: c.dropped_results == 1)
    assert c.board.ply == 0
    assert c.seat_to_move == "x" and c.is_human("x")


def test_new_game_cancels_the_running_search(qtbot, controller, scripted):
    player = scripted(honour_stop=True)
    c = controller(game(x=SideSettings("minimax", mark="X"), o=HUMAN_O))
    qtbot.waitUntil(player.started.is_set)
    c.new_game(game(x=HUMAN_X, o=HUMAN_O))
    qtbot.waitUntil(lambda: c.dropped_results == 1, timeout=HANG_MS)  # returned without release
    assert c.board.ply == 0


def test_a_failing_search_is_reported_and_the_app_goes_on(qtbot, controller, scripted):
    player = scripted(fail=True)
    player.release.set()
    c = GameController(game(o=SideSettings("minimax", mark="O")))
    try:
        c.new_game()
        with qtbot.waitSignal(c.error, timeout=HANG_MS) as blocker:
            c.play(1, 1)
        assert "the engine broke" in blocker.args[0]
        assert not c.is_thinking
        c.undo()
        assert c.board.ply == 0
    finally:
        c.shutdown()


def test_undo_goes_back_to_the_humans_last_move_and_redo_replays(qtbot, controller):
    c = controller(game())
    with qtbot.waitSignal(c.ai_moved, timeout=HANG_MS):
        c.play(1, 1)
    first_two = list(c.board.history)
    with qtbot.waitSignal(c.ai_moved, timeout=HANG_MS):
        c.play(*next((m.row, m.col) for m in c.board.legal_moves()))
    assert c.board.ply == 4
    c.undo()
    assert c.board.history == first_two
    assert c.can_redo()
    c.undo()
    assert c.board.ply == 0
    assert not c.can_undo()
    c.redo()
    assert c.board.history == first_two
    c.redo()
    assert c.board.ply == 4
    assert not c.can_redo()


def test_undo_between_two_humans_takes_back_one_move(controller):
    c = controller(game(o=HUMAN_O))
    c.play(0, 0)
    c.play(1, 1)
    c.undo()
    assert c.board.notation() == "x../.../..."
    c.redo()
    assert c.board.notation() == "x../.o./..."


def test_a_new_move_clears_redo(controller):
    c = controller(game(o=HUMAN_O))
    c.play(0, 0)
    c.undo()
    c.play(2, 2)
    assert not c.can_redo()


def test_ai_against_ai_plays_a_whole_game(qtbot, controller):
    c = GameController(game(x=SideSettings("random", mark="X"), o=SideSettings("random", mark="O")))
    c.set_move_delay(0.01)
    try:
        with qtbot.waitSignal(c.game_over, timeout=HANG_MS) as blocker:
            c.new_game()
        assert blocker.args[0] in ("x", "o", "draw")
        assert c.board.is_game_over()
        assert not c.can_undo()  # nothing of a human's to take back
    finally:
        c.shutdown()


def test_o_can_move_first(qtbot, controller):
    c = GameController(game(first="o"))
    c.set_move_delay(0)
    try:
        with qtbot.waitSignal(c.ai_moved, timeout=HANG_MS) as blocker:
            c.new_game()
        assert blocker.args[0] == "o"
        assert c.snapshot().cells.count("o") == 1
        assert c.seat_to_move == "x"
    finally:
        c.shutdown()


def test_game_over_reports_the_winning_seat_and_line(qtbot, controller):
    c = controller(game(o=HUMAN_O))
    for cell in [(0, 0), (1, 0), (1, 1), (2, 0)]:
        c.play(*cell)
    with qtbot.waitSignal(c.game_over) as blocker:
        c.play(2, 2)
    assert blocker.args == ["x"]
    assert c.snapshot().winning_line == ((0, 0), (1, 1), (2, 2))
    assert c.snapshot().to_move is None


def test_hint_finds_the_winning_move(qtbot, controller):
    c = controller(game(o=HUMAN_O))
    for cell in [(0, 0), (1, 0), (0, 1), (1, 1)]:
        c.play(*cell)
    with qtbot.waitSignal(c.hint_ready, timeout=HANG_MS) as blocker:
        c.request_hint()
    assert blocker.args == [0, 2]
    assert c.snapshot().hint == (0, 2)
    c.play(2, 2)
    assert c.snapshot().hint is None


def test_unaffordable_depth_is_capped_with_a_message(qtbot, controller):
    c = GameController(game(o=SideSettings("minimax", depth=None, mark="O"), rows=7, cols=7, k=4))
    try:
        with qtbot.waitSignal(c.message) as blocker:
            c.new_game()
        assert "7x7" in blocker.args[0]
        assert c.players["o"].spec.depth is not None
    finally:
        c.shutdown()


def test_saved_game_round_trips_through_load(controller):
    c = controller(game(o=HUMAN_O, rows=4, cols=5, k=3, first="x"))
    for cell in [(0, 0), (3, 4), (1, 1)]:
        c.play(*cell)
    saved = SavedGame.from_json(c.saved_game().to_json())
    other = controller(game())
    other.load_game(saved)
    assert other.board.notation() == c.board.notation()
    assert other.settings.config() == c.settings.config()
    assert [Move.from_index(i, 5) for i in other.board.history] == list(saved.moves)


def test_pausing_cancels_the_search_and_says_paused(qtbot, controller, scripted):
    player = scripted()
    c = controller(game(x=SideSettings("minimax", mark="🐱"), o=HUMAN_O))
    qtbot.waitUntil(player.started.is_set)
    assert "thinking" in c.turn_text()
    c.set_paused(True)
    assert not c.is_thinking
    assert c.turn_text().startswith("Paused")
    qtbot.waitUntil(lambda: c.dropped_results == 1)  # the cancelled answer came back...
    assert c.board.ply == 0  # ...and was dropped
    player.started.clear()
    c.set_paused(False)
    qtbot.waitUntil(player.started.is_set)
    player.release.set()
    qtbot.waitUntil(lambda: c.board.ply == 1)


def test_texts_use_the_players_marks_and_names(controller):
    c = controller(game(x=SideSettings("human", mark="🐱"), o=SideSettings("human", mark="🐶")))
    assert c.turn_text() == "🐱 to move"
    for cell in [(0, 0), (1, 0), (0, 1), (1, 1), (2, 2), (1, 2)]:
        c.play(*cell)
    assert c.result_text() == "🐶 wins!"
    c.apply_cosmetics(game(x=HUMAN_X, o=SideSettings("human", mark="🐶", name="Rex")))
    assert c.result_text() == "Rex wins!"
    ai = controller(game(x=HUMAN_X, o=SideSettings("random", mark="🐶")))
    assert ai.display_name("o") == "🐶 (Random)"
