"""Messages quote input through one excerpt helper: short, one line, whatever the input."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tictactoe_qt.engine import EXCERPT_LIMIT
from tictactoe_qt.engine.excerpt import excerpt
from tictactoe_qt.engine.game import Board, GameConfig, Move
from tictactoe_qt.engine.players import PlayerSpec

#: Room for the excerpt's escapes (``\\U0001f600`` is ten characters for one).
MAX_EXCERPT = 10 * EXCERPT_LIMIT + 40


@given(st.text(max_size=500))
def test_an_excerpt_is_one_bounded_line(text):
    quoted = excerpt(text)
    assert len(quoted.splitlines()) <= 1 and len(quoted) <= MAX_EXCERPT


def test_a_short_input_is_quoted_whole_and_a_long_one_says_its_length():
    assert excerpt("x.o/...") == "'x.o/...'"
    long = excerpt("x" * 100_000)
    assert long.startswith("'" + "x" * EXCERPT_LIMIT + "…'")
    assert long.endswith("(100,000 characters)")


@pytest.mark.parametrize(
    "parse",
    [
        lambda: Board.from_notation("x.o/" + "?" * 100_000),
        lambda: Board.from_notation("xxx/" * 30_000 + "xx"),
        lambda: Board.from_notation("x.o\n/...\r/..\u2028."),
        lambda: Board.from_notation("o" * 19 + "/" + "." * 19 + ("/" + "." * 19) * 17),
        lambda: GameConfig.parse("3\n" + "9" * 100_000),
        lambda: PlayerSpec.parse("minimax:depth=" + "z" * 100_000),
        lambda: PlayerSpec.parse("x" * 100_000 + "\n"),
        lambda: Move.parse("1\n" * 50_000),
    ],
    ids=["bad cell", "ragged rows", "line breaks", "too many o", "size", "option", "kind", "move"],
)
def test_engine_errors_quote_a_bounded_excerpt_on_one_line(parse):
    with pytest.raises(ValueError) as raised:
        parse()
    message = str(raised.value)
    assert len(message.splitlines()) == 1 and len(message) <= 2 * MAX_EXCERPT, message[:500]
