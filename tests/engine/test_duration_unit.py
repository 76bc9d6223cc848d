"""A scale of times (a chart's axis) is written in the unit :func:`duration_text` picks for
its largest time, and every time on it in that same unit."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tictactoe_qt.engine.text import (
    HOURS,
    MICROSECONDS,
    MILLISECONDS,
    MINUTES,
    SECONDS,
    duration_in,
    duration_text,
    duration_unit,
)


@pytest.mark.parametrize(
    ("seconds", "unit"),
    [
        (5.38e-8, MICROSECONDS),
        (1e-12, MICROSECONDS),
        (0.000121, MICROSECONDS),
        (0.0009996, MILLISECONDS),
        (0.41, MILLISECONDS),
        (0.9996, SECONDS),
        (59.94, SECONDS),
        (59.96, MINUTES),
        (3599.4, MINUTES),
        (3599.6, HOURS),
    ],
)
def test_the_unit_of_a_scale_is_the_one_its_largest_time_reads_in(seconds: float, unit) -> None:
    assert duration_unit(seconds) == unit


@given(st.floats(min_value=1e-9, max_value=59.9))
def test_below_a_minute_the_unit_is_the_one_duration_text_writes(seconds: float) -> None:
    unit = duration_unit(seconds)
    assert duration_text(seconds).endswith(f" {unit.name}")
    assert duration_in(seconds, unit) == duration_text(seconds)


@pytest.mark.parametrize(
    ("seconds", "unit", "text"),
    [
        (5.38e-8, MICROSECONDS, "0.0538 µs"),
        (0.0009, MILLISECONDS, "0.9 ms"),
        (0.0012, MILLISECONDS, "1.2 ms"),
        (90.0, MINUTES, "1.5 min"),
        (0.0, MILLISECONDS, "0 ms"),
        (None, SECONDS, "n/a"),
        (2.5, MILLISECONDS, "2,500 ms"),
    ],
)
def test_a_time_is_written_in_the_scales_unit(seconds, unit, text: str) -> None:
    assert duration_in(seconds, unit) == text
