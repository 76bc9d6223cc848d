"""The batch's time left is shown only once its pace has settled: sequences of
``(seconds, games done)`` reports, no clock involved."""

from __future__ import annotations

from dataclasses import replace

from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.play import SteadyRule, steady_time_left
from tictactoe_qt.engine.players import PlayerSpec
from tictactoe_qt.gui.stats.run_data import RunData
from tictactoe_qt.gui.stats.stats_controller import StatsController
from tictactoe_qt.gui.stats.stats_panel import StatsPanel

RULE = SteadyRule()


def reports(games_at, planned: int, every: float = 0.1):
    """``(seconds, games done)`` every ``every`` seconds until ``planned`` games are done."""
    samples, step = [], 0
    while not samples or samples[-1][1] < planned:
        step += 1
        seconds = round(step * every, 6)
        samples.append((seconds, min(planned, games_at(seconds))))
    return samples


def estimates(samples, planned: int):
    """What the rule says after each report: ``(seconds, time left or None, true time left)``."""
    end = samples[-1][0]
    return [
        (seconds, steady_time_left(samples[: i + 1], planned), end - seconds)
        for i, (seconds, _games) in enumerate(samples)
    ]


def slow_start(seconds: float) -> int:
    """The batch once seen saying "about 2 min 19 s left": 1.2 s before its first game
    (worker processes starting), then 100 games a second; 910 games, 10.3 s in all."""
    return max(0, int(100 * (seconds - 1.2)))


def test_a_slow_start_shows_no_time_left_until_the_pace_settles() -> None:
    said = [(t, left, truth) for t, left, truth in estimates(reports(slow_start, 910), 910) if left is not None]
    assert said, "a steady batch never got a time left"
    first_time, first_left, first_truth = said[0]
    assert first_time >= RULE.min_seconds
    # The old rule's first word was 117 s for 9 s left; the first word now is close.
    assert abs(first_left - first_truth) <= 0.35 * first_truth
    for _time, left, truth in said:
        assert abs(left - truth) <= max(0.35 * truth, 0.5)


def test_a_steady_pace_is_told_once_past_the_minimum_time_and_share() -> None:
    said = [
        (t, left, truth) for t, left, truth in estimates(reports(lambda t: int(50 * t), 1000), 1000) if left is not None
    ]
    assert said[0][0] == RULE.min_seconds
    assert said[0][1] == said[0][2]


def test_nothing_is_told_before_the_minimum_share_of_a_long_batch() -> None:
    planned = 100_000  # 1,000 s at 100 games a second
    samples = reports(lambda t: int(100 * t), planned, every=0.5)
    for seconds, left, _truth in estimates(samples[:200], planned):
        games = samples[int(seconds / 0.5) - 1][1]
        assert (left is None) == (games < RULE.min_fraction * planned or seconds < RULE.min_seconds)


def test_estimates_that_disagree_tell_nothing() -> None:
    speeding_up = reports(lambda t: int(10 * t**3), 50_000, every=0.25)  # the pace keeps growing
    assert all(left is None for _t, left, _truth in estimates(speeding_up[:40], 50_000))


def test_bursty_reports_settle_too() -> None:
    """Worker processes hand in chunks of 50 games every half second."""
    samples = reports(lambda t: 50 * int(t / 0.5), 2_000)
    said = [t for t, left, _truth in estimates(samples, 2_000) if left is not None]
    assert said and said[0] <= 0.25 * samples[-1][0]


def test_a_finished_batch_has_nothing_left_and_bad_input_tells_nothing() -> None:
    assert steady_time_left([(1.0, 10), (2.0, 20)], 20) == 0.0
    assert steady_time_left([], 20) is None
    assert steady_time_left([(5.0, 0)], 20) is None
    assert steady_time_left([(5.0, 3)], 0) is None
    assert steady_time_left([(3.0, 100), (3.6, 100), (4.2, 100)], 1000) is None  # no pace yet


def test_the_stats_panel_says_estimating_until_the_pace_settles(qtbot) -> None:
    """The slow start reported to the panel as its batch reports: snapshots of the run."""
    panel = StatsPanel(StatsController())
    qtbot.addWidget(panel)
    base = RunData(GameConfig(3, 3, 3), PlayerSpec("random"), PlayerSpec("random"), 910).snapshot()
    panel.simulate_bar.start_progress(910)
    texts = []
    for seconds, games in reports(slow_start, 909):
        panel.batch.progress.emit(replace(base, games=games, elapsed_seconds=seconds))
        texts.append((seconds, panel.simulate_bar.status_label.text()))
    told = [(seconds, text) for seconds, text in texts if text.endswith(" left")]
    assert told, texts[-5:]
    assert all(seconds >= RULE.min_seconds for seconds, _text in told), told[:3]
    assert all("min" not in text for _seconds, text in told), told[:3]
    assert all("estimating" in text for seconds, text in texts if seconds < told[0][0])
    panel.simulate_bar.start_progress(910)  # a new batch starts from nothing
    panel.batch.progress.emit(replace(base, games=500, elapsed_seconds=5.0))
    assert "estimating" in panel.simulate_bar.status_label.text()
    panel.shutdown()
