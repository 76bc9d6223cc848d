"""``--cluster`` at addresses that are not a Dask scheduler: one line within seconds, never a hang.

The command runs in this process, for its words; a peer that never answers and a
batch over TLS go through a real process, which must end as promptly.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from . import fake_servers
from .dask_here import cluster_here
from .dask_processes import ROOT, environment, refused_address

BATCH = ["simulate", "--x", "random", "--o", "random", "--games", "10", "--seed", "1"]
#: Seconds a command may take (a hang fails; the slowest bad address takes the connect timeout).
BOUND = 60
#: Seconds within which a bad address must have given its line: generous against a
#: loaded machine, far below the hang it replaces.
PROMPT = 30
#: The connect timeout set where a test waits it out (Dask's setting
#: tictactoe-qt.cluster.timeouts.connect): a peer that never answers is given up on after
#: it, and the line says so. A peer that must greet first (a thread of this process) gets
#: GREETED; one that answers at once (junk, a hang-up) keeps the default: no race either way.
CONNECT = 1
GREETED = 2


def simulate(*args: str, env: dict[str, str] | None = None) -> tuple[subprocess.CompletedProcess[str], float]:
    """The batch with ``args`` run by a real process with ``env``, and the seconds it took."""
    began = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "tictactoe_qt", *BATCH, *args],
        capture_output=True,
        text=True,
        env=env or environment(),
        cwd=ROOT,
        timeout=BOUND,
    )
    return result, time.monotonic() - began


@pytest.fixture
def simulate_here(run_main):
    """The batch with ``args`` run in this process, and the seconds it took."""

    def run(*args: str) -> tuple[SimpleNamespace, float]:
        began = time.monotonic()
        result = run_main(*BATCH, *args)
        return result, time.monotonic() - began

    return run


def _one_failing_line(result: subprocess.CompletedProcess[str] | SimpleNamespace, status: int) -> str:
    assert result.returncode == status, result.stderr
    assert result.stdout == ""
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1, result.stderr
    return result.stderr.strip()


@pytest.mark.parametrize(
    ("behaviour", "why", "timeouts", "in_a_process"),
    [
        (
            fake_servers.silent,
            f"it accepted the connection but sent nothing in {CONNECT} s",
            {"connect": CONNECT},
            True,  # the wait for a peer that never answers must not keep the process alive
        ),
        (fake_servers.http, f"it accepted the connection but sent nothing in {CONNECT} s", {"connect": CONNECT}, False),
        (fake_servers.junk, "something else listens there: it does not speak Dask's protocol", {}, False),
        (
            fake_servers.greets_then_silent,
            f"it greeted as a Dask scheduler, then did not answer in {GREETED} s",
            {"connect": GREETED},
            False,
        ),
        (fake_servers.hangs_up, "it closed the connection without a word", {}, False),
    ],
)
def test_a_port_that_is_not_a_scheduler_is_one_line_within_seconds(
    behaviour, why, timeouts, in_a_process, simulate_here, cluster_timeouts
):
    with fake_servers.FakeServer(behaviour) as server:
        if in_a_process:
            result, seconds = simulate("--cluster", server.address, env=environment(**timeouts))
        else:
            cluster_timeouts(**timeouts)
            result, seconds = simulate_here("--cluster", server.address)
        assert server.connections >= 1  # it really was asked
    line = _one_failing_line(result, 1)
    assert line.startswith(
        f"tictactoe-qt simulate: error: cannot reach the Dask scheduler at '{server.address}': {why}"
    ), line
    assert seconds < PROMPT, f"{seconds:.1f} s: {line}"


def test_a_workers_port_is_named_as_not_a_scheduler(simulate_here):
    # The worker (and its scheduler) run in this process: its port answers as any worker's.
    with cluster_here(workers=1) as cluster:
        (address,) = cluster.scheduler.workers
        result, seconds = simulate_here("--cluster", address)
    line = _one_failing_line(result, 1)
    assert line.startswith(
        f"tictactoe-qt simulate: error: cannot reach the Dask scheduler at "
        f"'{address}': it speaks Dask's protocol but does not answer as a "
        "scheduler (a worker's port?)"
    ), line
    assert seconds < PROMPT


def test_a_refused_port_is_one_line_within_seconds(simulate_here, cluster_timeouts):
    cluster_timeouts(connect=CONNECT)
    with refused_address() as address:
        result, seconds = simulate_here("--cluster", address)
    line = _one_failing_line(result, 1)
    assert line.endswith(f"at '{address}': nothing listens at that port (connection refused for {CONNECT} s)")
    assert seconds < PROMPT


@pytest.mark.parametrize(
    ("address", "why"),
    [
        ("udp://127.0.0.1:8786", "'udp://' does not reach a Dask scheduler"),
        ("http://127.0.0.1:8787", "'http://' does not reach a Dask scheduler"),
        ("tcp://127.0.0.1:18786/x", "nothing may follow the port of a scheduler's address, but '/x'"),
        ("tcp://127.0.0.1:8786x", "nothing may follow the port of a scheduler's address, but 'x'"),
        ("tcp://127.0.0.1:0", "a port is a number from 1 to 65535"),
        ("tcp://127.0.0.1", "the port is missing"),
        ("tcp://:8786", "a cluster is tcp://HOST:PORT"),
    ],
)
def test_a_malformed_address_is_a_usage_line_before_any_connection(address, why, simulate_here):
    result, seconds = simulate_here("--cluster", address)
    line = _one_failing_line(result, 2)
    assert line.startswith("tictactoe-qt simulate: error: argument --cluster: "), line
    assert why in line
    assert seconds < PROMPT


def test_tls_without_certificates_says_what_to_configure(simulate_here):
    with fake_servers.FakeServer(fake_servers.silent) as server:
        address = server.address.replace("tcp://", "tls://")
        result, seconds = simulate_here("--cluster", address)
        assert server.connections == 0  # nothing was sent anywhere without certificates
    line = _one_failing_line(result, 1)
    assert f"at '{address}': tls:// needs Dask's TLS certificates" in line
    assert seconds < PROMPT


@pytest.fixture(scope="module")
def tls_files(tmp_path_factory) -> tuple[Path, Path]:
    """A self-signed certificate and its key, made once for the module's TLS tests."""
    if shutil.which("openssl") is None:
        pytest.skip("needs the openssl command to make a certificate")
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=tictactoe-qt-test",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
        timeout=BOUND,
    )
    return cert, key


def test_tls_to_a_peer_that_does_not_speak_it_is_one_line(tls_files, simulate_here):
    import dask

    with fake_servers.FakeServer(fake_servers.junk) as server, dask.config.set(_tls_config(*tls_files)):
        address = server.address.replace("tcp://", "tls://")
        result, seconds = simulate_here("--cluster", address)
    line = _one_failing_line(result, 1)
    assert f"at '{address}': the TLS handshake failed" in line, line
    assert seconds < PROMPT


def _tls_config(cert: Path, key: Path) -> dict[str, str]:
    """Dask's TLS settings for the certificate and key."""
    return {
        "distributed.comm.tls.ca-file": str(cert),
        **{
            f"distributed.comm.tls.{role}.{part}": str(path)
            for role in ("client", "scheduler", "worker")
            for part, path in (("cert", cert), ("key", key))
        },
    }


def _tls_settings(cert: Path, key: Path) -> dict[str, str]:
    """The same as Dask's environment variables (``DASK_DISTRIBUTED__COMM__TLS__…``)."""
    return {
        "DASK_" + name.upper().replace(".", "__").replace("-", "_"): value
        for name, value in _tls_config(cert, key).items()
    }


def test_a_tls_scheduler_with_certificates_runs_the_batch(tls_files):
    from distributed.security import Security

    cert, key = tls_files
    roles = {
        f"tls_{role}_{part}": str(path)
        for role in ("scheduler", "worker", "client")
        for part, path in (("cert", cert), ("key", key))
    }
    # The scheduler and its worker run in this process: the point is the command reaching
    # them over TLS with Dask's certificate settings.
    with cluster_here(workers=1, security=Security(tls_ca_file=str(cert), require_encryption=True, **roles)) as cluster:
        address = cluster.scheduler_address
        result, _ = simulate("--cluster", address, "--json", env={**environment(), **_tls_settings(cert, key)})
    assert result.returncode == 0, result.stderr
    assert address.startswith("tls://")
    assert f"cluster {address}: 1 worker, 1 core" in result.stderr
