"""The service child's output that is not an answer: what its handlers print, and floods of
its stderr, never block or break the conversation, and its last words stay one bounded line."""

from __future__ import annotations

import contextlib
import os
import sys
import time

import pytest

from tictactoe_qt.engine import FAILURE_TEXT_LIMIT, failure_text
from tictactoe_qt.engine.processes import ServiceError

from .conftest import group_gone
from .service_steps import NEVER, PROMPT, in_thread, pid_is_gone


def test_what_a_handler_prints_does_not_break_the_conversation(make_child):
    child = make_child()
    assert child.request(("chatty", "answer"), NEVER) == ("ok", "answer")
    assert child.request(("echo", 2), NEVER) == ("ok", 2)


@contextlib.contextmanager
def stuck_stderr():
    """Our stderr is a pipe nobody reads (a launcher's, a test harness's): a write to it
    blocks once 64 KB wait. At the end its reader closes, so a blocked write fails.

    Set in the test's body: pytest puts its own capture back on ``sys.stderr`` after
    the fixtures are set up.
    """
    read_end, write_end = os.pipe()
    stuck = open(write_end, "w")  # noqa: SIM115 - closed below, after its reader
    ours, sys.stderr = sys.stderr, stuck
    try:
        yield
    finally:
        os.close(read_end)
        sys.stderr = ours
        try:
            stuck.close()
        except OSError:
            pass


def test_a_stderr_flood_blocks_neither_the_answer_nor_a_stop(make_child):
    child = make_child()
    with stuck_stderr():
        thread, outcome = in_thread(child.request, ("flood", 1_000_000), NEVER)  # 1 MB
        thread.join(PROMPT)
        assert outcome == [("returned", ("ok", "answered"))]
        assert child.request(("echo", 3), NEVER) == ("ok", 3)  # it serves on
        pid = child.pid
        assert pid is not None
        began = time.monotonic()
        child.stop()
        assert time.monotonic() - began < PROMPT
    assert pid_is_gone(pid) and group_gone(pid) == []


def test_a_stderr_flood_between_requests_is_drained(make_child, tmp_path):
    """A plugin's thread that keeps warning while no request runs must not stall."""
    child = make_child()
    done = tmp_path / "flooded"
    assert child.request(("flood-idle", (1_000_000, str(done))), NEVER) == ("ok", "answered")
    deadline = time.monotonic() + PROMPT
    while not done.exists() and time.monotonic() < deadline:  # no request meanwhile
        time.sleep(0.05)
    assert done.exists(), "the child's thread blocked on a full stderr pipe"
    assert child.request(("echo", 4), NEVER) == ("ok", 4)


def test_a_child_that_floods_stderr_then_dies_says_its_last_words_in_one_bounded_line(make_child):
    child = make_child()
    with pytest.raises(ServiceError) as raised:
        child.request(("flood-and-die", 1_000_000), NEVER)
    message = str(raised.value)
    assert message.startswith("the test process stopped unexpectedly (exit code 5): ")
    assert message.endswith("the real reason'") and "\n" not in message
    assert len(message) < 400  # a bounded excerpt of the 1 MB, its end
    text = failure_text(raised.value)
    assert "\n" not in text and len(text) <= FAILURE_TEXT_LIMIT
