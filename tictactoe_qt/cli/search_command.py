"""``tictactoe-qt search``: one decision by one algorithm, with its statistics."""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from math import perm

from tictactoe_qt.engine import PlayerForfeit, SearchResult, ShouldStop, excerpt, never_stop
from tictactoe_qt.engine.game import Board
from tictactoe_qt.engine.players import (
    PLAYER_FACTORIES,
    PlayerSpec,
    PlayerSpecError,
    check_playable,
    close_player,
    discovered_plugins,
    human_refused,
    make_player,
)
from tictactoe_qt.engine.teaching import CENTRE_FIRST, ORDERING_TIES, equal_best, limited_values, tie_note
from tictactoe_qt.engine.text import game_over_text

from .arguments import UsageError, add_k_argument, add_size_argument, board_from, positive_int, seed_int, time_budget
from .exact_run import (
    InterruptibleRun,
    add_cache_argument,
    check_exact_size,
    end_progress_line,
    progress_printer,
    solved_cache,
    warn_if_long,
)
from .formatting import search_text
from .per_round import per_round
from .stop_signals import INTERRUPTED
from .trace_command import add_textbook_arguments, textbook_decision, textbook_options_from, uses_textbook_options

ALGORITHMS = ("minimax", "alphabeta", "average", "perfect", "random", "mcts")
#: Every name --algorithm takes, as help and errors list them (alphabeta-tt: textbook only).
ALGORITHM_NAMES = ("minimax", "alphabeta", "alphabeta-tt", "average", "perfect", "random", "mcts")
#: The ``search --json`` keys, in order (``result`` only when exact).
#: The searches a depth limit bounds (MCTS, random, plugins and engines take none).
DEPTH_ALGORITHMS = ("minimax", "alphabeta", "alphabeta-tt", "average", "perfect")
#: The alpha-beta searches, whose size these bounds take as pruned.
PRUNED = ("alphabeta", "alphabeta-tt")
JSON_KEYS = (
    "algorithm",
    "move",
    "score",
    "exact",
    "result",
    "nodes",
    "depth",
    "max_ply",
    "cutoffs",
    "tt_hits",
    "elapsed_seconds",
    "pv",
)
#: Unpruned searches (minimax, average) visit up to empty!/(empty - depth)!
#: lines of play, all of them to the end of the game (depth = empty). 10! (3.6
#: million) takes seconds; 11! already minutes on 4x4, and each node costs more
#: on a big board (about 11,000 a second on 19x19).
MAX_LINES_UNPRUNED = 10**7
#: Alpha-beta to the end of the game is practical up to about a 4x4 board (16!
#: unpruned lines; wins end most lines early).
MAX_EMPTY_FOR_PLAIN_ALPHABETA = 16
#: With a depth limit, alpha-beta visits at least empty!/(empty - ceil(depth/2))!
#: lines even with perfect move ordering (Knuth and Moore), and about that many
#: in practice: 47 million to depth 5 on 19x19, six minutes.
MAX_LINES_ALPHABETA = 10**6
#: Lines of play up to which the root moves are valued again to count equal best
#: moves (3x3 to the end is 9! = 362,880); beyond it the note gives only the tie-break.
MAX_LINES_TIES = 10**6
#: Cells up to which an exact alpha-beta answer is checked for equal moves by the analysis.
MAX_CELLS_TIES = 16

DESCRIPTION = """\
Run one search from a position and show the move it picks with its statistics:
nodes visited (the root included), cut-offs, depth, deepest ply, table hits and
time. NAME is minimax, alphabeta, alphabeta-tt (the textbook alpha-beta with a
transposition table), average, perfect, random or mcts. --depth bounds minimax,
alphabeta, alphabeta-tt, average and perfect. --time is the per-move budget of
perfect and mcts, and a hard limit for the others.
--exact (perfect only) searches every cell to the end with no time limit until
the answer is exact; on a terminal a progress line shows on stderr, and Ctrl+C
stops it with the best answer so far (exact: false, exit status 130). Exact
answers are kept in a cache of solved positions, so asking again is instant
("cached": true); --no-cache skips it, and 'tictactoe-qt cache clear' empties it.
--per-round plays the search against itself from the position to the end of
the game, one search per round (ply) with the same options, and prints a
table of the nodes and cut-offs of each, as a report's per-round table has
them (--json: one object with a "rounds" list)."""


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "search",
        help="one decision with its search statistics",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--algorithm",
        required=True,
        metavar="NAME",
        help=", ".join(ALGORITHM_NAMES) + ", an installed plugin, or engine:path=PROGRAM",
    )
    parser.add_argument(
        "--depth", type=positive_int, default=None, metavar="D", help="depth limit in plies (default: unlimited)"
    )
    parser.add_argument(
        "--time",
        type=time_budget,
        default=None,
        metavar="S",
        help="seconds: budget for perfect/mcts (default 1), a limit for others",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--board", default=None, metavar="B", help="position such as x.o/.x./..o (default: the empty board)"
    )
    add_size_argument(where)
    add_k_argument(parser)
    parser.add_argument("--seed", type=seed_int, default=None, metavar="S", help="seed for random and mcts")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--exact",
        action="store_true",
        help="perfect only: search without a time limit until the answer "
        "is exact (Ctrl+C stops with the best answer so far)",
    )
    add_cache_argument(parser)
    parser.add_argument(
        "--per-round",
        action="store_true",
        help="play the search against itself from the position to the end of "
        "the game and print the nodes of its search at each round",
    )
    # Shared with trace: the same choices give the same counts.
    add_textbook_arguments(parser, engine_without=True)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    name = args.algorithm.strip()
    name = name if ":" in name else name.lower()  # an engine's path keeps its case
    board = board_from(args)
    if board.is_game_over():
        raise UsageError(game_over_text(board.notation(), board.status))
    if args.depth is not None and name not in DEPTH_ALGORITHMS:
        raise UsageError(f"--depth applies to {', '.join(DEPTH_ALGORITHMS)}; {excerpt(name)} would ignore it")
    if args.exact and args.per_round:
        raise UsageError("--per-round plays a whole game of searches: drop --exact")
    if args.exact:
        return _run_exact(name, board, args)
    if args.time is None:  # a time limit bounds any search
        _check_feasible(name, board, args.depth)
    # alphabeta-tt is a textbook search only: named alone, it runs with the default options.
    textbook = uses_textbook_options(args) or name == "alphabeta-tt"
    if args.per_round:
        return per_round(
            name, board, args, lambda position, first: _decide(name, position, args, textbook, line=False, note=first)
        )
    result = _decide(name, board, args, textbook)
    if result.cancelled:
        print(f"note: the search was stopped after {args.time:g} s; the move is the best found so far", file=sys.stderr)
    _print_result(board, result, args, textbook)
    return 0


def _decide(
    name: str, board: Board, args: argparse.Namespace, textbook: bool, *, line: bool = True, note: bool = True
) -> SearchResult:
    """One decision on ``board`` within ``--time`` (a limit for all but perfect and mcts)."""
    should_stop = never_stop
    if args.time is not None and name not in ("perfect", "mcts"):
        deadline = time.perf_counter() + args.time
        should_stop = lambda: time.perf_counter() >= deadline  # noqa: E731
    if textbook:
        return textbook_decision(name, board, args, should_stop, line=line, note=note)
    return search(name, board, args.depth, args.time, args.seed, should_stop)


def _print_result(
    board: Board, result: SearchResult, args: argparse.Namespace, textbook: bool = False, cached: bool | None = None
) -> None:
    """Print ``result``; ``cached`` (exact runs only) says whether it came from the cache."""
    data = result.as_dict()
    data = {key: data[key] for key in JSON_KEYS if key in data}
    if textbook:
        data["options"] = textbook_options_from(args).as_dict()
    if cached is not None:
        data["cached"] = cached
    if args.json:
        print(json.dumps(data), flush=True)
    else:
        if result.exact:
            data["plies"] = result.plies
        data["tie_note"] = _tie_note(board, result, args, textbook)
        print(search_text(board, data), flush=True)
        if textbook:
            print(f"  options      {textbook_options_from(args).label()}")
        if cached:
            print("  cached       yes: from the cache of solved positions (no search ran)")


def _tie_note(board: Board, result: SearchResult, args: argparse.Namespace, textbook: bool) -> str:
    """Whether the move is one of several equal ones, and the tie-break that chose it
    (``""`` for searches with no fixed order: random, MCTS, perfect, plugins)."""
    if result.move is None or result.cancelled:
        return ""
    if textbook:
        order = ORDERING_TIES[textbook_options_from(args).ordering]
    elif result.algorithm in ("minimax", "alphabeta"):
        order = CENTRE_FIRST  # the engine's search order (after an immediate win)
    else:
        return ""
    return tie_note(_equal_moves(board, result, args, textbook), order)


def _equal_moves(board: Board, result: SearchResult, args: argparse.Namespace, textbook: bool) -> int | None:
    """How many root moves are worth what the chosen one is, by the search's own values;
    ``None`` when that would cost a search far bigger than the one run."""
    assert result.move is not None
    cols = board.config.cols
    cells = board.legal_indices()
    chosen = result.move.row * cols + result.move.col
    if not textbook and len(result.move_scores) == len(cells):  # minimax values every move
        return equal_best(result.move_scores.values(), result.score)
    empty = len(cells)
    plies = empty if args.depth is None else min(args.depth, empty)
    if textbook and perm(empty, plies) <= MAX_LINES_TIES:
        value = limited_values(board, textbook_options_from(args), plies)
        return equal_best([value((cell,), never_stop) for cell in cells], value((chosen,), never_stop))
    if result.exact and board.geometry.cells <= MAX_CELLS_TIES:
        from tictactoe_qt.engine.analysis import analyze

        analysis = analyze(board, 0.5)
        if analysis.exact:
            scores = {value.move: value.score for value in analysis.moves}
            if textbook:  # +1/0/-1: a win is a win, however long it takes
                return equal_best([value.result for value in analysis.moves], result.result)
            return equal_best(scores.values(), scores.get(result.move))
    return None


def _run_exact(name: str, board: Board, args: argparse.Namespace) -> int:
    """``--exact``: the perfect searcher to the end, no time limit, Ctrl+C stops it."""
    if name != "perfect":
        raise UsageError(f"--exact works with --algorithm perfect, not {name}")
    if args.depth is not None or args.time is not None:
        raise UsageError("--exact searches to the end with no time limit: drop --depth and --time")
    if uses_textbook_options(args):
        raise UsageError("--exact does not take the textbook options")
    check_exact_size(board)
    from tictactoe_qt.engine.analysis import solve_exactly

    progress = progress_printer()
    with InterruptibleRun() as interruptible:
        warn_if_long(board)  # once Ctrl+C is caught: the note says it stops the run cleanly
        try:
            result, cached = solve_exactly(board, interruptible.should_stop, None, progress, solved_cache(args))
        finally:
            end_progress_line(progress)
    if interruptible.interrupted:
        print("note: interrupted; the move is the best found so far (not exact)", file=sys.stderr)
    _print_result(board, result, args, cached=cached)
    return INTERRUPTED if interruptible.interrupted else 0


def search(
    name: str, board: Board, depth: int | None, seconds: float | None, seed: int | None, should_stop: ShouldStop
) -> SearchResult:
    """One decision by the algorithm called ``name``.

    Raises:
        UsageError: an unknown algorithm, a human, or one this build does not have.
    """
    if name == "human":
        raise UsageError(human_refused())
    try:
        if name == "minimax":
            from tictactoe_qt.engine.search import minimax_search

            return minimax_search(board, depth, should_stop)
        if name == "alphabeta":
            from tictactoe_qt.engine.search import alphabeta_search

            return alphabeta_search(board, depth, should_stop=should_stop)
        if name == "average":
            from tictactoe_qt.engine.search import average_search

            return average_search(board, depth, should_stop)
        if name == "perfect":
            from tictactoe_qt.engine.search import PerfectSearcher

            budget = 1.0 if seconds is None else seconds
            return PerfectSearcher(board.config).search(board, budget, depth, should_stop)
    except ImportError:
        raise UsageError(f"the {name} search is not available in this build") from None
    make_player("random")  # loads the registry
    if name not in ALGORITHMS:
        return other_player_decision(name, board, seconds, seed, should_stop)
    if name not in PLAYER_FACTORIES:
        raise UsageError(f"unknown algorithm {excerpt(name)}; choose from {', '.join(_known())}")
    spec = PlayerSpec(name, time=1.0 if seconds is None else seconds)
    return make_player(spec, seed).choose(board, should_stop)


def _known() -> list[str]:
    """The algorithm names this build can run (random and MCTS only where registered)."""
    return [a for a in ALGORITHM_NAMES if a not in ("random", "mcts") or a in PLAYER_FACTORIES]


def other_player_decision(
    text: str, board: Board, seconds: float | None, seed: int | None, should_stop: ShouldStop
) -> SearchResult:
    """One move of a plugin or an external engine (``engine:path=...``); ``--time`` is its limit.

    Raises:
        UsageError: no such player, or it forfeited (the reason is said).
    """
    try:
        spec = PlayerSpec.parse(text, computer_only=True)
    except PlayerSpecError as error:
        plugins = [name for name, info in discovered_plugins().items() if not info.broken]
        raise UsageError(
            f"unknown algorithm {excerpt(text)}; choose from {', '.join(_known() + plugins)}, or engine:path=PROGRAM"
        ) from error
    if seconds is not None:
        spec = replace(spec, time=seconds)
    check_playable(board.config, spec)
    player = make_player(spec, seed)
    try:
        return player.choose(board, should_stop)
    except PlayerForfeit as forfeit:
        raise UsageError(f"{spec} forfeits: {forfeit}") from None
    finally:
        close_player(player)


def search_lines(name: str, empty: int, depth: int | None) -> int:
    """Lines of play the search called ``name`` visits at least (alpha-beta) or at most."""
    plies = empty if depth is None else min(depth, empty)
    if name in PRUNED and plies < empty:
        return perm(empty, -(-plies // 2))
    return perm(empty, plies)


def _check_feasible(name: str, board: Board, depth: int | None) -> None:
    """Refuse searches that would run for hours, with an estimate of their size."""
    empty = board.empty.bit_count()
    if not _too_big(name, empty, depth):
        return
    deepest = max([d for d in range(1, empty) if not _too_big(name, empty, d)], default=1)
    plies = empty if depth is None else min(depth, empty)
    to_end = plies == empty
    if name in PRUNED and not to_end:
        plies = -(-plies // 2)
    count = f"{empty}!" if plies == empty else f"{empty}!/{empty - plies}!"
    bound = "at least" if name in PRUNED and not to_end else "up to"
    reach = "without a depth limit" if depth is None else f"to depth {depth}"
    raise UsageError(
        f"{name} {reach} would search {bound} {count} = {search_lines(name, empty, depth):.1e} "
        f"lines of play ({empty} empty cells on {board.config.size_text}), far too many to "
        f"finish; give --depth {deepest} or less, a --time limit, or use --algorithm perfect"
    )


def _too_big(name: str, empty: int, depth: int | None) -> bool:
    if name in ("minimax", "average"):
        return search_lines(name, empty, depth) > MAX_LINES_UNPRUNED
    if name in PRUNED:
        if depth is None or depth >= empty:
            return empty > MAX_EMPTY_FOR_PLAIN_ALPHABETA
        return search_lines(name, empty, depth) > MAX_LINES_ALPHABETA
    return False
