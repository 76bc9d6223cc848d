"""``simulate`` and ``tournament`` with worker processes, signalled as a shell or a logout does.

Each test starts the real command in its own session (so its process group
is its own), waits until its progress line on a terminal shows finished
games, then signals the whole group (``kill -SIG -- -PID``) or kills the
workers, and checks the partial report, the exit status, and that no
process of the group is left.
"""

from __future__ import annotations

import json
import os
import pty
import re
import select
import signal
import subprocess
import sys

import pytest

from .process_tree import ROOT, command, descendants, environment, group_members, wait_for

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

#: Seconds for anything that must not hang (a hang is what fails, not slowness).
BOUND = 120
#: Games of the simulate batch: 16 chunks of 500 (2 workers, 8 chunks each), so the
#: signal comes after a chunk or two of each worker, with over a second's worth of the
#: batch still to play even on an idle machine.
GAMES = 8000
SIMULATE = [
    "simulate",
    "--x",
    "random",
    "--o",
    "minimax:depth=1",
    "--size",
    "5",
    "--games",
    str(GAMES),
    "--workers",
    "2",
    "--seed",
    "1",
]
#: Games per pair of the tournament: six halves of 500 games, each through the pool, so
#: the first progress comes with over two seconds of the tournament still to play.
PAIR_GAMES = 1000
TOURNAMENT = [
    "tournament",
    "--player",
    "random",
    "--player",
    "minimax:depth=1",
    "--player",
    "alphabeta:depth=1",
    "--size",
    "5",
    "--games",
    str(PAIR_GAMES),
    "--workers",
    "2",
    "--seed",
    "1",
]
_DONE = re.compile(r"([\d,]+) / [\d,]+ games")


def _stop(signum: signal.Signals, report: str, to: str | None = None) -> object:
    """One case: the signal, JSON or not, and (for a tournament) sent to the whole group or not."""
    values = (signum, report == "json") if to is None else (signum, report == "json", to == "group")
    return pytest.param(*values, id="-".join(word for word in (signum.name, report, to) if word))


#: Each stop signal once, each report (JSON, text) at least once: the report is written
#: after the batch has stopped, the same way whichever signal stopped it.
SIMULATE_STOPS = [_stop(signal.SIGTERM, "json"), _stop(signal.SIGINT, "text"), _stop(signal.SIGHUP, "json")]
#: Every pair of (signal, report, sent to the group or to the command alone) once: what the
#: workers do depends on the signal and on whether they got it, never on the report.
TOURNAMENT_STOPS = [
    _stop(signal.SIGTERM, "json", "group"),
    _stop(signal.SIGTERM, "text", "process"),
    _stop(signal.SIGINT, "json", "process"),
    _stop(signal.SIGINT, "text", "group"),
    _stop(signal.SIGHUP, "json", "process"),
    _stop(signal.SIGHUP, "text", "group"),
]


class Session:
    """The command in its own session: stdout a pipe, stderr a terminal (so it shows progress)."""

    def __init__(self, args: list[str]) -> None:
        self.master, terminal = pty.openpty()
        self.process = subprocess.Popen(
            args,
            stdout=subprocess.PIPE,
            stderr=terminal,
            stdin=subprocess.DEVNULL,
            text=True,
            env=environment(),
            cwd=ROOT,
            start_new_session=True,
        )
        os.close(terminal)
        self.err = ""

    def wait_for_games(self) -> int:
        """Read the progress line until it shows finished games; how many."""
        while True:
            done = [int(n.replace(",", "")) for n in _DONE.findall(self.err)]
            if any(done):
                return max(done)
            assert self._read(), f"the command ended before any progress: {self.err!r}"

    def finish(self) -> str:
        """The command's stdout once it and everything in its group have ended."""
        while self._read():
            pass
        out, _ = self.process.communicate(timeout=BOUND)
        gone = wait_for(lambda: not group_members(self.process.pid), timeout=BOUND)
        assert gone, f"left running in the command's group: {group_members(self.process.pid)}"
        return out

    def kill_all(self) -> None:
        if group_members(self.process.pid):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=BOUND)
        os.close(self.master)

    def _read(self) -> bool:
        ready, _, _ = select.select([self.master], [], [], BOUND)
        assert ready, f"nothing from the command in {BOUND} s: {self.err!r}"
        try:
            chunk = os.read(self.master, 4096)
        except OSError:  # EIO: every holder of the terminal has closed it
            return False
        self.err += chunk.decode(errors="replace")
        return bool(chunk)


@pytest.fixture
def session():
    started: list[Session] = []

    def start(args: list[str]) -> Session:
        started.append(Session(command(*args)))
        return started[-1]

    yield start
    for one in started:
        one.kill_all()


def _stop_text(err: str, signum: int) -> None:
    assert f"stopping on {signal.Signals(signum).name}" in err, err
    assert "Traceback" not in err and "worker process died" not in err, err


@pytest.mark.parametrize(("signum", "json_output"), SIMULATE_STOPS)
def test_simulate_stopped_by_a_signal_to_its_group_reports_the_games_so_far(signum, json_output, session):
    run = session(SIMULATE + (["--json"] if json_output else []))
    seen = run.wait_for_games()
    os.killpg(run.process.pid, signum)
    out = run.finish()
    assert run.process.returncode == 128 + signum, run.err
    _stop_text(run.err, signum)
    if json_output:
        data = json.loads(out)
        assert data["cancelled"] is True and data["failure"] is None
        assert seen <= data["games"] == data["x_wins"] + data["o_wins"] + data["draws"] < GAMES
    else:
        games = int(re.match(r"([\d,]+) games of ", out).group(1).replace(",", ""))
        assert seen <= games < GAMES and "(stopped early)" in out.splitlines()[0]


@pytest.mark.parametrize(("signum", "json_output", "to_group"), TOURNAMENT_STOPS)
def test_tournament_stopped_by_a_signal_to_its_group_prints_the_table_so_far(signum, json_output, to_group, session):
    run = session(TOURNAMENT + (["--json"] if json_output else []))
    seen = run.wait_for_games()
    if to_group:
        os.killpg(run.process.pid, signum)
    else:
        run.process.send_signal(signum)
    out = run.finish()
    assert run.process.returncode == 128 + signum, run.err
    _stop_text(run.err, signum)
    if json_output:
        data = json.loads(out)
        assert data["cancelled"] is True and data["failure"] is None
        ranking = data["ranking"]
        played = sum(r["wins"] + r["draws"] + r["losses"] for r in ranking) // 2
        assert sum(r["wins"] for r in ranking) == sum(r["losses"] for r in ranking)
    else:
        played = int(re.search(r"per pair, ([\d,]+) games", out).group(1).replace(",", ""))
        assert "(stopped early: the games so far)" in out
    assert seen <= played < 3 * PAIR_GAMES


@pytest.mark.parametrize("args", [SIMULATE, TOURNAMENT], ids=["simulate", "tournament"])
def test_killing_every_worker_reports_the_games_played_with_one_line(args, session):
    run = session(args + ["--json"])
    seen = run.wait_for_games()
    # A tournament starts a pool per half of a pairing: the next one's workers may still be starting.
    workers = wait_for(lambda: descendants(run.process.pid), timeout=BOUND)
    assert workers, "no worker processes"
    for pid in workers:
        os.kill(pid, signal.SIGKILL)
    out = run.finish()
    assert run.process.returncode == 1, run.err
    text = run.err.replace("\x1b[K", "").replace("\r", "\n")
    errors = [line for line in text.splitlines() if line.strip() and not _DONE.search(line)]
    assert len(errors) == 1 and "a worker process died" in errors[0], run.err
    assert "Traceback" not in run.err
    data = json.loads(out)
    assert data["cancelled"] is True and "worker process died" in data["failure"]
    if args is SIMULATE:
        assert seen <= data["games"] == data["x_wins"] + data["o_wins"] + data["draws"] < GAMES
    else:
        assert seen <= sum(r["wins"] + r["draws"] + r["losses"] for r in data["ranking"]) // 2


def test_sigterm_to_one_worker_stops_the_batch_and_says_so(session):
    run = session(SIMULATE + ["--json"])
    seen = run.wait_for_games()
    workers = sorted(descendants(run.process.pid))
    os.kill(workers[0], signal.SIGTERM)
    out = run.finish()
    assert run.process.returncode == 128 + signal.SIGTERM, run.err
    assert "a worker process got SIGTERM" in run.err and "Traceback" not in run.err
    data = json.loads(out)
    assert data["cancelled"] is True and data["failure"] is None
    assert seen <= data["games"] == data["x_wins"] + data["o_wins"] + data["draws"] < GAMES
