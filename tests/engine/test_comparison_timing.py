"""Compare times a quick search by its fastest of a few runs: one slow first run (table
building, the scheduler) must not make alpha-beta look slower than minimax."""

from __future__ import annotations

import pytest

from tictactoe_qt.engine.analysis import QUICK_SECONDS, TIMING_RUNS, VARIANTS, compare, comparison
from tictactoe_qt.engine.game import Board


@pytest.fixture
def timed_runs(monkeypatch: pytest.MonkeyPatch):
    """Each search's reported times, in call order: the first run of every variant is
    given a slow time, the later ones a quick one."""
    real = comparison.run_variant
    calls: dict[str, int] = {}

    def run_variant(variant, *args, **kwargs):
        result = real(variant, *args, **kwargs)
        calls[variant.key] = calls.get(variant.key, 0) + 1
        result.stats.elapsed_seconds = (
            QUICK_SECONDS * 0.9 if calls[variant.key] == 1 else QUICK_SECONDS / 100 * calls[variant.key]
        )
        return result

    monkeypatch.setattr(comparison, "run_variant", run_variant)
    return calls


def test_a_quick_search_shows_its_fastest_run_and_its_first_runs_counts(timed_runs) -> None:
    board = Board.from_notation("o../.x./...")
    rows = list(compare(board, 2))
    for row in rows:
        assert row.status == "done", row.variant.key
        assert timed_runs[row.variant.key] == TIMING_RUNS
        assert row.seconds == pytest.approx(QUICK_SECONDS / 100 * 2)
    nodes = {row.variant.key: row.result.stats.nodes for row in rows}
    again = {row.variant.key: row.result.stats.nodes for row in compare(board, 2)}
    assert nodes == again


def test_a_search_that_takes_a_while_runs_once(monkeypatch: pytest.MonkeyPatch) -> None:
    real = comparison.run_variant
    calls = []

    def slow(variant, *args, **kwargs):
        result = real(variant, *args, **kwargs)
        calls.append(variant.key)
        result.stats.elapsed_seconds = QUICK_SECONDS * 2
        return result

    monkeypatch.setattr(comparison, "run_variant", slow)
    rows = list(compare(Board.from_notation("o../.x./..."), 2))
    assert len(calls) == len(rows) == len(VARIANTS)
    assert all(row.seconds == QUICK_SECONDS * 2 for row in rows)


def test_a_stop_request_ends_the_repeats() -> None:
    stops = iter([False] * 4 + [True] * 1000)
    rows = list(compare(Board.from_notation("o../.x./..."), 2, should_stop=lambda: next(stops)))
    assert rows[0].status in ("done", "cancelled")
    assert all(row.status == "cancelled" for row in rows[1:])
