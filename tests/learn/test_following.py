"""The check's quick paths give the answers of the slow ones: a reference search held against
the student's record as it goes, and a recording game that reads its own moves at once."""

from __future__ import annotations

from array import array

import pytest

from tests.learn.students.variants import no_pruning, planted_bug
from tictactoe_qt.engine.game import Board
from tictactoe_qt.engine.teaching.check import Case, StudentRun, candidates, check_case
from tictactoe_qt.learn import BoardGame, TreeGame

AIMA_TREE = "[[3,12,8],[2,4,6],[14,5,2]]"


class Liar(int):
    """Equal to everything, hashed as 0: a move of these must be read by its value."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return hash(0)


def test_a_reference_search_stops_where_it_parts_from_the_record_unless_asked_whole():
    game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    planted_bug(game, game.initial)
    case = Case(tree=AIMA_TREE)
    textbook = candidates(case, "alphabeta")[0]
    whole = textbook.counts(case).nodes
    counts, follows = textbook.follows(case, game.record, whole=False)
    assert not follows and counts.nodes < whole  # parted at the first MIN node's third leaf
    counts, follows = textbook.follows(case, game.record, whole=True)
    assert not follows and counts.nodes == whole


def test_the_search_the_student_wrote_follows_their_record_to_its_end():
    board = Board.from_notation("x../.o./...")
    game = BoardGame(board)
    no_pruning(game, game.initial)
    case = Case(board="x../.o./...")
    plain = [choice for choice in candidates(case, "alphabeta") if choice.algorithm == "minimax"][0]
    counts, follows = plain.follows(case, game.record, whole=False)
    assert follows and counts.nodes == game.record.nodes


def test_a_record_numbered_out_of_order_is_still_held_by_its_trace():
    """Nodes numbered 3 then 2 (the game numbers them as entered): the same enters and
    leaves as the textbook's, so the same trace, though not the same arrays."""
    game = TreeGame([1, 2])
    record = game.record
    record.parent, record.step = array("i", [0, 0, 1, 1]), array("i", [0, 0, 1, 0])
    record.events = array("i", [1, 3, -3, 2, -2])
    record.leaf_values, record.leaf_kinds = array("d", [1, 2]), array("b", [0, 0])
    found = check_case(StudentRun("done", 1, record), Case(tree="[1,2]"), "alphabeta")
    assert found.ok and found.matches == "textbook alpha-beta" and found.nodes == 3


def test_a_move_is_read_by_its_value_whatever_object_holds_it():
    game = BoardGame(Board())
    handed = game.actions(game.initial)[1]
    for move in (handed, (0, 1), [0, 1], (Liar(0), 1)):
        state = game.result(game.initial, move)
        assert (state.x, game.record.step[-1]) == (1 << 1, 1)
    with pytest.raises(ValueError, match="off the board"):
        game.result(game.initial, (Liar(7), Liar(7)))  # equal to (0, 0), but 7 is off a 3x3 board


def test_each_actions_call_is_the_callers_own_list():
    game = BoardGame(Board())
    moves = game.actions(game.initial)
    moves.reverse()  # a student ordering their moves
    assert game.actions(game.initial) == [(row, col) for row in range(3) for col in range(3)]
