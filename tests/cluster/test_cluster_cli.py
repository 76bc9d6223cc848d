"""``simulate --cluster`` as people run it against real Dask processes on 127.0.0.1.

The runs that make a batch go through a real process; the lines a cluster that
cannot run it gives come from the command run in this process.
"""

from __future__ import annotations

import io
import json
import signal
import subprocess
import sys
import time
from contextlib import redirect_stdout

import pytest

from tictactoe_qt import __version__
from tictactoe_qt.cli.main import main

from .dask_processes import ROOT, environment, refused_address
from .totals import totals

BATCH = [
    "simulate",
    "--x",
    "random",
    "--o",
    "minimax:depth=1",
    "--size",
    "4",
    "--k",
    "3",
    "--games",
    "1000",
    "--seed",
    "7",
    "--swap",
    "--json",
]
#: Seconds a command may take here (a hang fails, not slowness).
BOUND = 60


def simulate(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tictactoe_qt", *args],
        capture_output=True,
        text=True,
        env=environment(),
        cwd=ROOT,
        timeout=BOUND,
    )


@pytest.fixture(scope="module")
def one_process_totals() -> dict:
    """The batch's totals as ``simulate`` prints them without a cluster (one process), played
    once, in this process, for the module's tests."""
    with redirect_stdout(io.StringIO()) as out:
        assert main(BATCH) == 0
    return totals(json.loads(out.getvalue()))


def test_a_cluster_batch_prints_the_totals_of_one_process(two_workers, one_process_totals):
    on_cluster = simulate(*BATCH, "--cluster", two_workers.address)
    assert on_cluster.returncode == 0, on_cluster.stderr
    assert totals(json.loads(on_cluster.stdout)) == one_process_totals
    assert f"cluster {two_workers.address}: 2 workers, 2 cores" in on_cluster.stderr


def test_a_local_cluster_gives_the_same_totals(one_process_totals):
    # One worker process: the route (a LocalCluster started and reached) is the same for
    # any N, and N=1 differs from what plain `local` starts on a machine of 2 cores or more.
    on_cluster = simulate(*BATCH, "--cluster", "local:1")
    assert on_cluster.returncode == 0, on_cluster.stderr
    assert totals(json.loads(on_cluster.stdout)) == one_process_totals
    assert json.loads(on_cluster.stdout)["workers"] == 1


def test_an_unreachable_scheduler_is_one_line_within_seconds(run_main, cluster_timeouts):
    cluster_timeouts(connect=1)
    with refused_address() as address:
        began = time.monotonic()
        result = run_main(*BATCH, "--cluster", address)
    assert time.monotonic() - began < 20  # 1 s to connect
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr
    assert "cannot reach the Dask scheduler at 'tcp://127.0.0.1:" in result.stderr
    assert result.stderr.endswith("(connection refused for 1 s)\n"), result.stderr


def _preload(tmp_path, code: str) -> str:
    script = tmp_path / "worker_preload.py"
    script.write_text(code)
    return str(script)


def test_a_worker_with_another_version_is_named_with_both_versions(dask_here, tmp_path, run_main):
    # The worker really imports tictactoe_qt; its preload only changes the version it reports.
    dask_here.add_worker("--preload", _preload(tmp_path, "import tictactoe_qt\ntictactoe_qt.__version__ = '0.0.9'\n"))
    result = run_main(*BATCH, "--cluster", dask_here.address)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr
    assert f"runs tictactoe-qt '0.0.9', this computer {__version__}" in result.stderr
    assert "worker tcp://127.0.0.1:" in result.stderr


def test_a_worker_without_the_package_is_named(dask_here, tmp_path, run_main):
    # As on a machine where it was never installed: importing it fails on that worker.
    dask_here.add_worker("--preload", _preload(tmp_path, "import sys\nsys.modules['tictactoe_qt'] = None\n"))
    result = run_main(*BATCH, "--cluster", dask_here.address)
    assert result.returncode == 1 and result.stderr.count("\n") == 1, result.stderr
    assert f"lacks tictactoe-qt (this computer runs {__version__})" in result.stderr


def test_without_the_extra_the_option_says_how_to_install_it(run_main, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as where it was never installed
    result = run_main(*BATCH, "--cluster", "local:2")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (
        "tictactoe-qt simulate: error: --cluster needs Dask's scheduler: pip install 'tictactoe-qt[cluster]'\n"
    )


def test_ctrl_c_cancels_the_chunks_and_prints_the_games_so_far(two_workers):
    endless = [*BATCH[:-6], "--games", "100000000", "--seed", "7", "--json"]
    process = subprocess.Popen(
        [sys.executable, "-m", "tictactoe_qt", *endless, "--cluster", two_workers.address],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment(),
        cwd=ROOT,
    )
    try:
        assert process.stderr.readline().startswith(f"cluster {two_workers.address}:")
        two_workers.wait_for_playing_chunks("tictactoe-chunk")  # chunks are out on the workers
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=BOUND)
    finally:
        process.kill()
    assert process.returncode == 130, err
    data = json.loads(out)
    assert data["cancelled"] is True and data["games"] < 100_000_000
    assert data["games"] == data["x_wins"] + data["o_wins"] + data["draws"]
    assert "SIGINT" in err and "Traceback" not in err
