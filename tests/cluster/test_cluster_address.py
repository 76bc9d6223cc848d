"""``--cluster ADDRESS`` forms: what is taken, and the one line for what is not (no Dask needed)."""

from __future__ import annotations

import pytest

from tictactoe_qt.cluster.address import AddressError, ClusterAddress


@pytest.mark.parametrize(
    ("text", "scheduler", "host", "port"),
    [
        ("tcp://10.0.0.5:8786", "tcp://10.0.0.5:8786", "10.0.0.5", 8786),
        ("10.0.0.5:8786", "tcp://10.0.0.5:8786", "10.0.0.5", 8786),
        (" TCP://sched.example.org:1 ", "tcp://sched.example.org:1", "sched.example.org", 1),
        ("tls://sched:65535", "tls://sched:65535", "sched", 65535),
        ("tcp://[::1]:8786", "tcp://[::1]:8786", "::1", 8786),
    ],
)
def test_a_schedulers_address_is_taken_in_one_form(text, scheduler, host, port):
    address = ClusterAddress.parse(text)
    assert address.scheduler == scheduler == str(address)
    assert address.host_and_port == (host, port)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("udp://10.0.0.5:8786", "'udp://' does not reach a Dask scheduler"),
        ("ws://10.0.0.5:8786", "'ws://' does not reach a Dask scheduler"),
        ("tcp://10.0.0.5:8786/status", "nothing may follow the port of a scheduler's address, but '/status'"),
        ("tcp://10.0.0.5:8786?x", "nothing may follow the port of a scheduler's address, but '?x'"),
        ("tcp://10.0.0.5:99999", "a port is a number from 1 to 65535"),
        ("tcp://10.0.0.5", "the port is missing"),
        ("tcp://tcp://10.0.0.5:8786", "a cluster is tcp://HOST:PORT"),
        ("::1:8786", "a cluster is tcp://HOST:PORT"),
        ("tcp://sched uler:8786", "a cluster is tcp://HOST:PORT"),
        ("", "a cluster is tcp://HOST:PORT"),
    ],
)
def test_any_other_form_is_one_line_quoting_it(text, why):
    with pytest.raises(AddressError) as error:
        ClusterAddress.parse(text)
    assert why in str(error.value) and "\n" not in str(error.value)
    assert repr(text.strip())[:20] in str(error.value)


def test_a_huge_address_is_quoted_in_short():
    with pytest.raises(AddressError) as error:
        ClusterAddress.parse("tcp://h:1/" + "x" * 100_000)
    assert len(str(error.value)) < 300
