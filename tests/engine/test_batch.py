"""Batches over processes: the same seeded totals whatever the workers or chunks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.play import SimulationSummary, chunk_bounds, fresh_player_games, run_batch, summarize_games
from tictactoe_qt.engine.players import PlayerSpec

TIC_TAC_TOE = GameConfig()
RANDOM = PlayerSpec("random")


def _totals(summary: SimulationSummary) -> tuple:
    players = tuple((p.wins, p.moves, p.moves_in_wins, p.games_first) for p in summary.players)
    return summary.games, summary.x_wins, summary.o_wins, summary.draws, summary.plies, players


def test_one_and_two_workers_give_equal_totals():
    config = GameConfig(4, 4, 3)
    specs = ("random", "alphabeta:depth=1")
    one = run_batch(config, *specs, 300, seed=21, swap=True, workers=1)
    two = run_batch(config, *specs, 300, seed=21, swap=True, workers=2)
    assert two.workers == 2
    assert _totals(one) == _totals(two)
    assert one.players[1].nodes == two.players[1].nodes  # the searches did the same work


def test_one_and_two_workers_give_equal_totals_on_the_fast_route():
    one = run_batch(TIC_TAC_TOE, "random", "random", 100_000, seed=8, swap=True, workers=1)
    two = run_batch(TIC_TAC_TOE, "random", "random", 100_000, seed=8, swap=True, workers=2)
    assert _totals(one) == _totals(two)


@pytest.mark.parametrize("config", [TIC_TAC_TOE, GameConfig(3, 4, 3)])
def test_uneven_chunks_add_up_to_the_whole(config):
    games = 9_001 if config == TIC_TAC_TOE else 301
    whole = summarize_games(config, RANDOM, RANDOM, 0, games, seed=5, swap=True)
    parts = SimulationSummary(config, "random", "random", 5, swap=True)
    for start, stop in ((0, 7), (7, 4_100), (4_100, games)) if games > 4_100 else ((0, 7), (7, 150), (150, games)):
        parts.merge(summarize_games(config, RANDOM, RANDOM, start, stop, seed=5, swap=True))
    assert _totals(parts) == _totals(whole)


def test_chunks_cover_every_game_once_and_start_on_unit_boundaries():
    for games, workers, unit in ((1, 1, 20), (1000, 2, 20), (99_999, 2, 4096), (5, 8, 2000)):
        chunks = chunk_bounds(games, workers, unit)
        assert chunks[0][0] == 0 and chunks[-1][1] == games
        assert all(a[1] == b[0] for a, b in zip(chunks, chunks[1:]))
        assert all(start % unit == 0 for start, _ in chunks)


def test_chunk_starts_do_not_depend_on_the_worker_count():
    one = {start for start, _ in chunk_bounds(50_000, 1, 2000)}
    two = {start for start, _ in chunk_bounds(50_000, 2, 2000)}
    assert one | two <= set(range(0, 50_000, 2000))


def test_progress_counts_up_to_all_games():
    seen: list[tuple[int, int]] = []
    summary = run_batch(
        GameConfig(4, 4, 3), "random", "random", 200, seed=1, progress=lambda done, total: seen.append((done, total))
    )
    assert summary.games == 200 and not summary.cancelled
    assert seen[-1] == (200, 200)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


@pytest.mark.parametrize("workers", [1, 2])
def test_should_stop_cancels_and_keeps_the_games_played(workers):
    seen: list[int] = []
    summary = run_batch(
        GameConfig(5, 5, 4),
        "random",
        "random",
        20_000,
        seed=1,
        workers=workers,
        progress=lambda done, _: seen.append(done),
        should_stop=lambda: bool(seen),
    )
    assert summary.cancelled
    assert 0 < summary.games < 20_000
    assert summary.x_wins + summary.o_wins + summary.draws == summary.games


def test_no_seed_draws_one_and_reports_it():
    summary = run_batch(TIC_TAC_TOE, "random", "random", 1000)
    again = run_batch(TIC_TAC_TOE, "random", "random", 1000, seed=summary.seed)
    assert _totals(summary) == _totals(again)


def test_bad_counts_are_refused():
    with pytest.raises(ValueError, match="negative"):
        run_batch(TIC_TAC_TOE, "random", "random", -5)
    with pytest.raises(ValueError, match="workers"):
        run_batch(TIC_TAC_TOE, "random", "random", 5, workers=-1)


def test_a_batch_started_from_a_thread_gives_the_same_totals():
    import threading

    from tictactoe_qt.engine.processes import start_method

    config = GameConfig(4, 4, 3)
    found: dict[str, object] = {}

    def work() -> None:
        found["method"] = start_method()
        found["summary"] = run_batch(config, "random", "random", 200, seed=4, workers=2)

    thread = threading.Thread(target=work)
    thread.start()
    thread.join(timeout=60)
    assert found["method"] != "fork"  # never fork a process that runs other threads
    alone = run_batch(config, "random", "random", 200, seed=4, workers=1)
    assert _totals(found["summary"]) == _totals(alone)


def test_the_default_ai_gives_equal_totals_on_any_worker_count():
    # Past one fresh-player unit, so remembered solutions cross chunk boundaries.
    games = fresh_player_games(TIC_TAC_TOE) * 2 + 500
    one = run_batch(TIC_TAC_TOE, "perfect", "random", games, seed=6, swap=True, workers=1)
    two = run_batch(TIC_TAC_TOE, "perfect", "random", games, seed=6, swap=True, workers=2)
    assert _totals(one) == _totals(two)
    assert one.players[0].wins > 0 and one.players[1].wins == 0


def test_an_unregistered_player_fails_before_any_worker_starts(monkeypatch):
    from tictactoe_qt.engine.players import PlayerSpecError
    from tictactoe_qt.engine.players import registry as players

    players.make_player("random")
    monkeypatch.delitem(players.PLAYER_FACTORIES, "alphabeta")
    with pytest.raises(PlayerSpecError, match="alphabeta"):
        run_batch(TIC_TAC_TOE, "alphabeta", "random", 10, workers=2)


@settings(max_examples=25, deadline=None)
@given(split=st.integers(0, 12_000), seed=st.integers(-(2**70), 2**70), swap=st.booleans())
def test_any_split_of_a_fast_batch_adds_up_to_the_whole(split, seed, swap):
    games = 12_000
    whole = summarize_games(TIC_TAC_TOE, RANDOM, RANDOM, 0, games, seed=seed, swap=swap)
    parts = summarize_games(TIC_TAC_TOE, RANDOM, RANDOM, 0, split, seed=seed, swap=swap)
    parts.merge(summarize_games(TIC_TAC_TOE, RANDOM, RANDOM, split, games, seed=seed, swap=swap))
    assert _totals(parts) == _totals(whole)
