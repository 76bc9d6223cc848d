"""Times in bench and CLI output read in the unit a person expects."""

import pytest

from tictactoe_qt.cli.formatting import seconds_text


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(1.5e-6, "1.5 µs"), (0.0009996, "1 ms"), (0.0123, "12.3 ms"), (0.9996, "1 s"), (12.3, "12.3 s"), (None, "n/a")],
)
def test_times_round_into_the_next_unit_instead_of_scientific_notation(seconds, text):
    assert seconds_text(seconds) == text
