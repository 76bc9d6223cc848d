"""Durations in words for people, written in one place so a time reads the same in every view.

:func:`duration_text` picks the unit a person expects and keeps three significant
digits below a minute: ``0.4 µs``, ``121 µs``, ``4.56 ms``, ``12.3 s``; then the
clock's way, ``2 min 05 s`` and ``1 h 02 min``; then ``2.5 days`` and ``3 years``
for estimates of searches nobody could wait for. A figure is rounded before its
unit is chosen, so 999.6 µs reads ``1 ms`` (never ``1e+03 µs`` or ``1000 µs``), and
a time above zero never reads as zero. Machine-readable outputs (JSON, CSV) keep the
raw seconds; this is only their wording.
"""

from __future__ import annotations

import math
from typing import NamedTuple

MINUTE = 60
HOUR = 3600
DAY = 86_400.0
#: A Julian year, 365.25 days.
YEAR = 31_557_600.0
#: Below this (a thousandth of a microsecond) the figure would need scientific notation.
SMALLEST = 1e-9
#: What a missing time reads as unless the caller says otherwise.
MISSING = "n/a"


def duration_text(seconds: float | None, missing: str = MISSING) -> str:
    """``seconds`` in the fitting unit: ``121 µs``, ``1 ms``, ``12.3 s``, ``3 min 05 s``.

    ``None`` or NaN reads ``missing``; zero and negative times (a clock's jitter)
    read ``0 s``; an infinite time reads ``forever``.
    """
    if seconds is None or math.isnan(seconds):
        return missing
    if seconds <= 0:
        return "0 s"
    if math.isinf(seconds):
        return "forever"
    if seconds < SMALLEST:
        return "< 0.001 µs"
    for scale, unit in ((1e6, "µs"), (1e3, "ms")):
        figure = _significant(seconds * scale)
        if float(figure) < 1000:
            return f"{figure} {unit}"
    figure = _significant(seconds)
    if float(figure) < MINUTE:
        return f"{figure} s"
    return _long_text(seconds)


class TimeUnit(NamedTuple):
    """A unit a column of times is written in: its name and how many make a second."""

    name: str
    per_second: float


#: The units :func:`duration_unit` picks from, smallest first.
MICROSECONDS = TimeUnit("µs", 1e6)
MILLISECONDS = TimeUnit("ms", 1e3)
SECONDS = TimeUnit("s", 1.0)
MINUTES = TimeUnit("min", 1 / MINUTE)
HOURS = TimeUnit("h", 1 / HOUR)


def duration_unit(seconds: float | None) -> TimeUnit:
    """The unit :func:`duration_text` writes ``seconds`` in, for a scale (a chart's axis)
    whose largest time is ``seconds``: µs, ms or s below a minute, then min, then h."""
    if seconds is None or math.isnan(seconds) or seconds < SMALLEST:
        return MICROSECONDS
    for unit in (MICROSECONDS, MILLISECONDS):
        if float(_significant(seconds * unit.per_second)) < 1000:
            return unit
    if float(_significant(seconds)) < MINUTE:
        return SECONDS
    return MINUTES if _nearest(seconds) < HOUR else HOURS


def duration_in(seconds: float | None, unit: TimeUnit, missing: str = MISSING) -> str:
    """``seconds`` written in ``unit`` with three significant digits, so times shown
    together (bars on one axis) share its unit: ``0.0538 µs`` beside ``1.2 µs``."""
    if seconds is None or math.isnan(seconds):
        return missing
    if seconds <= 0:
        return f"0 {unit.name}"
    value = seconds * unit.per_second
    figure = f"{value:,.0f}" if value >= 999.5 else _significant(value)
    return f"{figure} {unit.name}"


def _significant(value: float) -> str:
    """``value`` to three significant digits, without trailing zeros: ``121``, ``4.56``."""
    return f"{value:.3g}"


def _long_text(seconds: float) -> str:
    """A minute or more: ``3 min 05 s``, ``1 h 02 min``, ``2.5 days``, ``3 years``."""
    whole_seconds = _nearest(seconds)
    if whole_seconds < HOUR:
        minutes, rest = divmod(whole_seconds, MINUTE)
        return f"{minutes} min {rest:02d} s"
    whole_minutes = _nearest(seconds / MINUTE)
    if whole_minutes < DAY / MINUTE:
        hours, minutes = divmod(whole_minutes, MINUTE)
        return f"{hours} h {minutes:02d} min"
    if seconds < YEAR:
        return _counted(seconds / DAY, "day", "days")
    return _counted(seconds / YEAR, "year", "years")


def _nearest(value: float) -> int:
    """``value`` rounded half up, as people round (``round`` sends 62.5 to 62)."""
    return math.floor(value + 0.5)


def _counted(amount: float, one: str, many: str) -> str:
    """``1 day``, ``2.5 days``, ``1,230 years``; ``3.1e+09 years`` once the number is too
    long to write out."""
    if amount >= 1e6:
        figure = f"{amount:.2g}"
    else:
        figure = f"{float(_significant(amount)):,.0f}" if amount >= 999.5 else _significant(amount)
    return f"{figure} {one if figure == '1' else many}"
