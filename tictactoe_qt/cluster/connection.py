"""Connecting to a Dask scheduler (or starting a local cluster) and checking its workers."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any
from urllib.request import urlopen

from tictactoe_qt import __version__
from tictactoe_qt.engine.excerpt import excerpt
from tictactoe_qt.engine.worker_processes import default_workers, worker_limit

from . import ClusterError, probe, require_distributed

#: Seconds to reach a scheduler (and to wait for its first worker) before giving up.
CONNECT_TIMEOUT = 5.0
#: ``local`` alone: one worker process per core; ``local:N``: N, at most :func:`worker_limit`.
LOCAL = "local"


class AddressError(ValueError):
    """An address that is neither ``local``, ``local:N`` nor a scheduler's."""


@dataclass(frozen=True)
class ClusterAddress:
    """Where to run: a scheduler's address, or a local cluster of ``local_workers`` processes."""

    scheduler: str | None = None
    local_workers: int = 0

    @classmethod
    def parse(cls, text: str) -> ClusterAddress:
        """``tcp://host:8786``, ``host:8786``, ``local`` or ``local:N``."""
        text = text.strip()
        if text == LOCAL:
            return cls(local_workers=min(default_workers(), worker_limit()))
        if text.startswith(LOCAL + ":"):
            count = text[len(LOCAL) + 1 :]
            if not count.isdigit() or not 1 <= int(count) <= worker_limit():
                raise AddressError(f"local:N needs N from 1 to {worker_limit()}, got {excerpt(text)}")
            return cls(local_workers=int(count))
        host = text.split("://", 1)[-1]
        if not host or " " in text or ":" not in host:
            raise AddressError(f"a cluster is tcp://HOST:PORT, local or local:N, got {excerpt(text)}")
        return cls(scheduler=text)

    def __str__(self) -> str:
        return self.scheduler or f"{LOCAL}:{self.local_workers}"


@dataclass(frozen=True)
class ClusterInfo:
    """What a connected cluster offers."""

    workers: int
    cores: int
    dashboard: str | None = None

    def __str__(self) -> str:
        return f"{self.workers} worker{'s' * (self.workers != 1)}, {self.cores} core{'s' * (self.cores != 1)}"


class ClusterConnection:
    """A Dask client (and the local cluster it started, if any); close it when done."""

    def __init__(self, address: ClusterAddress, client: Any, cluster: Any = None) -> None:
        self.address = address
        self.client = client
        self._cluster = cluster

    def info(self) -> ClusterInfo:
        threads = self.client.nthreads()
        return ClusterInfo(len(threads), sum(threads.values()), self._dashboard())

    def _dashboard(self) -> str | None:
        """The dashboard's address, when its page answers (a scheduler without bokeh names one too)."""
        try:
            link = str(self.client.dashboard_link)
            with urlopen(link, timeout=0.5) as page:  # noqa: S310 - the scheduler's own page
                return link if page.status == 200 else None
        except (OSError, ValueError, KeyError):
            return None

    def close(self) -> None:
        """Disconnect, and end the local cluster's worker processes."""
        try:
            self.client.close(timeout=CONNECT_TIMEOUT)
        finally:
            if self._cluster is not None:
                self._cluster.close(timeout=CONNECT_TIMEOUT)

    def __enter__(self) -> ClusterConnection:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def connect(address: ClusterAddress, timeout: float = CONNECT_TIMEOUT) -> ClusterConnection:
    """Reach the scheduler (or start the local cluster) and check every worker.

    Raises:
        ClusterUnavailable: ``distributed`` is not installed.
        ClusterError: the scheduler cannot be reached, has no workers, or a
            worker runs another version of tictactoe-qt (or none).
    """
    require_distributed()
    from distributed import Client, LocalCluster

    _quiet_dask_logs()
    _give_up_on_lost_workers_after(timeout)
    cluster = None
    try:
        if address.scheduler is None:
            cluster = LocalCluster(n_workers=address.local_workers, threads_per_worker=1,
                                   processes=True, dashboard_address=":0")
            client = Client(cluster, timeout=timeout)
        else:
            client = Client(address.scheduler, timeout=timeout)
    except (OSError, TimeoutError) as error:
        if cluster is not None:
            cluster.close()
        why = f"no answer after {timeout:g} s" if "Timed out" in str(error) else _reason(error)
        raise ClusterError(f"cannot reach the Dask scheduler at {excerpt(str(address))}: {why}") from None
    connection = ClusterConnection(address, client, cluster)
    try:
        _wait_for_workers(client, address, timeout)
        check_versions(client)
    except BaseException:
        connection.close()
        raise
    return connection


def _wait_for_workers(client: Any, address: ClusterAddress, timeout: float) -> None:
    try:
        client.wait_for_workers(1, timeout=timeout)
    except (OSError, TimeoutError):
        raise ClusterError(f"the Dask scheduler at {excerpt(str(address))} has no workers "
                           f"after {timeout:g} s: start some with `dask worker {address}`") from None


def check_versions(client: Any) -> None:
    """Every worker must run this computer's tictactoe-qt version; else one line naming both."""
    for worker, version in sorted(run_everywhere(client, probe.installed_version).items()):
        if version is None:
            raise ClusterError(f"worker {worker} lacks tictactoe-qt (this computer runs "
                               f"{__version__}): pip install 'tictactoe-qt[cluster]=={__version__}' there")
        if version != __version__:
            raise ClusterError(f"worker {worker} runs tictactoe-qt {excerpt(str(version))}, this "
                               f"computer {__version__}: install the same version everywhere")


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
        results: dict[str, Any] = client.run(function, *args, on_error="return")
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


def _quiet_dask_logs() -> None:
    """Dask's own log lines would repeat the one-line errors this module gives."""
    for name in ("distributed", "distributed.client", "distributed.comm", "distributed.core"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
