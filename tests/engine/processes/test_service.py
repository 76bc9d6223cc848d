"""The request-serving child shared by the game's engine and the analysis views.

Each test states one rule of :class:`Service`: when it is ready, what
stop and kill do (also while it starts or works, and from two threads at
once), and that a child that dies is an error message, never a hang. Wall
clock bounds here are generous: they tell "ends promptly" from "hangs".
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tictactoe_qt.engine import FAILURE_TEXT_LIMIT, ProcessFailure, failure_text
from tictactoe_qt.engine.processes import CANCEL_GRACE_SECONDS, ServiceCancelled, ServiceError

from .conftest import group_gone
from .service_handlers import dies_while_starting, slow_to_start
from .service_steps import NEVER, PROMPT, busy_request, in_thread, is_live, pid_is_gone


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
    # A test's wait for the window's engine and the search thread's warm-up wait together:
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
    assert outcome[0] in (("returned", ("ok", "stopped")),) or isinstance(outcome[0][1], ServiceCancelled)
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


# Hostile children: killed, silent, leaving helpers behind, writing where they should not.


def test_a_child_killed_mid_request_is_one_line_naming_it_then_a_fresh_child(make_child):
    child = make_child()
    assert child.wait_until_ready()
    pid = child.pid
    thread, outcome = busy_request(child, "deaf")
    os.kill(pid, signal.SIGKILL)  # the OOM killer, or a user's kill -9
    thread.join(PROMPT)
    assert len(outcome) == 1 and outcome[0][0] == "raised", outcome
    error = outcome[0][1]
    assert isinstance(error, ServiceError) and isinstance(error, ProcessFailure)
    assert str(error).startswith("the test process stopped unexpectedly (killed by signal 9)")
    text = failure_text(error)
    assert text.startswith("the test process") and "\n" not in text and len(text) <= FAILURE_TEXT_LIMIT
    assert pid_is_gone(pid)
    assert child.request(("pid", None), NEVER)[1] not in (None, pid)


def test_a_child_that_dies_says_what_it_wrote_on_stderr(make_child):
    child = make_child()
    with pytest.raises(ServiceError) as raised:
        child.request(("complain-and-die", "I give up: no more memory"), NEVER)
    assert str(raised.value) == ("the test process stopped unexpectedly (exit code 5): 'I give up: no more memory'")


def test_a_handshake_that_hangs_is_cancellable_and_stop_is_prompt(make_child):
    child = make_child(slow_to_start)
    cancel = threading.Event()
    threading.Timer(0.3, cancel.set).start()
    began = time.monotonic()
    assert not child.wait_until_ready(60.0, cancelled=cancel.is_set)
    with pytest.raises(ServiceCancelled):
        child.request(("echo", 1), cancel.is_set)
    assert time.monotonic() - began < PROMPT
    pid = child.pid
    assert pid is not None and child.is_running and not child.is_ready
    began = time.monotonic()
    child.stop(timeout=0.3)
    assert time.monotonic() - began < PROMPT
    assert pid_is_gone(pid) and group_gone(pid) == []


def test_a_helper_in_the_childs_group_ends_with_it(make_child):
    child = make_child()
    pid = child.pid if child.wait_until_ready() else None
    helper = child.request(("helper", None), NEVER)[1]
    assert pid is not None and is_live(helper, 0)
    began = time.monotonic()
    child.stop()
    assert time.monotonic() - began < PROMPT
    assert helper != pid and group_gone(pid) == [] and not is_live(helper)


def test_a_helper_holding_the_pipes_from_its_own_session_blocks_neither_error_nor_stop(make_child):
    child = make_child()
    helpers: list = []
    began = time.monotonic()
    try:
        with pytest.raises(ServiceError, match=r"stopped unexpectedly \(exit code 4\)"):
            child.request(("escapee-and-die", 4), NEVER, helpers.append)
        assert time.monotonic() - began < PROMPT  # the helper holds the pipes for 1000 s
        assert helpers and not pid_is_gone(helpers[0])  # out of our reach: its own session
        began = time.monotonic()
        child.stop()
        child.kill()
        assert time.monotonic() - began < PROMPT
        assert child.request(("echo", "still serving"), NEVER) == ("ok", "still serving")
    finally:
        for pid in helpers:
            os.kill(pid, signal.SIGKILL)


def test_an_answer_longer_than_a_pipe_arrives_whole(make_child):
    child = make_child()
    assert child.request(("big", 5_000_000), NEVER) == ("ok", "x" * 5_000_000)


def test_a_child_outlives_the_thread_that_started_it(make_child):
    # Linux sends the parent-death signal when the *thread* that started a child ends:
    # a worker thread that warmed the child up and finished must not take it along.
    child = make_child()
    thread, outcome = in_thread(child.wait_until_ready, PROMPT)
    thread.join(PROMPT)
    assert outcome == [("returned", True)]
    pid = child.pid
    time.sleep(0.3)
    assert child.request(("pid", None), NEVER) == ("ok", pid)


def test_a_child_dies_with_its_parent(tmp_path):
    # The window killed (kill -9, a crash): no engine process may live on without it.
    parent = subprocess.Popen(
        [sys.executable, str(Path(__file__).with_name("service_parent.py"))],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).parent,
    )
    try:
        line = parent.stdout.readline() if parent.stdout else ""
        assert line.strip().isdigit(), line
        child = int(line)
        assert is_live(child, 0)
    finally:
        parent.kill()
        parent.wait()
        if parent.stdout:
            parent.stdout.close()
    orphaned = is_live(child, PROMPT)
    if orphaned:  # only if the rule failed: never leave it running
        os.kill(child, signal.SIGKILL)
    assert not orphaned
