"""Readable numbers for tables, labels and chart annotations."""

from __future__ import annotations

DASH = "\u2013"


def format_seconds(seconds: float | None) -> str:
    """``0.000012`` -> ``12.0 µs``; ``None`` -> a dash."""
    if seconds is None:
        return DASH
    for scale, unit in ((1.0, "s"), (1e-3, "ms"), (1e-6, "\u00b5s")):
        if abs(seconds) >= scale or unit == "\u00b5s":
            value = seconds / scale
            return f"{value:.3g} {unit}" if value < 100 else f"{value:.0f} {unit}"
    return f"{seconds:g} s"  # pragma: no cover - the loop always returns


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


def format_duration(seconds: float | None) -> str:
    """An ETA or elapsed time: ``42 s``, ``3 min 05 s``, ``1 h 02 min``."""
    if seconds is None:
        return DASH
    if seconds < 10:
        return f"{max(0.0, seconds):.1f} s"
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    minutes, secs = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {secs:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


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
