"""Runs a worker pool the way a command does, for the group-signal test (in a session of its own).

Usage: ``python pool_driver.py DIR``. Prints ``ready METHOD`` once both workers
play, stops the batch on SIGINT, SIGTERM or SIGHUP as the command line does,
prints ``stopped PID PID`` with the workers that reported back, then
``again PID`` after a chunk on the same pool, then ``done``.
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from pathlib import Path
from types import FrameType

from tests.engine.processes.pool_chunks import play_until_stopped, worker_pid
from tictactoe_qt.engine.processes import WorkerPool, start_method


def main() -> int:
    folder = Path(sys.argv[1])
    # A second thread: the pool must use a fork server, whose helper a group signal used to end.
    threading.Thread(target=threading.Event().wait, daemon=True).start()
    pool = WorkerPool(2)

    def stop(signum: int, frame: FrameType | None) -> None:
        pool.stop()

    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, stop)
    try:
        marks = [folder / f"worker{i}" for i in range(2)]
        futures = [pool.submit(play_until_stopped, str(path)) for path in marks]
        while not all(path.exists() for path in marks):
            time.sleep(0.01)
        print("ready", start_method(), flush=True)
        print("stopped", *sorted(future.result() for future in futures), flush=True)
        pool.clear()
        print("again", pool.submit(worker_pid).result(), flush=True)
    finally:
        pool.shutdown()
    print("done", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
