"""Argument parsing shared by the subcommands: one-line errors, typed values."""

from __future__ import annotations

import argparse
import re
import sys
from typing import NoReturn

from tictactoe_qt.engine import EXCERPT_LIMIT, excerpt
from tictactoe_qt.engine.game import MAX_SIZE, MIN_SIZE, Board, GameConfig
from tictactoe_qt.engine.players import MAX_TIME, MIN_TIME, PlayerSpec, PlayerSpecError

#: Exit status for bad arguments (as argparse uses).
USAGE_ERROR = 2


class UsageError(ValueError):
    """Arguments that parse but make no sense together (reported in one line, exit 2)."""


class CommandFailed(RuntimeError):
    """A command that could not finish (reported in one line, exit 1)."""


class OneLineParser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose errors are one line on stderr, exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(USAGE_ERROR, f"{self.prog}: error: {one_line(message)} (try --help)\n")


def fail(prog: str, message: str) -> int:
    """Print a usage error in the parser's style and return its exit status."""
    print(f"{prog}: error: {one_line(message)}", file=sys.stderr)
    return USAGE_ERROR


def one_line(message: str) -> str:
    """``message`` on one line, any overlong word in it cut to an excerpt.

    Our own messages quote input through :func:`excerpt` already; this also
    bounds the ones argparse words itself (``unrecognized arguments: ...``).
    """
    message = _LINE_BREAK.sub(lambda found: repr(found.group())[1:-1], message)
    message = _LONG_WORD.sub(lambda word: excerpt(word.group()), message)
    return message if len(message) <= MAX_MESSAGE else f"{message[:MAX_MESSAGE]}…"


#: Characters that start a new line somewhere (those ``str.splitlines`` splits at).
_LINE_BREAK = re.compile("[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")
#: Longer than any excerpt with its quotes and escapes.
_LONG_WORD = re.compile(rf"\S{{{4 * EXCERPT_LIMIT},}}")
#: Characters of an error message at most (a last resort: words are cut first).
MAX_MESSAGE = 500


def positive_int(text: str) -> int:
    """A whole number of 1 or more."""
    return _whole_number_from(text, 1)


def non_negative_int(text: str) -> int:
    """A whole number of 0 or more."""
    return _whole_number_from(text, 0)


def seed_int(text: str) -> int:
    """Any whole number."""
    return _whole_number_from(text, None)


def _whole_number_from(text: str, minimum: int | None) -> int:
    """``text`` as a whole number of at least ``minimum`` (no bound when ``None``)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {excerpt(text)}") from None
    if minimum is not None and value < minimum:
        raise argparse.ArgumentTypeError(f"must be {minimum} or more, got {value}")
    return value


def time_budget(text: str) -> float:
    """Seconds per decision, within the players' allowed range."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {excerpt(text)}") from None
    if not MIN_TIME <= value <= MAX_TIME:
        raise argparse.ArgumentTypeError(
            f"must be from {MIN_TIME:g} to {MAX_TIME:g} seconds, got {excerpt(text.strip())}"
        )
    return value


def board_size(text: str) -> tuple[int, int]:
    """``R`` or ``RxC`` within the supported sizes."""
    try:
        config = GameConfig.parse(text, k=3)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return config.rows, config.cols


def player_spec(text: str) -> PlayerSpec:
    """A computer player spec such as ``minimax:depth=5``."""
    try:
        return PlayerSpec.parse(text, computer_only=True)
    except PlayerSpecError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_size_arguments(parser: argparse.ArgumentParser) -> None:
    """``--size R[xC]`` and ``--k K``."""
    add_size_argument(parser)
    add_k_argument(parser)


def add_size_argument(container: argparse._ActionsContainer) -> None:
    """``--size R[xC]`` (also into a mutually exclusive group)."""
    container.add_argument(
        "--size",
        type=board_size,
        default=(3, 3),
        metavar="R[xC]",
        help=f"board size, {MIN_SIZE} to {MAX_SIZE} each way (default 3x3)",
    )


def win_length(text: str) -> int:
    """``k``: a whole number of at least 3 (the upper bound depends on the board)."""
    value = _whole_number_from(text, None)
    if value < MIN_SIZE:
        raise argparse.ArgumentTypeError(
            f"k must be from {MIN_SIZE} to the longer side of the board "
            f"({MIN_SIZE} <= k <= max(rows, cols)), got {value}"
        )
    return value


def add_k_argument(parser: argparse.ArgumentParser) -> None:
    """``--k K``."""
    parser.add_argument(
        "--k",
        type=win_length,
        default=None,
        metavar="K",
        help="marks in a row to win, from 3 to the longer side (default: the shorter side)",
    )


def config_from(args: argparse.Namespace) -> GameConfig:
    """The game config that ``--size`` and ``--k`` describe.

    Raises:
        UsageError: ``k`` does not fit the size.
    """
    rows, cols = args.size
    try:
        return GameConfig(rows, cols, min(rows, cols) if args.k is None else args.k)
    except ValueError as error:
        raise UsageError(str(error)) from None


def board_from(args: argparse.Namespace) -> Board:
    """The position of ``--board`` (read with ``--k``), or an empty board of ``--size``/``--k``.

    Raises:
        UsageError: the board cannot be read.
    """
    if args.board is None:
        return Board(config_from(args))
    try:
        return Board.from_notation(args.board, args.k)
    except ValueError as error:
        raise UsageError(f"bad --board: {error}") from None
