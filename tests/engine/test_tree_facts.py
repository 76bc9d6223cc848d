"""Tree facts are counted by enumeration and agree with independent counts."""

from __future__ import annotations

from math import perm

import pytest

from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.teaching import CountCancelled, TreeFacts, count_tree

LINES_3X3 = (
    [[(r, 0), (r, 1), (r, 2)] for r in range(3)]
    + [[(0, c), (1, c), (2, c)] for c in range(3)]
    + [[(0, 0), (1, 1), (2, 2)], [(0, 2), (1, 1), (2, 0)]]
)


def brute_force_3x3() -> dict[str, int]:
    """Walk every 3x3 move sequence with plain sets: no engine code involved."""
    lines = [frozenset(line) for line in LINES_3X3]
    cells = [(r, c) for r in range(3) for c in range(3)]
    counts = {"nodes": 1, "x": 0, "o": 0, "draw": 0}
    positions = {(frozenset(), frozenset())}

    def walk(marks: tuple[frozenset, frozenset], turn: int) -> None:
        taken = marks[0] | marks[1]
        for cell in cells:
            if cell in taken:
                continue
            mover = marks[turn] | {cell}
            after = (mover, marks[1]) if turn == 0 else (marks[0], mover)
            counts["nodes"] += 1
            positions.add(after)
            if any(line <= mover for line in lines):
                counts["xo"[turn]] += 1
            elif len(taken) == 8:
                counts["draw"] += 1
            else:
                walk(after, 1 - turn)

    walk((frozenset(), frozenset()), 0)
    counts["positions"] = len(positions)
    return counts


@pytest.fixture(scope="module")
def facts_3x3() -> TreeFacts:
    return count_tree(GameConfig())


def test_3x3_game_tree_counts(facts_3x3: TreeFacts) -> None:
    assert facts_3x3.nodes == 549_946
    assert facts_3x3.games == 255_168
    assert (facts_3x3.x_wins, facts_3x3.o_wins, facts_3x3.draws) == (131_184, 77_904, 46_080)


def test_3x3_position_counts(facts_3x3: TreeFacts) -> None:
    assert facts_3x3.positions == 5_478
    assert facts_3x3.positions_up_to_symmetry == 765
    assert facts_3x3.terminal_positions == 958


def test_3x3_tree_without_early_stops_has_986410_nodes(facts_3x3: TreeFacts) -> None:
    assert facts_3x3.no_early_stop_nodes == 986_410
    assert facts_3x3.no_early_stop_nodes == sum(perm(9, depth) for depth in range(10))


def test_per_depth_counts_add_up(facts_3x3: TreeFacts) -> None:
    assert sum(facts_3x3.nodes_per_depth) == facts_3x3.nodes
    assert sum(facts_3x3.positions_per_depth) == facts_3x3.positions
    assert sum(facts_3x3.games_ending_per_depth) == facts_3x3.games
    # Nobody can win before X's third mark, and the first moves are all distinct.
    assert facts_3x3.games_ending_per_depth[:5] == (0, 0, 0, 0, 0)
    assert facts_3x3.nodes_per_depth[:3] == (1, 9, 72)


def test_counts_match_an_independent_brute_force(facts_3x3: TreeFacts) -> None:
    counts = brute_force_3x3()
    assert facts_3x3.nodes == counts["nodes"]
    assert (facts_3x3.x_wins, facts_3x3.o_wins, facts_3x3.draws) == (counts["x"], counts["o"], counts["draw"])
    assert facts_3x3.positions == counts["positions"]


def test_early_depths_follow_from_counting_alone(facts_3x3: TreeFacts) -> None:
    # No line is possible before X's third mark: depth d has 9!/(9-d)! nodes.
    assert facts_3x3.nodes_per_depth[:6] == tuple(perm(9, d) for d in range(6))
    # Games ending at ply 5: a line for X (8 lines, 3! orders) and any 2 O moves.
    assert facts_3x3.games_ending_per_depth[5] == 8 * 6 * perm(6, 2)


def test_transposed_rectangles_have_the_same_counts() -> None:
    wide, tall = count_tree(GameConfig(3, 4, 3)), count_tree(GameConfig(4, 3, 3))
    assert wide.as_dict() | {"size": ""} == tall.as_dict() | {"size": ""}
    assert wide.positions_up_to_symmetry < wide.positions


def test_as_dict_has_the_count_command_keys(facts_3x3: TreeFacts) -> None:
    data = facts_3x3.as_dict()
    assert data["size"] == "3x3" and data["k"] == 3
    assert data["nodes"] == 549_946 and data["no_early_stop_nodes"] == 986_410
    assert len(data["nodes_per_depth"]) == 10


@pytest.mark.parametrize(("rows", "cols", "k"), [(4, 4, 4), (3, 5, 3), (19, 19, 5)])
def test_boards_too_large_to_count_are_refused_with_a_reason(rows: int, cols: int, k: int) -> None:
    with pytest.raises(ValueError, match=rf"{rows}x{cols} k={k} is too large to count"):
        count_tree(GameConfig(rows, cols, k))


def test_counting_can_be_cancelled() -> None:
    with pytest.raises(CountCancelled):
        count_tree(GameConfig(3, 4, 3), should_stop=lambda: True)
