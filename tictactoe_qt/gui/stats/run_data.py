"""One batch's results, kept compactly and summed as games arrive (no Qt here).

A million games fit: each game is a row of fixed-size numbers in ``array``
columns, and the charts read small, pre-aggregated snapshots
(:mod:`.run_snapshot`). The running totals are the engine's own
:class:`SimulationSummary`, so the GUI and ``simulate --json`` count alike.
"""

from __future__ import annotations

import math
import time
from array import array
from bisect import bisect_right
from dataclasses import dataclass, field, replace
from typing import Any

from tictactoe_qt.engine.game import GameConfig, Mark, Seating
from tictactoe_qt.engine.play import BOARD_WINNERS, PlayerTotals, SimulationSummary, decode_ending
from tictactoe_qt.engine.players import PlayerSpec
from tictactoe_qt.engine.text import BOARD_NAMES, SideNames

from .run_snapshot import DRAW, O_WON, SIDES, X_WON, GameRow, RunSnapshot, exact_random_rates, first_mover_text

#: The most games one batch (one run) may hold.
MAX_GAMES = 1_000_000
#: The cumulative-rate curve is sampled at game counts growing by this factor
#: (every game up to 50): log-spaced points, about 750 for a million games.
CURVE_GROWTH = 1.02
#: What a ``nodes`` column holds for a game whose player did not report its count.
_NOT_REPORTED = -1


@dataclass
class RunData:
    """Every game of one batch plus running totals; filled by one thread at a time.

    Everything is kept by mark: ``x_spec`` is the player given as X, the
    ``"x"`` columns and X wins are its own, whoever moved first (``first``,
    alternating with ``swap``; see :class:`Seating`).
    """

    config: GameConfig
    x_spec: PlayerSpec
    o_spec: PlayerSpec
    planned: int
    seed: int | None = None
    swap: bool = False
    #: The mark that moves first (in the even games only, with ``swap``).
    first: Mark = "x"
    #: How the players were written (their marks) when the run was played: the
    #: run keeps them, whatever marks the user types later.
    names: SideNames = BOARD_NAMES
    number: int = 0
    #: The mark that moved first in each game (an index into SIDES).
    starters: array[int] = field(default_factory=lambda: array("b"))
    winners: array[int] = field(default_factory=lambda: array("b"))
    lengths: array[int] = field(default_factory=lambda: array("H"))
    seconds: dict[str, array[float]] = field(default_factory=lambda: {s: array("d") for s in SIDES})
    nodes: dict[str, array[int]] = field(default_factory=lambda: {s: array("q") for s in SIDES})
    first_index: int = 0
    cancelled: bool = False
    finished: bool = False
    #: Written to a file (CSV or JSON) since it finished: closing the window loses nothing.
    saved: bool = False
    #: Brought back from an earlier session's recovery folder (see :mod:`.run_recovery`).
    recovered: bool = False
    #: Games watched on the board (a watched series), not a simulated batch.
    watched: bool = False
    #: Worker processes that played the games (1: the batch thread).
    workers: int = 1
    #: Why the batch stopped early when its worker processes or cluster went away
    #: (one line), else None.
    failure: str | None = None
    #: Why the loser forfeited, by position, for the games lost by forfeit (few, if any).
    forfeits: dict[int, str] = field(default_factory=dict)
    #: Wins, moves, seconds and nodes so far (its seed and flags are not kept up to date).
    _totals: SimulationSummary = field(init=False)
    _curve: list[tuple[int, float, float, float]] = field(default_factory=list)
    _next_sample: int = 1
    _histogram: list[int] = field(default_factory=list)
    #: ``(first game, seconds per move)`` of each bulk-added chunk (see add_endings).
    _shared_time: list[tuple[int, float]] = field(default_factory=list)
    _started: float = field(default_factory=time.perf_counter)
    _elapsed: float | None = None
    #: The snapshot of a finished run, made once (it no longer changes but for its number).
    _final: RunSnapshot | None = None

    def __post_init__(self) -> None:
        self._totals = SimulationSummary(self.config, str(self.x_spec), str(self.o_spec), 0, self.swap, self.first)

    @property
    def label(self) -> str:
        prefix = f"#{self.number} " if self.number else ""
        return f"{prefix}{self.x_spec} vs {self.o_spec}, {self.config.size_text} k={self.config.k}{self.first_text}"

    @property
    def first_text(self) -> str:
        """``, O first`` (``, B first`` when O's player writes B) or ``, first move alternates``
        when X does not simply start."""
        return first_mover_text(self.first, self.swap, self.names)

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
        self.starters.append(SIDES.index(row.starter))
        self.winners.append(DRAW if row.winner is None else SIDES.index(row.winner))
        self.lengths.append(row.length)
        self._totals.add_ending(row.winner, row.length, Seating.of(row.starter))
        if row.forfeit is not None and row.winner is not None:
            self.forfeits[len(self.winners) - 1] = row.forfeit
            self._totals.add_forfeit(row.winner, row.forfeit)
        for side, player, secs, nodes in zip(
            SIDES, self._totals.players, (row.x_seconds, row.o_seconds), (row.x_nodes, row.o_nodes)
        ):
            self.seconds[side].append(secs)
            self.nodes[side].append(_NOT_REPORTED if nodes is None else nodes)
            player.seconds += secs
            if nodes is None:
                player.unreported_moves += Seating.of(row.starter).moves(side, row.length)
            else:
                player.nodes += nodes
        self._count_length(row.length, 1)
        games = len(self.winners)
        if games >= self._next_sample:
            self._curve.append((games, *(n / games for n in self._outcomes())))  # type: ignore[arg-type]
            self._next_sample = next_sample(games)

    def add_endings(self, endings: bytes, move_seconds: float) -> None:
        """Count games known only by their outcome bytes, in bulk.

        The random-vs-random fast path gives each game as one byte
        (``length << 2 | winner``, winner 0 draw, 1 first mover, 2 second:
        see the engine's ``random_games``); every move costs one node and
        ``move_seconds``.
        """
        count = len(endings)
        if not count:
            return
        start = len(self.winners)
        # Games of the same parity share a seating (all of them without swap).
        steps = 2 if self.swap else 1
        starters, winners = bytearray(count), bytearray(count)
        parts = []
        for offset in range(steps):
            seating = Seating.of_game(self.first, self.swap, start + offset)
            part = endings[offset::steps]
            parts.append((seating, part))
            # Only C-level byte operations per game: this runs in the GUI process
            # while charts paint, so it must hold the interpreter lock briefly.
            starters[offset::steps] = bytes((SIDES.index(seating.first),)) * len(part)
            winners[offset::steps] = part.translate(_WINNER_CODES[seating.first])
        self.starters.frombytes(starters)
        self.winners.frombytes(winners)
        self.lengths.extend(endings.translate(_LENGTHS))
        # Per-game seconds and nodes follow from the length: see row().
        self._shared_time.append((start, move_seconds))
        for seating, part in parts:
            for code in set(part):
                self._count_ending(seating, code, part.count(code), move_seconds)
        self._sample_curve(start, bytes(winners))

    def _count_ending(self, seating: Seating, code: int, games: int, move_seconds: float) -> None:
        """Count ``games`` games with outcome byte ``code``, each move one node."""
        winner, length = decode_ending(code)
        self._totals.add_ending(seating.mark_of(BOARD_WINNERS[winner]), length, seating, games)
        self._count_length(length, games)
        for mark, player in zip(SIDES, self._totals.players):
            moves = seating.moves(mark, length)
            player.seconds += moves * games * move_seconds
            player.nodes += moves * games

    def _count_length(self, length: int, games: int) -> None:
        while len(self._histogram) <= length:
            self._histogram.append(0)
        self._histogram[length] += games

    def _outcomes(self) -> tuple[int, int, int]:
        """Games won by X, won by O, drawn (indexed by ``X_WON``, ``O_WON``, ``DRAW``)."""
        return self._totals.x_wins, self._totals.o_wins, self._totals.draws

    def _sample_curve(self, start: int, winners: bytes) -> None:
        """Add cumulative-rate samples for games ``start + 1 ..`` given their winner codes."""
        end = start + len(winners)
        outcomes = self._outcomes()
        counts = [outcomes[i] - winners.count(i) for i in range(3)]
        done = start
        while self._next_sample <= end:
            sample = self._next_sample
            segment = winners[done - start : sample - start]
            for i in range(3):
                counts[i] += segment.count(i)
            done = sample
            self._curve.append((sample, *(n / sample for n in counts)))  # type: ignore[arg-type]
            self._next_sample = next_sample(sample)

    def finish(self, cancelled: bool = False, elapsed_seconds: float | None = None) -> None:
        """Mark the batch as over (or cancelled) and freeze its elapsed time (measured
        now, or ``elapsed_seconds`` for a run read back from its files)."""
        self._elapsed = time.perf_counter() - self._started if elapsed_seconds is None else elapsed_seconds
        self.cancelled = cancelled
        self.finished = True
        self._final = None
        self._final = self.snapshot()

    def row(self, position: int) -> GameRow:
        """The game stored at ``position`` (0-based), as a CSV row."""
        length = self.lengths[position]
        starter = SIDES[self.starters[position]]
        if self._shared_time:
            # Added by add_endings: one node per move, the chunk's time per move.
            segment = bisect_right(self._shared_time, (position, math.inf)) - 1
            move_seconds = self._shared_time[segment][1]
            seating = Seating.of(starter)
            x_moves, o_moves = seating.moves("x", length), seating.moves("o", length)
            x_seconds, o_seconds = x_moves * move_seconds, o_moves * move_seconds
            x_nodes: int | None = x_moves
            o_nodes: int | None = o_moves
        else:
            x_seconds, o_seconds = self.seconds["x"][position], self.seconds["o"][position]
            x_nodes, o_nodes = (
                None if n == _NOT_REPORTED else n for n in (self.nodes["x"][position], self.nodes["o"][position])
            )
        winner = self.winners[position]
        return GameRow(
            index=self.first_index + position,
            starter=starter,
            winner=None if winner == DRAW else SIDES[winner],
            length=length,
            x_seconds=x_seconds,
            o_seconds=o_seconds,
            x_nodes=x_nodes,
            o_nodes=o_nodes,
            forfeit=self.forfeits.get(position),
        )

    @property
    def forfeit_count(self) -> int:
        """Games lost by forfeit so far."""
        return len(self.forfeits)

    def snapshot(self) -> RunSnapshot:
        """The current aggregates, safe to hand to another thread.

        A finished run's snapshot is made once, by :meth:`finish` (in the batch
        thread): the window only renames it when the run gets its number.
        """
        final = self._final
        if final is not None:
            if final.tag != self.tag or final.label != self.label:
                final = self._final = replace(final, label=self.label, tag=self.tag)
            return final
        games = len(self.winners)
        outcomes = self._outcomes()
        curve = list(self._curve)
        if games and (not curve or curve[-1][0] != games):
            curve.append((games, *(n / games for n in outcomes)))  # type: ignore[arg-type]
        players: dict[str, PlayerTotals] = {side: replace(player) for side, player in zip(SIDES, self._totals.players)}
        elapsed = self._elapsed if self._elapsed is not None else time.perf_counter() - self._started
        return RunSnapshot(
            label=self.label,
            tag=self.tag,
            games=games,
            planned=self.planned,
            outcomes=outcomes,
            players=players,
            total_seconds=players["x"].seconds + players["o"].seconds,
            total_length=sum(self._histogram[n] * n for n in range(len(self._histogram))),
            curve=tuple(curve),
            histogram=tuple(self._histogram),
            elapsed_seconds=elapsed,
            finished=self.finished,
            cancelled=self.cancelled,
            exact_rates=self._exact_rates(),
            forfeit_reasons=tuple(self._totals.forfeit_reasons.items()),
            names=self.names,
        )

    def _exact_rates(self) -> tuple[float, float, float] | None:
        """Exact (X win, O win, draw) odds when both play at random and one mark always starts."""
        if self.swap or not self.x_spec.kind == self.o_spec.kind == "random":
            return None
        rates = exact_random_rates(self.config)
        if rates is None:
            return None
        x_rate, o_rate = Seating.of(self.first).by_mark(rates[0], rates[1])
        return x_rate, o_rate, rates[2]

    def engine_summary(self) -> SimulationSummary:
        """These games summed up by the engine's own :class:`SimulationSummary`."""
        summary = SimulationSummary(
            self.config, str(self.x_spec), str(self.o_spec), self.seed or 0, self.swap, self.first
        )
        summary.merge(self._totals)
        summary.move_seconds = sum(player.seconds for player in summary.players)
        summary.workers = self.workers
        summary.elapsed_seconds = self.snapshot().elapsed_seconds
        summary.cancelled = self.cancelled
        summary.failure = self.failure
        return summary

    def summary_dict(self) -> dict[str, Any]:
        """The ``simulate --json`` object for these games."""
        return self.engine_summary().as_dict()


def next_sample(games: int) -> int:
    """The game count of the curve's next point after one at ``games``."""
    return max(games + 1, math.ceil(games * CURVE_GROWTH))


#: Byte translations for :meth:`RunData.add_endings`: outcome byte -> winner code
#: (by the mark that moved first), length.
_WINNER_CODES = {
    "x": bytes((DRAW, X_WON, O_WON, DRAW)[code & 3] for code in range(256)),
    "o": bytes((DRAW, O_WON, X_WON, DRAW)[code & 3] for code in range(256)),
}
_LENGTHS = bytes(code >> 2 for code in range(256))
