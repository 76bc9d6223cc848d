"""One batch's results, kept compactly and summed as games arrive (no Qt here).

A million games fit: each game is a row of fixed-size numbers in ``array``
columns, and the charts read small, pre-aggregated snapshots.
"""

from __future__ import annotations

import math
import time
from array import array
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from tictactoe_qt.engine import random_games
from tictactoe_qt.engine.config import GameConfig
from tictactoe_qt.engine.player_spec import PlayerSpec
from tictactoe_qt.engine.simulation_stats import SimulationSummary

SIDES = ("x", "o")
#: Winner codes in the ``winner`` column.
X_WON, O_WON, DRAW = 0, 1, 2
#: The cumulative-rate curve is sampled at game counts growing by this factor
#: (every game up to 50): log-spaced points, about 750 for a million games.
CURVE_GROWTH = 1.02


class GameRow(NamedTuple):
    """One finished game, as the CSV export writes it.

    ``starter`` is the batch player who moved first (and so held X): ``"x"`` for
    the player given as X, ``"o"`` for the one given as O when starts are
    swapped. ``winner`` is the mark that won (``None`` for a draw). Seconds and
    nodes are per batch player, summed over the game.
    """

    index: int
    starter: str
    winner: str | None
    length: int
    x_seconds: float
    o_seconds: float
    x_nodes: int
    o_nodes: int

    @property
    def winning_player(self) -> str | None:
        """The batch player who won (``"x"``: the player given as X), ``None`` for a draw."""
        if self.winner is None or self.starter == "x":
            return self.winner
        return _other(self.winner)


def game_row(record: Any) -> GameRow:
    """Flatten an engine ``GameRecord`` into a :class:`GameRow`."""
    first = SIDES.index(record.starter)
    # The first mover's moves are the even plies; the player given as X is
    # the first mover unless starts were swapped for this game.
    x_plies, o_plies = slice(first, None, 2), slice(1 - first, None, 2)
    return GameRow(
        index=record.index,
        starter=record.starter,
        winner=record.winner,
        length=len(record.moves),
        x_seconds=sum(record.move_seconds[x_plies]),
        o_seconds=sum(record.move_seconds[o_plies]),
        x_nodes=sum(record.move_nodes[x_plies]),
        o_nodes=sum(record.move_nodes[o_plies]),
    )


@dataclass(frozen=True)
class PlayerTotals:
    """Running sums for one side."""

    wins: int = 0
    moves: int = 0
    seconds: float = 0.0
    nodes: int = 0
    moves_in_wins: int = 0

    @property
    def avg_move_seconds(self) -> float | None:
        return self.seconds / self.moves if self.moves else None

    @property
    def avg_nodes_per_move(self) -> float | None:
        return self.nodes / self.moves if self.moves else None

    @property
    def avg_moves_to_win(self) -> float | None:
        return self.moves_in_wins / self.wins if self.wins else None


@dataclass
class _RunningTotals:
    """The mutable sums behind :class:`PlayerTotals`."""

    wins: int = 0
    moves: int = 0
    seconds: float = 0.0
    nodes: int = 0
    moves_in_wins: int = 0

    def frozen(self) -> PlayerTotals:
        return PlayerTotals(self.wins, self.moves, self.seconds, self.nodes, self.moves_in_wins)


@dataclass(frozen=True)
class RunSnapshot:
    """A cheap, immutable copy of a run's aggregates for one chart refresh."""

    label: str
    tag: str
    games: int
    planned: int
    outcomes: tuple[int, int, int]
    players: dict[str, PlayerTotals]
    total_seconds: float
    total_length: int
    #: ``(games, x_rate, o_rate, draw_rate)`` samples of the cumulative rates.
    curve: tuple[tuple[int, float, float, float], ...]
    #: ``histogram[n]`` = games that lasted ``n`` moves.
    histogram: tuple[int, ...]
    elapsed_seconds: float
    finished: bool = False
    cancelled: bool = False
    #: Exact (X win, O win, draw) probabilities, for random against random on small boards.
    exact_rates: tuple[float, float, float] | None = None

    @property
    def games_per_second(self) -> float:
        return self.games / self.elapsed_seconds if self.elapsed_seconds > 0 else 0.0

    @property
    def eta_seconds(self) -> float | None:
        rate = self.games_per_second
        return (self.planned - self.games) / rate if rate > 0 else None

    def rate(self, outcome: int) -> float | None:
        return self.outcomes[outcome] / self.games if self.games else None

    @property
    def avg_game_seconds(self) -> float | None:
        return self.total_seconds / self.games if self.games else None

    @property
    def avg_game_length(self) -> float | None:
        return self.total_length / self.games if self.games else None


@dataclass
class RunData:
    """Every game of one batch plus running totals; filled by one thread at a time."""

    config: GameConfig
    x_spec: PlayerSpec
    o_spec: PlayerSpec
    planned: int
    seed: int | None = None
    swap: bool = False
    number: int = 0
    starters: array = field(default_factory=lambda: array("b"))
    winners: array = field(default_factory=lambda: array("b"))
    lengths: array = field(default_factory=lambda: array("H"))
    seconds: dict[str, array] = field(default_factory=lambda: {s: array("d") for s in SIDES})
    nodes: dict[str, array] = field(default_factory=lambda: {s: array("q") for s in SIDES})
    first_index: int = 0
    cancelled: bool = False
    finished: bool = False
    _outcomes: list[int] = field(default_factory=lambda: [0, 0, 0])
    #: Games by (winning mark, length, first mover: 0 the X player, 1 the O player).
    _endings: Counter[tuple[str | None, int, int]] = field(default_factory=Counter)
    #: Worker processes that played the games (1: the batch thread).
    workers: int = 1
    _totals: dict[str, _RunningTotals] = field(default_factory=lambda: {s: _RunningTotals() for s in SIDES})
    _curve: list[tuple[int, float, float, float]] = field(default_factory=list)
    _next_sample: int = 1
    _histogram: list[int] = field(default_factory=list)
    #: ``(first game, seconds per move)`` of each bulk-added chunk (see add_endings).
    _shared_time: list[tuple[int, float]] = field(default_factory=list)
    _started: float = field(default_factory=time.perf_counter)
    _elapsed: float | None = None

    @property
    def label(self) -> str:
        prefix = f"#{self.number} " if self.number else ""
        return f"{prefix}{self.x_spec} vs {self.o_spec}, {self.config.size_text} k={self.config.k}"

    @property
    def tag(self) -> str:
        """A short name for legends: ``#3``, or ``live`` before the run is numbered."""
        return f"#{self.number}" if self.number else "live"

    @property
    def games(self) -> int:
        return len(self.winners)

    def add(self, row: GameRow) -> None:
        """Count one finished game."""
        if not self.winners:
            self.first_index = row.index
        outcome = DRAW if row.winner is None else SIDES.index(row.winner)
        self.starters.append(SIDES.index(row.starter))
        self.winners.append(outcome)
        self.lengths.append(row.length)
        self._outcomes[outcome] += 1
        self._endings[(row.winner, row.length, SIDES.index(row.starter))] += 1
        first_moves = (row.length + 1) // 2
        moves = {row.starter: first_moves, _other(row.starter): row.length - first_moves}
        winning_player = row.winning_player
        for side, secs, nodes in (("x", row.x_seconds, row.x_nodes), ("o", row.o_seconds, row.o_nodes)):
            self.seconds[side].append(secs)
            self.nodes[side].append(nodes)
            totals = self._totals[side]
            totals.moves += moves[side]
            totals.seconds += secs
            totals.nodes += nodes
            if winning_player == side:
                totals.wins += 1
                totals.moves_in_wins += moves[side]
        while len(self._histogram) <= row.length:
            self._histogram.append(0)
        self._histogram[row.length] += 1
        games = len(self.winners)
        if games >= self._next_sample:
            self._curve.append((games, *(n / games for n in self._outcomes)))  # type: ignore[arg-type]
            self._next_sample = next_sample(games)

    def add_endings(self, endings: bytes, move_seconds: float) -> None:
        """Count games known only by their outcome bytes, in bulk.

        The random-vs-random fast path gives each game as one byte
        (``length << 2 | winner``, winner 0 draw, 1 X, 2 O: see the engine's
        ``random_games``); every move costs one node and ``move_seconds``.
        """
        count = len(endings)
        if not count:
            return
        start = len(self.winners)
        if self.swap:  # odd games give the first move to the player given as O
            starters = (b"\x00\x01" * (count // 2 + 2))[start & 1 : (start & 1) + count]
        else:
            starters = bytes(count)
        # Only C-level byte operations per game: this runs in the GUI process
        # while charts paint, so it must hold the interpreter lock briefly.
        winners = endings.translate(_WINNER_CODES)
        self.starters.frombytes(starters)
        self.winners.frombytes(winners)
        self.lengths.extend(endings.translate(_LENGTHS))
        # Per-game seconds and nodes follow from the length: see row().
        self._shared_time.append((start, move_seconds))
        parts = [(0, endings)]
        if self.swap:
            parts = [(start & 1, endings[0::2]), (1 - (start & 1), endings[1::2])]
        for first, part in parts:
            for code in set(part):
                self._count_ending(first, code, part.count(code), move_seconds)
        self._sample_curve(start, winners)

    def _count_ending(self, first: int, code: int, games: int, move_seconds: float) -> None:
        winner, length = code & 3, code >> 2
        mark = (None, "x", "o")[winner]
        self._outcomes[_WINNER_CODES[code]] += games
        self._endings[(mark, length, first)] += games
        while len(self._histogram) <= length:
            self._histogram.append(0)
        self._histogram[length] += games
        first_side = SIDES[first]
        for side in SIDES:
            moves = (length + 1) // 2 if side == first_side else length // 2
            totals = self._totals[side]
            totals.moves += moves * games
            totals.seconds += moves * games * move_seconds
            totals.nodes += moves * games
            won = mark is not None and (mark == "x") == (side == first_side)
            if won:
                totals.wins += games
                totals.moves_in_wins += moves * games

    def _sample_curve(self, start: int, winners: bytes) -> None:
        """Add cumulative-rate samples for games ``start + 1 ..`` given their winner codes."""
        end = start + len(winners)
        counts = [self._outcomes[i] - winners.count(i) for i in range(3)]
        done = start
        while self._next_sample <= end:
            sample = self._next_sample
            segment = winners[done - start : sample - start]
            for i in range(3):
                counts[i] += segment.count(i)
            done = sample
            self._curve.append((sample, *(n / sample for n in counts)))  # type: ignore[arg-type]
            self._next_sample = next_sample(sample)

    def finish(self, cancelled: bool = False) -> None:
        """Mark the batch as over (or cancelled) and freeze its elapsed time."""
        self._elapsed = time.perf_counter() - self._started
        self.cancelled = cancelled
        self.finished = True

    def row(self, position: int) -> GameRow:
        """The game stored at ``position`` (0-based), as a CSV row."""
        winner = self.winners[position]
        if self._shared_time:
            return self._shared_time_row(position)
        return GameRow(
            index=self.first_index + position,
            starter=SIDES[self.starters[position]],
            winner=None if winner == DRAW else SIDES[winner],
            length=self.lengths[position],
            x_seconds=self.seconds["x"][position],
            o_seconds=self.seconds["o"][position],
            x_nodes=self.nodes["x"][position],
            o_nodes=self.nodes["o"][position],
        )

    def _shared_time_row(self, position: int) -> GameRow:
        """A game added by :meth:`add_endings`: one node per move, the chunk's time per move."""
        segment = bisect_right(self._shared_time, (position, math.inf)) - 1
        move_seconds = self._shared_time[segment][1]
        length = self.lengths[position]
        starter = SIDES[self.starters[position]]
        first_moves = (length + 1) // 2
        moves = {starter: first_moves, _other(starter): length - first_moves}
        winner = self.winners[position]
        return GameRow(
            index=self.first_index + position,
            starter=starter,
            winner=None if winner == DRAW else SIDES[winner],
            length=length,
            x_seconds=moves["x"] * move_seconds,
            o_seconds=moves["o"] * move_seconds,
            x_nodes=moves["x"],
            o_nodes=moves["o"],
        )

    def snapshot(self) -> RunSnapshot:
        """The current aggregates, safe to hand to another thread."""
        games = len(self.winners)
        curve = list(self._curve)
        if games and (not curve or curve[-1][0] != games):
            curve.append((games, *(n / games for n in self._outcomes)))  # type: ignore[arg-type]
        players = {side: totals.frozen() for side, totals in self._totals.items()}
        elapsed = self._elapsed if self._elapsed is not None else time.perf_counter() - self._started
        return RunSnapshot(
            label=self.label,
            tag=self.tag,
            games=games,
            planned=self.planned,
            outcomes=(self._outcomes[0], self._outcomes[1], self._outcomes[2]),
            players=players,
            total_seconds=players["x"].seconds + players["o"].seconds,
            total_length=sum(self._histogram[n] * n for n in range(len(self._histogram))),
            curve=tuple(curve),
            histogram=tuple(self._histogram),
            elapsed_seconds=elapsed,
            finished=self.finished,
            cancelled=self.cancelled,
            exact_rates=exact_random_rates(self.config) if self._both_random() else None,
        )

    def _both_random(self) -> bool:
        return self.x_spec.kind == self.o_spec.kind == "random" and not self.swap

    def engine_summary(self) -> SimulationSummary:
        """These games summed up by the engine's own :class:`SimulationSummary`."""
        summary = SimulationSummary(
            self.config, str(self.x_spec), str(self.o_spec), self.seed or 0, self.swap
        )
        for (winner, length, first), count in sorted(self._endings.items(), key=repr):
            summary.add_ending(winner, length, first, count)
        for player, side in zip(summary.players, SIDES):
            player.seconds, player.nodes = self._totals[side].seconds, self._totals[side].nodes
        summary.move_seconds = sum(totals.seconds for totals in self._totals.values())
        summary.workers = self.workers
        summary.elapsed_seconds = self.snapshot().elapsed_seconds
        summary.cancelled = self.cancelled
        return summary

    def summary_dict(self) -> dict[str, Any]:
        """The ``simulate --json`` object for these games."""
        return self.engine_summary().as_dict()


@lru_cache(maxsize=4)
def exact_random_rates(config: GameConfig) -> tuple[float, float, float] | None:
    """Exact (X win, O win, draw) rates of random play, on boards with the engine's fast path.

    Every ordering of the cells is equally likely under random play, and the
    engine's ending table holds the outcome of each one: the rates are counts.
    """
    if not random_games.has_fast_path(config):
        return None
    table = random_games.ending_table(config)
    rates = [0.0, 0.0, 0.0]
    for (winner, _length), count in random_games.count_endings(table).items():
        rates[(DRAW, X_WON, O_WON)[winner]] += count / len(table)
    return rates[0], rates[1], rates[2]


def next_sample(games: int) -> int:
    """The game count of the curve's next point after one at ``games``."""
    return max(games + 1, math.ceil(games * CURVE_GROWTH))


def _other(side: str) -> str:
    return "o" if side == "x" else "x"


#: Byte translations for :meth:`RunData.add_endings`: outcome byte -> winner code, length.
_WINNER_CODES = bytes((DRAW, X_WON, O_WON, DRAW)[code & 3] for code in range(256))
_LENGTHS = bytes(code >> 2 for code in range(256))
