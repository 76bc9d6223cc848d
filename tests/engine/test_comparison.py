"""The algorithm comparison: the seeds' experiment, run by the engine itself."""

from __future__ import annotations

import dataclasses
import random
import time

import pytest

from tictactoe_qt.engine.analysis import (
    VARIANTS,
    VARIANTS_BY_KEY,
    ComparisonRow,
    compare,
    count_text,
    estimate_tree,
    knuth_estimate,
    ratio_text,
    run_variant,
    summary,
    values_agree,
)
from tictactoe_qt.engine.game import Board, GameConfig
from tictactoe_qt.engine.players import TextbookOptions
from tictactoe_qt.engine.search import alphabeta_search, minimax_search
from tictactoe_qt.engine.teaching import TraceSummary, board_events
from tictactoe_qt.engine.text import duration_text

from .time_bounds import HANG_SECONDS, spent


@pytest.fixture(scope="module")
def empty_3x3_rows() -> list[ComparisonRow]:
    return list(compare(Board()))


def test_plain_minimax_visits_the_whole_549946_node_tree(empty_3x3_rows: list[ComparisonRow]) -> None:
    minimax = empty_3x3_rows[0]
    assert minimax.variant.key == "minimax"
    assert minimax.status == "done"
    assert minimax.nodes == 549_946
    assert minimax.nodes == minimax_search(Board()).stats.nodes


def test_every_variant_runs_and_agrees_on_the_draw(empty_3x3_rows: list[ComparisonRow]) -> None:
    assert [row.variant.key for row in empty_3x3_rows] == [v.key for v in VARIANTS]
    assert all(row.status == "done" for row in empty_3x3_rows)
    assert {(row.result.result, row.result.plies) for row in empty_3x3_rows} == {("draw", 9)}
    assert values_agree(empty_3x3_rows)


def test_textbook_rows_count_what_the_trace_counts_and_the_engine_row_is_the_engines(
    empty_3x3_rows: list[ComparisonRow],
) -> None:
    by_key = {row.variant.key: row for row in empty_3x3_rows}
    # The default options: centre first for the ordering rows, alpha-beta itself in reading order.
    assert by_key["alphabeta"].nodes == 18_297
    assert by_key["alphabeta"].options == TextbookOptions(ordering="none")
    assert by_key["alphabeta+ordering"].nodes == 11_758
    assert by_key["alphabeta+ordering"].title == "+ ordering centre"
    for key in ("minimax", "alphabeta", "alphabeta+ordering", "alphabeta+tt"):
        row = by_key[key]
        assert row.options is not None and row.variant.algorithm is not None
        if key == "minimax":
            # Its 1.4 million events are read once, in test_trace_textbook_counts, which
            # holds them to 549,946 nodes and no cut-off.
            traced_counts = (549_946, 0)
        else:
            traced = TraceSummary().consume(board_events(Board(), row.variant.algorithm, row.options))
            traced_counts = (traced.nodes, traced.cutoffs)
        assert (row.nodes, row.result.stats.cutoffs) == traced_counts
        assert row.options.label() in row.options_text()
    engine = alphabeta_search(Board(), ordering=True, transposition=True, symmetry=True)
    assert by_key["alphabeta+symmetry"].nodes == engine.stats.nodes
    assert by_key["alphabeta+symmetry"].options is None
    assert "narrows the window" in by_key["alphabeta+symmetry"].variant.explanation
    assert "engine's own" in by_key["alphabeta+symmetry"].options_text()


def test_the_ordering_row_is_skipped_with_a_reason_when_it_adds_nothing() -> None:
    for ordering, words in (("none", "Alpha-beta row above"), ("table", "needs a transposition")):
        rows = list(compare(Board.from_notation("x../.o./..."), options=TextbookOptions(ordering)))
        row = next(r for r in rows if r.variant.key == "alphabeta+ordering")
        assert row.status == "skipped" and words in row.message and row.result is None
    table_row = next(r for r in rows if r.variant.key == "alphabeta+tt")
    assert table_row.status == "done" and table_row.options.ordering == "table"


def test_summary_quotes_both_counts_and_the_speed_up(empty_3x3_rows: list[ComparisonRow]) -> None:
    text = summary(empty_3x3_rows)
    assert "549,946" in text
    assert f"{empty_3x3_rows[1].nodes:,}" in text
    assert "faster" in text and "disagree" not in text


def _timed(row: ComparisonRow, seconds: float) -> ComparisonRow:
    assert row.result is not None
    stats = dataclasses.replace(row.result.stats, elapsed_seconds=seconds)
    return dataclasses.replace(row, result=dataclasses.replace(row.result, stats=stats))


def test_summary_says_slower_when_alpha_beta_took_longer(empty_3x3_rows: list[ComparisonRow]) -> None:
    minimax, alphabeta = _timed(empty_3x3_rows[0], 0.010), _timed(empty_3x3_rows[1], 0.020)
    text = summary([minimax, alphabeta])
    assert "alpha-beta was 2.0x slower" in text
    assert "faster" not in text and "0.5x" not in text
    text = summary([_timed(empty_3x3_rows[0], 0.04), _timed(empty_3x3_rows[1], 0.01)])
    assert "alpha-beta was 4.0x faster" in text


def test_counts_and_factors_read_as_words() -> None:
    assert count_text(1, "position") == "1 position"
    assert count_text(2568, "position") == "2,568 positions"
    assert ratio_text(10, 5, "fewer", "more", "as many") == "2.0x fewer"
    assert ratio_text(5, 10, "fewer", "more", "as many") == "2.0x more"
    assert ratio_text(1.0, 1.02, "faster", "slower", "about as fast") == "about as fast"


@pytest.mark.parametrize("notation", ["x../.o./...", "xo./.x./..o", "xx./oo./..."])
def test_variants_agree_on_the_value_of_midgame_positions(notation: str) -> None:
    rows = list(compare(Board.from_notation(notation)))
    exact = [row for row in rows if row.result is not None and row.result.exact]
    assert len(exact) == len(VARIANTS)
    assert values_agree(rows)


def test_minimax_and_alphabeta_agree_at_a_depth_limit() -> None:
    rows = list(compare(Board(GameConfig(4, 4, 4)), depth=3, variants=VARIANTS[:3]))
    assert {row.result.score for row in rows} == {rows[0].result.score}
    assert rows[0].nodes == 1 + 16 + 16 * 15 + 16 * 15 * 14


def test_perfect_at_a_depth_limit_says_it_stopped_at_the_depth_not_the_budget() -> None:
    board = Board.from_notation("......./......./..o..../...xx../......./......./.......", k=5)
    [row] = compare(board, depth=2, variants=(VARIANTS_BY_KEY["perfect"],))
    assert row.status == "done" and not row.result.exact and row.result.stats.depth == 2
    assert row.message == "stopped at depth 2, as asked: the engine's own heuristic score"


def test_plain_minimax_on_empty_5x5_is_refused_with_an_estimate() -> None:
    board = Board(GameConfig(5, 5, 4))
    rows = list(compare(board, variants=(VARIANTS_BY_KEY["minimax"],)))
    assert rows[0].status == "refused"
    assert rows[0].result is None
    assert "Refused" in rows[0].message and "years" in rows[0].message
    assert "positions" in rows[0].message


def test_refused_search_can_run_with_a_cap_and_stops() -> None:
    board = Board(GameConfig(5, 5, 4))
    with spent() as took:
        rows = list(compare(board, variants=(VARIANTS_BY_KEY["minimax"],), run_capped=True, cap_seconds=0.3))
    assert took.cpu < 3.0 and took.wall < 0.3 + HANG_SECONDS
    assert rows[0].status == "capped"
    assert rows[0].nodes and rows[0].nodes > 0
    assert "cap" in rows[0].message


def test_cancel_stops_the_run_and_marks_the_rest() -> None:
    started = time.perf_counter()

    def stop_soon() -> bool:
        return time.perf_counter() - started > 0.2

    with spent() as took:
        rows = list(compare(Board(GameConfig(5, 5, 4)), depth=5, should_stop=stop_soon))
    assert took.cpu < 3.0 and took.wall < 0.2 + HANG_SECONDS
    assert rows[0].status == "cancelled"
    assert all(row.status == "cancelled" for row in rows[1:])


def test_estimate_is_exact_on_3x3_and_knuth_is_close_on_4x4_shallow() -> None:
    assert estimate_tree(Board(), rate=1e6).nodes == 549_946
    assert estimate_tree(Board(), rate=1e6).exact
    exact = 1 + 16 + 16 * 15 + 16 * 15 * 14
    assert knuth_estimate(Board(GameConfig(4, 4, 4)), 3, random.Random(1)) == exact
    deep = knuth_estimate(Board(), None, random.Random(1), probes=3000)
    assert 549_946 * 0.8 < deep < 549_946 * 1.2


def test_bad_requests_are_refused() -> None:
    with pytest.raises(ValueError, match="game is over"):
        list(compare(Board.from_notation("xxx/oo./...")))
    with pytest.raises(ValueError, match="depth"):
        list(compare(Board(), depth=0))


def test_run_variant_leaves_the_board_alone() -> None:
    board = Board.from_notation("x../.o./...")
    run_variant(VARIANTS_BY_KEY["alphabeta+tt"], board, None)
    assert board.notation() == "x../.o./..."


def test_durations_read_in_human_units() -> None:
    assert duration_text(0.035) == "35 ms"
    assert duration_text(90) == "1 min 30 s"
    assert duration_text(3 * 31_557_600) == "3 years"
