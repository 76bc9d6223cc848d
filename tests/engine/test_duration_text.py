"""One wording for a duration, from a fraction of a microsecond to years."""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tictactoe_qt.engine.text import DAY, HOUR, YEAR, duration_text


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (0.0, "0 s"),
        (-0.000001, "0 s"),  # a clock's jitter is not a negative time
        (4e-10, "< 0.001 µs"),
        (1e-9, "0.001 µs"),
        (4e-7, "0.4 µs"),
        (9.996e-7, "1 µs"),
        (1.5e-6, "1.5 µs"),
        (0.000121, "121 µs"),
        (0.0009994, "999 µs"),
        (0.0009996, "1 ms"),  # 999.6 µs rounds into the next unit
        (0.00456, "4.56 ms"),
        (0.41, "410 ms"),
        (0.9996, "1 s"),
        (12.34, "12.3 s"),
        (59.94, "59.9 s"),
        (59.96, "1 min 00 s"),
        (90, "1 min 30 s"),
        (185.4, "3 min 05 s"),
        (3599.4, "59 min 59 s"),
        (3599.6, "1 h 00 min"),
        (HOUR + 150, "1 h 03 min"),  # 1 h 2.5 min rounds to the nearest minute
        (9999, "2 h 47 min"),
        (23 * HOUR + 59.6 * 60, "1 day"),
        (2.5 * DAY, "2.5 days"),
        (3 * YEAR, "3 years"),
        (1 * YEAR, "1 year"),
        (1234.5 * YEAR, "1,230 years"),
        (3.1e9 * YEAR, "3.1e+09 years"),
        (math.inf, "forever"),
    ],
)
def test_each_magnitude_reads_in_its_unit(seconds: float, text: str) -> None:
    assert duration_text(seconds) == text


def test_a_missing_time_reads_as_the_caller_says() -> None:
    assert duration_text(None) == "n/a"
    assert duration_text(None, missing="–") == "–"
    assert duration_text(math.nan, missing="–") == "–"


SHORT = re.compile(r"(< )?\d+(\.\d+)? (µs|ms|s)")
LONG = re.compile(r"\d+ min \d\d s|\d+ h \d\d min|[\d.,e+]+ (day|days|year|years)")


@given(st.floats(min_value=1e-9, max_value=1e12, allow_nan=False))
def test_no_time_above_zero_reads_as_zero_or_in_scientific_notation(seconds: float) -> None:
    text = duration_text(seconds)
    figure = text.split(" ")[0]
    assert SHORT.fullmatch(text) or LONG.fullmatch(text), text
    assert float(figure.replace(",", "")) > 0, text
    if seconds < YEAR * 1e6:
        assert "e" not in figure, text


@given(st.floats(min_value=1e-9, max_value=59.9))
def test_under_a_minute_the_figure_is_the_time_to_three_significant_digits(seconds: float) -> None:
    figure, unit = duration_text(seconds).split(" ")
    value = float(figure) * {"µs": 1e-6, "ms": 1e-3, "s": 1.0}[unit]
    assert value == pytest.approx(seconds, rel=5e-3)
    assert float(figure) < 1000
