"""What Dask would print beside the cluster route's one-line messages."""

from __future__ import annotations

import asyncio
import gc
import logging

import pytest

pytest.importorskip("distributed")

from distributed.client import AllExit

from tictactoe_qt.cluster.connection import quiet_dask_logs


async def _fail(error: Exception) -> None:
    raise error


def _never_retrieved(error: Exception) -> None:
    """A task that fails with ``error`` and is dropped unread, as Dask's orphaned waits are."""

    async def run() -> None:
        task = asyncio.get_running_loop().create_task(_fail(error))
        await asyncio.sleep(0.01)
        assert task.done()
        del task
        gc.collect()

    asyncio.run(run())


def test_an_orphaned_dask_wait_prints_no_traceback_and_other_task_errors_still_do(caplog):
    quiet_dask_logs()
    caplog.set_level(logging.ERROR, logger="asyncio")
    _never_retrieved(AllExit())
    assert not caplog.records, caplog.text
    _never_retrieved(ValueError("a real bug"))
    assert "Task exception was never retrieved" in caplog.text and "a real bug" in caplog.text
