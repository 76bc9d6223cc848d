"""``--cluster ADDRESS``: run a command's chunks on a Dask cluster (the ``cluster`` extra)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from tictactoe_qt.cluster import INSTALL_HINT, ClusterError, ClusterUnavailable
from tictactoe_qt.cluster.connection import AddressError, ClusterAddress, ClusterConnection
from tictactoe_qt.engine.batch import BatchProgress
from tictactoe_qt.engine.config import GameConfig
from tictactoe_qt.engine.simulation_stats import SimulationSummary

from .arguments import CommandFailed, UsageError

HELP = ("run on a Dask cluster: a scheduler's tcp://HOST:PORT, or local / local:N for N "
        f"processes here (needs: pip install 'tictactoe-qt[cluster]')")


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
    info = connection.info()
    dashboard = f"; dashboard {info.dashboard}" if info.dashboard else ""
    print(f"cluster {address}: {info}{dashboard}", file=sys.stderr, flush=True)
    return connection


def cluster_batch(args: argparse.Namespace, config: GameConfig, progress: BatchProgress | None,
                  should_stop: Callable[[], bool]) -> SimulationSummary:
    """``simulate``'s batch on ``args.cluster``."""
    if args.workers != 1:
        raise UsageError("--workers and --cluster do not mix: the cluster's workers play the games")
    try:
        from tictactoe_qt.cluster.batch import run_cluster_batch
    except ImportError:  # pragma: no cover - a broken install
        raise UsageError(INSTALL_HINT) from None
    connection = open_cluster(args.cluster)
    try:
        return run_cluster_batch(connection, config, args.x, args.o, args.games, args.seed,
                                 args.swap, progress, should_stop)
    except ClusterError as error:
        raise CommandFailed(str(error)) from None
    finally:
        _close_quietly(connection)


def _close_quietly(connection: Any) -> None:
    try:
        connection.close()
    except Exception:  # pragma: no cover - the scheduler went away first
        pass
