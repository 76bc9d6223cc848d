"""How the perfect search plans its runs, and its progress reports."""

from __future__ import annotations

import math

import pytest

from tictactoe_qt.engine.game import Board, GameConfig
from tictactoe_qt.engine.search import PerfectSearcher, plan_runs, solve_fits
from tictactoe_qt.engine.search import progress as progress_module

NEAR = (0,) * 361  # any near-stone masks: only whether there are some matters here


def test_an_exact_search_looks_one_ply_then_goes_to_the_end_with_no_deadline() -> None:
    (run,) = plan_runs(36, 36, None, 0.0, None, None)
    assert run.depths == [1, 36] and run.deadline == math.inf and run.neighbourhood is None


def test_a_small_tree_in_the_budget_goes_straight_to_the_end() -> None:
    (run,) = plan_runs(20, 20, None, 0.0, 60.0, None)
    assert run.depths == [1, 20] and not run.scratch


def test_a_huge_tree_deepens_one_ply_at_a_time_near_the_stones() -> None:
    (run,) = plan_runs(358, 361, NEAR, 0.0, 1.0, None)
    assert run.depths[:3] == [1, 2, 3] and run.neighbourhood is NEAR
    assert not solve_fits(358, 60.0)


def test_a_proof_that_may_take_the_budget_gets_a_fallback_answer_first() -> None:
    fallback, proof = plan_runs(25, 25, NEAR, 0.0, 60.0, None)
    assert fallback.scratch and fallback.neighbourhood is NEAR and fallback.deadline <= 1.0
    assert proof.depths == [25] and proof.neighbourhood is None and not proof.scratch


def test_a_depth_limit_deepens_to_it() -> None:
    (run,) = plan_runs(25, 25, NEAR, 0.0, 1.0, 3)
    assert run.depths == [1, 2, 3]


def test_progress_reports_the_iteration_nodes_and_best_move(monkeypatch) -> None:
    monkeypatch.setattr(progress_module, "REPORT_SECONDS", 0.0)  # report at every poll
    config = GameConfig(5, 4, 4)
    seen = []
    result = PerfectSearcher(config).solve(Board(config), progress=seen.append)
    assert result.exact and seen
    assert all(report.depth == 20 and report.best is not None for report in seen)
    nodes = [report.nodes for report in seen]
    assert nodes == sorted(nodes) and nodes[-1] <= result.stats.nodes


def test_a_stopped_solve_answers_with_the_best_move_so_far() -> None:
    config = GameConfig(6, 6, 4)
    polls = []

    def stop() -> bool:
        polls.append(1)
        return len(polls) > 3

    result = PerfectSearcher(config).solve(Board(config), stop)
    assert result.cancelled and not result.exact and result.move is not None


@pytest.mark.parametrize("budget", [0.05, 1.0])
def test_a_timed_search_on_a_tiny_board_is_still_exact(budget: float) -> None:
    config = GameConfig(3, 3, 3)
    assert PerfectSearcher(config).search(Board(config), budget).exact
