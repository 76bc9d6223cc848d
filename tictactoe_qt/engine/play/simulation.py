"""Play many games between two computer players, reproducibly from a seed.

Game ``i`` of a batch depends only on the batch seed and ``i``, so results
never depend on how a batch is chunked or spread over processes (see
:mod:`tictactoe_qt.engine.play.batch`):

* each game reseeds the players' random source from (seed, i). Players keep
  it in an ``rng`` attribute (a :class:`random.Random`); the runner hands them
  one generator that it reseeds per game;
* players may remember earlier games (``perfect`` keeps its solved positions,
  and with them its pick among equally good moves), so fresh players start
  every :func:`~.move_by_move.fresh_player_games` games, at fixed game numbers.
  A batch is only ever split at those numbers.

The games themselves are played in :mod:`~tictactoe_qt.engine.play.move_by_move`;
random against random on 3x3 takes a faster, exact route
(:mod:`tictactoe_qt.engine.play.random_games`) that gives the same games. This
module turns them into records and totals.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from functools import lru_cache

from ..game.board import Mark, Move, other
from ..game.config import GameConfig
from ..game.game_record import GameRecord
from ..game.geometry import geometry_for
from ..game.seating import Seating
from ..players.playable import check_playable
from ..players.player_spec import PlayerSpec
from ..search_result import ShouldStop, never_stop
from . import random_games
from .move_by_move import new_players, play_range
from .simulation_stats import PlayerTotals, SimulationSummary

__all__ = [
    "GameRecord",
    "check_playable",
    "computer_spec",
    "play_move_by_move",
    "PlayerTotals",
    "SimulationSummary",
    "resolve_seed",
    "run_games",
    "summarize_games",
]


def resolve_seed(seed: int | None) -> int:
    """The batch seed to use: ``seed`` itself, or a fresh one when it is ``None``."""
    if seed is None:
        return random.SystemRandom().randrange(1 << 32)
    return seed


def computer_spec(spec: PlayerSpec | str) -> PlayerSpec:
    """Parse ``spec`` and check it names a computer player.

    Raises:
        PlayerSpecError: a bad spec, or ``human``.
    """
    if isinstance(spec, str):
        return PlayerSpec.parse(spec, computer_only=True)
    return spec.require_computer()


def uses_rank_path(config: GameConfig, x_spec: PlayerSpec, o_spec: PlayerSpec) -> bool:
    """Whether games take the exact random-vs-random fast route."""
    return x_spec.kind == o_spec.kind == "random" and random_games.has_fast_path(config)


def run_games(
    config: GameConfig,
    x_spec: PlayerSpec | str,
    o_spec: PlayerSpec | str,
    games: int,
    seed: int | None = None,
    swap: bool = False,
    should_stop: ShouldStop = never_stop,
    start: int = 0,
    first: Mark = "x",
) -> Iterator[GameRecord]:
    """Play games ``start`` to ``start + games - 1`` and yield each as it ends.

    Args:
        config: the board.
        x_spec: the player given as X; it keeps that mark in every game.
        o_spec: the player given as O.
        games: how many games to play.
        seed: the batch seed; ``None`` draws one (use :func:`resolve_seed`
            first to know it).
        swap: give the first move to the players in turn (``first`` in the
            even games, the other mark in the odd ones).
        should_stop: checked between moves; once true, no more games are yielded
            (a game cut short is dropped).
        start: the index of the first game, for playing a batch in parts; a
            part starting at a multiple of :func:`~.move_by_move.fresh_player_games` replays
            exactly the games of a whole run.
        first: the mark that moves first (see :class:`Seating`).

    Raises:
        PlayerSpecError: a spec is bad or names a human.
        ValueError: ``games`` or ``start`` is negative.
    """
    if games < 0 or start < 0:
        raise ValueError(f"games and start must not be negative, got {games} and {start}")
    specs = (computer_spec(x_spec), computer_spec(o_spec))
    batch_seed = resolve_seed(seed)
    if uses_rank_path(config, *specs):
        return _rank_games(config, specs, start, start + games, batch_seed, swap, should_stop, first)
    check_playable(config, *specs)
    new_players(specs)  # an unregistered player fails now, not at the first game
    return play_move_by_move(config, specs, start, start + games, batch_seed, swap, should_stop, first)


def play_move_by_move(
    config: GameConfig,
    specs: tuple[PlayerSpec, PlayerSpec],
    start: int,
    stop: int,
    seed: int,
    swap: bool = False,
    should_stop: ShouldStop = never_stop,
    first: Mark = "x",
) -> Iterator[GameRecord]:
    """Games ``start`` to ``stop - 1``, every move asked of the players.

    What :func:`run_games` does for all players but random against random on
    3x3; also the yardstick that the fast route is checked against.
    """
    names = (str(specs[0]), str(specs[1]))
    for index, seating, played in play_range(config, specs, start, stop, seed, swap, should_stop, first):
        yield _record(config, names, index, seating, *played)


@lru_cache(maxsize=32)
def _moves(config: GameConfig) -> tuple[Move, ...]:
    """The :class:`Move` of each cell, shared."""
    return tuple(Move.from_index(i, config.cols) for i in range(config.cells))


def _rank_games(
    config: GameConfig,
    specs: tuple[PlayerSpec, PlayerSpec],
    start: int,
    stop: int,
    seed: int,
    swap: bool,
    should_stop: ShouldStop,
    first: Mark = "x",
) -> Iterator[GameRecord]:
    geometry = geometry_for(config)
    names = (str(specs[0]), str(specs[1]))
    clock = time.perf_counter
    size = random_games.BLOCK_GAMES
    for block in random_games.blocks_for(start, stop):
        ranks = random_games.block_ranks(config, seed, block)
        for index in range(max(start, block * size), min(stop, (block + 1) * size)):
            if should_stop():
                return
            began = clock()
            cells = random_games.moves_of_rank(geometry, ranks[index - block * size])
            share = (clock() - began) / len(cells)
            winner: Mark | None = None
            if geometry.wins_with(sum(1 << c for c in cells[len(cells) - 1 :: -2]), cells[-1]):
                winner = "x" if len(cells) & 1 else "o"
            seating = Seating.of_game(first, swap, index)
            played = (cells, winner, (share,) * len(cells), (1,) * len(cells), None)
            yield _record(config, names, index, seating, *played)


def _record(
    config: GameConfig,
    names: tuple[str, str],
    index: int,
    seating: Seating,
    cells: Sequence[int],
    board_winner: Mark | None,
    seconds: tuple[float, ...],
    nodes: tuple[int | None, ...],
    forfeit: str | None = None,
) -> GameRecord:
    """Game ``index`` as a record, its winner named by mark; ``names`` are X's and O's."""
    moves = _moves(config)
    winner = seating.mark_of(board_winner)
    return GameRecord(
        index,
        config,
        names[0],
        names[1],
        seating.first,
        tuple(moves[c] for c in cells),
        winner,
        seconds,
        nodes,
        forfeit_text(other(winner), forfeit) if forfeit is not None and winner else None,
    )


def forfeit_text(loser: Mark, reason: str) -> str:
    """How a forfeit reads in records, reports and CSV: ``O forfeits: <reason>``."""
    return f"{loser.upper()} forfeits: {reason}"


def summarize_games(
    config: GameConfig,
    x_spec: PlayerSpec | str,
    o_spec: PlayerSpec | str,
    start: int,
    stop: int,
    seed: int,
    swap: bool = False,
    should_stop: ShouldStop = never_stop,
    first: Mark = "x",
) -> SimulationSummary:
    """Totals of games ``start`` to ``stop - 1``, without keeping the games.

    The same totals :class:`SimulationSummary.from_records` gives for the games
    :func:`run_games` yields, but random against random on 3x3 only looks up
    outcomes (its move time, drawing each game and looking it up, is shared
    evenly over the moves). Move times count choosing moves only; one-off
    set-up, such as building the outcome table, counts in the elapsed time.
    Parts of a batch must start at multiples of :func:`~.move_by_move.fresh_player_games`
    (or of :data:`random_games.BLOCK_GAMES` on the fast route; any start is
    fine for players that forget everything between games).
    """
    specs = (computer_spec(x_spec), computer_spec(o_spec))
    summary = SimulationSummary(config, str(specs[0]), str(specs[1]), seed, swap, first)
    began = time.perf_counter()
    check_playable(config, *specs)
    if uses_rank_path(config, *specs):
        move_seconds = random_games.count_games(summary, start, stop, should_stop)
        summary.move_seconds = move_seconds
        for player in summary.players:
            share = player.moves / summary.plies if summary.plies else 0.0
            player.seconds = move_seconds * share
            player.nodes = player.moves
    else:
        for _, seating, (cells, board_winner, seconds, nodes, forfeit) in play_range(
            config, specs, start, stop, seed, swap, should_stop, first
        ):
            winner = seating.mark_of(board_winner)
            reason = forfeit_text(other(winner), forfeit) if forfeit and winner else None
            summary.add_played(seating, len(cells), winner, seconds, nodes, reason)
        summary.cancelled = summary.games < stop - start
    summary.elapsed_seconds = time.perf_counter() - began
    return summary
