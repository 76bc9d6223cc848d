"""The progress line of ``simulate`` (local or --cluster): games done and the time left."""

from tictactoe_qt.cli.simulate_command import progress_text


def test_the_time_left_comes_from_the_pace_so_far():
    assert progress_text(1_000, 4_000, 10.0) == "1,000 / 4,000 games, about 30 s left"
    assert progress_text(1, 100, 5.0) == "1 / 100 games, about 8 min 15 s left"
    # 9,999 s is 2 h 46 min 39 s: rounded to the nearest minute, as every view rounds.
    assert progress_text(1, 10_000, 1.0) == "1 / 10,000 games, about 2 h 47 min left"


def test_no_estimate_before_the_first_chunk_or_after_the_last():
    assert progress_text(0, 100, 3.0) == "0 / 100 games"
    assert progress_text(100, 100, 3.0) == "100 / 100 games"
