"""Shared test setup: Qt renders offscreen unless the caller chose a platform.

Every test gets its own folders (solved cache, recovery, engine log) and its own
process tag, so tests can run in parallel (``pytest -n``) and next to other
people's runs on the same machine without seeing each other's files or processes.
"""

import os
import signal
import uuid

import pytest
from hypothesis import settings

from tests.compiled_modules import keep_compiled_modules

keep_compiled_modules()  # before the imports below, and before any process starts

from tests.gomocup.fake_engines import fake_engine_program, forker_groups, vanishing_engine_program  # noqa: E402
from tests.gomocup.processes import PROCESS_TAG_ENV, group_members  # noqa: E402
from tictactoe_qt.engine.gomocup import ExternalEngine  # noqa: E402
from tictactoe_qt.engine.players import LOG_ENV  # noqa: E402

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# No per-example time limit: on a shared, loaded machine Hypothesis's 200 ms deadline
# turns a slow moment into a failure ("Flaky"); the properties are about values, not speed.
settings.register_profile("tests", deadline=None)
settings.load_profile("tests")

#: Attempts after the first for a ``timing`` test: another job stealing the
#: CPU can cause one slow run, while a real freeze fails every attempt.
TIMING_RERUNS = 2


#: Test workers per core under ``-n auto``. Many tests spend their time waiting on real
#: processes (a child's exit, a deadline, a silent scheduler), so one worker per core
#: leaves the cores idle a quarter of the run; two keep them busy.
WORKERS_PER_CORE = 2


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto`` starts two workers per usable core, unless ``PYTEST_XDIST_AUTO_NUM_WORKERS``
    names another number (then pytest-xdist's own rule applies)."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    return WORKERS_PER_CORE * len(os.sched_getaffinity(0))


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


@pytest.fixture(autouse=True)
def process_tag(monkeypatch):
    """A tag in the environment that every process the test starts inherits; the process
    checks (:func:`tests.gomocup.processes.running_with`) look only at processes that carry it."""
    tag = uuid.uuid4().hex
    monkeypatch.setenv(PROCESS_TAG_ENV, tag)
    return tag


@pytest.fixture(autouse=True)
def no_engine_log(monkeypatch):
    """Each test starts without an engine log; one the window creates is dropped afterwards
    (else the first test of a worker process would choose the log of every later one)."""
    monkeypatch.delenv(LOG_ENV, raising=False)


@pytest.fixture
def fake_engine(tmp_path):
    """``fake_engine(mode)``: the path of an executable that runs the fake brain in ``mode``
    (see ``tests/gomocup/fake_brain.py``); the brain gets that path as an extra argument."""

    def make(mode: str = "good") -> str:
        return fake_engine_program(tmp_path, mode)

    return make


@pytest.fixture
def vanishing_engine(tmp_path):
    """``vanishing_engine(kind)``: the path of an engine that goes at once
    (see ``VANISHING`` in ``tests/gomocup/fake_engines.py``).

    Each run of a ``forker`` adds its process group to ``PATH.pgid`` (see
    ``forker_groups``); whatever of them is left at the end is killed (the
    test asserts none was).
    """
    made = []

    def make(kind: str) -> str:
        program = vanishing_engine_program(tmp_path, kind)
        made.append(program)
        return str(program)

    yield make
    for program in made:
        for pgid in forker_groups(str(program)):
            for pid in group_members(pgid):
                os.kill(pid, signal.SIGKILL)


@pytest.fixture
def engines():
    """A list for the engines a test starts; each is closed at the end."""
    started: list[ExternalEngine] = []
    yield started
    for engine in started:
        engine.close()


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
