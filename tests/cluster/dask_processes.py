"""Real ``dask scheduler`` and ``dask worker`` processes on 127.0.0.1, for the cluster tests."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: Seconds for a process to come up (a busy shared machine is slow, never this slow).
START_BOUND = 60


def is_running(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


@contextmanager
def refused_address() -> Iterator[str]:
    """A ``tcp://127.0.0.1:PORT`` address where nothing listens, for as long as the block runs.

    The port stays bound (never listening), so a connection is refused and no other
    process (a parallel test's scheduler) can take it meanwhile.
    """
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        yield f"tcp://127.0.0.1:{holder.getsockname()[1]}"


#: Dask's own diagnostics, slowed or off in the tests' Dask processes: an idle scheduler
#: and two workers otherwise spend 7 % of a core timing their event loops every 20 ms,
#: sampling their threads' stacks every 10 ms and the machine's load every 0.5 s. None of
#: it is what a test looks at (the dashboard's profiles and load charts).
QUIET_DIAGNOSTICS = {
    "DASK_DISTRIBUTED__ADMIN__TICK__INTERVAL": "1s",
    "DASK_DISTRIBUTED__ADMIN__SYSTEM_MONITOR__INTERVAL": "2s",
    "DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED": "False",
}


def environment(**timeouts: float) -> dict[str, str]:
    """The environment of a child of the tests: this copy of the package, Dask's diagnostics
    quiet, and any of the cluster route's timeouts (``connect``, ``answer``, ``no_workers``,
    in seconds) set as people set them, by Dask's environment variables."""
    return {**os.environ, "PYTHONPATH": str(ROOT), **QUIET_DIAGNOSTICS, **timeout_variables(**timeouts)}


def timeout_settings(**seconds: float) -> dict[str, str]:
    """Dask configuration keys and values for the cluster route's timeouts named in ``seconds``."""
    from tictactoe_qt.cluster.timeouts import ANSWER, CONNECT, NO_WORKERS

    keys = {"connect": CONNECT, "answer": ANSWER, "no_workers": NO_WORKERS}
    return {keys[name]: f"{value:g}s" for name, value in seconds.items()}


def timeout_variables(**seconds: float) -> dict[str, str]:
    """The same as Dask's environment variables (``DASK_TICTACTOE_QT__CLUSTER__TIMEOUTS__…``)."""
    return {
        "DASK_" + key.upper().replace(".", "__").replace("-", "_"): value
        for key, value in timeout_settings(**seconds).items()
    }


class DaskProcesses:
    """A scheduler and its workers started by a test; :meth:`stop` ends every one.

    ``processes[0]`` is the scheduler process, where the test started one.
    """

    def __init__(
        self, log_dir: Path, protocol: str = "tcp", env: dict[str, str] | None = None, scheduler: str | None = None
    ) -> None:
        """Start a scheduler process, or with ``scheduler`` (an address) add workers to that one."""
        self.log_dir = log_dir
        self.env = {**environment(), **(env or {})}
        self.processes: list[subprocess.Popen[bytes]] = []
        self.workers: list[subprocess.Popen[bytes]] = []
        if scheduler is not None:
            self.address = scheduler
            return
        # Port 0: the scheduler binds a free port itself (no race with parallel tests).
        self._start(
            [
                "scheduler",
                "--host",
                "127.0.0.1",
                "--port",
                "0",
                "--protocol",
                protocol,
                "--no-dashboard",
                "--dashboard-address",
                "127.0.0.1:0",
            ],
            "scheduler",
            "Scheduler at:",
        )
        found = re.search(
            rf"Scheduler at:\s*({protocol}://127\.0\.0\.1:\d+)", (log_dir / "scheduler.log").read_text(errors="replace")
        )
        assert found, "the scheduler did not say its address"
        self.address = found.group(1)

    def add_worker(self, *extra: str) -> subprocess.Popen[bytes]:
        """A worker of one process and one thread (no nanny: killing it loses it)."""
        process = self._start(
            [
                "worker",
                self.address,
                "--host",
                "127.0.0.1",
                "--nworkers",
                "1",
                "--nthreads",
                "1",
                "--no-nanny",
                "--no-dashboard",
                "--dashboard-address",
                "127.0.0.1:0",
                *extra,
            ],
            f"worker{len(self.workers)}",
            "Registered to:",
        )
        self.workers.append(process)
        return process

    def worker_address(self, index: int) -> str:
        """The address worker ``index`` listens at (as its log says)."""
        log = (self.log_dir / f"worker{index}.log").read_text(errors="replace")
        return log.split("Listening to:", 1)[1].split()[0]

    def _start(self, args: list[str], name: str, ready: str) -> subprocess.Popen[bytes]:
        log = self.log_dir / f"{name}.log"
        with log.open("wb") as sink:
            process = subprocess.Popen(
                [sys.executable, "-m", "dask", *args], stdout=sink, stderr=subprocess.STDOUT, env=self.env, cwd=ROOT
            )
        self.processes.append(process)
        deadline = time.monotonic() + START_BOUND
        while ready not in log.read_text(errors="replace"):
            if process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"dask {args[0]} did not start:\n{log.read_text()[-2000:]}")
            time.sleep(0.05)
        return process

    def stop(self) -> None:
        """End every process (workers at once, the scheduler politely), then make sure none is left."""
        for process in reversed(self.processes):
            if process.poll() is None:
                process.send_signal(signal.SIGKILL if process in self.workers else signal.SIGTERM)
        for process in reversed(self.processes):
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=15)
        left = [p.pid for p in self.processes if is_running(p.pid)]
        assert not left, f"dask processes left running: {left}"

    def wait_for_merged_chunks(self, prefix: str, count: int = 1) -> None:
        """Wait until a client has taken back ``count`` chunks whose keys begin ``prefix``.

        The batch's client lets a chunk go once it has counted it, and the
        scheduler then forgets it: so many forgotten chunks, so many counted.
        """
        self._wait_for_chunks(prefix, "forgotten", count)

    def wait_for_playing_chunks(self, prefix: str) -> None:
        """Wait until a worker plays a chunk whose key begins ``prefix``."""
        self._wait_for_chunks(prefix, "processing", 1)

    def _wait_for_chunks(self, prefix: str, state: str, count: int) -> None:
        from distributed import Client

        def counted(dask_scheduler) -> int:  # local, so it travels by value
            found = dask_scheduler.task_prefixes.get(prefix)
            return int(found.state_counts[state]) if found is not None else 0

        with Client(self.address, timeout=START_BOUND) as watcher:
            deadline = time.monotonic() + START_BOUND
            while watcher.run_on_scheduler(counted) < count:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"no {prefix} chunk was {state} in {START_BOUND} s")
                time.sleep(0.05)
