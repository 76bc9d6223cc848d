"""Games played move by move between player objects, each reproducible from its seed.

Game ``i`` of a batch reseeds the players' shared random source from
``(seed, i)``, and fresh players start every :func:`fresh_player_games` games,
at fixed game numbers, so a game never depends on how a batch was split.
:mod:`~tictactoe_qt.engine.play.simulation` turns these games into records and totals.
"""

from __future__ import annotations

import _random
import random
import time
from collections.abc import Iterator
from functools import lru_cache

from ..errors import IllegalMoveError, PlayerForfeit
from ..game.board import Board, Mark
from ..game.config import GameConfig
from ..game.geometry import geometry_for, iter_bits
from ..game.seating import Seating
from ..players.player_spec import PlayerSpec
from ..players.registry import Player, close_player, make_player
from ..search_result import ShouldStop

_SEED_RANGE = 1 << 64
_GAME_BITS = 40
#: One game: cells played, the board's winner (``"x"``: the first mover), seconds and
#: nodes per ply (``None``: not reported), and why the loser forfeited (``None``: played to the end).
Played = tuple[tuple[int, ...], Mark | None, tuple[float, ...], tuple[int | None, ...], str | None]
#: Boards up to this many cells keep a table of empty cells per occupancy.
_EMPTY_CELL_CACHE_MAX_CELLS = 16


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of the batch seeded with ``seed``."""
    return (seed % _SEED_RANGE) << _GAME_BITS | index


def _reseed(rng: random.Random, seed: int) -> None:
    """``rng.seed(seed)`` for a whole-number seed, minus ``Random.seed``'s Python-level
    type checks, which cost as much as the seeding itself (a real share of a fast game)."""
    _random.Random.seed(rng, seed)
    rng.gauss_next = None  # type: ignore[attr-defined]


def fresh_player_games(config: GameConfig) -> int:
    """Games between fresh starts of the players: from game 0, every this many.

    Long on small boards, where a player's memory makes games fast (a cold
    3x3 ``perfect`` player costs about as much as a few hundred warm games),
    short on big ones, where games are slow anyway, so batches can still be
    shared out between processes.
    """
    if config.cells <= 9:
        return 5000
    if config.cells <= 16:
        return 200
    return 20


def new_players(specs: tuple[PlayerSpec, PlayerSpec], rng: random.Random | None = None) -> tuple[Player, Player]:
    """Fresh players for ``specs``, drawing from ``rng`` when they draw at all.

    Raises:
        PlayerSpecError: a kind that no module registered.
    """
    players = (make_player(specs[0], 0), make_player(specs[1], 0))
    if rng is not None:
        for player in players:
            if isinstance(getattr(player, "rng", None), random.Random):
                player.rng = rng  # type: ignore[attr-defined]
    return players


def play_range(
    config: GameConfig,
    specs: tuple[PlayerSpec, PlayerSpec],
    start: int,
    stop: int,
    seed: int,
    swap: bool,
    should_stop: ShouldStop,
    first: Mark = "x",
) -> Iterator[tuple[int, Seating, Played]]:
    """``(index, seating, game)`` for each game; ``specs`` are X's and O's players.

    The played game's winner is still the board's (``"x"``: the first mover).
    """
    game_rng = random.Random()
    empties_of = _empty_cells(config)
    if not specs[0].kind == specs[1].kind == "random":
        _build_symmetry_tables(config)
    renew_every = fresh_player_games(config)
    players = new_players(specs, game_rng)
    try:
        for index in range(start, stop):
            if index % renew_every == 0 and index != start:
                for player in players:
                    close_player(player)
                players = new_players(specs, game_rng)
            seating = Seating.of_game(first, swap, index)
            _reseed(game_rng, game_seed(seed, index))
            in_play_order = seating.in_play_order(*players)
            played = _play_one(config, in_play_order, game_rng, should_stop, empties_of)
            if played is None or should_stop():
                return
            yield index, seating, played
    finally:  # the end of the batch, a stop, or the caller dropping the games
        for player in players:
            close_player(player)


def _play_one(
    config: GameConfig,
    in_play_order: tuple[Player, Player],
    rng: random.Random,
    should_stop: ShouldStop,
    empties_of: dict[int, list[int]] | None,
) -> Played | None:
    """One game move by move; ``None`` when it was stopped.

    A player that raises :class:`PlayerForfeit` loses at once: the other
    side wins, with the reason kept.

    Raises:
        IllegalMoveError: a built-in player chose an occupied or off-board cell (a bug).
    """
    board = _empty_board(config).copy()
    full = board.geometry.full
    bits = board.bits
    rows, cols = config.rows, config.cols
    is_random = tuple(player.spec.kind == "random" for player in in_play_order)
    for player in in_play_order:
        player.new_game()
    clock = time.perf_counter
    seconds: list[float] = []
    nodes: list[int | None] = []
    cells: list[int] = []
    while True:
        occupied = bits[0] | bits[1]
        if occupied == full:
            break
        side = len(cells) & 1
        began = clock()
        if is_random[side]:
            # Exactly what RandomPlayer does with the same generator, minus its wrapping.
            empties = empties_of.get(occupied) if empties_of is not None else None
            if empties is None:
                empties = iter_bits(full & ~occupied)
                if empties_of is not None:
                    empties_of[occupied] = empties
            cell = empties[int(rng.random() * len(empties))]
            seconds.append(clock() - began)
            nodes.append(1)
        else:
            try:
                result = in_play_order[side].choose(board, should_stop)
            except PlayerForfeit as forfeit:
                if should_stop():
                    return None
                # The forfeiting side placed nothing: its last ply is not in the game.
                return tuple(cells), ("o", "x")[side], tuple(seconds), tuple(nodes), str(forfeit)
            seconds.append(clock() - began)
            move = result.move
            if result.cancelled or move is None or should_stop():
                return None
            cell = move.row * cols + move.col
            if not (0 <= move.row < rows and 0 <= move.col < cols) or occupied >> cell & 1:
                raise IllegalMoveError(f"{in_play_order[side].spec} chose {move!r} on {board.notation()}")
            nodes.append(result.stats.reported_nodes)
        board.push_index(cell)
        cells.append(cell)
        if board.winner() is not None:
            break
    return tuple(cells), board.winner(), tuple(seconds), tuple(nodes), None


def _build_symmetry_tables(config: GameConfig) -> None:
    """Build the board's symmetry lookup tables now (once per process).

    Searches build them on first use; built here, their cost is set-up (in the
    elapsed time) rather than the first move's thinking time.
    """
    geometry = geometry_for(config)
    for symmetry in range(1, len(geometry.symmetries)):
        geometry.transform(1, symmetry)


@lru_cache(maxsize=32)
def _empty_board(config: GameConfig) -> Board:
    """An empty board to copy (cheaper than building one per game)."""
    return Board(config)


def _empty_cells(config: GameConfig) -> dict[int, list[int]] | None:
    """A fresh occupancy -> empty cells cache for small boards, ``None`` for big ones."""
    return {} if config.cells <= _EMPTY_CELL_CACHE_MAX_CELLS else None
