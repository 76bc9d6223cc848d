"""``tictactoe-qt search``: one decision by one algorithm, with its statistics."""

from __future__ import annotations

import argparse
import json
import sys
import time
from math import factorial

from tictactoe_qt.engine.board import Board
from tictactoe_qt.engine.player_spec import PlayerSpec, human_refused
from tictactoe_qt.engine.players import PLAYER_FACTORIES, make_player
from tictactoe_qt.engine.search_result import SearchResult, ShouldStop, never_stop

from .arguments import (
    UsageError,
    add_k_argument,
    add_size_argument,
    config_from,
    positive_int,
    seed_int,
    time_budget,
)
from .exact_run import INTERRUPTED, InterruptibleRun, end_progress_line, progress_printer
from .formatting import search_text
from .trace_command import (
    add_textbook_arguments,
    textbook_decision,
    textbook_options_from,
    uses_textbook_options,
)

ALGORITHMS = ("minimax", "alphabeta", "average", "perfect", "random", "mcts")
#: The ``search --json`` keys, in order (``result`` only when exact).
JSON_KEYS = ("algorithm", "move", "score", "exact", "result", "nodes", "depth", "max_ply",
             "cutoffs", "tt_hits", "elapsed_seconds", "pv")
#: Unpruned searches to the end of the game visit up to (empty cells)! positions:
#: 10 empty cells is a few million, which takes seconds; 12 takes many minutes.
MAX_EMPTY_FOR_FULL_TREE = 10
#: Alpha-beta without a table, to the end, is practical up to about a 4x4 board.
MAX_EMPTY_FOR_PLAIN_ALPHABETA = 16

DESCRIPTION = """\
Run one search from a position and show the move it picks with its statistics:
nodes visited (the root included), cut-offs, depth, deepest ply, table hits and
time. NAME is minimax, alphabeta, average, perfect, random or mcts. --time is
the per-move budget of perfect and mcts, and a hard limit for the others.
--exact (perfect only) searches every cell to the end with no time limit until
the answer is exact; on a terminal a progress line shows on stderr, and Ctrl+C
stops it with the best answer so far (exact: false, exit status 130)."""


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "search", help="one decision with its search statistics",
        description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--algorithm", required=True, metavar="NAME",
                        help=", ".join(ALGORITHMS))
    parser.add_argument("--depth", type=positive_int, default=None, metavar="D",
                        help="depth limit in plies (default: unlimited)")
    parser.add_argument("--time", type=time_budget, default=None, metavar="S",
                        help="seconds: budget for perfect/mcts (default 1), a limit for others")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--board", default=None, metavar="B",
                       help="position such as x.o/.x./..o (default: the empty board)")
    add_size_argument(where)
    add_k_argument(parser)
    parser.add_argument("--seed", type=seed_int, default=None, metavar="S",
                        help="seed for random and mcts")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--exact", action="store_true",
                        help="perfect only: search without a time limit until the answer "
                        "is exact (Ctrl+C stops with the best answer so far)")
    add_textbook_arguments(parser)  # shared with trace: the same choices give the same counts
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    name = args.algorithm.strip().lower()
    board = _board(args)
    if board.is_game_over():
        raise UsageError(f"the game on {board.notation()} is already over ({board.status})")
    _check_feasible(name, board, args.depth)
    if args.exact:
        return _run_exact(name, board, args)
    should_stop = never_stop
    if args.time is not None and name not in ("perfect", "mcts"):
        deadline = time.perf_counter() + args.time
        should_stop = lambda: time.perf_counter() >= deadline  # noqa: E731
    textbook = uses_textbook_options(args)
    if textbook:
        result = textbook_decision(name, board, args, should_stop)
    else:
        result = search(name, board, args.depth, args.time, args.seed, should_stop)
    if result.cancelled:
        print(f"note: the search was stopped after {args.time:g} s; the move is the best "
              "found so far", file=sys.stderr)
    _print_result(board, result, args, textbook)
    return 0


def _print_result(board: Board, result: SearchResult, args: argparse.Namespace,
                  textbook: bool = False) -> None:
    data = result.as_dict()
    data = {key: data[key] for key in JSON_KEYS if key in data}
    if textbook:
        data["options"] = textbook_options_from(args).as_dict()
    if args.json:
        print(json.dumps(data), flush=True)
    else:
        if result.exact:
            data["plies"] = result.plies
        print(search_text(board, data), flush=True)
        if textbook:
            print(f"  options      {textbook_options_from(args).label()}")


def _run_exact(name: str, board: Board, args: argparse.Namespace) -> int:
    """``--exact``: the perfect searcher to the end, no time limit, Ctrl+C stops it."""
    if name != "perfect":
        raise UsageError(f"--exact works with --algorithm perfect, not {name}")
    if args.depth is not None or args.time is not None:
        raise UsageError("--exact searches to the end with no time limit: drop --depth and --time")
    if uses_textbook_options(args):
        raise UsageError("--exact does not take the textbook options")
    from tictactoe_qt.engine.search.perfect import PerfectSearcher

    progress = progress_printer()
    with InterruptibleRun() as interruptible:
        try:
            result = PerfectSearcher(board.config).solve(board, interruptible.should_stop,
                                                          progress)
        finally:
            end_progress_line(progress)
    if interruptible.interrupted:
        print("note: interrupted; the move is the best found so far (not exact)",
              file=sys.stderr)
    _print_result(board, result, args)
    return INTERRUPTED if interruptible.interrupted else 0


def search(
    name: str,
    board: Board,
    depth: int | None,
    seconds: float | None,
    seed: int | None,
    should_stop: ShouldStop,
) -> SearchResult:
    """One decision by the algorithm called ``name``.

    Raises:
        UsageError: an unknown algorithm, a human, or one this build does not have.
    """
    if name == "human":
        raise UsageError(human_refused())
    try:
        if name == "minimax":
            from tictactoe_qt.engine.search.minimax import minimax_search

            return minimax_search(board, depth, should_stop)
        if name == "alphabeta":
            from tictactoe_qt.engine.search.alphabeta import alphabeta_search

            return alphabeta_search(board, depth, should_stop=should_stop)
        if name == "average":
            from tictactoe_qt.engine.search.average import average_search

            return average_search(board, depth, should_stop)
        if name == "perfect":
            from tictactoe_qt.engine.search.perfect import PerfectSearcher

            budget = 1.0 if seconds is None else seconds
            return PerfectSearcher(board.config).search(board, budget, depth, should_stop)
    except ImportError:
        raise UsageError(f"the {name} search is not available in this build") from None
    make_player("random")  # loads the registry
    if name not in ALGORITHMS or name not in PLAYER_FACTORIES:
        known = [a for a in ALGORITHMS if a not in ("random", "mcts") or a in PLAYER_FACTORIES]
        raise UsageError(f"unknown algorithm {name!r}; choose from {', '.join(known)}")
    spec = PlayerSpec(name, time=1.0 if seconds is None else seconds)
    return make_player(spec, seed).choose(board, should_stop)


def _board(args: argparse.Namespace) -> Board:
    if args.board is None:
        return Board(config_from(args))
    try:
        return Board.from_notation(args.board, args.k)
    except ValueError as error:
        raise UsageError(f"bad --board: {error}") from None


def _check_feasible(name: str, board: Board, depth: int | None) -> None:
    """Refuse unpruned searches to the end of the game on boards that would hang."""
    if depth is not None:
        return
    empty = board.empty.bit_count()
    limit = {"minimax": MAX_EMPTY_FOR_FULL_TREE, "average": MAX_EMPTY_FOR_FULL_TREE,
             "alphabeta": MAX_EMPTY_FOR_PLAIN_ALPHABETA}.get(name)
    if limit is not None and empty > limit:
        raise UsageError(
            f"{name} without a depth limit would search up to {empty}! = "
            f"{factorial(empty):.1e} lines of play on {board.notation()}, far too many to "
            f"finish; give --depth (e.g. --depth 4) or use --algorithm perfect"
        )
