"""``tictactoe-qt count``: the size of the game tree, or its nodes per depth below a position."""

from __future__ import annotations

import argparse
import json
from math import factorial
from typing import Any

from tictactoe_qt.engine.game import Board, GameConfig
from tictactoe_qt.engine.teaching import MAX_COUNT_CELLS

from .arguments import UsageError, add_k_argument, add_size_argument, board_from, config_from
from .formatting import facts_text

DESCRIPTION = f"""\
Count the full game tree of a small board (at most {MAX_COUNT_CELLS} cells, e.g. 3x4):
every node (the root, the empty board, included), complete games, distinct
positions (also up to symmetry), terminal positions and the tree without early
stops. Beside the games stands N!, the move orders that fill all N cells (what
the games would be if no game ended early), and beside the positions 3^N, the
ways to write x, o or nothing in N cells (most of them never arise in play).
--per-depth counts the nodes at each depth of the tree below a position
(--board, default the empty board), as the window's Game tree counts them;
levels past 20,000 distinct positions are not counted (said so)."""


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "count",
        help="count the game tree: nodes, games, positions",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--board",
        default=None,
        metavar="B",
        help="with --per-depth: the position below which to count (default: the empty board)",
    )
    add_size_argument(where)
    add_k_argument(parser)
    parser.add_argument(
        "--per-depth", action="store_true", help="nodes per depth below the position, as the Game tree counts them"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.per_depth:
        return _per_depth(board_from(args), args.json)
    if args.board is not None:
        raise UsageError("--board goes with --per-depth; the full count is of an empty board (give --size and --k)")
    config = config_from(args)
    try:
        from tictactoe_qt.engine.teaching import count_tree, fact_label
    except ImportError:
        raise UsageError("tree counting is not available in this build") from None
    try:
        facts = count_tree(config)
    except ValueError as error:
        raise UsageError(str(error)) from None
    data = facts.as_dict()
    cells = config.rows * config.cols
    data.update(nodes_without_root=facts.nodes - 1, cells_factorial=factorial(cells), cell_fillings=3**cells)
    if args.json:
        print(json.dumps(data))
    else:
        shown = {key: value for key, value in data.items() if key not in _SIDE_NOTES}
        text = facts_text(f"game tree of {config.rows}x{config.cols}, k={config.k}", shown, fact_label)
        print(_with_notes(text, data, config, fact_label))
    return 0


#: Keys written as notes beside other counts, not as lines of their own.
_SIDE_NOTES = ("nodes_without_root", "cells_factorial", "cell_fillings")


def _with_notes(text: str, data: dict[str, Any], config: GameConfig, label_of: Any) -> str:
    """``text`` with a one-line explanation beside the nodes, games and positions."""
    cells = config.rows * config.cols
    notes = {
        label_of("nodes"): f"the root, the empty board, included: {data['nodes_without_root']:,} without it",
        label_of("games"): f"{cells}! = {data['cells_factorial']:,} move orders fill the board; wins end games early",
        label_of("positions"): f"3^{cells} = {data['cell_fillings']:,} ways to write x, o or "
        f"nothing in {cells} cells; most never arise in play",
    }
    lines = text.splitlines()
    for index, line in enumerate(lines):
        label = line.strip().rsplit("  ", 1)[0].strip()
        if label in notes:
            lines[index] = f"{line}   ({notes[label]})"
    return "\n".join(lines)


def _per_depth(board: Board, as_json: bool) -> int:
    """Nodes per depth below ``board`` (:func:`~tictactoe_qt.engine.teaching.count_per_depth`,
    the Game tree's own count)."""
    from tictactoe_qt.engine.teaching import count_per_depth

    counts = count_per_depth(board)
    total = sum(counts.full_tree)
    if as_json:
        print(
            json.dumps(
                {
                    "board": board.notation(),
                    "nodes_per_depth": counts.full_tree,
                    "total": total,
                    "truncated": counts.truncated,
                }
            )
        )
        return 0
    print(
        f"nodes per depth below {board.notation()} ({board.config.size_text}, "
        f"k={board.config.k}); depth 0 is the position itself"
    )
    print(f"  {'depth':>5}  {'nodes':>14}")
    for depth, nodes in enumerate(counts.full_tree):
        print(f"  {depth:>5}  {nodes:>14,}")
    more = "  + deeper levels, not counted (over 20,000 positions in a level)" if counts.truncated else ""
    print(f"  {'total':>5}  {total:>14,}{more}")
    return 0
