"""The request-serving child shared by the game's engine and the analysis views.

Each test states one rule of :class:`Service`: when it is ready, what
stop and kill do (also while it starts or works, and from two threads at
once), and that a child that dies is an error message, never a hang. Wall
clock bounds here are generous: they tell "ends promptly" from "hangs".
"""

from __future__ import annotations

import os
import threading
import time

import pytest

from tictactoe_qt.engine.errors import FAILURE_TEXT_LIMIT, ProcessFailure, failure_text
from tictactoe_qt.engine.processes import (
    CANCEL_GRACE_SECONDS,
    Service,
    ServiceCancelled,
    ServiceError,
)

from .service_handlers import dies_while_starting, ready_at_once, slow_to_start

#: Far longer than any step takes, far shorter than a hang.
PROMPT = 20.0
NEVER = lambda: False  # noqa: E731


@pytest.fixture
def make_child():
    children: list[Service] = []

    def make(factory=ready_at_once) -> Service:
        child = Service("test", factory)
        children.append(child)
        return child

    yield make
    for child in children:
        child.kill()
        assert not child.is_running


def in_thread(function, *args):
    """Run ``function(*args)`` in a thread; returns the thread and a list for its outcome."""
    outcome: list = []

    def run() -> None:
        try:
            outcome.append(("returned", function(*args)))
        except Exception as error:  # noqa: BLE001 - the test inspects it
            outcome.append(("raised", error))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, outcome


def busy_request(child: Service, kind: str):
    """Start a ``kind`` request in a thread; returns once the child works on it."""
    started = threading.Event()
    thread, outcome = in_thread(child.request, (kind, 60), NEVER, lambda _: started.set())
    assert started.wait(PROMPT), outcome
    return thread, outcome


def pid_is_gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_ready_after_the_handshake_and_requests_reuse_the_child(make_child):
    child = make_child()
    assert not child.is_ready and not child.is_running
    assert child.wait_until_ready()
    assert child.is_ready
    pid = child.request(("pid", None), NEVER)[1]
    assert pid == child.pid
    assert child.request(("echo", [1, "two"]), NEVER) == ("ok", [1, "two"])
    assert child.request(("pid", None), NEVER)[1] == pid  # one child serves them all


def test_two_threads_waiting_for_ready_both_see_it(make_child):
    # The window's wait_for_engine() and the search thread's warm-up wait together:
    # only one may read the child's "ready", and neither may block on the pipe.
    for _ in range(3):
        child = make_child()
        waits = [in_thread(child.wait_until_ready, 20.0) for _ in range(2)]
        for thread, _ in waits:
            thread.join(PROMPT)
        assert [outcome for _, outcome in waits] == [[("returned", True)]] * 2
        assert child.request(("echo", 1), NEVER) == ("ok", 1)
        child.kill()


def test_progress_reaches_the_caller_in_order(make_child):
    child = make_child()
    seen: list = []
    assert child.request(("progress", 5), NEVER, seen.append) == ("ok", 5)
    assert seen == [0, 1, 2, 3, 4]


def test_a_failing_request_is_an_error_and_the_child_lives_on(make_child):
    child = make_child()
    with pytest.raises(ServiceError, match="ValueError: bad input"):
        child.request(("raise", "bad input"), NEVER)
    assert child.request(("echo", "still here"), NEVER) == ("ok", "still here")


def test_cancel_reaches_the_child_and_it_answers(make_child):
    child = make_child()
    assert child.wait_until_ready()
    cancel = threading.Event()
    threading.Timer(0.2, cancel.set).start()
    assert child.request(("busy", 60), cancel.is_set) == ("ok", "stopped")
    assert child.is_ready


def test_a_child_ignoring_a_cancel_is_killed_after_the_grace_time(make_child):
    child = make_child()
    assert child.wait_until_ready()
    pid = child.pid
    started = time.monotonic()
    with pytest.raises(ServiceCancelled):
        child.request(("deaf", 60), lambda: True)
    assert time.monotonic() - started < CANCEL_GRACE_SECONDS + PROMPT
    assert pid_is_gone(pid)
    assert child.request(("pid", None), NEVER)[1] != pid  # the next request starts a new one


def test_stop_while_starting_ends_the_child_and_the_wait(make_child):
    child = make_child(slow_to_start)
    child.start()
    waiter, outcome = in_thread(child.wait_until_ready, 60.0)
    requester, answer = in_thread(child.request, ("echo", 1), NEVER)
    time.sleep(0.3)  # both wait for a child that needs a minute to start
    assert waiter.is_alive() and requester.is_alive()
    pid = child.pid
    started = time.monotonic()
    child.stop(timeout=0.5)
    assert time.monotonic() - started < PROMPT
    waiter.join(PROMPT)
    requester.join(PROMPT)
    assert outcome == [("returned", False)]
    assert len(answer) == 1 and isinstance(answer[0][1], ServiceCancelled)
    assert not child.is_running and pid_is_gone(pid)


def test_stop_while_busy_cancels_the_request_then_ends_the_child(make_child):
    child = make_child()
    assert child.wait_until_ready()
    pid = child.pid
    thread, outcome = busy_request(child, "busy")
    started = time.monotonic()
    child.stop()
    assert time.monotonic() - started < PROMPT
    thread.join(PROMPT)
    assert not thread.is_alive()
    # The request either got the handler's answer to the cancel or learnt it was stopped.
    assert outcome[0] in (("returned", ("ok", "stopped")),) or isinstance(
        outcome[0][1], ServiceCancelled)
    assert not child.is_running and pid_is_gone(pid)


def test_kill_ends_a_busy_child_at_once_and_the_next_request_starts_anew(make_child):
    child = make_child()
    assert child.wait_until_ready()
    pid = child.pid
    thread, outcome = busy_request(child, "deaf")
    child.kill()
    thread.join(PROMPT)
    assert len(outcome) == 1 and isinstance(outcome[0][1], ServiceCancelled)
    assert pid_is_gone(pid)
    child.kill()  # idempotent
    assert child.request(("pid", None), NEVER)[1] not in (None, pid)


def test_a_child_that_dies_while_working_is_an_error_with_its_exit_code(make_child):
    child = make_child()
    started = time.monotonic()
    with pytest.raises(ServiceError, match=r"the test process stopped unexpectedly \(exit code 7\)"):
        child.request(("die", 7), NEVER)
    assert time.monotonic() - started < PROMPT
    assert not child.is_running
    assert child.request(("echo", "again"), NEVER) == ("ok", "again")


def test_a_child_that_dies_while_starting_is_an_error_not_a_hang(make_child):
    child = make_child(dies_while_starting)
    started = time.monotonic()
    assert not child.wait_until_ready(timeout=60.0)
    with pytest.raises(ServiceError, match=r"exit code 3\) while starting"):
        child.request(("echo", 1), NEVER)
    assert time.monotonic() - started < PROMPT


def test_stop_from_two_threads_at_once_returns_in_both_with_the_child_gone(make_child):
    child = make_child()
    assert child.wait_until_ready()
    pid = child.pid
    worker, outcome = busy_request(child, "deaf")
    stops = [in_thread(child.stop, 0.3) for _ in range(2)]
    for thread, _ in stops:
        thread.join(PROMPT)
        assert not thread.is_alive()
    assert [result for _, result in stops] == [[("returned", None)]] * 2
    assert pid_is_gone(pid)  # whichever stop returned first, the child had ended
    worker.join(PROMPT)
    assert isinstance(outcome[0][1], ServiceCancelled)
    child.stop()  # idempotent
    assert not child.is_running


def test_a_failure_is_worded_for_people_unless_it_is_unexpected() -> None:
    died = ServiceError("the engine process stopped unexpectedly (exit code -9)")
    assert failure_text(died) == "the engine process stopped unexpectedly (exit code -9)"
    assert failure_text(KeyError("x")) == "KeyError: 'x'"


def test_a_failure_is_one_bounded_line() -> None:
    """A multi-line error (multiprocessing's start-up RuntimeError) filled the status
    line with two cut lines."""
    text = failure_text(RuntimeError("\n        An attempt has been made\n  to start " + "x " * 200))
    assert "\n" not in text and len(text) <= FAILURE_TEXT_LIMIT
    assert text.startswith("RuntimeError: An attempt has been made to start x x") and text.endswith("…")
