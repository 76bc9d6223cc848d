"""Entry point of the ``tictactoe-qt`` command: the window, or a headless subcommand.

Subcommands never import Qt; only the bare command opens the window. Each
subcommand's module builds its parser and runs it; a command line that names
a subcommand imports that module alone, so a command imports what its own
work needs and not every other command's (:func:`build_parser`).
"""

from __future__ import annotations

import argparse
import importlib
import os
import select
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tictactoe_qt import __version__
from tictactoe_qt.engine import InvalidConfigError, NotationError
from tictactoe_qt.engine.play import TournamentError
from tictactoe_qt.engine.players import PlayerSpecError

from .arguments import CommandFailed, OneLineParser, UsageError, fail
from .plain_output import use_plain_fallback
from .stop_signals import INTERRUPTED

if TYPE_CHECKING:  # the modules of COMMANDS, which build_parser imports by name
    from . import (  # noqa: F401
        analyze_command,
        bench_command,
        brain_command,
        cache_command,
        check_command,
        count_command,
        players_command,
        search_command,
        simulate_command,
        tournament_command,
        trace_command,
    )

PROG = "tictactoe-qt"
#: Exit status when a command could not finish (a worker process died, say).
FAILED = 1


#: Each subcommand, in the order ``--help`` lists them, and its module (whose
#: ``add_parser`` names it so).
COMMANDS = {
    "analyze": "analyze_command",
    "simulate": "simulate_command",
    "search": "search_command",
    "count": "count_command",
    "bench": "bench_command",
    "trace": "trace_command",
    "brain": "brain_command",
    "tournament": "tournament_command",
    "players": "players_command",
    "cache": "cache_command",
    "check": "check_command",
}


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The command line: ``--version`` and one subparser per subcommand.

    Given the arguments to parse, only the subcommand they name is built, its
    module imported; none for no arguments (the window); all when they name
    none (``--help``, a mistyped command: the usage then offers every one).
    """
    parser = OneLineParser(
        prog=PROG,
        description="Tic-tac-toe and m,n,k-games with an engine that shows how it thinks. "
        "Without a subcommand the game window opens.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(title="subcommands", dest="command", metavar="COMMAND")
    named = _named_command(argv)
    for name, module in COMMANDS.items():
        if named in (None, name) and (argv is None or argv):
            importlib.import_module(f"{__package__}.{module}").add_parser(commands)
    return parser


def _named_command(argv: Sequence[str] | None) -> str | None:
    """The subcommand ``argv`` names: its first word not an option (the top level's
    options take no value), if that is a subcommand."""
    first = next((word for word in argv or () if not word.startswith("-")), None)
    return first if first in COMMANDS else None


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    use_plain_fallback()  # "µs", "α", "∞" as plain words where the terminal lacks them
    args_list = sys.argv[1:] if argv is None else argv
    parser = build_parser(args_list)
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exit_request:  # --help, --version, or a one-line usage error
        return exit_request.code if isinstance(exit_request.code, int) else 0
    if args.command is None:
        from tictactoe_qt.gui.app import run  # Qt is imported only here

        return run()
    try:
        status: int = args.run(args)
    except (UsageError, PlayerSpecError, InvalidConfigError, NotationError, TournamentError) as error:
        return fail(f"{PROG} {args.command}", str(error))
    except CommandFailed as error:
        fail(f"{PROG} {args.command}", str(error))
        return FAILED
    except KeyboardInterrupt:
        print(f"{PROG} {args.command}: interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError as error:
        if not stdout_is_closed():  # some other pipe broke: say so, in one line
            fail(f"{PROG} {args.command}", f"a pipe to another process broke ({error.strerror})")
            return FAILED
        # Piped into e.g. `head`, which stopped reading: not worth a traceback.
        # Point stdout at devnull so the flush at exit does not fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return status


def stdout_is_closed() -> bool:
    """True when nobody reads our stdout any more (its pipe's reader closed it)."""
    try:
        poller = select.poll()
        poller.register(sys.stdout.fileno(), select.POLLOUT)
        events = poller.poll(0)
    except (AttributeError, OSError, ValueError):  # no poll, or stdout is not a real file
        return False
    return any(event & (select.POLLERR | select.POLLHUP) for _, event in events)
