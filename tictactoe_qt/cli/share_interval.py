"""The 95% Wilson score interval of a share of games, for ``simulate``'s report.

A share of wins from 100 games is an estimate; the interval says how far the
true share may lie from it. Wilson's interval stays inside 0-100 % and works for
shares of 0 or all games, where the textbook normal interval collapses to a point.
"""

from __future__ import annotations

from math import sqrt

#: The normal quantile of a two-sided 95% interval.
Z_95 = 1.959963984540054


def wilson_interval(count: int, total: int, z: float = Z_95) -> tuple[float, float]:
    """The interval of ``count`` out of ``total``, in percent: ``(low, high)``.

    >>> wilson_interval(50, 100)
    (40.38, 59.62)
    >>> wilson_interval(0, 0)
    (0.0, 100.0)
    """
    if total <= 0:
        return 0.0, 100.0
    share = count / total
    spread = z * z / total
    centre = (share + spread / 2) / (1 + spread)
    half = z * sqrt(share * (1 - share) / total + spread / (4 * total)) / (1 + spread)
    return round(100 * max(0.0, centre - half), 2), round(100 * min(1.0, centre + half), 2)


def interval_text(count: int, total: int) -> str:
    """``"95% CI 40.4–59.6%"``."""
    low, high = wilson_interval(count, total)
    return f"95% CI {low:.1f}–{high:.1f}%"


__all__ = ["Z_95", "interval_text", "wilson_interval"]
