"""A Dask scheduler (or a whole cluster) inside the test process, on 127.0.0.1 over TCP.

For tests whose point is a worker or the client, not a separate scheduler process: it
costs a few milliseconds of CPU where a ``dask scheduler`` process costs a second. A
test that kills or freezes the scheduler starts a real one (:class:`DaskProcesses`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from .dask_processes import QUIET_DIAGNOSTICS, DaskProcesses

if TYPE_CHECKING:
    from distributed import LocalCluster
    from distributed.security import Security


def _quiet_settings() -> dict[str, str]:
    """:data:`QUIET_DIAGNOSTICS` as Dask configuration keys for this process."""
    return {
        name.removeprefix("DASK_").lower().replace("__", ".").replace("_", "-"): value
        for name, value in QUIET_DIAGNOSTICS.items()
    }


@contextmanager
def cluster_here(workers: int = 0, security: Security | None = None) -> Iterator[LocalCluster]:
    """A scheduler in this process with ``workers`` one-thread workers here too (over TLS
    with ``security``)."""
    import dask
    from distributed import LocalCluster

    with (
        dask.config.set(_quiet_settings()),
        LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=False,
            protocol="tcp" if security is None else "tls",
            security=security,
            host="127.0.0.1",
            scheduler_port=0,
            # Dask's plain HTTP routes on a free loopback port, without the dashboard.
            dashboard_address="127.0.0.1:0",
            scheduler_kwargs={"dashboard": False},
        ) as cluster,
    ):
        yield cluster


@contextmanager
def scheduler_here(log_dir: Path) -> Iterator[DaskProcesses]:
    """A scheduler in this process; the test adds worker processes to it as to any."""
    with cluster_here() as cluster:
        dask = DaskProcesses(log_dir, scheduler=cluster.scheduler_address)
        try:
            yield dask
        finally:
            dask.stop()
