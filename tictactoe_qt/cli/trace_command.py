"""``tictactoe-qt trace``: minimax or alpha-beta, one event per line, on a board or a tree."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from collections.abc import Iterator
from typing import Any

from tictactoe_qt.engine import SearchResult, ShouldStop, excerpt
from tictactoe_qt.engine.game import Board
from tictactoe_qt.engine.players import (
    ALGORITHMS,
    EVALUATIONS,
    FORMS,
    ORDERINGS,
    SCORINGS,
    OptionsError,
    TextbookOptions,
    estimate_note,
)
from tictactoe_qt.engine.teaching import (
    DEFAULT_MAX_EVENTS,
    Event,
    TraceSummary,
    TraceTooLarge,
    TreeTextError,
    best_line,
    board_space,
    check_size,
    counted_search,
    excerpt_at,
    trace_events,
    tree_space,
)
from tictactoe_qt.engine.text import BOARD_NAMES

from .arguments import UsageError, add_k_argument, add_size_argument, board_from, positive_int
from .trace_text import event_text, head_text, options_label, summary_text

DESCRIPTION = f"""\
Trace one search, event by event: enter (a node), leaf (a utility or, at the
depth limit, an evaluation), return (a value back to the parent), alpha / beta
(a bound moves) and cutoff (the moves left unsearched). Paths are the moves from
the root, e.g. r1c3 > r2c1 (row 1, column 3, then row 2, column 1), or for
--tree children counted from 1, e.g. 1 > 2 (the first child's second child), as
the stepper counts them. --json keeps the engine's numbers, from 0: each move as
[row, col], each tree child as its index. The last
line is a summary: the root's value (side to move's view; for --tree the root MAX player's),
the best move, nodes (enter events, the root included) and cut-offs.

--tree takes a textbook tree: nested lists alternate MAX and MIN levels from a
MAX root, numbers are leaves, e.g. "[[3,12,8],[2,4,6],[14,5,2]]".

A trace longer than --max-events (default {DEFAULT_MAX_EVENTS:,}) is refused with
its estimated size: plain minimax from the empty 3x3 board makes 1,355,060 events.
With --json, infinite bounds print as Infinity and -Infinity (as Python writes them)."""


def add_textbook_arguments(parser: argparse.ArgumentParser, engine_without: bool = False) -> None:
    """``--ordering``, ``--scoring``, ``--evaluation`` and ``--form`` (shared with ``search``).

    ``engine_without``: left out altogether, these run the engine's own search
    (``search``), and the help says so; ``trace`` always runs the textbook search.
    """
    defaults = TextbookOptions()
    container: argparse._ActionsContainer = parser
    default = "default"
    if engine_without:
        container = parser.add_argument_group(
            "textbook search (minimax, alphabeta, alphabeta-tt)",
            textwrap.fill(  # the parser keeps descriptions as written
                "Without any of these four options, search runs the engine's own search "
                "(its own move order and scores, not what trace counts). Giving any of "
                "them runs the textbook search that trace and the stepper step, the others "
                f"at their defaults: {defaults.label()}.",
                78,
            ),
        )
        default = "textbook search default:"
    container.add_argument(
        "--ordering",
        default=None,
        metavar="O",
        help=f"move order: {', '.join(ORDERINGS)} ({default} {defaults.ordering})",
    )
    container.add_argument(
        "--scoring", default=None, metavar="S", help=f"end scores: {', '.join(SCORINGS)} ({default} {defaults.scoring})"
    )
    container.add_argument(
        "--evaluation",
        default=None,
        metavar="E",
        help=f"value at the depth limit: {', '.join(EVALUATIONS)} ({default} {defaults.evaluation})",
    )
    container.add_argument(
        "--form", default=None, metavar="F", help=f"alpha-beta form: {', '.join(FORMS)} ({default} {defaults.form})"
    )


def print_estimate_note(options: TextbookOptions, depth: int | None, board: Board) -> None:
    """On stderr, once: why this search may prefer an estimate to a win (when it may)."""
    note = estimate_note(options, depth, board.empty.bit_count())
    if note:
        print(f"note: {note[0].lower()}{note[1:]}", file=sys.stderr, flush=True)


def textbook_options_from(args: argparse.Namespace) -> TextbookOptions:
    """The options the textbook arguments ask for.

    Raises:
        UsageError: an unknown choice.
    """
    try:
        return TextbookOptions.parse(args.ordering, args.scoring, args.evaluation, args.form)
    except OptionsError as error:
        raise UsageError(str(error)) from None


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "trace",
        help="step through minimax or alpha-beta, one event per line",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--algorithm",
        required=True,
        metavar="NAME",
        help=", ".join(ALGORITHMS) + " (alpha-beta with a transposition table)",
    )
    parser.add_argument(
        "--depth",
        type=positive_int,
        default=None,
        metavar="D",
        help="depth limit in plies (default: to the end of the game)",
    )
    add_textbook_arguments(parser)
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--board", default=None, metavar="B", help="position such as x.o/.x./..o (default: the empty board)"
    )
    where.add_argument(
        "--tree", default=None, metavar="TREE", help='a textbook tree such as "[[3,12,8],[2,4,6],[14,5,2]]"'
    )
    add_size_argument(where)
    add_k_argument(parser)
    parser.add_argument(
        "--max-events",
        type=positive_int,
        default=DEFAULT_MAX_EVENTS,
        metavar="N",
        help=f"refuse longer traces (default {DEFAULT_MAX_EVENTS:,})",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    algorithm = args.algorithm.strip().lower()
    options = textbook_options_from(args)
    tree = args.tree is not None
    try:
        if tree:
            _refuse_board_arguments(args)
            space: Any = tree_space(args.tree, algorithm, options)
            title = f"{algorithm} on the tree {excerpt_at(args.tree.strip(), 0, 60)}"
        else:
            board = board_from(args)
            space = board_space(board, algorithm, options, args.depth)
            title = f"{algorithm} on {board.notation()}, {BOARD_NAMES.name(board.turn)} to move (MAX)"
        check_size(
            space,
            algorithm,
            lambda: trace_events(space, algorithm, options),
            args.max_events,
            what=f"{algorithm} trace of " + ("the tree" if tree else excerpt(board.notation())),
        )
    except (OptionsError, TreeTextError, TraceTooLarge) as error:
        raise UsageError(str(error)) from None
    except ValueError as error:  # a finished game
        raise UsageError(str(error)) from None
    if not tree:
        print_estimate_note(options, args.depth, board)
    events = trace_events(space, algorithm, options)
    label = options_label(algorithm, options, tree)
    summary = _print_events(events, args.json, options.form, title)
    if args.json:
        print(json.dumps(summary.as_dict()))
    else:
        print(summary_text(summary, label))
    return 0


def _print_events(events: Iterator[Event], as_json: bool, form: str, title: str) -> TraceSummary:
    summary = TraceSummary()
    write = sys.stdout.write
    if not as_json:
        write(head_text({"title": title, "form": form}) + "\n")
    dumps = json.dumps
    for event in events:
        summary.observe(event)
        write((dumps(event) if as_json else event_text(event, form)) + "\n")
    return summary


def _refuse_board_arguments(args: argparse.Namespace) -> None:
    for flag, value in (
        ("--depth", args.depth),
        ("--k", args.k),
        ("--scoring", args.scoring),
        ("--evaluation", args.evaluation),
    ):
        if value is not None:
            raise UsageError(f"{flag} does not apply to --tree (a tree's leaves are its values)")


def uses_textbook_options(args: argparse.Namespace) -> bool:
    """Whether any of ``--ordering/--scoring/--evaluation/--form`` was given."""
    return any(getattr(args, name) is not None for name in ("ordering", "scoring", "evaluation", "form"))


def textbook_decision(
    name: str, board: Board, args: argparse.Namespace, should_stop: ShouldStop, *, line: bool = True, note: bool = True
) -> SearchResult:
    """``search`` with textbook options: the traced search's nodes and cut-offs, counted.
    ``line`` plays out the best line (searched again, uncounted); ``note`` prints the
    note on estimates outranking wins where it applies.

    Raises:
        UsageError: an algorithm these options do not apply to, or a misfit option.
    """
    if name not in ALGORITHMS:
        raise UsageError(
            f"--ordering, --scoring, --evaluation and --form apply to {', '.join(ALGORITHMS)}, not {name!r}"
        )
    options = textbook_options_from(args)
    if note:
        print_estimate_note(options, args.depth, board)
    try:
        result = counted_search(board, name, options, args.depth, should_stop)
        if line and result.move is not None and not result.cancelled:
            result.pv = best_line(board, name, options, args.depth, result.move, should_stop)
        return result
    except ValueError as error:
        raise UsageError(str(error)) from None
