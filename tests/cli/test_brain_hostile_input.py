"""``pbrain-tictactoe-qt`` fed what no manager should send: it answers in one line and keeps a bound.

A BOARD block with endless stone lines, a line of tens of megabytes, NUL and
escape bytes: each gets one short answer, memory stays bounded, and play goes on.
"""

from __future__ import annotations

import sys
from pathlib import Path

from .gomocup_manager import Manager

PBRAIN = str(Path(sys.executable).with_name("pbrain-tictactoe-qt"))
#: What the brain may grow by while reading 40 MB it should not keep (it grows by about 2):
#: a brain that kept them would grow by twice the margin at least.
MEMORY_MARGIN_KB = 20_000


def peak_memory_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))


def write_raw(brain: Manager, data: bytes) -> None:
    stdin = brain.process.stdin
    assert stdin is not None
    stdin.flush()
    stdin.buffer.write(data)
    stdin.buffer.flush()


def test_a_board_block_longer_than_the_board_is_one_error_and_memory_stays_bounded():
    with Manager([PBRAIN]) as brain:
        brain.send("START 15", "INFO timeout_turn 300")
        assert brain.answer() == "OK"
        before = peak_memory_kb(brain.process.pid)
        brain.send("BOARD")
        stone = b"1,1,1" + b"x" * 4000 + b"\r\n"  # 40 MB of lines, 10,000 of them
        for _ in range(10):
            write_raw(brain, stone * 1000)
        brain.send("DONE")
        error = brain.answer()
        assert peak_memory_kb(brain.process.pid) - before < MEMORY_MARGIN_KB
        assert error.startswith("ERROR BOARD lists more than the 225 stones a 15x15 board holds")
        brain.send("ABOUT")
        assert brain.answer().startswith('name="tictactoe-qt"')  # DONE got no second answer
        x, y = brain.move("BOARD", "7,7,2", "DONE")  # and the next block plays
        assert (x, y) != (7, 7)
        assert brain.close() == 0


def test_a_huge_line_is_cut_and_answered_once():
    with Manager([PBRAIN]) as brain:
        before = peak_memory_kb(brain.process.pid) if brain.silent_for(0.5) else 0
        # 40 MB in one line: a brain that kept it would grow by twice the margin at least.
        chunk = b"A" * (1 << 20)
        for _ in range(40):
            write_raw(brain, chunk)
        write_raw(brain, b"\r\n")
        answer = brain.answer()
        assert answer.startswith("UNKNOWN AAAA") and len(answer) < 200
        assert brain.silent_for(0.5)  # one answer for the one line
        assert peak_memory_kb(brain.process.pid) - before < MEMORY_MARGIN_KB
        assert brain.close() == 0


def test_control_bytes_are_never_echoed():
    with Manager([PBRAIN]) as brain:
        write_raw(brain, b"FOO\x00BAR\x1b[2J\x07\r\n")
        answer = brain.answer()
        assert answer == "UNKNOWN FOO\\x00BAR\\x1b[2J\\x07 is not a command this brain knows"
        write_raw(brain, b"START 1\x005\r\n")
        assert brain.answer() == "ERROR expected 1 numbers separated by commas, got '1\\x005'"
        assert brain.close() == 0


def test_unicode_digits_in_info_are_one_error_and_change_nothing():
    with Manager([PBRAIN]) as brain:
        brain.send("INFO timeout_turn ²")
        assert brain.answer() == "ERROR INFO timeout_turn needs a whole number, got '²'"
        brain.send("INFO k ٣")  # int() reads Arabic-Indic digits: 3, yet no manager means it
        assert brain.answer() == "ERROR INFO k needs a whole number, got '٣'"
        assert brain.close() == 0
