"""Readable numbers for tables, labels and chart annotations."""

from __future__ import annotations

from tictactoe_qt.engine.text import TimeUnit, duration_in, duration_text

DASH = "\u2013"


def format_seconds(seconds: float | None) -> str:
    """A time in the engine's one wording (``121 µs``, ``3 min 05 s``); ``None`` -> a dash."""
    return duration_text(seconds, missing=DASH)


def format_seconds_in(seconds: float | None, unit: TimeUnit) -> str:
    """A time in a given unit (all the bars on one axis: ``0.0538 µs``); ``None`` -> a dash."""
    return duration_in(seconds, unit, missing=DASH)


def format_number(value: float | None, digits: int = 2) -> str:
    """Thousands separators, ``digits`` decimals for fractions, a dash for ``None``."""
    if value is None:
        return DASH
    if float(value).is_integer():
        return f"{int(value):,}"
    return f"{value:,.{digits}f}"


def format_count(value: float | None) -> str:
    """Short counts for chart labels: 950, 12.3k, 4.1M."""
    if value is None:
        return DASH
    for scale, unit in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if abs(value) >= scale:
            return f"{value / scale:.3g}{unit}"
    return f"{value:.3g}"


def format_percent(part: int, whole: int) -> str:
    """``part`` of ``whole`` as a percentage with one decimal."""
    return f"{100 * part / whole:.1f}%" if whole else DASH


def format_rate(games_per_second: float | None) -> str:
    """A pace in words that stay true when slow: ``1,234 games/s``, ``2.5 games/s``,
    ``1 game every 4.0 s`` (a watched series); a dash when nothing was timed."""
    if not games_per_second:
        return DASH
    if games_per_second >= 10:
        return f"{games_per_second:,.0f} games/s"
    if games_per_second >= 1:
        return f"{games_per_second:.1f} games/s"
    return f"1 game every {format_seconds(1 / games_per_second)}"
