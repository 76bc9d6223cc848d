"""Every command on a terminal that cannot encode "µ", "α" or "∞" (ascii, latin-1).

The reports use these symbols; such a terminal got a ``UnicodeEncodeError``
traceback instead, after the work was done. Each command runs as a user runs it,
in a subprocess with ``PYTHONIOENCODING=ascii``; its report is compared with the
UTF-8 one, and the latin-1 run checks the other narrow encoding's words, both
run in this process on streams such as the interpreter opens for those encodings
(a report written past ``sys.stdout`` would differ from the ascii process's).
"""

from __future__ import annotations

import re
import subprocess

import pytest

from tictactoe_qt.cli.plain_output import PLAIN_WORDS, plain_words

from .in_process import run_in_encoding
from .process_tree import ROOT, command, environment

BOUND = 300
ENCODINGS = ["ascii", "latin-1"]
#: The encoding whose runs are real processes.
REAL = "ascii"
#: Commands whose output is the same on every run (no timings).
REPEATABLE = [
    ["trace", "--algorithm", "alphabeta", "--tree", "[[3,12,8],[2,4,6],[14,5,2]]"],
    ["trace", "--algorithm", "alphabeta", "--size", "3", "--depth", "2"],
    ["count", "--size", "3"],
    ["analyze", "x.o/.x./..o"],
    ["players"],
    ["tournament", "--player", "random", "--player", "minimax:depth=1", "--games", "4", "--seed", "1"],
]
#: Commands whose reports hold timings (in µs when fast).
TIMED = [
    ["search", "--algorithm", "random"],
    ["search", "--algorithm", "perfect"],
    ["search", "--algorithm", "alphabeta", "--size", "4", "--depth", "2"],
    ["simulate", "--x", "minimax:depth=1", "--o", "random", "--games", "20", "--seed", "1"],
    ["simulate", "--x", "minimax:depth=1", "--o", "random", "--games", "20", "--seed", "1", "--workers", "2"],
    # One row holds every symbol a bench report writes ("µs" in its target and times).
    ["bench", "--quick", "--only", "any 3x3 move"],
]


def _run(args: list[str], encoding: str) -> subprocess.CompletedProcess[bytes]:
    env = {**environment(), "PYTHONIOENCODING": encoding}
    env.pop("PYTHONUTF8", None)
    done = subprocess.run(command(*args), capture_output=True, env=env, cwd=ROOT, timeout=BOUND)
    assert b"Traceback" not in done.stderr, done.stderr.decode(encoding)
    assert done.returncode == 0, done.stderr.decode(encoding)
    return done


def _report(args: list[str], encoding: str) -> str:
    """What the command writes on stdout in ``encoding``: a real process for :data:`REAL`
    and for a pool of workers (started from a process of its own), else run here."""
    if encoding == REAL or "--workers" in args:
        return _run(args, encoding).stdout.decode(encoding)
    done = run_in_encoding(encoding, *args)
    assert done.returncode == 0, done.stderr.decode(encoding)
    return done.stdout.decode(encoding)


#: Each command's report on a UTF-8 terminal, run once per test process: the reference
#: every narrow encoding's run is compared with (a timed report by its lines only).
_WIDE: dict[tuple[str, ...], str] = {}


def _wide(args: list[str]) -> str:
    if tuple(args) not in _WIDE:
        _WIDE[tuple(args)] = _report(args, "utf-8")
    return _WIDE[tuple(args)]


def _plain(text: str, encoding: str) -> str:
    """``text`` as the fallback writes it in ``encoding``."""
    return text.encode(encoding, errors="tictactoe-qt-plain").decode(encoding)


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("args", REPEATABLE, ids=" ".join)
def test_a_report_reads_as_on_a_unicode_terminal_with_plain_words(args, encoding):
    wide = _wide(args)
    narrow = _report(args, encoding)
    assert narrow == _plain(wide, encoding)
    assert narrow.count("?") == wide.count("?")  # every symbol has a word
    if "α" in wide:
        assert "alpha" in narrow and "beta" in narrow and "inf" in narrow


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("args", TIMED, ids=" ".join)
def test_a_timed_report_is_written_whole(args, encoding):
    out = _report(args, encoding)
    wide = _wide(args)
    # The same lines, every one written (timings differ between runs).
    assert len(out.splitlines()) == len(wide.splitlines())
    assert out.count("?") == wide.count("?")  # every symbol has a word
    if encoding == "ascii":
        # Times in plain units: "3.4 us", "12 ms".
        for time in re.findall(r"average move time\s+(.*)", out):
            assert re.fullmatch(r"([\d.,]+ [a-z]+\s*)+", time.strip()), time


def test_every_symbol_has_a_plain_ascii_word():
    for symbol, word in PLAIN_WORDS.items():
        assert word.isascii() and word
        assert symbol.encode("ascii", errors="tictactoe-qt-plain") == word.encode()
    error = UnicodeEncodeError("ascii", "a ψ b", 2, 3, "no")
    assert plain_words(error) == ("?", 3)


def test_a_utf8_terminal_keeps_the_symbols():
    args = ["trace", "--algorithm", "alphabeta", "--tree", "[[3,12,8],[2,4,6],[14,5,2]]"]
    out = _wide(args)
    assert "α" in out and "∞" in out
