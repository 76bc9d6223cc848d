"""``search --per-round``: the search plays itself out, and each round's search is counted.

A report's table of nodes per round: from the position given, the chosen search
picks a move for the side to move, the move is played, and the next round
searches the new position with the same options, until the game ends.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

from tictactoe_qt.engine import SearchResult
from tictactoe_qt.engine.game import Board, short_cell_text
from tictactoe_qt.engine.text import BOARD_NAMES, status_text

from .formatting import seconds_text

#: ``decide(position, first_round)``: one decision of the chosen search.
Decide = Callable[[Board, bool], SearchResult]


def play_rounds(board: Board, decide: Decide) -> tuple[list[dict[str, Any]], Board]:
    """Each round's search from ``board`` to the end of the game: ``(rounds, final board)``.

    A round is ``{"round", "to_move", "move", "nodes", "cutoffs", "elapsed_seconds"}``
    (``nodes`` ``None`` for a player that reports none). A cancelled search (``--time``)
    still plays the best move it found, as the game would.
    """
    work = board.copy()
    rounds: list[dict[str, Any]] = []
    while not work.is_game_over():
        result = decide(work.copy(), not rounds)
        if result.move is None:
            break
        stats = result.stats
        rounds.append(
            {
                "round": len(rounds) + 1,
                "to_move": work.turn,
                "move": [result.move.row, result.move.col],
                "nodes": stats.reported_nodes,
                "cutoffs": stats.cutoffs,
                "elapsed_seconds": stats.elapsed_seconds,
            }
        )
        work.push(result.move)
    return rounds, work


def per_round(name: str, board: Board, args: argparse.Namespace, decide: Decide) -> int:
    """Play the rounds and print them as a table, or as one JSON object with ``--json``."""
    rounds, final = play_rounds(board, decide)
    reported = [r["nodes"] for r in rounds if r["nodes"] is not None]
    total = sum(reported) if len(reported) == len(rounds) else None
    if args.json:
        print(
            json.dumps(
                {
                    "algorithm": name,
                    "board": board.notation(),
                    "rounds": rounds,
                    "total_nodes": total,
                    "final_board": final.notation(),
                    "status": final.status,
                }
            )
        )
        return 0
    print(
        f"{name} playing itself from {board.notation()} ({board.config.size_text}, "
        f"k={board.config.k}): nodes of the search at each round"
    )
    print(f"  {'round':>5}  {'to move':<8}{'move':<7}{'nodes':>12}{'cut-offs':>12}{'time':>11}")
    for r in rounds:
        nodes = "not reported" if r["nodes"] is None else f"{r['nodes']:,}"
        print(
            f"  {r['round']:>5}  {BOARD_NAMES.name(r['to_move']):<8}"
            f"{short_cell_text(*r['move']):<7}{nodes:>12}{r['cutoffs']:>12,}"
            f"{seconds_text(r['elapsed_seconds']):>11}"
        )
    total_text = "not reported" if total is None else f"{total:,}"
    print(f"  {'total':>5}  {'':<8}{'':<7}{total_text:>12}")
    print(f"  final position {final.notation()}: {status_text(final.status)}")
    return 0


__all__ = ["per_round", "play_rounds"]
