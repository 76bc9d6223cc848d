"""Round-robin tournaments between computer players.

Every pair of players meets for ``games_per_pairing`` games, split as evenly
as possible between the two colours (who plays X and moves first). A win is
worth 1 point, a draw 1/2, a loss 0, as in chess tournaments.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ..game.config import GameConfig
from ..players.player_spec import PlayerSpec
from ..search_result import ShouldStop, never_stop

#: ``progress(games_done, games_total)`` after every game.
TournamentProgress = Callable[[int, int], None]


class TournamentError(ValueError):
    """A tournament that cannot be played as asked."""


@dataclass(frozen=True)
class PairingScore:
    """How one player fared against one opponent, over both colours."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        return self.wins + self.draws / 2

    @property
    def share(self) -> float | None:
        """Points per game from 0 to 1, ``None`` before any game."""
        return self.points / self.games if self.games else None

    def reversed(self) -> PairingScore:
        """The same games seen from the opponent's side."""
        return PairingScore(self.losses, self.draws, self.wins)

    def add(self, winner_is_self: bool | None) -> PairingScore:
        """This score after one more game (``None`` = a draw)."""
        if winner_is_self is None:
            return PairingScore(self.wins, self.draws + 1, self.losses)
        if winner_is_self:
            return PairingScore(self.wins + 1, self.draws, self.losses)
        return PairingScore(self.wins, self.draws, self.losses + 1)


@dataclass(frozen=True)
class Standing:
    """One line of the ranking."""

    rank: int
    player: str
    points: float
    wins: int
    draws: int
    losses: int
    #: Games lost by forfeit (counted in ``losses``).
    forfeits: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


@dataclass
class TournamentResult:
    """The cross table of a (possibly cancelled) round robin."""

    config: GameConfig
    players: tuple[str, ...]
    games_per_pairing: int
    #: ``scores[(row, col)]`` is player ``row``'s score against player ``col``.
    scores: dict[tuple[int, int], PairingScore] = field(default_factory=dict)
    cancelled: bool = False
    #: Why the round robin ended early without being asked to (a worker process died), or None.
    failure: str | None = None
    #: Games each player (by index) lost by forfeit.
    forfeits: dict[int, int] = field(default_factory=dict)
    #: How often each forfeit reason came up (bounded like a simulation's).
    forfeit_reasons: dict[str, int] = field(default_factory=dict)

    def add_games(self, x_index: int, o_index: int, x_wins: int, o_wins: int, draws: int) -> None:
        """Count finished games between the player given X and the one given O."""
        old = self.score(x_index, o_index)
        score = PairingScore(old.wins + x_wins, old.draws + draws, old.losses + o_wins)
        self.scores[(x_index, o_index)] = score
        self.scores[(o_index, x_index)] = score.reversed()

    def add_forfeits(self, loser: int, count: int, reasons: dict[str, int]) -> None:
        """Count games ``loser`` lost by forfeit, and why (a record's "X forfeits: " is dropped:
        marks change from game to game in a tournament)."""
        if count:
            self.forfeits[loser] = self.forfeits.get(loser, 0) + count
        for reason, times in reasons.items():
            if reason[:1] in ("X", "O") and reason[1:].startswith(" forfeits: "):
                reason = reason[len("X forfeits: ") :]
            if reason in self.forfeit_reasons or len(self.forfeit_reasons) < 10:
                self.forfeit_reasons[reason] = self.forfeit_reasons.get(reason, 0) + times

    def score(self, row: int, col: int) -> PairingScore:
        """Player ``row``'s score against player ``col`` (empty on the diagonal)."""
        return self.scores.get((row, col), PairingScore())

    @property
    def games_played(self) -> int:
        return sum(s.games for (row, col), s in self.scores.items() if row < col)

    def standings(self) -> list[Standing]:
        """Players ranked by points, then wins; tied players share a rank."""
        totals = []
        for row, name in enumerate(self.players):
            row_scores = [self.score(row, col) for col in range(len(self.players))]
            wins = sum(s.wins for s in row_scores)
            draws = sum(s.draws for s in row_scores)
            losses = sum(s.losses for s in row_scores)
            totals.append((wins + draws / 2, wins, draws, losses, row, name))
        totals.sort(key=lambda t: (-t[0], -t[1], t[4]))
        standings: list[Standing] = []
        for position, (points, wins, draws, losses, row, name) in enumerate(totals):
            tied = standings and (standings[-1].points, standings[-1].wins) == (points, wins)
            rank = standings[-1].rank if tied else position + 1
            forfeits = self.forfeits.get(row, 0)
            standings.append(Standing(rank, name, points, wins, draws, losses, forfeits))
        return standings

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready view: players, cross table and ranking."""
        return {
            "config": str(self.config),
            "players": list(self.players),
            "games_per_pairing": self.games_per_pairing,
            "cancelled": self.cancelled,
            "failure": self.failure,
            "cross_table": [
                [None if row == col else _score_dict(self.score(row, col)) for col in range(len(self.players))]
                for row in range(len(self.players))
            ],
            "ranking": [
                {
                    "rank": s.rank,
                    "player": s.player,
                    "points": s.points,
                    "wins": s.wins,
                    "draws": s.draws,
                    "losses": s.losses,
                    "forfeits": s.forfeits,
                }
                for s in self.standings()
            ],
            "forfeit_reasons": dict(self.forfeit_reasons),
        }


def _score_dict(score: PairingScore) -> dict[str, Any]:
    return {"wins": score.wins, "draws": score.draws, "losses": score.losses}


def parse_players(specs: Iterable[PlayerSpec | str]) -> list[PlayerSpec]:
    """Parse and check the entrants: at least two distinct computer players.

    Raises:
        TournamentError: fewer than two players, a human, or the same player twice.
        PlayerSpecError: a spec that does not parse.
    """
    players = [PlayerSpec.parse(s) if isinstance(s, str) else s for s in specs]
    if len(players) < 2:
        raise TournamentError(f"a tournament needs at least 2 players, got {len(players)}")
    names = [str(p) for p in players]
    for spec in players:
        if spec.kind == "human":
            raise TournamentError("humans cannot play in a tournament; pick computer players")
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise TournamentError(f"each player may enter once; repeated: {', '.join(duplicates)}")
    return players


def pairing_games(games_per_pairing: int) -> tuple[int, int]:
    """Games with the first player as X, then with the second as X."""
    return (games_per_pairing + 1) // 2, games_per_pairing // 2


def round_robin(
    config: GameConfig,
    players: Sequence[PlayerSpec | str],
    games_per_pairing: int,
    seed: int | None = None,
    should_stop: ShouldStop = never_stop,
    progress: TournamentProgress | None = None,
    workers: int = 1,
) -> TournamentResult:
    """Play every pair of ``players`` against each other on ``config``.

    Reproducible for a given ``seed``, whatever ``workers`` is. When
    ``should_stop`` turns true the games played so far are kept and the
    result is marked ``cancelled``; so it is when a worker process dies, with
    ``failure`` saying so. A player that forfeits (an external
    engine or plugin breaking the rules) loses that game.

    Args:
        workers: processes per pairing (see :func:`~.batch.run_batch`; 0 = every
            core); with more than one, ``progress`` comes per pairing.

    Raises:
        TournamentError: fewer than 2 games per pairing or bad entrants.
        PlayerSpecError: a spec that does not parse, or an engine or plugin
            that cannot play ``config`` (before any game).
    """
    from .simulation import check_playable, run_games  # heavier search code

    if games_per_pairing < 2:
        raise TournamentError(f"games per pairing must be 2 or more (both colours), got {games_per_pairing}")
    specs = parse_players(players)
    check_playable(config, *specs)
    result = TournamentResult(config, tuple(str(s) for s in specs), games_per_pairing)
    total = games_per_pairing * len(specs) * (len(specs) - 1) // 2
    seeds = random.Random(seed)
    done = 0
    for first, second in combinations(range(len(specs)), 2):
        for x_index, o_index, games in (
            (first, second, pairing_games(games_per_pairing)[0]),
            (second, first, pairing_games(games_per_pairing)[1]),
        ):
            pairing_seed = seeds.randrange(2**31) if seed is not None else None
            if workers != 1:
                done += _play_in_batch(
                    result, config, specs, (x_index, o_index), games, pairing_seed, workers, should_stop
                )
                if progress is not None:
                    progress(done, total)
                if result.cancelled:
                    return result
                continue
            records = run_games(
                config, specs[x_index], specs[o_index], games, seed=pairing_seed, should_stop=should_stop
            )
            for record in records:
                if should_stop():
                    result.cancelled = True
                    return result
                x_won = _x_won(record.winner)
                score = result.score(x_index, o_index).add(x_won)
                result.scores[(x_index, o_index)] = score
                result.scores[(o_index, x_index)] = score.reversed()
                if record.forfeit is not None:
                    loser = o_index if x_won else x_index
                    result.add_forfeits(loser, 1, {record.forfeit: 1})
                done += 1
                if progress is not None:
                    progress(done, total)
            if should_stop():
                result.cancelled = True
                return result
    return result


def _play_in_batch(
    result: TournamentResult,
    config: GameConfig,
    specs: Sequence[PlayerSpec],
    indices: tuple[int, int],
    games: int,
    seed: int | None,
    workers: int,
    should_stop: ShouldStop,
) -> int:
    """One colour of a pairing through the batch runner; returns the games played."""
    from .batch import run_batch

    x_index, o_index = indices
    summary = run_batch(config, specs[x_index], specs[o_index], games, seed, workers=workers, should_stop=should_stop)
    result.add_games(x_index, o_index, summary.x_wins, summary.o_wins, summary.draws)
    x_totals, o_totals = summary.players
    reasons = summary.forfeit_reasons
    result.add_forfeits(x_index, x_totals.forfeits, {r: n for r, n in reasons.items() if r.startswith("X")})
    result.add_forfeits(o_index, o_totals.forfeits, {r: n for r, n in reasons.items() if r.startswith("O")})
    if summary.cancelled or should_stop():
        result.cancelled = True
    result.failure = result.failure or summary.failure
    return summary.games


def _x_won(winner: object) -> bool | None:
    """``True`` when X won, ``False`` when O won, ``None`` for a draw."""
    if winner in (None, "draw"):
        return None
    if winner in ("x", "o"):
        return winner == "x"
    raise TournamentError(f"unexpected game winner {winner!r}")
