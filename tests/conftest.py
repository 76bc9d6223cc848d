"""Shared test setup: Qt renders offscreen unless the caller chose a platform."""

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

#: Attempts after the first for a ``timing`` test: another job stealing the
#: CPU can cause one slow run, while a real freeze fails every attempt.
TIMING_RERUNS = 2


@pytest.fixture(autouse=True)
def isolated_solved_cache(tmp_path_factory, monkeypatch):
    """Exact solves cache into a fresh folder per test, never the user's cache folder."""
    folder = tmp_path_factory.mktemp("solved-cache")
    monkeypatch.setenv("TICTACTOE_QT_CACHE_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def isolated_recovery(tmp_path_factory, monkeypatch):
    """Unsaved simulation runs are kept for recovery in a fresh folder per test (and in the
    programs it starts), never the user's data folder."""
    folder = tmp_path_factory.mktemp("recovery")
    monkeypatch.setenv("TICTACTOE_QT_RECOVERY_DIR", str(folder))
    return folder


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Give every ``@pytest.mark.timing`` test its reruns (pytest-rerunfailures).

    ``-p no:rerunfailures`` turns them off, to judge the timing tests by their
    first attempt (they are built to pass without reruns).
    """
    if not config.pluginmanager.hasplugin("rerunfailures"):
        return
    for item in items:
        if item.get_closest_marker("timing"):
            item.add_marker(pytest.mark.flaky(reruns=TIMING_RERUNS, reruns_delay=1))
