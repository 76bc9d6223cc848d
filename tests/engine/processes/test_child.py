"""The process layer's rules, each shown with a real child that misbehaves on purpose."""

from __future__ import annotations

import os
import stat
import sys
import threading
import time

import pytest

from tictactoe_qt.engine import ProcessFailure
from tictactoe_qt.engine.processes import Child, ChildExited, ChildTimeout

from .conftest import FAKE_CHILD, group_gone

#: Far below the hangs these tests guard against (for ever), far above any machine's slowness.
PROMPT = 20.0


def soon(seconds: float) -> float:
    return time.monotonic() + seconds


def missing_binary_wrapper(tmp_path) -> str:
    program = tmp_path / "pbrain-wrapper"
    program.write_text(f'#!/bin/sh\nexec "{tmp_path}/no-such-engine" "$@"\n')
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    return str(program)


def test_ready_is_the_first_line_and_answers_follow(children):
    child = children("echo")
    child.send("hello\n")
    assert child.ready(PROMPT) == "hello"
    child.send("again\n")
    assert child.read_line(soon(PROMPT)) == "again"


def test_ready_times_out_on_a_silent_child(children):
    child = children("silent")
    began = time.monotonic()
    with pytest.raises(ChildTimeout, match=r"did not answer within 0\.3 s"):
        child.ready(0.3)
    assert time.monotonic() - began < PROMPT


def test_ready_returns_none_once_called_off(children):
    child = children("silent")
    assert child.ready(PROMPT, should_stop=lambda: True) is None


def test_read_line_gives_up_at_its_deadline(children):
    child = children("silent")
    began = time.monotonic()
    assert child.read_line(soon(0.2)) is None
    assert time.monotonic() - began < PROMPT


def test_a_child_that_exits_at_once_is_an_error_naming_it_with_its_stderr(tmp_path):
    program = missing_binary_wrapper(tmp_path)
    child = Child.start([program])
    try:
        with pytest.raises(ChildExited) as raised:
            child.send("ABOUT\n")
            child.ready(PROMPT)
    finally:
        child.kill(0.2)
    error = raised.value
    assert isinstance(error, ProcessFailure)
    assert error.status == 127 and error.at_once
    assert str(error).startswith(f"{program} exited at once (status 127): ")
    assert "no-such-engine" in error.stderr and "not found" in error.stderr
    assert "\n" not in str(error) and len(str(error)) < len(program) + 300


def test_writing_to_a_dead_child_raises_its_exit_not_broken_pipe(tmp_path):
    child = Child.start([missing_binary_wrapper(tmp_path)])
    try:
        child.process.wait()  # reaped behind the layer's back: still no BrokenPipeError
        with pytest.raises(ChildExited, match="exited"):
            for _ in range(100):
                child.send("x" * 10_000 + "\n")
    finally:
        child.kill(0.2)


def test_a_program_that_cannot_start_is_an_error(tmp_path):
    with pytest.raises(ChildExited, match="could not start"):
        Child.start([str(tmp_path / "nothing-here")])


def test_a_child_that_dies_later_says_how_and_what_it_wrote_last(children):
    child = children("crash-later")
    assert child.ready(PROMPT) == "ready"
    child.send("move\n")
    with pytest.raises(ChildExited) as raised:
        child.read_line(soon(PROMPT))
    error = raised.value
    assert error.status == 5 and not error.at_once
    assert "exited (status 5): 'I give up: no more memory'" in str(error)


def test_a_helper_holding_the_pipe_does_not_hang_reading_or_closing(tmp_path):
    pid_file = tmp_path / "forker.pid"
    child = Child.start([sys.executable, str(FAKE_CHILD), "forker", str(pid_file)])
    try:
        began = time.monotonic()
        assert child.read_line(soon(PROMPT)) == "bye"  # written before it exited: kept
        with pytest.raises(ChildExited, match=r"exited at once \(status 0\)"):
            child.read_line(soon(60))  # the helper holds the pipe for 1000 s
        assert time.monotonic() - began < PROMPT
        pgid = child.pid
        assert group_gone(pgid, 0) != []  # the helper still runs ...
    finally:
        child.kill(0.2)
    assert group_gone(pgid) == []  # ... until the group is ended


def test_kill_ends_the_whole_group_even_members_that_ignore_sigterm(children):
    child = children("stubborn")
    assert child.ready(PROMPT) == "ready"
    began = time.monotonic()
    child.kill(0.2)
    assert child.process.returncode == -9
    assert group_gone(child.pid) == []
    assert time.monotonic() - began < PROMPT


def test_stop_asks_politely_first(children):
    child = children("echo")
    child.stop(lambda running: running.close_input(), PROMPT)
    assert child.process.returncode == 0  # it ended at the end of its input: no signal
    child.stop(None, 0.1)  # and again: nothing happens


def test_a_stop_from_another_thread_ends_a_read_in_progress(children):
    child = children("silent")
    errors: list[BaseException] = []

    def read() -> None:
        try:
            child.read_line(soon(60))
        except BaseException as error:  # noqa: BLE001 - handed to the test
            errors.append(error)

    reader = threading.Thread(target=read)
    reader.start()
    time.sleep(0.2)
    child.kill(0.2)
    reader.join(PROMPT)
    assert not reader.is_alive()
    assert len(errors) == 1 and isinstance(errors[0], ChildExited)


def test_a_long_line_is_cut_and_its_rest_skipped():
    child = Child.start([sys.executable, str(FAKE_CHILD), "long-line"], max_line=4096)
    try:
        first = child.read_line(soon(PROMPT))
        child.send("next\n")
        after = child.read_line(soon(PROMPT))
    finally:
        child.kill(0.2)
    assert first == "x" * 4096
    assert after == "after"


def test_a_child_dies_with_its_parent(tmp_path):
    """The parent-death signal: a child outlives no parent killed with SIGKILL."""
    pid_file = tmp_path / "child.pid"
    parent = Child.start(
        [
            sys.executable,
            "-c",
            (
                "import sys, time\n"
                "from tictactoe_qt.engine.processes import Child\n"
                f"child = Child.start([sys.executable, {str(FAKE_CHILD)!r},"
                f" 'silent', {str(pid_file)!r}])\n"
                "print('started', flush=True)\n"
                "time.sleep(60)\n"
            ),
        ],
        env={**os.environ},
    )
    try:
        assert parent.ready(PROMPT) == "started"
        deadline = soon(PROMPT)
        while not pid_file.exists() or not pid_file.read_text():
            assert time.monotonic() < deadline
            time.sleep(0.02)
        grandchild = int(pid_file.read_text())
        os.kill(parent.pid, 9)  # the parent alone, not its group: the kernel must do the rest
        assert group_gone(grandchild) == []
    finally:
        parent.kill(0.2)
