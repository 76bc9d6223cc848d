"""Many games: simulations, batches over worker processes, tournaments, random games."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_faces import lazy_face

if TYPE_CHECKING:
    from .batch import MAX_BATCH_GAMES, BatchProgress, chunk_bounds, run_batch
    from .move_by_move import fresh_player_games, new_players
    from .random_games import (
        BLOCK_GAMES,
        BOARD_WINNERS,
        block_endings,
        blocks_for,
        count_endings,
        decode_ending,
        ending_table,
        has_fast_path,
    )
    from .simulation import computer_spec, play_move_by_move, resolve_seed, run_games, summarize_games, uses_rank_path
    from .simulation_stats import PlayerTotals, SimulationSummary
    from .time_left import KEPT_SAMPLES, Sample, SteadyRule, steady_time_left
    from .tournament import (
        PairingScore,
        TournamentError,
        TournamentProgress,
        TournamentResult,
        pairing_games,
        parse_players,
        round_robin,
    )

__all__ = [
    "BLOCK_GAMES",
    "BOARD_WINNERS",
    "KEPT_SAMPLES",
    "MAX_BATCH_GAMES",
    "BatchProgress",
    "PairingScore",
    "PlayerTotals",
    "Sample",
    "SimulationSummary",
    "SteadyRule",
    "TournamentError",
    "TournamentProgress",
    "TournamentResult",
    "block_endings",
    "blocks_for",
    "chunk_bounds",
    "computer_spec",
    "count_endings",
    "decode_ending",
    "ending_table",
    "fresh_player_games",
    "has_fast_path",
    "new_players",
    "pairing_games",
    "parse_players",
    "play_move_by_move",
    "resolve_seed",
    "round_robin",
    "run_batch",
    "run_games",
    "steady_time_left",
    "summarize_games",
    "uses_rank_path",
]

if not TYPE_CHECKING:
    __getattr__, __dir__ = lazy_face(
        __name__,
        {
            ".batch": ("MAX_BATCH_GAMES", "BatchProgress", "chunk_bounds", "run_batch"),
            ".move_by_move": ("fresh_player_games", "new_players"),
            ".random_games": (
                "BLOCK_GAMES",
                "BOARD_WINNERS",
                "block_endings",
                "blocks_for",
                "count_endings",
                "decode_ending",
                "ending_table",
                "has_fast_path",
            ),
            ".simulation": (
                "computer_spec",
                "play_move_by_move",
                "resolve_seed",
                "run_games",
                "summarize_games",
                "uses_rank_path",
            ),
            ".simulation_stats": ("PlayerTotals", "SimulationSummary"),
            ".time_left": ("KEPT_SAMPLES", "Sample", "SteadyRule", "steady_time_left"),
            ".tournament": (
                "PairingScore",
                "TournamentError",
                "TournamentProgress",
                "TournamentResult",
                "pairing_games",
                "parse_players",
                "round_robin",
            ),
        },
    )
