"""``tictactoe-qt count``: the size of the game tree."""

from __future__ import annotations

import argparse
import json

from tictactoe_qt.engine.teaching import MAX_COUNT_CELLS

from .arguments import UsageError, add_size_arguments, config_from
from .formatting import facts_text


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "count", help="count the game tree: nodes, games, positions",
        description="Count the full game tree of a small board (at most "
        f"{MAX_COUNT_CELLS} cells, e.g. 3x4): every node, complete games, "
        "distinct positions (also up to symmetry), terminal positions and the tree "
        "without early stops.",
    )
    add_size_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
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
    if args.json:
        print(json.dumps(data))
    else:
        print(facts_text(f"game tree of {config.rows}x{config.cols}, k={config.k}", data, fact_label))
    return 0
