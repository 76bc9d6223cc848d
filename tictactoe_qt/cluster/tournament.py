"""A round robin on a Dask cluster: every pairing's chunks in one stream, the same table."""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any

from tictactoe_qt.engine import ShouldStop, never_stop
from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.play import (
    BLOCK_GAMES,
    SimulationSummary,
    TournamentError,
    TournamentProgress,
    TournamentResult,
    chunk_bounds,
    fresh_player_games,
    pairing_games,
    parse_players,
    resolve_seed,
    summarize_games,
    uses_rank_path,
)
from tictactoe_qt.engine.players import GROUP, PlayerSpec, check_playable

from . import ClusterLost
from .batch import IN_FLIGHT_PER_CORE
from .chunk_stream import stream_chunks
from .connection import ClusterConnection, check_available


def run_cluster_round_robin(
    connection: ClusterConnection,
    config: GameConfig,
    players: Sequence[PlayerSpec | str],
    games_per_pairing: int,
    seed: int | None = None,
    should_stop: ShouldStop = never_stop,
    progress: TournamentProgress | None = None,
) -> TournamentResult:
    """:func:`~.engine.tournament.round_robin` on the cluster, with the same table for a seed.

    Each pairing colour is a batch of the batch runner (seeded as the local
    tournament seeds it); all their chunks share one bounded stream, so small
    pairings keep every worker busy too. Engines and plugins must be on every
    worker: checked before any game.

    Raises:
        TournamentError: fewer than 2 games per pairing or bad entrants.
        PlayerSpecError: an engine or plugin that cannot play here.
        ClusterError: a worker lacks an engine program or a plugin.
        ClusterLost: the scheduler or every worker went away, or a chunk failed; its
            ``partial`` is the table of the games finished before, marked ``cancelled``.
    """
    if games_per_pairing < 2:
        raise TournamentError(f"games per pairing must be 2 or more (both colours), got {games_per_pairing}")
    specs = parse_players(players)
    check_playable(config, *specs)
    check_available(
        connection.client,
        sorted({s.path or "" for s in specs if s.kind == "engine"}),
        sorted({s.kind for s in specs if s.is_plugin}),
        GROUP,
    )
    result = TournamentResult(config, tuple(str(s) for s in specs), games_per_pairing)
    total = games_per_pairing * len(specs) * (len(specs) - 1) // 2
    cores = max(1, connection.info().cores)
    parts = _colours(config, specs, games_per_pairing, seed)
    done = [0]

    def merge(tagged: tuple[tuple[int, int], SimulationSummary]) -> None:
        colour, part = tagged
        parts[colour].merge(part)
        done[0] += part.games
        if progress is not None:
            progress(done[0], total)

    lost: ClusterLost | None = None
    try:
        finished = stream_chunks(
            connection,
            _chunks(connection.client, config, specs, parts, cores),
            cores * IN_FLIGHT_PER_CORE,
            merge,
            should_stop,
        )
    except ClusterLost as error:
        finished, lost = False, error
    for (x_index, o_index), summary in parts.items():
        _add(result, x_index, o_index, summary)
    result.cancelled = not finished or any(s.cancelled for s in parts.values())
    if lost is not None:
        lost.partial = result
        raise lost
    return result


def _colours(
    config: GameConfig, specs: Sequence[PlayerSpec], games_per_pairing: int, seed: int | None
) -> dict[tuple[int, int], SimulationSummary]:
    """An empty summary per (X, O) pairing colour, seeded in the local tournament's order."""
    seeds = random.Random(seed)
    parts: dict[tuple[int, int], SimulationSummary] = {}
    for first, second in combinations(range(len(specs)), 2):
        for x_index, o_index, games in (
            (first, second, pairing_games(games_per_pairing)[0]),
            (second, first, pairing_games(games_per_pairing)[1]),
        ):
            pairing_seed = seeds.randrange(2**31) if seed is not None else None
            summary = SimulationSummary(config, str(specs[x_index]), str(specs[o_index]), resolve_seed(pairing_seed))
            summary.workers = games  # the colour's planned games, until it is played
            parts[(x_index, o_index)] = summary
    return parts


def _chunks(
    client: Any,
    config: GameConfig,
    specs: Sequence[PlayerSpec],
    parts: dict[tuple[int, int], SimulationSummary],
    cores: int,
) -> Iterator[Any]:
    """Futures of every colour's chunks, made one at a time as the stream asks."""
    tournament = uuid.uuid4().hex[:12]
    for (x_index, o_index), summary in parts.items():
        games, summary.workers = summary.workers, cores
        pair = (specs[x_index], specs[o_index])
        unit = BLOCK_GAMES if uses_rank_path(config, *pair) else fresh_player_games(config)
        for start, stop in chunk_bounds(games, cores, unit):
            yield client.submit(
                _tagged,
                (x_index, o_index),
                config,
                *pair,
                start,
                stop,
                summary.seed,
                pure=False,
                key=f"tictactoe-pairing-{tournament}-{x_index}-{o_index}-{start}",
            )


def _tagged(
    colour: tuple[int, int],
    config: GameConfig,
    x_spec: PlayerSpec,
    o_spec: PlayerSpec,
    start: int,
    stop: int,
    seed: int,
) -> tuple[tuple[int, int], SimulationSummary]:
    """A chunk's totals, with the pairing colour they belong to."""
    return colour, summarize_games(config, x_spec, o_spec, start, stop, seed)


def _add(result: TournamentResult, x_index: int, o_index: int, summary: SimulationSummary) -> None:
    """Count one colour's totals in the table, as the local batch route does."""
    result.add_games(x_index, o_index, summary.x_wins, summary.o_wins, summary.draws)
    x_totals, o_totals = summary.players
    reasons = summary.forfeit_reasons
    result.add_forfeits(x_index, x_totals.forfeits, {r: n for r, n in reasons.items() if r.startswith("X")})
    result.add_forfeits(o_index, o_totals.forfeits, {r: n for r, n in reasons.items() if r.startswith("O")})
