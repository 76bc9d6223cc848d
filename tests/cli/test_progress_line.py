"""The progress line of ``simulate`` and ``tournament`` (local or --cluster): games done
and the time left, by the window's rule: nothing until the pace has settled.

Driven by sequences of ``(seconds, games done)`` snapshots and a fake clock: no wall clock.
"""

from __future__ import annotations

from tictactoe_qt.cli.simulate_command import PROGRESS_INTERVAL, ProgressLine, progress_text
from tictactoe_qt.engine.play import SteadyRule, steady_time_left
from tictactoe_qt.engine.text import duration_text

RULE = SteadyRule()


def slow_start(seconds: float) -> int:
    """Worker processes take 1.2 s to start, then 100 games a second: 910 games in 10.3 s."""
    return max(0, int(100 * (seconds - 1.2)))


def snapshots(games_at, planned: int, every: float = PROGRESS_INTERVAL):
    """``(seconds, games done)`` every ``every`` seconds until ``planned`` games are done."""
    samples, step = [], 0
    while not samples or samples[-1][1] < planned:
        step += 1
        seconds = round(step * every, 6)
        samples.append((seconds, min(planned, games_at(seconds))))
    return samples


def test_a_slow_start_says_estimating_until_the_pace_settles() -> None:
    planned = 910
    samples = snapshots(slow_start, planned)
    end = samples[-1][0]
    lines = [(seconds, progress_text(samples[: i + 1], planned)) for i, (seconds, _games) in enumerate(samples)]
    told = [(seconds, line) for seconds, line in lines if line.endswith(" left")]
    assert told, lines[-5:]
    first = told[0][0]
    assert first >= RULE.min_seconds
    assert all("estimating" in line for seconds, line in lines[:-1] if seconds < first)
    # The old line opened with "about 2 min ..." for 9 s left: now no word jumps like that.
    assert all("min" not in line for _seconds, line in told), told[:3]
    for index, (seconds, line) in enumerate(lines):
        left = steady_time_left(samples[: index + 1], planned)
        if left is not None and seconds < end:  # the window's rule, word for word
            assert line.endswith(f"about {duration_text(left)} left")
            assert abs(left - (end - seconds)) <= max(0.35 * (end - seconds), 0.5)
    assert lines[-1][1] == f"{planned:,} / {planned:,} games"


def test_the_line_counts_games_and_says_nothing_left_at_the_end() -> None:
    assert progress_text([], 100) == "0 / 100 games, time left: estimating…"
    assert progress_text([(3.0, 0)], 100) == "0 / 100 games, time left: estimating…"
    assert progress_text([(3.0, 100)], 100) == "100 / 100 games"


def test_a_tournament_telling_after_every_game_still_gets_a_time_left(capsys) -> None:
    """Told after each of thousands of games, the line samples its pace once a redraw."""
    now = [0.0]
    line = ProgressLine(clock=lambda: now[0])
    planned, shown = 20_000, []
    for game in range(1, planned + 1):  # 2,000 games a second after a 1 s start
        now[0] = 1.0 + game / 2_000
        line(game, planned)
        shown.append(capsys.readouterr().err.rsplit("\r\033[K  ", 1)[-1])
    drawn = [text for text in shown if text]
    assert len(drawn) < planned / 10  # redrawn at most every PROGRESS_INTERVAL
    assert any(text.endswith(" left") for text in drawn), drawn[-3:]
    assert drawn[0].endswith("time left: estimating…")
    assert drawn[-1] == f"{planned:,} / {planned:,} games"
