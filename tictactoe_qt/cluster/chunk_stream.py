"""A bounded stream of chunks on the cluster, watched for a scheduler or workers that go away."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any, NoReturn

from tictactoe_qt.engine import ShouldStop, excerpt

from . import ClusterLost
from .bounded_call import CallTimedOut, within
from .connection import ClusterConnection
from .timeouts import ClusterTimeouts

#: Seconds between looks at ``should_stop`` while no chunk finishes.
POLL_SECONDS = 0.1
#: Seconds between questions to a scheduler that has no workers (at most: a shorter
#: no-workers timeout asks more often, so the run stops when that timeout says).
WORKERLESS_POLL_SECONDS = 1.0
#: ``Client.status`` while its scheduler is there.
_RUNNING = "running"


def stream_chunks(
    connection: ClusterConnection,
    futures: Iterator[Any],
    limit: int,
    merge: Callable[[Any], None],
    should_stop: ShouldStop,
) -> bool:
    """Keep ``limit`` of ``futures`` in flight and ``merge`` each result as it finishes.

    Results come in any order (their sums do not care). Each future is let go
    once merged, so the client holds at most ``limit`` at a time. Returns
    False when ``should_stop`` ended it early (the rest is cancelled).

    Raises:
        ClusterLost: the connection's scheduler went away or stopped answering (in
            its answer timeout), every worker was gone for its no-workers timeout
            (see :mod:`.timeouts`), or a chunk failed
            (Dask gives a chunk up after its workers died a few times). Everything
            merged before it stays merged.
    """
    from distributed import as_completed

    client = connection.client
    watch = _Watch(client, str(connection.address), connection.timeouts)
    finished = as_completed()
    running: set[Any] = set()

    def top_up() -> None:
        while len(running) < limit:
            future = next(futures, None)
            if future is None:
                return
            running.add(future)
            finished.add(future)

    try:
        top_up()
        while running:
            if should_stop():
                return False
            watch.scheduler_still_there()
            arrived = finished.next_batch(block=False) or _wait_a_little(finished)
            failure: ClusterLost | None = None
            for future in arrived:
                try:
                    result = watch.result(future, should_stop)
                except ClusterLost as lost:  # the other chunks that came back still count
                    failure = failure or lost
                    continue
                if result is None:
                    return False
                running.discard(future)
                merge(result)
                future.release()
            if failure is not None:
                raise failure
            if arrived:
                watch.heard_back()
            else:
                watch.workers_still_there()
            top_up()
        return True
    finally:
        if running and not watch.scheduler_gone:  # stopped or interrupted: nothing more is played for us
            try:
                within(watch.timeouts.answer, client.cancel, list(running), force=True)
            except (CallTimedOut, OSError, TimeoutError):
                pass  # the scheduler went as we stopped: nothing is played for us either


class _Watch:
    """Tells a cluster that is slow from one that is gone, and says which in one line."""

    def __init__(self, client: Any, address: str, timeouts: ClusterTimeouts) -> None:
        self.client = client
        self.address = excerpt(address)
        self.timeouts = timeouts
        self.scheduler_gone = False
        self._heard = time.monotonic()
        self._workerless_since: float | None = None

    def heard_back(self) -> None:
        self._heard = time.monotonic()
        self._workerless_since = None

    def scheduler_still_there(self) -> None:
        """Dask cancels every future the moment its client loses the scheduler."""
        if self.client.status != _RUNNING:
            self.scheduler_gone = True
            self._stop(f"the cluster's scheduler at {self.address} went away: the connection to it was lost")

    def workers_still_there(self) -> None:
        """Ask for the workers after an answer timeout of silence, and often once none is left."""
        now = time.monotonic()
        answer, no_workers = self.timeouts.answer, self.timeouts.no_workers
        wait = answer if self._workerless_since is None else min(WORKERLESS_POLL_SECONDS, no_workers / 4)
        if now - self._heard < wait:
            return
        self._heard = now
        try:
            threads = self.client.nthreads(callback_timeout=answer)
        except (OSError, TimeoutError):
            self.scheduler_still_there()
            self.scheduler_gone = True
            self._stop(f"the cluster's scheduler at {self.address} stopped answering: no reply in {answer:g} s")
        if threads:
            self._workerless_since = None
        elif self._workerless_since is None:
            self._workerless_since = now
        elif now - self._workerless_since >= no_workers:
            self._stop(f"every worker of the cluster at {self.address} has gone, and none joined in {no_workers:g} s")

    def result(self, future: Any, should_stop: ShouldStop) -> Any:
        """The future's result; None once ``should_stop``.

        A result kept on a worker that dies before it is fetched is computed
        again elsewhere, so even a finished future may have to wait.
        """
        from distributed import KilledWorker
        from distributed.client import FutureCancelledError
        from distributed.comm.core import CommClosedError

        broke: float | None = None
        while True:
            try:
                return future.result(timeout=self.timeouts.answer)
            except TimeoutError:  # Dask's TimeoutError is this one
                if should_stop():
                    return None
                self.scheduler_still_there()
                self.workers_still_there()
            except CommClosedError:  # the scheduler's connection broke as the result came back:
                # a scheduler that died says so within moments (the client's status changes)
                broke = time.monotonic() if broke is None else broke
                self.scheduler_still_there()
                if time.monotonic() - broke >= self.timeouts.answer:
                    self.scheduler_gone = True
                    self._stop(
                        f"the cluster's scheduler at {self.address} went away: the "
                        f"connection to it kept breaking for {self.timeouts.answer:g} s"
                    )
                time.sleep(POLL_SECONDS)
            except FutureCancelledError as error:
                self.scheduler_still_there()
                self._stop(f"the cluster cancelled a chunk ({_words(error.reason)}): the run stopped")
            except KilledWorker as error:
                self._stop(
                    f"the workers playing one chunk died {_words(error.allowed_failures + 1)} "
                    f"times, and Dask gave it up ({excerpt(str(error.last_worker.address))} "
                    f"was the last)"
                )
            except Exception as error:  # noqa: BLE001 - the chunk raised on its worker: a line, not a traceback
                self._stop(f"a chunk failed on the cluster: {type(error).__name__}: {_words(error)}")

    @staticmethod
    def _stop(reason: str) -> NoReturn:
        raise ClusterLost(reason)


def _wait_a_little(finished: Any) -> list[Any]:
    time.sleep(POLL_SECONDS)
    return list(finished.next_batch(block=False))


def _words(value: object) -> str:
    """A value or error message on one short line."""
    text = " ".join(str(value).split()) or type(value).__name__
    return text if len(text) <= 120 else text[:117] + "..."
