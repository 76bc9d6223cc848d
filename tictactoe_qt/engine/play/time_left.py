"""When a batch's time left is worth showing: only once its pace has settled.

The one rule for the window's Statistics progress and the CLI's progress line
(``simulate``, ``tournament``).

A batch's first games say little about the rest: worker processes start and
searches fill their tables, so the first pace seen can be ten times too slow
(a 10-second batch once opened with "about 2 min 19 s left"). The estimate is
shown only while the batch has run long enough, done enough of its games, and
its recent estimates of when it will end agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

#: ``(seconds since the batch began, games done)``, one progress report.
Sample = tuple[float, int]
#: Progress reports a caller keeps for the estimate: at one every 0.1 s, its last
#: 10 seconds (a slow start is forgotten, a change of pace is followed).
KEPT_SAMPLES = 100


@dataclass(frozen=True)
class SteadyRule:
    """The thresholds of :func:`steady_time_left`."""

    #: Seconds the batch must have run.
    min_seconds: float = 2.0
    #: Share of the planned games it must have done.
    min_fraction: float = 0.02
    #: Estimates of its end that must agree (the latest and the ones before it).
    agreeing: int = 3
    #: Seconds between the samples those estimates come from.
    spacing: float = 0.5
    #: How far apart they may be: the latest end over the earliest, less one.
    tolerance: float = 0.15


def steady_time_left(samples: Sequence[Sample], planned: int, rule: SteadyRule = SteadyRule()) -> float | None:
    """Seconds left in a batch of ``planned`` games, or ``None`` while not yet steady.

    The pace is the one since the oldest sample with a game done: a start-up
    with no game ended does not slow it, and a caller that keeps only its last
    several seconds of reports forgets a slow start altogether. Each sample
    estimates when the batch will end at that pace. The estimate is given when
    the latest sample is past ``rule.min_seconds`` and ``rule.min_fraction`` of
    the games, and the estimates of ``rule.agreeing`` samples at least
    ``rule.spacing`` seconds apart, the latest one's included, agree within
    ``rule.tolerance``.

    Args:
        samples: progress reports, oldest first.
        planned: the games the batch will play.
    """
    if not samples or planned <= 0:
        return None
    seconds, done = samples[-1]
    if done >= planned:
        return 0.0
    if done <= 0 or seconds < rule.min_seconds or done < rule.min_fraction * planned:
        return None
    origin_seconds, origin_games = next(sample for sample in samples if sample[1] > 0)
    if done <= origin_games:  # no game since the pace began to count
        return None
    picked = [samples[-1]]
    for index in range(len(samples) - 2, -1, -1):  # newest first (a deque cannot be sliced)
        if len(picked) == rule.agreeing:
            break
        sample = samples[index]
        if sample[1] > origin_games and picked[-1][0] - sample[0] >= rule.spacing:
            picked.append(sample)
    if len(picked) < rule.agreeing:
        return None
    ends = [
        origin_seconds + (planned - origin_games) * (elapsed - origin_seconds) / (games - origin_games)
        for elapsed, games in picked
    ]
    if min(ends) <= 0 or max(ends) > min(ends) * (1 + rule.tolerance):
        return None
    return max(0.0, ends[0] - seconds)


__all__ = ["KEPT_SAMPLES", "Sample", "SteadyRule", "steady_time_left"]
