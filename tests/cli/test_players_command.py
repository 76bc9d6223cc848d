"""``tictactoe-qt players``: the search options of minimax, alphabeta and average are documented."""

from __future__ import annotations

import pytest

from tictactoe_qt.engine.players import PlayerSpec


@pytest.fixture
def players_text(run_main) -> str:
    """What ``tictactoe-qt players`` prints, run in this process (the words are the point)."""
    done = run_main("players")
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_players_documents_the_random_depth_and_the_textbook_options(players_text):
    text = players_text
    assert "options: depth=D or depth=A-B; ordering, scoring, evaluation, form" in text
    assert "depth=A-B draws a depth from A to B for each move" in text
    assert "ordering=none|centre|wins|table" in text
    assert "alphabeta:ordering=table searches" in text
    assert max(len(line) for line in text.splitlines() if "path=PROGRAM" not in line) <= 80


def test_the_examples_players_gives_parse(players_text):
    for example in ("minimax:depth=1-10", "alphabeta:ordering=table"):
        assert example in players_text
        PlayerSpec.parse(example)
