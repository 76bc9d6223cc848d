"""Connecting to a Dask scheduler (or starting a local cluster) and checking its workers."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any
from urllib.request import urlopen

from tictactoe_qt import __version__
from tictactoe_qt.engine import excerpt

from . import ClusterError, probe, require_distributed
from .address import LOCAL, AddressError, ClusterAddress
from .bounded_call import CallTimedOut, within
from .greeting import NotAScheduler, expect_greeting, tls_context
from .timeouts import ClusterTimeouts, configured_timeouts

__all__ = ["LOCAL", "AddressError", "ClusterAddress", "ClusterConnection", "ClusterInfo", "connect"]

#: Seconds for every worker to answer a check (milliseconds when well; a frozen worker
#: never answers, and Dask would wait for it for good).
CHECK_SECONDS = 20.0


@dataclass(frozen=True)
class ClusterInfo:
    """What a connected cluster offers."""

    workers: int
    cores: int
    dashboard: str | None = None

    def __str__(self) -> str:
        return f"{self.workers} worker{'s' * (self.workers != 1)}, {self.cores} core{'s' * (self.cores != 1)}"


class ClusterConnection:
    """A Dask client (and the local cluster it started, if any); close it when done.

    ``timeouts`` are the bounds read from Dask's configuration as it connected.
    """

    def __init__(self, address: ClusterAddress, client: Any, timeouts: ClusterTimeouts, cluster: Any = None) -> None:
        self.address = address
        self.client = client
        self.timeouts = timeouts
        self._cluster = cluster

    def info(self) -> ClusterInfo:
        """The workers and cores now.

        Raises:
            ClusterError: the scheduler did not answer within the connect timeout.
        """
        seconds = self.timeouts.connect
        try:
            threads = self.client.nthreads(callback_timeout=seconds)
        except (OSError, TimeoutError):
            raise ClusterError(
                f"the Dask scheduler at {excerpt(str(self.address))} did not say what workers it has in {seconds:g} s"
            ) from None
        return ClusterInfo(len(threads), sum(threads.values()), self._dashboard())

    def _dashboard(self) -> str | None:
        """The dashboard's address, when its page answers (a scheduler without bokeh names one too)."""
        try:
            link = str(self.client.dashboard_link)
            with urlopen(link, timeout=0.5) as page:
                return link if page.status == 200 else None
        except (OSError, ValueError, KeyError):
            return None

    def close(self) -> None:
        """Disconnect (within a bound, even from a frozen scheduler), and end the local
        cluster's worker processes."""
        seconds = self.timeouts.connect
        try:
            within(2 * seconds, self.client.close, timeout=seconds)
        except CallTimedOut:
            pass  # the client is left to its daemon thread; nothing of ours runs there
        finally:
            if self._cluster is not None:
                self._cluster.close(timeout=seconds)

    def __enter__(self) -> ClusterConnection:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def connect(address: ClusterAddress) -> ClusterConnection:
    """Reach the scheduler (or start the local cluster) and check every worker.

    Each step with a remote peer is bounded by the connect timeout of
    :mod:`.timeouts` (Dask's configuration, 5 s unless set): the
    scheduler's greeting (read on a plain socket first, see :mod:`.greeting`),
    Dask's own connection, the first worker and the version check. A Dask
    call that overruns is left to finish in a daemon thread (and its client
    closed then), so neither the caller nor the process's exit waits for it.

    Raises:
        ClusterUnavailable: ``distributed`` is not installed.
        ClusterError: one line naming the address: not a scheduler, unreachable,
            silent, no workers, or a worker that runs another version of
            tictactoe-qt (or none); or a timeout setting that is no duration.
    """
    require_distributed()
    timeouts = configured_timeouts()
    timeout = timeouts.connect
    quiet_dask_logs()
    _give_up_on_lost_workers_after(timeout)
    if address.scheduler is None:
        connection = _start_local(address, timeouts)
    else:
        connection = _reach(address, timeouts)
    try:
        _wait_for_workers(connection.client, address, timeout)
        check_versions(connection.client)
    except BaseException:
        connection.close()
        raise
    return connection


def _reach(address: ClusterAddress, timeouts: ClusterTimeouts) -> ClusterConnection:
    """A client of the scheduler at ``address``, once it has greeted as a Dask scheduler."""
    from distributed import Client

    timeout = timeouts.connect

    def cannot(why: str) -> ClusterError:
        return ClusterError(f"cannot reach the Dask scheduler at {excerpt(str(address))}: {why}")

    try:
        expect_greeting(address, timeout, tls_context(address))
        client = within(
            timeout, Client, address.scheduler, timeout=timeout, on_late=lambda late: _close_client(late, timeout)
        )
    except NotAScheduler as error:
        raise cannot(str(error)) from None
    except (CallTimedOut, TimeoutError):  # Dask's own timeouts say nothing ("TimeoutError")
        raise cannot(f"it greeted as a Dask scheduler, then did not answer in {timeout:g} s") from None
    except OSError as error:
        raise cannot(f"no answer after {timeout:g} s" if "Timed out" in str(error) else _reason(error)) from None
    except Exception as error:  # noqa: BLE001 - a Dask server that is no scheduler (a worker, a nanny)
        raise cannot(
            f"it speaks Dask's protocol but does not answer as a scheduler (a worker's "
            f"port?): {type(error).__name__}: {_reason(error)}"
        ) from None
    return ClusterConnection(address, client, timeouts)


def _start_local(address: ClusterAddress, timeouts: ClusterTimeouts) -> ClusterConnection:
    """A cluster of ``address.local_workers`` processes on this machine, and its client."""
    from distributed import Client, LocalCluster

    try:
        cluster = LocalCluster(
            n_workers=address.local_workers, threads_per_worker=1, processes=True, dashboard_address=":0"
        )
    except (OSError, TimeoutError) as error:
        raise ClusterError(f"cannot start the local Dask cluster {address}: {_reason(error)}") from None
    try:
        return ClusterConnection(address, Client(cluster, timeout=timeouts.connect), timeouts, cluster)
    except BaseException:
        cluster.close()
        raise


def _close_client(client: Any, timeout: float) -> None:
    """Close a client whose connection came too late to be used."""
    try:
        client.close(timeout=timeout)
    except Exception:  # noqa: BLE001 - best-effort close: the scheduler it reached is going or gone
        pass


def _wait_for_workers(client: Any, address: ClusterAddress, timeout: float) -> None:
    try:
        within(2 * timeout, client.wait_for_workers, 1, timeout=timeout)
    except (OSError, TimeoutError, CallTimedOut):
        raise ClusterError(
            f"the Dask scheduler at {excerpt(str(address))} has no workers "
            f"after {timeout:g} s: start some with `dask worker {address}`"
        ) from None


def check_versions(client: Any) -> None:
    """Every worker must run this computer's tictactoe-qt version; else one line naming both."""
    for worker, version in sorted(run_everywhere(client, probe.installed_version).items()):
        if version is None:
            raise ClusterError(
                f"worker {worker} lacks tictactoe-qt (this computer runs "
                f"{__version__}): pip install 'tictactoe-qt[cluster]=={__version__}' there"
            )
        if version != __version__:
            raise ClusterError(
                f"worker {worker} runs tictactoe-qt {excerpt(str(version))}, this "
                f"computer {__version__}: install the same version everywhere"
            )


def check_available(client: Any, programs: list[str], plugins: list[str], group: str) -> None:
    """Every worker must have the engine ``programs`` and the ``plugins``; else say who lacks what."""
    lacks: list[str] = []
    if programs:
        for worker, missing in sorted(run_everywhere(client, probe.missing_programs, programs).items()):
            lacks += [f"worker {worker} lacks the engine program {excerpt(path)}" for path in missing]
    if plugins:
        for worker, missing in sorted(run_everywhere(client, probe.missing_plugins, plugins, group).items()):
            lacks += [f"worker {worker} lacks the plugin {excerpt(name)}" for name in missing]
    if lacks:
        more = f" (and {len(lacks) - 1} more missing)" if len(lacks) > 1 else ""
        raise ClusterError(lacks[0] + more)


def run_everywhere(client: Any, function: Any, *args: Any) -> dict[str, Any]:
    """``function(*args)`` on every worker, sent as code (see :mod:`.probe`)."""
    import cloudpickle

    cloudpickle.register_pickle_by_value(probe)
    try:
        results: dict[str, Any] = within(CHECK_SECONDS, client.run, function, *args, on_error="return")
    except CallTimedOut:
        raise ClusterError(
            f"the cluster's workers did not answer a check in {CHECK_SECONDS:g} s (is one frozen?)"
        ) from None
    except (OSError, TimeoutError) as error:  # the scheduler went away meanwhile
        raise ClusterError(
            f"the cluster's scheduler went away while its workers were checked: {_reason(error)}"
        ) from None
    finally:
        cloudpickle.unregister_pickle_by_value(probe)
    for worker, result in results.items():
        if isinstance(result, BaseException):
            raise ClusterError(f"worker {worker} could not be checked: {_reason(result)}")
    return results


def _reason(error: BaseException) -> str:
    """An error's message on one short line."""
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= 120 else text[:117] + "..."


def _give_up_on_lost_workers_after(seconds: float) -> None:
    """Fetching a result from a worker that died waits this long, not Dask's 30 s, before
    Dask plays that chunk again elsewhere."""
    import dask

    dask.config.set({"distributed.comm.timeouts.connect": f"{seconds:g}s"})


def quiet_dask_logs() -> None:
    """Dask's own log lines would repeat the one-line errors this module gives, and its
    orphaned waits would print a traceback (see :func:`_not_dasks_orphaned_wait`)."""
    for name in ("distributed", "distributed.client", "distributed.comm", "distributed.core"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    logging.getLogger("asyncio").addFilter(_not_dasks_orphaned_wait)  # once: the same function


def _not_dasks_orphaned_wait(record: logging.LogRecord) -> bool:
    """False for asyncio's "Task exception was never retrieved" about Dask's ``AllExit``.

    A result waited for with a timeout (a chunk whose worker died) leaves Dask's
    inner waits behind when the timeout cancels it; once the run cancels that
    chunk, they end with ``AllExit``, Dask's own signal to stop waiting, which
    nobody reads, and asyncio prints it with a traceback after the run's line.
    """
    from distributed.client import AllExit

    return not (record.exc_info and isinstance(record.exc_info[1], AllExit))
