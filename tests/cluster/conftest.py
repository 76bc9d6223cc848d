"""Real Dask processes for the cluster tests (``distributed`` comes with the test extra)."""

from __future__ import annotations

import gc
from contextlib import ExitStack

import pytest

from .dask_here import scheduler_here
from .dask_processes import DaskProcesses, timeout_settings


@pytest.fixture(scope="module")
def two_workers(tmp_path_factory):
    """Two one-thread worker processes on 127.0.0.1, shared by a module's tests, which only
    submit work (none kills or freezes a process); their scheduler runs in the test process."""
    with scheduler_here(tmp_path_factory.mktemp("dask")) as dask:
        dask.add_worker()
        dask.add_worker()
        yield dask


@pytest.fixture
def fresh_dask(tmp_path):
    """A scheduler of the test's own; the test adds the workers it needs."""
    dask = DaskProcesses(tmp_path)
    try:
        yield dask
    finally:
        dask.stop()


@pytest.fixture
def dask_here(tmp_path):
    """A scheduler in the test process (not the test's point); the test adds worker processes."""
    with scheduler_here(tmp_path) as dask:
        yield dask


@pytest.fixture(autouse=True)
def collect_dask_garbage():
    """Run Dask objects' finalizers now: one that runs while Python 3.11 builds an AST (pytest
    compiling a module later) trips "AST constructor recursion depth mismatch"."""
    yield
    gc.collect()


@pytest.fixture
def cluster_timeouts():
    """``cluster_timeouts(answer=2, ...)`` sets the cluster route's timeouts in this process's
    Dask configuration until the test ends, as a user's ~/.config/dask file would."""
    import dask

    with ExitStack() as stack:
        yield lambda **seconds: stack.enter_context(dask.config.set(timeout_settings(**seconds)))
