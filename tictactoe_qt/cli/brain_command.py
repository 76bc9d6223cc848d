"""``tictactoe-qt brain`` and ``pbrain-tictactoe-qt``: the engine as a Gomocup brain.

Gomoku managers (Piskvork, Gomocup-style tournament managers, other GUIs)
start the brain and talk to it over stdin and stdout; see
:mod:`tictactoe_qt.engine.gomocup`. Nothing but the protocol goes to stdout.
"""

from __future__ import annotations

import argparse
import sys

from tictactoe_qt import __version__
from tictactoe_qt.engine.game import MAX_SIZE, MIN_SIZE
from tictactoe_qt.engine.gomocup import DEFAULT_K, run_brain

from .arguments import OneLineParser

#: The name Gomocup managers look for (``pbrain-*``).
SCRIPT = "pbrain-tictactoe-qt"
_DESCRIPTION = (
    "Play as a Gomocup brain over stdin/stdout (the pbrain protocol: START, TURN x,y, BEGIN, "
    "BOARD ... DONE, INFO, RESTART, ABOUT, END; YXSTOP answers the best move so far at once). "
    "Coordinates are x,y = column,row from 0. "
    "Five in a row wins unless the manager sends the extension 'INFO k N'."
)


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("brain", help="play as a Gomocup brain over stdin/stdout", description=_DESCRIPTION)
    _add_arguments(parser)
    parser.set_defaults(run=run)


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--k",
        type=_k_value,
        default=DEFAULT_K,
        metavar="K",
        help=f"marks in a row that win until 'INFO k' says otherwise (default {DEFAULT_K})",
    )


def _k_value(text: str) -> int:
    if not text.strip().isdigit() or not MIN_SIZE <= int(text) <= MAX_SIZE:
        raise argparse.ArgumentTypeError(f"k must be a whole number from {MIN_SIZE} to {MAX_SIZE}, got {text[:20]!r}")
    return int(text)


def run(args: argparse.Namespace) -> int:
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]
    return run_brain(sys.stdin.buffer, sys.stdout, __version__, args.k)


def main() -> int:
    """The ``pbrain-tictactoe-qt`` console script: the brain, with no subcommand needed."""
    parser = OneLineParser(prog=SCRIPT, description=_DESCRIPTION)
    parser.add_argument("--version", action="version", version=f"{SCRIPT} {__version__}")
    _add_arguments(parser)
    try:
        args = parser.parse_args()
    except SystemExit as exit_request:
        return exit_request.code if isinstance(exit_request.code, int) else 0
    try:
        return run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the manager went away: nothing left to say
        return 0
