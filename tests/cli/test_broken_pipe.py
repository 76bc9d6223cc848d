"""A broken pipe is "stdout closed" (quietly, status 1) only when stdout really is closed."""

from __future__ import annotations

import os
import subprocess
import sys

#: The simulate command fails with a BrokenPipeError of its own (a pipe to a child, say).
OTHER_PIPE = """
import tictactoe_qt.cli.simulate_command as simulate_command
def broken(_args):
    raise BrokenPipeError(32, "Broken pipe")
simulate_command.run = broken
from tictactoe_qt.cli.main import main
raise SystemExit(main(["simulate", "--x", "random", "--o", "random"]))
"""


def run(args: list[str], **options) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], text=True, timeout=120, env=dict(os.environ, PYTHONPATH=os.getcwd()), **options
    )


def test_a_broken_pipe_that_is_not_stdout_is_one_line_not_silence():
    done = run(["-c", OTHER_PIPE], capture_output=True)
    assert done.returncode == 1
    assert done.stderr == ("tictactoe-qt simulate: error: a pipe to another process broke (Broken pipe)\n")


def test_stdout_closed_by_its_reader_ends_quietly():
    reader, writer = os.pipe()
    os.close(reader)  # like `| head` that has stopped reading
    try:
        done = run(["-m", "tictactoe_qt", "players"], stdout=writer, stderr=subprocess.PIPE)
    finally:
        os.close(writer)
    assert done.returncode == 1 and done.stderr == ""
