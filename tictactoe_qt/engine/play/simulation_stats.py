"""Totals of a batch of games: wins, draws, times, game lengths, nodes.

Everything is counted by *mark*, the player the user chose: ``x_wins`` and
``players[0]`` are the player given as X (``--x``), whichever of them moved
first; ``o_wins`` and ``players[1]`` the one given as O. Who moved first
(``first``, alternating with ``swap``) only shows in ``games_first`` and
``first_mover_wins``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..game.board import MARKS, Mark
from ..game.config import GameConfig
from ..game.seating import Seating

if TYPE_CHECKING:
    from ..game.game_record import GameRecord

#: The two players of a batch, by the mark they were given.
PLAYER_KEYS = MARKS
#: Distinct forfeit reasons kept per batch (a report lists them; more would be noise).
MAX_REASONS = 10


def _ratio(total: float, count: int) -> float | None:
    return total / count if count else None


@dataclass
class PlayerTotals:
    """Sums over a batch for one player (the player given one mark)."""

    spec: str
    wins: int = 0
    moves: int = 0
    seconds: float = 0.0
    nodes: int = 0
    #: Moves whose node count the player did not report (engines, plugins): not in ``nodes``.
    unreported_moves: int = 0
    #: Own moves made in the games this player won.
    moves_in_wins: int = 0
    #: Games this player moved first in.
    games_first: int = 0
    #: Games this player lost by forfeit (an engine or plugin breaking the rules).
    forfeits: int = 0

    @property
    def avg_move_seconds(self) -> float | None:
        """Average thinking time per move, ``None`` before any move."""
        return _ratio(self.seconds, self.moves)

    @property
    def avg_moves_to_win(self) -> float | None:
        """Average own moves in the games it won, ``None`` without a win."""
        return _ratio(self.moves_in_wins, self.wins)

    @property
    def nodes_reported(self) -> bool:
        """False once any move's node count was not reported (then no average is shown)."""
        return self.unreported_moves == 0

    @property
    def avg_nodes_per_move(self) -> float | None:
        """Average positions searched per move; ``None`` before any move or if not reported."""
        return _ratio(self.nodes, self.moves) if self.nodes_reported else None

    def add_nodes(self, move_nodes: Sequence[int | None]) -> None:
        """Count some moves' nodes (``None``: that move's count was not reported)."""
        for count in move_nodes:
            if count is None:
                self.unreported_moves += 1
            else:
                self.nodes += count

    def merge(self, other: PlayerTotals) -> None:
        """Add another batch's sums for the same player."""
        self.wins += other.wins
        self.moves += other.moves
        self.seconds += other.seconds
        self.nodes += other.nodes
        self.unreported_moves += other.unreported_moves
        self.moves_in_wins += other.moves_in_wins
        self.games_first += other.games_first
        self.forfeits += other.forfeits

    def as_dict(self) -> dict[str, Any]:
        return {
            "spec": self.spec,
            "wins": self.wins,
            "avg_move_seconds": self.avg_move_seconds,
            "avg_moves_to_win": self.avg_moves_to_win,
            "avg_nodes_per_move": self.avg_nodes_per_move,
            "moves": self.moves,
            "games_first": self.games_first,
            "forfeits": self.forfeits,
        }


@dataclass
class SimulationSummary:
    """What a batch of games adds up to (the ``simulate`` report).

    ``seed`` is the batch seed actually used (drawn at random when none was
    given), so any run can be repeated. ``first`` is the mark that moves
    first (in the even games only, with ``swap``).
    """

    config: GameConfig
    x_spec: str
    o_spec: str
    seed: int
    swap: bool = False
    first: Mark = "x"
    games: int = 0
    x_wins: int = 0
    o_wins: int = 0
    draws: int = 0
    #: Games won by the player who moved first in them.
    first_mover_wins: int = 0
    #: Plies over all games.
    plies: int = 0
    #: Thinking time over all moves of all games (the games' "moves only" time).
    move_seconds: float = 0.0
    #: Wall-clock time of the whole batch.
    elapsed_seconds: float = 0.0
    workers: int = 1
    #: True when the batch was stopped before all games were played.
    cancelled: bool = False
    #: Why the batch ended early without being asked to (a worker process died), or None.
    failure: str | None = None
    #: Games lost by forfeit (counted in the wins of the other player too).
    forfeits: int = 0
    #: How often each forfeit reason came up (the first :data:`MAX_REASONS` reasons).
    forfeit_reasons: dict[str, int] = field(default_factory=dict)
    players: tuple[PlayerTotals, PlayerTotals] = field(init=False)

    def __post_init__(self) -> None:
        self.players = (PlayerTotals(self.x_spec), PlayerTotals(self.o_spec))

    # -- filling -----------------------------------------------------------
    def add_game(self, record: GameRecord) -> None:
        """Count one finished game."""
        self.add_played(
            record.seating, record.length, record.winner, record.move_seconds, record.move_nodes, record.forfeit
        )

    def add_played(
        self,
        seating: Seating,
        length: int,
        winner: Mark | None,
        move_seconds: Sequence[float],
        move_nodes: Sequence[int | None],
        forfeit: str | None = None,
    ) -> None:
        """Count one finished game given by its parts (per-ply seconds and nodes).

        ``forfeit`` is the reason when the loser forfeited (see :class:`GameRecord`).
        """
        self.add_ending(winner, length, seating)
        if forfeit is not None and winner is not None:
            self.add_forfeit(winner, forfeit)
        self.move_seconds += sum(move_seconds)
        for mark, player in zip(MARKS, self.players):
            plies = seating.plies(mark)
            player.seconds += sum(move_seconds[plies])
            player.add_nodes(move_nodes[plies])

    def add_ending(self, winner: Mark | None, length: int, seating: Seating, count: int = 1) -> None:
        """Count ``count`` games that ended alike, without times or nodes.

        Args:
            winner: the mark that won, or ``None`` for a draw.
            length: plies in each game.
            seating: which mark moved first.
            count: how many such games.
        """
        self.games += count
        self.plies += length * count
        x_player, o_player = self.players
        (x_player if seating.first == "x" else o_player).games_first += count
        x_moves, o_moves = seating.by_mark((length + 1) // 2, length // 2)
        x_player.moves += x_moves * count
        o_player.moves += o_moves * count
        if winner is None:
            self.draws += count
            return
        if winner == seating.first:
            self.first_mover_wins += count
        if winner == "x":
            self.x_wins += count
            x_player.wins += count
            x_player.moves_in_wins += x_moves * count
        else:
            self.o_wins += count
            o_player.wins += count
            o_player.moves_in_wins += o_moves * count

    def add_forfeit(self, winner: Mark, reason: str, count: int = 1) -> None:
        """Mark ``count`` games (already added) as lost by forfeit, ``winner`` winning."""
        self.forfeits += count
        self.players[1 if winner == "x" else 0].forfeits += count
        if reason in self.forfeit_reasons or len(self.forfeit_reasons) < MAX_REASONS:
            self.forfeit_reasons[reason] = self.forfeit_reasons.get(reason, 0) + count

    def merge(self, other: SimulationSummary) -> None:
        """Add the totals of another part of the same batch."""
        self.forfeits += other.forfeits
        for reason, count in other.forfeit_reasons.items():
            if reason in self.forfeit_reasons or len(self.forfeit_reasons) < MAX_REASONS:
                self.forfeit_reasons[reason] = self.forfeit_reasons.get(reason, 0) + count
        self.games += other.games
        self.x_wins += other.x_wins
        self.o_wins += other.o_wins
        self.draws += other.draws
        self.first_mover_wins += other.first_mover_wins
        self.plies += other.plies
        self.move_seconds += other.move_seconds
        self.cancelled = self.cancelled or other.cancelled
        self.failure = self.failure or other.failure
        for mine, theirs in zip(self.players, other.players):
            mine.merge(theirs)

    @classmethod
    def from_records(
        cls,
        config: GameConfig,
        x_spec: str,
        o_spec: str,
        records: Iterable[GameRecord],
        seed: int = 0,
        swap: bool = False,
        first: Mark = "x",
    ) -> SimulationSummary:
        """Sum up finished games (e.g. the ones :func:`run_games` yielded)."""
        summary = cls(config, str(x_spec), str(o_spec), seed, swap, first)
        for record in records:
            summary.add_game(record)
        return summary

    # -- reading -----------------------------------------------------------
    def share(self, count: int) -> float:
        """``count`` as a percentage of the games (0 before any game)."""
        return 100.0 * count / self.games if self.games else 0.0

    @property
    def avg_game_seconds(self) -> float | None:
        """Average thinking time per game (moves only, no set-up)."""
        return _ratio(self.move_seconds, self.games)

    @property
    def avg_game_length(self) -> float | None:
        """Average plies per game."""
        return _ratio(self.plies, self.games)

    def player(self, key: str) -> PlayerTotals:
        """The totals of the player given as ``"x"`` (``--x``) or ``"o"`` (``--o``)."""
        return self.players[PLAYER_KEYS.index(key)]

    def as_dict(self) -> dict[str, Any]:
        """The ``simulate --json`` object."""
        return {
            "games": self.games,
            "x_wins": self.x_wins,
            "o_wins": self.o_wins,
            "draws": self.draws,
            "first_mover_wins": self.first_mover_wins,
            "x_win_percent": self.share(self.x_wins),
            "o_win_percent": self.share(self.o_wins),
            "draw_percent": self.share(self.draws),
            "forfeits": self.forfeits,
            "forfeit_reasons": dict(self.forfeit_reasons),
            "x": self.players[0].as_dict(),
            "o": self.players[1].as_dict(),
            "avg_game_seconds": self.avg_game_seconds,
            "avg_game_length": self.avg_game_length,
            "elapsed_seconds": self.elapsed_seconds,
            "config": {"rows": self.config.rows, "cols": self.config.cols, "k": self.config.k},
            "seed": self.seed,
            "first": self.first,
            "swap": self.swap,
            "workers": self.workers,
            "cancelled": self.cancelled,
            "failure": self.failure,
        }
