"""Simulation batches in a worker thread: totals, progress throttling, cancel, responsiveness."""

from __future__ import annotations

import time

import pytest

from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.play import summarize_games
from tictactoe_qt.engine.players import PlayerSpec
from tictactoe_qt.gui.stats.background import BackgroundTask
from tictactoe_qt.gui.stats.batch_worker import BatchRequest, BatchRequestError, BatchWorker
from tictactoe_qt.gui.stats.run_data import RunData

from .gui_thread_gaps import STALL_LIMIT_SECONDS, gui_thread_gaps
from .waits import HANG_MS

TIC_TAC_TOE = GameConfig(3, 3, 3)
RANDOM = PlayerSpec("random")


@pytest.fixture
def task(qtbot):
    task = BackgroundTask("test batch")
    yield task
    task.shutdown()


def run_batch(qtbot, task: BackgroundTask, request: BatchRequest, timeout: int = HANG_MS) -> tuple[RunData, list]:
    progress: list = []
    task.progress.connect(progress.append)
    with qtbot.waitSignal(task.finished, timeout=timeout) as finished:
        task.start(BatchWorker(request))
    return finished.args[0], progress


def test_random_batch_lands_near_the_exact_rates(qtbot, task) -> None:
    games = 40_000
    run, _ = run_batch(qtbot, task, BatchRequest(TIC_TAC_TOE, RANDOM, RANDOM, games, seed=11))
    snapshot = run.snapshot()
    assert snapshot.games == games and not run.cancelled
    for outcome, exact in enumerate((737 / 1260, 121 / 420, 8 / 63)):
        spread = 4 * (exact * (1 - exact) / games) ** 0.5
        assert abs(snapshot.rate(outcome) - exact) < spread


def test_batch_totals_match_the_engine_counting_the_same_games(qtbot, task) -> None:
    run, _ = run_batch(qtbot, task, BatchRequest(TIC_TAC_TOE, RANDOM, RANDOM, 5000, seed=5, swap=True))
    engine = summarize_games(TIC_TAC_TOE, RANDOM, RANDOM, 0, 5000, seed=5, swap=True)
    mine = run.summary_dict()
    for key in ("games", "x_wins", "o_wins", "draws", "avg_game_length"):
        assert mine[key] == engine.as_dict()[key]
    for side in ("x", "o"):
        for key in ("wins", "moves", "avg_moves_to_win", "games_first"):
            assert mine[side][key] == engine.as_dict()[side][key]


def test_perfect_player_never_loses_either_colour(qtbot, task) -> None:
    request = BatchRequest(TIC_TAC_TOE, PlayerSpec("perfect"), RANDOM, 300, seed=2, swap=True)
    run, _ = run_batch(qtbot, task, request)
    summary = run.summary_dict()
    assert summary["games"] == 300
    assert summary["o"]["wins"] == 0
    assert summary["x"]["wins"] > 200


def test_progress_is_throttled_to_ten_a_second(qtbot, task) -> None:
    started = time.perf_counter()
    run, progress = run_batch(qtbot, task, BatchRequest(TIC_TAC_TOE, RANDOM, RANDOM, 30_000, seed=1))
    elapsed = time.perf_counter() - started
    assert run.games == 30_000
    assert len(progress) <= elapsed * 10 + 1
    games_seen = [snapshot.games for snapshot in progress]
    assert games_seen == sorted(games_seen)


def test_cancel_stops_a_big_batch_and_keeps_whole_games(qtbot, task) -> None:
    request = BatchRequest(TIC_TAC_TOE, RANDOM, RANDOM, 1_000_000, seed=1)
    with qtbot.waitSignal(task.progress, timeout=HANG_MS):
        task.start(BatchWorker(request))
    with qtbot.waitSignal(task.finished, timeout=HANG_MS) as finished:
        task.cancel()
    run = finished.args[0]
    assert run.cancelled
    assert 0 < run.games < 1_000_000
    assert sum(run.snapshot().outcomes) == run.games
    assert not task.is_running()


def test_shutdown_during_a_batch_waits_for_the_thread(qtbot, task) -> None:
    with qtbot.waitSignal(task.progress, timeout=HANG_MS):
        task.start(BatchWorker(BatchRequest(TIC_TAC_TOE, RANDOM, RANDOM, 1_000_000)))
    task.shutdown()
    assert not task.is_running()


def test_a_second_start_while_running_is_refused(qtbot, task) -> None:
    task.start(BatchWorker(BatchRequest(TIC_TAC_TOE, RANDOM, RANDOM, 1_000_000)))
    with pytest.raises(RuntimeError, match="already running"):
        task.start(BatchWorker(BatchRequest(TIC_TAC_TOE, RANDOM, RANDOM, 10)))


#: How long the stall test watches the GUI thread while batches play.
WATCH_SECONDS = 1.0


@pytest.mark.parametrize("size", [3, 4], ids=["3x3 fast path", "4x4 game by game"])
@pytest.mark.timing
def test_gui_thread_never_stalls_while_a_batch_plays(qtbot, task, size) -> None:
    """The GUI thread is watched for a fixed second of batch work, on any machine.

    A fast machine may finish a whole batch before a second is over: another
    batch then starts, so the watched time is batch work by construction and
    never depends on how many games or progress updates fit in it.
    """
    request = BatchRequest(GameConfig(size, size, 3), RANDOM, RANDOM, 1_000_000, seed=3)
    runs: list[RunData] = []
    progress: list = []
    task.progress.connect(progress.append)
    task.finished.connect(runs.append)
    with gui_thread_gaps() as stalls:
        deadline = time.perf_counter() + WATCH_SECONDS
        while (left := deadline - time.perf_counter()) > 0:
            if not task.is_running():
                task.start(BatchWorker(request))
            with qtbot.waitSignal(task.finished, timeout=max(1, int(left * 1000)), raising=False):
                pass
        cut_short = task.is_running()
        if cut_short:
            with qtbot.waitSignal(task.finished, timeout=HANG_MS):
                task.cancel()  # Cancel must not stall the window either
    assert runs and sum(run.games for run in runs) > 0
    if cut_short and len(runs) == 1:  # one batch ran the whole second: it reported meanwhile
        assert progress
    worst = stalls.worst()
    assert worst < STALL_LIMIT_SECONDS, f"GUI thread stalled {worst * 1000:.0f} ms"


@pytest.mark.parametrize(
    ("games", "x", "message"),
    [(0, "random", "from 1 to 1,000,000"), (1_000_001, "random", "from 1 to 1,000,000"), (10, "human", "X is a human")],
)
def test_bad_requests_are_refused_with_a_reason(games, x, message) -> None:
    with pytest.raises(BatchRequestError, match=message):
        BatchRequest(TIC_TAC_TOE, PlayerSpec(x), RANDOM, games)


def test_worker_failure_is_reported_not_lost(qtbot, task, monkeypatch) -> None:
    import tictactoe_qt.gui.stats.batch_chunks as batch_chunks

    def broken(*args, **kwargs):
        raise RuntimeError("engine exploded")

    monkeypatch.setattr(batch_chunks, "run_games", broken)  # what a chunk plays its games with
    with qtbot.waitSignal(task.failed, timeout=HANG_MS) as failed:
        task.start(BatchWorker(BatchRequest(TIC_TAC_TOE, PlayerSpec("perfect"), RANDOM, 10)))
    assert "engine exploded" in failed.args[0]
    assert not task.is_running()


@pytest.mark.parametrize("size", [3, 4], ids=["3x3 outcome bytes", "4x4 played games"])
def test_worker_processes_play_the_same_games_as_the_batch_thread(qtbot, task, size) -> None:
    from tictactoe_qt.gui.stats.chunk_pool import shared_pool

    request = BatchRequest(GameConfig(size, size, 3), RANDOM, RANDOM, 3000, seed=9, swap=True)
    here, _ = run_batch(qtbot, task, request)
    with qtbot.waitSignal(task.finished, timeout=60_000) as finished:
        task.start(BatchWorker(request, shared_pool()))
    there = finished.args[0]
    assert there.games == here.games == 3000
    for position in (0, 1, 1234, 2999):
        mine, theirs = here.row(position), there.row(position)
        assert (mine.starter, mine.winner, mine.length, mine.x_nodes) == (
            theirs.starter,
            theirs.winner,
            theirs.length,
            theirs.x_nodes,
        )
    assert here.snapshot().outcomes == there.snapshot().outcomes
    assert here.snapshot().curve == there.snapshot().curve


def test_cancel_stops_worker_processes_promptly(qtbot, task) -> None:
    from tictactoe_qt.gui.stats.chunk_pool import shared_pool

    request = BatchRequest(GameConfig(4, 4, 3), RANDOM, PlayerSpec("perfect"), 1_000_000, seed=1)
    with qtbot.waitSignal(task.progress, timeout=HANG_MS):
        task.start(BatchWorker(request, shared_pool()))
    started = time.perf_counter()
    with qtbot.waitSignal(task.finished, timeout=HANG_MS) as finished:
        task.cancel()
    assert time.perf_counter() - started < 3
    assert finished.args[0].cancelled and 0 < finished.args[0].games < 1_000_000
