"""``tictactoe-qt check``: run a student's own search and hold it against the textbook's."""

from __future__ import annotations

import argparse
import json
import os
import sys

from tictactoe_qt.engine import write_text_atomically
from tictactoe_qt.engine.teaching import TreeTextError
from tictactoe_qt.engine.teaching.check import (
    CHECKED_ALGORITHMS,
    DEFAULT_NODE_LIMIT,
    DEFAULT_TIME_LIMIT,
    CaseReport,
    StudentCodeError,
    StudentSearch,
    check_cases,
    explanation_lines,
    summary_text,
    table_header,
    table_row,
)
from tictactoe_qt.learn import cases_for, template_path

from .arguments import UsageError, positive_int
from .stop_signals import exit_status, first_signal_stops

DESCRIPTION = f"""\
Check your own minimax or alpha-beta. FILE holds a function search(game, state)
that returns a move, written to the standard AI textbook's (AIMA's) interface:
game.actions(state), game.result(state, move), game.terminal_test(state),
game.utility(state, player), game.to_move(state), and game.depth_limit (None, or
the plies to search before calling utility). Name another function with
FILE:FUNCTION. Start from the template: --template my_search.py copies it.

Your code runs in a child process: each case may take --time-limit seconds
(default {DEFAULT_TIME_LIMIT:g}) and enter --node-limit nodes (default {DEFAULT_NODE_LIMIT:,}).
Every game.result call is a node entered; nodes are counted as trace counts
them (the root included). Each case says whether your move's value is right,
your nodes against the textbook's, which textbook search or known student
variant your trace is exactly, or else the first difference:
where (the moves from the root, e.g. r1c3 > r2c1) and why the textbook goes its way.

--json prints one object per case (case, value, reference_value, move, nodes,
reference_nodes, matches, first_difference, ok; moves and paths as [row, col]
from 0, or child indices), then a summary (cases, passed). Exit status: 0 when
every case passed, 1 when one differed, 2 for a usage error. Ctrl+C, SIGTERM or
SIGHUP stop your search and report the cases checked so far, with 128 + the
signal's number (130 for Ctrl+C); a second signal quits at once."""


def positive_seconds(text: str) -> float:
    """A number of seconds above 0."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text[:40]!r}") from None
    if not 0 < seconds < float("inf"):
        raise argparse.ArgumentTypeError(f"the time limit must be above 0 seconds, got {text!r}")
    return seconds


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "check",
        help="check your own minimax or alpha-beta against the textbook's",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "file", nargs="?", default=None, metavar="FILE[:FUNCTION]", help="your search (FUNCTION defaults to search)"
    )
    parser.add_argument(
        "--algorithm",
        default="alphabeta",
        choices=CHECKED_ALGORITHMS,
        help="what your search should be (default alphabeta)",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--board", default=None, metavar="B", help="a position such as x.o/.x./..o (default: the empty board)"
    )
    where.add_argument(
        "--tree", default=None, metavar="T", help='an exercise tree such as "[[3,12,8],[2,4,6],[14,5,2]]"'
    )
    where.add_argument(
        "--suite", action="store_true", help="the empty board, a dozen positions from real games, the exercise trees"
    )
    parser.add_argument(
        "--depth",
        type=positive_int,
        default=None,
        metavar="D",
        help="depth limit in plies, as game.depth_limit (board cases)",
    )
    parser.add_argument(
        "--time-limit",
        type=positive_seconds,
        default=DEFAULT_TIME_LIMIT,
        metavar="S",
        help=f"seconds per case (default {DEFAULT_TIME_LIMIT:g})",
    )
    parser.add_argument(
        "--node-limit",
        type=positive_int,
        default=DEFAULT_NODE_LIMIT,
        metavar="N",
        help=f"nodes per case (default {DEFAULT_NODE_LIMIT:,})",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per case")
    parser.add_argument(
        "--template",
        nargs="?",
        const="",
        default=None,
        metavar="PATH",
        help="print the template's path, or copy it to PATH",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.template is not None:
        return _template(args.template)
    if args.file is None:
        raise UsageError(
            "name the file with your search, e.g. tictactoe-qt check my_search.py "
            "(or --template my_search.py to start one)"
        )
    path, name = _file_and_function(args.file)
    if args.tree is not None and args.depth is not None:
        raise UsageError("--depth does not apply to --tree (a tree's leaves are its values)")
    cases = cases_for(args.board, args.tree, args.suite, args.depth)
    for case in cases:
        try:
            case.parsed_tree() if case.tree is not None else case.position()
        except TreeTextError as error:
            raise UsageError(f"bad --tree: {error}") from None
        except ValueError as error:
            raise UsageError(f"bad --board: {error}") from None
        if case.board is not None and case.position().is_game_over():
            raise UsageError(f"the game on {case.board} is already over: there is no move to search")
    shown: set[str] = set()

    def show(case: CaseReport) -> None:
        if case.traceback and case.traceback not in shown:
            shown.add(case.traceback)
            sys.stderr.write(case.traceback)
            sys.stderr.flush()
        print(json.dumps(case.as_dict()) if args.json else table_row(case), flush=True)

    if not args.json:
        print(table_header(), flush=True)
    stopped_by: list[int] = []
    student = StudentSearch(path, name, args.time_limit, args.node_limit)
    try:
        with first_signal_stops(stopped_by, kept="the cases checked so far", on_stop=student.stop_soon), student:
            report = check_cases(student, cases, args.algorithm, on_case=show)
    except StudentCodeError as error:
        raise UsageError(str(error)) from None
    if args.json:
        print(json.dumps(report.summary()))
    else:
        for line in explanation_lines(report):
            print(line)
        print(summary_text(report))
    return exit_status(stopped_by, not report.ok)


def _file_and_function(text: str) -> tuple[str, str]:
    path, name = text, "search"
    head, colon, tail = text.rpartition(":")
    if colon and tail.replace(".", "_").isidentifier():
        path, name = head, tail
    if os.path.isdir(path):
        raise UsageError(f"{path[:80]!r} is a folder; name the .py file with your search")
    if os.path.exists(path) and not os.path.isfile(path):
        raise UsageError(f"{path[:80]!r} is not a file; name the .py file with your search")
    if not os.path.isfile(path):
        raise UsageError(f"no such file: {path[:80]!r}")
    return path, name


def _template(target: str) -> int:
    source = template_path()
    if not target:
        print(source)
        return 0
    if os.path.isdir(target):
        target = os.path.join(target, "my_search.py")
    if os.path.exists(target):
        raise UsageError(f"{target[:80]!r} already exists; choose a new name")
    try:
        write_text_atomically(target, source.read_text(encoding="utf-8"))
    except OSError as error:
        raise UsageError(f"cannot write {target[:80]!r}: {error.strerror or error}") from None
    print(f"wrote {target}: fill in the TODOs, then run tictactoe-qt check {target}")
    return 0
