"""Real Dask processes for the cluster tests (``distributed`` comes with the test extra)."""

from __future__ import annotations

import gc

import pytest

from .dask_processes import DaskProcesses


@pytest.fixture(scope="module")
def two_workers(tmp_path_factory):
    """A scheduler and two one-thread workers on 127.0.0.1, shared by a module's tests."""
    dask = DaskProcesses(tmp_path_factory.mktemp("dask"))
    try:
        dask.add_worker()
        dask.add_worker()
        yield dask
    finally:
        dask.stop()


@pytest.fixture
def fresh_dask(tmp_path):
    """A scheduler of the test's own; the test adds the workers it needs."""
    dask = DaskProcesses(tmp_path)
    try:
        yield dask
    finally:
        dask.stop()


@pytest.fixture(autouse=True)
def collect_dask_garbage():
    """Run Dask objects' finalizers now: one that runs while Python 3.11 builds an AST (pytest
    compiling a module later) trips "AST constructor recursion depth mismatch"."""
    yield
    gc.collect()
