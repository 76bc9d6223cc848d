"""The cluster route's timeouts: Dask settings people can change, one line when unusable."""

from __future__ import annotations

import pytest

from tictactoe_qt.cluster import ClusterError
from tictactoe_qt.cluster.timeouts import ANSWER, CONNECT, NO_WORKERS, ClusterTimeouts, configured_timeouts

from .dask_processes import refused_address


def test_unset_they_are_the_documented_bounds():
    assert configured_timeouts() == ClusterTimeouts(connect=5, answer=5, no_workers=10)


def test_each_is_read_from_dasks_configuration_as_a_duration():
    import dask

    with dask.config.set({CONNECT: "250ms", ANSWER: 3, NO_WORKERS: "2 minutes"}):
        assert configured_timeouts() == ClusterTimeouts(connect=0.25, answer=3, no_workers=120)


@pytest.mark.parametrize("value", ["soon", "0s", "-1", "", "nan"])
def test_a_value_that_is_no_positive_duration_is_one_line_naming_the_setting(value):
    import dask

    with dask.config.set({NO_WORKERS: value}), pytest.raises(ClusterError) as error:
        configured_timeouts()
    assert str(error.value) == (f"Dask's setting {NO_WORKERS} must be a duration above zero such as 5s, got {value!r}")


def test_the_command_line_says_so_in_one_line_before_connecting(run_main):
    # In this process, set as a user's Dask file would (the lost-cluster tests set the
    # timeouts by environment variable in real processes, and their lines say them).
    import dask

    with refused_address() as address, dask.config.set({CONNECT: "soon"}):
        result = run_main("simulate", "--x", "random", "--o", "random", "--games", "2", "--cluster", address)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr == (
        f"tictactoe-qt simulate: error: Dask's setting {CONNECT} must be a duration above zero such as 5s, got 'soon'\n"
    )
