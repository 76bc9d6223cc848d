"""``tictactoe-qt players``: the search options of minimax, alphabeta and average are documented."""

from __future__ import annotations

import subprocess
import sys

from tictactoe_qt.engine.players import PlayerSpec


def _players() -> str:
    run = subprocess.run(
        [sys.executable, "-m", "tictactoe_qt", "players"], capture_output=True, text=True, timeout=60, check=True
    )
    return run.stdout


def test_players_documents_the_random_depth_and_the_textbook_options():
    text = _players()
    assert "options: depth=D or depth=A-B; ordering, scoring, evaluation, form" in text
    assert "depth=A-B draws a depth from A to B for each move" in text
    assert "ordering=none|centre|wins|table" in text
    assert "alphabeta:ordering=table searches" in text
    assert max(len(line) for line in text.splitlines() if "path=PROGRAM" not in line) <= 80


def test_the_examples_players_gives_parse():
    for example in ("minimax:depth=1-10", "alphabeta:ordering=table"):
        assert example in _players()
        PlayerSpec.parse(example)
