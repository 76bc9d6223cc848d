"""The simulation runner: reproducible games, exact random play, honest totals."""

from __future__ import annotations

import math
import types
from fractions import Fraction

import pytest

from tictactoe_qt.engine.game import GameConfig, GameRecord, Geometry, Move, Seating, geometry_for
from tictactoe_qt.engine.play import (
    SimulationSummary,
    move_by_move,
    play_move_by_move,
    random_games,
    run_games,
    simulation,
    summarize_games,
)
from tictactoe_qt.engine.players import PlayerSpec, PlayerSpecError

from .exact_random_play import exact_outcomes

TIC_TAC_TOE = GameConfig()
RANDOM = PlayerSpec("random")
#: Random play on 3x3, as fractions worked out by hand in the literature.
EXACT = {"x": Fraction(737, 1260), "o": Fraction(121, 420), "draw": Fraction(8, 63)}
#: Allowed distance from an exact probability, in binomial standard errors.
SIGMAS = 5
#: A set-up step made to look slow with the fake clock.
HOUR = 3600.0


def _within(count: int, games: int, probability: float) -> bool:
    error = math.sqrt(probability * (1 - probability) / games)
    return abs(count / games - probability) <= SIGMAS * error


def _chi_square(counts: dict[tuple[int, int], int], exact: dict[tuple[int, int], Fraction]) -> float:
    games = sum(counts.values())
    return sum((counts.get(ending, 0) - games * float(p)) ** 2 / (games * float(p)) for ending, p in exact.items())


def _endings(records: list[GameRecord]) -> dict[tuple[int, int], int]:
    counts: dict[tuple[int, int], int] = {}
    for record in records:
        ending = ({None: 0, "x": 1, "o": 2}[record.winner], record.length)
        counts[ending] = counts.get(ending, 0) + 1
    return counts


def test_exact_random_play_outcomes_are_737_1260_121_420_8_63():
    outcomes = exact_outcomes(TIC_TAC_TOE)
    by_winner = {"draw": Fraction(0), "x": Fraction(0), "o": Fraction(0)}
    for (winner, _), chance in outcomes.items():
        by_winner[("draw", "x", "o")[winner]] += chance
    assert by_winner == EXACT


def test_ending_table_holds_the_outcome_of_every_ordering():
    geometry = geometry_for(TIC_TAC_TOE)
    table = random_games.ending_table(TIC_TAC_TOE)
    assert len(table) == math.factorial(9)
    for rank in range(0, len(table), 97):
        cells = random_games.moves_of_rank(geometry, rank)
        mover_bits = sum(1 << c for c in cells[len(cells) - 1 :: -2])
        won = geometry.wins_with(mover_bits, cells[-1])
        winner = (1 if len(cells) & 1 else 2) if won else 0
        assert random_games.decode_ending(table[rank]) == (winner, len(cells))


def test_ending_table_shares_match_the_exact_probabilities():
    table = random_games.ending_table(TIC_TAC_TOE)
    exact = exact_outcomes(TIC_TAC_TOE)
    counts = random_games.count_endings(table)
    assert {ending: Fraction(n, len(table)) for ending, n in counts.items()} == exact


def test_same_seed_replays_the_same_games():
    first = list(run_games(TIC_TAC_TOE, "random", "random", 50, seed=7))
    again = list(run_games(TIC_TAC_TOE, "random", "random", 50, seed=7))
    other = list(run_games(TIC_TAC_TOE, "random", "random", 50, seed=8))
    assert [r.moves for r in first] == [r.moves for r in again]
    assert [r.moves for r in first] != [r.moves for r in other]


def test_move_by_move_games_repeat_for_a_seed_and_do_not_depend_on_the_start():
    config = GameConfig(4, 4, 3)
    whole = list(run_games(config, "random", "alphabeta:depth=1", 12, seed=3, swap=True))
    tail = list(run_games(config, "random", "alphabeta:depth=1", 5, seed=3, swap=True, start=7))
    assert [r.moves for r in whole[7:]] == [r.moves for r in tail]
    assert [r.index for r in tail] == list(range(7, 12))


def test_fast_games_do_not_depend_on_the_start():
    whole = list(run_games(TIC_TAC_TOE, "random", "random", 5000, seed=11))
    tail = list(run_games(TIC_TAC_TOE, "random", "random", 10, seed=11, start=4093))
    assert [r.moves for r in whole[4093:4103]] == [r.moves for r in tail]


@pytest.mark.parametrize("config", [TIC_TAC_TOE, GameConfig(3, 4, 3)])
def test_records_replay_to_the_recorded_winner(config):
    for record in run_games(config, "random", "random", 200, seed=5):
        board = record.board()
        assert board.is_game_over()
        assert board.winner() == record.winner
        assert len(record.move_seconds) == len(record.move_nodes) == record.length


def test_random_vs_random_lands_near_the_exact_probabilities():
    games = 200_000
    summary = summarize_games(TIC_TAC_TOE, RANDOM, RANDOM, 0, games, seed=2024)
    assert summary.games == games
    assert _within(summary.x_wins, games, float(EXACT["x"]))
    assert _within(summary.o_wins, games, float(EXACT["o"]))
    assert _within(summary.draws, games, float(EXACT["draw"]))
    exact = exact_outcomes(TIC_TAC_TOE)
    mean = sum(float(p) * length for (_, length), p in exact.items())
    spread = math.sqrt(sum(float(p) * (length - mean) ** 2 for (_, length), p in exact.items()))
    assert abs(summary.avg_game_length - mean) <= SIGMAS * spread / math.sqrt(games)


def test_fast_route_and_move_by_move_agree_in_distribution():
    exact = exact_outcomes(TIC_TAC_TOE)
    slow = list(play_move_by_move(TIC_TAC_TOE, (RANDOM, RANDOM), 0, 12_000, seed=99))
    fast = list(run_games(TIC_TAC_TOE, RANDOM, RANDOM, 12_000, seed=99))
    # 6 endings, 5 degrees of freedom: chi-square above 25 has probability ~1e-4.
    assert _chi_square(_endings(slow), exact) < 25
    assert _chi_square(_endings(fast), exact) < 25


def test_fast_totals_equal_the_totals_of_the_fast_records():
    records = list(run_games(TIC_TAC_TOE, "random", "random", 9000, seed=4, swap=True))
    from_records = SimulationSummary.from_records(TIC_TAC_TOE, "random", "random", records, seed=4, swap=True)
    totals = summarize_games(TIC_TAC_TOE, RANDOM, RANDOM, 0, 9000, seed=4, swap=True)
    for summary in (from_records, totals):
        assert summary.games == 9000
    assert (from_records.x_wins, from_records.o_wins, from_records.draws, from_records.plies) == (
        totals.x_wins,
        totals.o_wins,
        totals.draws,
        totals.plies,
    )
    for mine, theirs in zip(from_records.players, totals.players):
        assert (mine.wins, mine.moves, mine.moves_in_wins) == (theirs.wins, theirs.moves, theirs.moves_in_wins)


def test_swap_alternates_the_first_move_and_players_keep_their_wins():
    records = list(run_games(TIC_TAC_TOE, "alphabeta", "random", 40, seed=1, swap=True))
    assert [r.starter for r in records[:4]] == ["x", "o", "x", "o"]
    assert {(r.x_spec, r.o_spec) for r in records} == {("alphabeta", "random")}
    summary = SimulationSummary.from_records(TIC_TAC_TOE, "alphabeta", "random", records, seed=1, swap=True)
    searcher, chance = summary.players
    assert searcher.games_first == chance.games_first == 20
    assert chance.wins == 0  # full-depth alpha-beta never loses on 3x3
    assert (searcher.wins, chance.wins) == (summary.x_wins, summary.o_wins)
    assert searcher.avg_nodes_per_move > 1 == chance.avg_nodes_per_move


def test_summary_averages_follow_the_games():
    config = TIC_TAC_TOE
    x_wins_in_5 = GameRecord(
        0,
        config,
        "random",
        "random",
        "x",
        tuple(Move.from_index(c, 3) for c in (0, 3, 1, 4, 2)),
        "x",
        (0.1, 0.2, 0.1, 0.2, 0.1),
        (1, 3, 1, 3, 1),
    )
    o_wins_in_6 = GameRecord(
        1,
        config,
        "random",
        "random",
        "x",
        tuple(Move.from_index(c, 3) for c in (0, 3, 1, 4, 8, 5)),
        "o",
        (0.1,) * 6,
        (1,) * 6,
    )
    summary = SimulationSummary.from_records(config, "random", "random", [x_wins_in_5, o_wins_in_6])
    x_player, o_player = summary.players
    assert (summary.x_wins, summary.o_wins, summary.draws) == (1, 1, 0)
    assert summary.share(summary.x_wins) == 50.0
    assert x_player.avg_moves_to_win == 3 and o_player.avg_moves_to_win == 3
    assert summary.avg_game_length == 5.5
    assert summary.avg_game_seconds == pytest.approx((0.7 + 0.6) / 2)
    assert o_player.avg_nodes_per_move == pytest.approx((3 + 3 + 3) / 5)
    assert x_player.avg_move_seconds == pytest.approx(0.6 / 6)


def test_a_player_without_wins_has_no_average_moves_to_win():
    summary = summarize_games(TIC_TAC_TOE, PlayerSpec("alphabeta"), PlayerSpec("alphabeta"), 0, 2, seed=0)
    assert summary.draws == 2
    assert summary.as_dict()["x"]["avg_moves_to_win"] is None


def test_summary_json_has_the_scripting_keys():
    data = summarize_games(TIC_TAC_TOE, RANDOM, RANDOM, 0, 100, seed=1).as_dict()
    for key in (
        "games",
        "x_wins",
        "o_wins",
        "draws",
        "x",
        "o",
        "avg_game_seconds",
        "avg_game_length",
        "elapsed_seconds",
        "seed",
        "config",
    ):
        assert key in data
    for key in ("spec", "wins", "avg_move_seconds", "avg_moves_to_win", "avg_nodes_per_move"):
        assert key in data["x"] and key in data["o"]
    assert data["x_wins"] + data["o_wins"] + data["draws"] == data["games"] == 100


def test_should_stop_ends_the_run_between_games():
    seen: list[GameRecord] = []
    games = run_games(GameConfig(4, 4, 3), "random", "random", 100, seed=1, should_stop=lambda: len(seen) >= 3)
    for record in games:
        seen.append(record)
    assert len(seen) == 3


def test_a_human_cannot_play_in_a_simulation():
    with pytest.raises(PlayerSpecError, match="only play in the window"):
        run_games(TIC_TAC_TOE, "human", "random", 1)
    with pytest.raises(PlayerSpecError, match="only play in the window"):
        run_games(TIC_TAC_TOE, RANDOM, PlayerSpec("human"), 1)


class FakeClock:
    """``perf_counter`` that ticks a microsecond per reading and jumps on demand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1e-6
        return self.now

    def jump(self) -> None:
        self.now += HOUR


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    fake_time = types.SimpleNamespace(perf_counter=fake)
    monkeypatch.setattr(simulation, "time", fake_time)
    monkeypatch.setattr(move_by_move, "time", fake_time)
    monkeypatch.setattr(random_games, "time", fake_time)
    return fake


def test_building_the_outcome_table_is_set_up_not_move_time(monkeypatch, clock):
    real_table = random_games.ending_table
    built: list[GameConfig] = []

    def slow_first_build(config: GameConfig) -> bytes:
        if config not in built:
            built.append(config)
            clock.jump()
        return real_table(config)

    monkeypatch.setattr(random_games, "ending_table", slow_first_build)
    summary = summarize_games(TIC_TAC_TOE, RANDOM, RANDOM, 0, 10, seed=-1)
    assert built == [TIC_TAC_TOE]
    assert summary.games == 10
    assert summary.elapsed_seconds >= HOUR
    assert summary.move_seconds < 1
    assert all(player.seconds < 1 for player in summary.players)


def test_fast_route_move_time_counts_only_the_games_played(clock):
    few = summarize_games(TIC_TAC_TOE, RANDOM, RANDOM, 0, 10, seed=5)
    whole_block = summarize_games(TIC_TAC_TOE, RANDOM, RANDOM, 0, random_games.BLOCK_GAMES, seed=5)
    # Both draw one block of games; ten games are charged ten games' share of it.
    assert few.move_seconds < whole_block.move_seconds * 10 / random_games.BLOCK_GAMES * 2


def test_building_symmetry_tables_is_set_up_not_the_first_moves_time(monkeypatch, clock):
    config = GameConfig(3, 5, 3)
    tables = geometry_for(config)._chunk_tables
    saved = list(tables)
    tables[:] = [None] * len(tables)
    real_build = Geometry._build_chunk_table
    builds: list[int] = []

    def slow_build(self: Geometry, symmetry: int) -> list[list[int]]:
        builds.append(symmetry)
        clock.jump()
        return real_build(self, symmetry)

    monkeypatch.setattr(Geometry, "_build_chunk_table", slow_build)
    try:
        summary = summarize_games(config, PlayerSpec("alphabeta", depth=1), RANDOM, 0, 2, seed=1)
        records = list(run_games(config, PlayerSpec("alphabeta", depth=1), RANDOM, 2, seed=1))
    finally:
        tables[:] = saved
    assert builds
    assert summary.games == 2 and summary.elapsed_seconds >= HOUR
    assert summary.move_seconds < 1
    assert all(max(record.move_seconds) < 1 for record in records)


def test_a_negative_number_of_games_is_refused():
    with pytest.raises(ValueError, match="negative"):
        run_games(TIC_TAC_TOE, "random", "random", -1)


def test_a_record_names_the_winner_by_its_mark_whoever_moved_first():
    records = list(run_games(TIC_TAC_TOE, "alphabeta", "random", 6, seed=2, swap=True))
    assert {r.starter for r in records} == {"x", "o"}
    for record in records:
        assert (record.x_spec, record.o_spec) == ("alphabeta", "random")
        assert record.winner in (None, "x")  # the searcher, given as X, never loses
        x_moves = (record.length + 1) // 2 if record.starter == "x" else record.length // 2
        assert len(record.x_move_seconds) == x_moves
        assert len(record.o_move_nodes) == record.length - x_moves
        assert all(nodes > 1 for nodes in record.x_move_nodes)  # the searcher's own moves
        assert set(record.o_move_nodes) <= {1}


@pytest.mark.parametrize("fast", [True, False])
def test_with_o_first_the_o_player_moves_first_and_its_wins_count_as_o(fast):
    """Perfect as O, moving first, against random as X: every win is O's."""
    x_spec = "random"
    o_spec = "random" if fast else "perfect"
    records = list(run_games(TIC_TAC_TOE, x_spec, o_spec, 200, seed=3, first="o"))
    assert {r.starter for r in records} == {"o"}
    assert {(r.x_spec, r.o_spec) for r in records} == {(x_spec, o_spec)}
    for record in records:
        board = record.board()  # the board's side 0, which it calls "x", moved first
        assert record.winner == Seating("o").mark_of(board.winner())
        assert len(record.o_move_seconds) == (record.length + 1) // 2
    summary = SimulationSummary.from_records(TIC_TAC_TOE, x_spec, o_spec, records, first="o")
    totals = summarize_games(TIC_TAC_TOE, x_spec, o_spec, 0, 200, seed=3, first="o")
    for counted in (summary, totals):
        assert counted.o_wins > counted.x_wins  # the first mover's edge, and Perfect's
        assert counted.player("o").games_first == 200
        assert counted.first_mover_wins == counted.o_wins
        assert counted.as_dict()["o"]["spec"] == o_spec and counted.as_dict()["first"] == "o"
    if not fast:
        assert summary.x_wins == totals.x_wins == 0
    assert (summary.x_wins, summary.o_wins, summary.draws) == (totals.x_wins, totals.o_wins, totals.draws)


def test_o_first_plays_the_games_x_first_plays_with_the_players_exchanged():
    """The same seed gives the same games; only which mark made them changes."""
    as_x = list(run_games(TIC_TAC_TOE, "perfect", "random", 30, seed=9))
    as_o = list(run_games(TIC_TAC_TOE, "random", "perfect", 30, seed=9, first="o"))
    swap = {"x": "o", "o": "x", None: None}
    for mine, theirs in zip(as_x, as_o):
        assert mine.moves == theirs.moves
        assert swap[mine.winner] == theirs.winner
