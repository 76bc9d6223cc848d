"""Round-robin tournaments: cross table, ranking, reproducibility and bad input."""

from __future__ import annotations

import pytest

from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.play import PairingScore, TournamentError, pairing_games, round_robin
from tictactoe_qt.engine.players import PlayerSpecError

TIC_TAC_TOE = GameConfig(3, 3, 3)
PLAYERS = ["random", "minimax:depth=2", "perfect"]


@pytest.fixture(scope="module")
def tournament():
    return round_robin(TIC_TAC_TOE, PLAYERS, games_per_pairing=10, seed=3)


def test_every_pair_plays_the_asked_number_of_games(tournament) -> None:
    for row in range(3):
        for col in range(3):
            expected = 0 if row == col else 10
            assert tournament.score(row, col).games == expected
    assert tournament.games_played == 30


def test_cross_table_is_the_same_games_from_both_sides(tournament) -> None:
    for row in range(3):
        for col in range(3):
            assert tournament.score(col, row) == tournament.score(row, col).reversed()


def test_points_add_up_to_one_per_game(tournament) -> None:
    assert sum(s.points for s in tournament.standings()) == tournament.games_played


def test_perfect_never_loses_and_random_ranks_last(tournament) -> None:
    perfect = tournament.players.index("perfect")
    assert all(tournament.score(perfect, col).losses == 0 for col in range(3))
    standings = tournament.standings()
    assert standings[-1].player == "random"
    assert [s.points for s in standings] == sorted((s.points for s in standings), reverse=True)


def test_both_colours_are_played() -> None:
    assert pairing_games(10) == (5, 5)
    assert pairing_games(7) == (4, 3)


def test_same_seed_gives_same_cross_table(tournament) -> None:
    again = round_robin(TIC_TAC_TOE, PLAYERS, games_per_pairing=10, seed=3)
    assert again.scores == tournament.scores


def test_tied_players_share_a_rank() -> None:
    result = round_robin(TIC_TAC_TOE, ["perfect", "perfect:time=0.5"], games_per_pairing=4, seed=1)
    # Two perfect players draw every game.
    assert result.score(0, 1) == PairingScore(0, 4, 0)
    assert [s.rank for s in result.standings()] == [1, 1]


def test_stopping_keeps_the_games_played_so_far() -> None:
    seen: list[int] = []
    result = round_robin(
        TIC_TAC_TOE,
        ["random", "perfect"],
        games_per_pairing=50,
        seed=1,
        should_stop=lambda: len(seen) >= 7,
        progress=lambda done, total: seen.append(done),
    )
    assert result.cancelled
    assert result.games_played == 7
    assert seen[-1] == 7


def test_progress_counts_up_to_the_total() -> None:
    seen: list[tuple[int, int]] = []
    players = ["random", "perfect", "perfect:time=0.5"]
    round_robin(TIC_TAC_TOE, players, 2, seed=1, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(n, 6) for n in range(1, 7)]


def test_as_dict_lists_cross_table_and_ranking(tournament) -> None:
    data = tournament.as_dict()
    assert data["players"] == PLAYERS
    assert data["cross_table"][0][0] is None
    against_perfect = tournament.score(0, 2)
    assert data["cross_table"][0][2] == {"wins": 0, "draws": against_perfect.draws, "losses": against_perfect.losses}
    assert [line["player"] for line in data["ranking"]] == [s.player for s in tournament.standings()]


@pytest.mark.parametrize(
    ("players", "games", "message"),
    [
        (["random"], 4, "at least 2 players"),
        (["random", "random"], 4, "repeated: random"),
        (["random", "human"], 4, "humans cannot play"),
        (["random", "perfect"], 1, "2 or more"),
    ],
)
def test_bad_tournaments_are_refused_with_a_reason(players, games, message) -> None:
    with pytest.raises(TournamentError, match=message):
        round_robin(TIC_TAC_TOE, players, games)


def test_unknown_player_is_a_spec_error() -> None:
    with pytest.raises(PlayerSpecError, match="wizard"):
        round_robin(TIC_TAC_TOE, ["random", "wizard"], 4)
