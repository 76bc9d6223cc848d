"""Real Dask processes for the cluster tests (``distributed`` comes with the test extra)."""

from __future__ import annotations

import copy
import functools
import gc
from contextlib import ExitStack

import pytest

from tests.cli.in_process import run_in_process

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


@pytest.fixture(scope="module", autouse=True)
def collect_the_modules_dask_garbage():
    """The rest of :func:`collect_dask_garbage`: at the end of the module, every object is
    looked at again, and what the tests' own collections could not free is freed."""
    yield
    gc.unfreeze()
    gc.collect()


@pytest.fixture(autouse=True)
def collect_dask_garbage(collect_the_modules_dask_garbage):
    """Run the finalizers of the Dask objects a test made as it ends: one that runs while
    Python 3.11 builds an AST (pytest compiling a module later) trips "AST constructor
    recursion depth mismatch".

    What exists as the test starts is frozen (out of the collector's sight) until the
    module ends, so the collection costs what the test made, not the whole heap of a long
    run; garbage that also holds older objects waits for the module's end.
    """
    gc.freeze()
    yield
    gc.collect()


@pytest.fixture
def cluster_timeouts():
    """``cluster_timeouts(answer=2, ...)`` sets the cluster route's timeouts in this process's
    Dask configuration until the test ends, as a user's ~/.config/dask file would."""
    import dask

    with ExitStack() as stack:
        yield lambda **seconds: stack.enter_context(dask.config.set(timeout_settings(**seconds)))


@pytest.fixture
def run_main(capsys):
    """Run ``tictactoe-qt ARGV`` in this process (see :func:`tests.cli.in_process.run_in_process`),
    for tests about what a command says; each door keeps a test through a real process."""
    return functools.partial(run_in_process, capsys)


@pytest.fixture(autouse=True)
def dask_settings_restored():
    """Dask's settings as they were before the test: a cluster route run in this process
    (the command, the dock) sets how long a lost worker is waited for from the test's
    connect timeout, which would otherwise hold for every later test here."""
    import dask
    import distributed  # noqa: F401  (its defaults belong to what is restored)

    saved = copy.deepcopy(dask.config.config)
    yield
    dask.config.config.clear()
    dask.config.config.update(saved)
