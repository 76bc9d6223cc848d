"""``--cluster ADDRESS``: run a command's chunks on a Dask cluster (the ``cluster`` extra)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tictactoe_qt.cluster import INSTALL_HINT, ClusterError, ClusterLost, ClusterUnavailable
from tictactoe_qt.cluster.address import AddressError, ClusterAddress  # not the connection: ssl, urllib
from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.play import BatchProgress, SimulationSummary, TournamentResult, parse_players
from tictactoe_qt.engine.players import PlayerSpec, check_playable

from .arguments import CommandFailed, UsageError
from .stop_signals import first_signal_stops

if TYPE_CHECKING:
    from tictactoe_qt.cluster.connection import ClusterConnection

HELP = (
    "run on a Dask cluster: a scheduler's tcp://HOST:PORT, or local / local:N for N "
    "processes here (needs: pip install 'tictactoe-qt[cluster]')"
)


def add_cluster_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--cluster", type=cluster_address, default=None, metavar="ADDRESS", help=HELP)


def cluster_address(text: str) -> ClusterAddress:
    try:
        return ClusterAddress.parse(text)
    except AddressError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def open_cluster(address: ClusterAddress) -> ClusterConnection:
    """Connect and check the workers, telling stderr what was found; errors are one line.

    Raises:
        UsageError: ``distributed`` is not installed (the line says how to install it).
        CommandFailed: the cluster cannot run the work.
    """
    from tictactoe_qt.cluster.connection import connect

    try:
        connection = connect(address)
    except ClusterUnavailable:
        raise UsageError(INSTALL_HINT) from None
    except ClusterError as error:
        raise CommandFailed(str(error)) from None
    try:
        info = connection.info()
    except ClusterError as error:
        _close_quietly(connection)
        raise CommandFailed(str(error)) from None
    dashboard = f"; dashboard {info.dashboard}" if info.dashboard else ""
    print(f"cluster {address}: {info}{dashboard}", file=sys.stderr, flush=True)
    return connection


def cluster_batch(
    args: argparse.Namespace, config: GameConfig, progress: BatchProgress | None, should_stop: Callable[[], bool]
) -> SimulationSummary:
    """``simulate``'s batch on ``args.cluster``.

    A cluster lost mid-batch is one line on stderr, and the summary of the games
    finished before, marked ``cancelled`` (as after Ctrl+C).
    """
    if args.workers != 1:
        raise UsageError("--workers and --cluster do not mix: the cluster's workers play the games")
    try:
        from tictactoe_qt.cluster.batch import run_cluster_batch
    except ImportError:  # pragma: no cover - a broken install
        raise UsageError(INSTALL_HINT) from None
    connection = open_cluster(args.cluster)
    try:
        _check_players(connection, [args.x, args.o])
        return run_cluster_batch(
            connection, config, args.x, args.o, args.games, args.seed, args.swap, progress, should_stop
        )
    except ClusterLost as lost:
        _say_lost(args.command, lost, progress is not None)
        partial: SimulationSummary = lost.partial
        return partial
    except ClusterError as error:
        raise CommandFailed(str(error)) from None
    finally:
        _close_quietly(connection)


def cluster_tournament(args: argparse.Namespace, config: GameConfig) -> TournamentResult:
    """``tournament``'s round robin on ``args.cluster``; the first Ctrl+C keeps the games so far."""
    from tictactoe_qt.cluster.tournament import run_cluster_round_robin

    if args.workers != 1:
        raise UsageError("--workers and --cluster do not mix: the cluster's workers play the games")
    check_playable(config, *parse_players(args.player))  # bad entrants: an error before connecting
    connection = open_cluster(args.cluster)
    stopped_by: list[int] = []
    try:
        with first_signal_stops(stopped_by):
            return run_cluster_round_robin(
                connection, config, args.player, args.games, args.seed, lambda: bool(stopped_by)
            )
    except ClusterLost as lost:
        _say_lost(args.command, lost)
        partial: TournamentResult = lost.partial
        return partial
    except ClusterError as error:
        raise CommandFailed(str(error)) from None
    finally:
        _close_quietly(connection)


def _say_lost(command: str, lost: ClusterLost, after_progress: bool = False) -> None:
    """The one line for a cluster lost mid-run; the games finished before are printed next."""
    start = "\n" if after_progress else ""  # below the progress line, not on it
    print(
        f"{start}tictactoe-qt {command}: stopped: {lost}; the games finished before are reported",
        file=sys.stderr,
        flush=True,
    )


def _check_players(connection: ClusterConnection, specs: list[PlayerSpec]) -> None:
    """External engines and plugins must be on every worker (else one line: who lacks what)."""
    from tictactoe_qt.cluster.connection import check_available
    from tictactoe_qt.engine.players import GROUP

    check_available(
        connection.client,
        sorted({s.path or "" for s in specs if s.kind == "engine"}),
        sorted({s.kind for s in specs if s.is_plugin}),
        GROUP,
    )


def _close_quietly(connection: Any) -> None:
    try:
        connection.close()
    except Exception:  # noqa: BLE001 - best-effort close; the scheduler may be gone. pragma: no cover
        pass
