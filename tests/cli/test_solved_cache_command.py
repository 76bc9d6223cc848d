"""The command line through the cache of solved positions: ``"cached": true`` the second
time with the same answer, ``--no-cache``, ``tictactoe-qt cache [info|clear]``, and a
corrupt cache file that only costs a warning."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tictactoe_qt.cli.main import main
from tictactoe_qt.engine.analysis import FILE_NAME, FOLDER_VARIABLE

SEARCH = ["search", "--algorithm", "perfect", "--exact", "--size", "4x4", "--k", "4", "--json"]
ANALYZE = ["analyze", "--exact", "--k", "4", "--json", "x.../.o../..x./...."]
#: What must not change between a fresh answer and a cached one.
SEARCH_ANSWER = ("move", "score", "exact", "result", "pv", "depth")


def _json(arguments: list[str], capsys) -> tuple[int, dict, str]:
    status = main(arguments)
    captured = capsys.readouterr()
    return status, json.loads(captured.out), captured.err


def test_the_second_exact_search_comes_from_the_cache_with_the_same_answer(capsys):
    status, first, _ = _json(SEARCH, capsys)
    assert status == 0 and first["cached"] is False and first["nodes"] > 0
    status, second, _ = _json(SEARCH, capsys)
    assert status == 0 and second["cached"] is True and second["nodes"] == 0
    assert {key: second[key] for key in SEARCH_ANSWER} == {key: first[key] for key in SEARCH_ANSWER}


def test_the_second_exact_analysis_comes_from_the_cache_with_the_same_answer(capsys):
    _, first, _ = _json(ANALYZE, capsys)
    _, second, _ = _json(ANALYZE, capsys)
    assert (first.pop("cached"), second.pop("cached")) == (False, True)
    assert first == second and first["exact"] is True and len(first["moves"]) == 13


def test_no_cache_neither_reads_nor_writes_it(capsys, isolated_solved_cache):
    for _ in range(2):
        _, data, _ = _json([*SEARCH, "--no-cache"], capsys)
        assert data["cached"] is False
    _, data, _ = _json([*ANALYZE, "--no-cache"], capsys)
    assert data["cached"] is False
    assert not (isolated_solved_cache / FILE_NAME).exists()


def test_cache_info_and_clear(capsys, isolated_solved_cache):
    _json(SEARCH, capsys)
    _, info, _ = _json(["cache", "--json"], capsys)
    assert info["positions"] == 1 and info["path"] == str(isolated_solved_cache / FILE_NAME)
    assert info["bytes"] > 0 and info["max_positions"] >= 1000
    _, cleared, _ = _json(["cache", "clear", "--json"], capsys)
    assert cleared["cleared"] is True and not (isolated_solved_cache / FILE_NAME).exists()
    _, again, _ = _json(SEARCH, capsys)
    assert again["cached"] is False
    assert main(["cache", "clear"]) == 0
    assert "cleared" in capsys.readouterr().out


def test_a_corrupt_cache_file_is_a_one_line_warning_and_the_answer_still_comes(isolated_solved_cache, capsys):
    (isolated_solved_cache / FILE_NAME).write_bytes(b"{ this is not json")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path), **{FOLDER_VARIABLE: str(isolated_solved_cache)})
    done = subprocess.run(
        [sys.executable, "-m", "tictactoe_qt", *SEARCH], capture_output=True, text=True, timeout=120, env=env
    )
    assert done.returncode == 0
    data = json.loads(done.stdout)  # stdout holds the JSON alone
    assert data["exact"] is True and data["cached"] is False
    warning = done.stderr.strip().splitlines()
    assert len(warning) == 1 and warning[0].startswith("warning: ignoring the solved-positions")
    assert "not valid JSON" in warning[0]
    _, again, warned = _json(SEARCH, capsys)  # the file as the first run left it, read here
    assert again["cached"] is True and warned == ""  # repaired


def test_the_text_answer_says_it_came_from_the_cache(capsys):
    text = [argument for argument in SEARCH if argument != "--json"]
    main(text)
    assert "cached" not in capsys.readouterr().out
    main(text)
    assert "cached       yes" in capsys.readouterr().out
    board_args = [argument for argument in ANALYZE if argument != "--json"]
    main(board_args)
    main(board_args)
    assert "(from the cache of solved positions)" in capsys.readouterr().out
