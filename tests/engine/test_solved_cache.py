"""The on-disk cache of solved positions: same answers, versioned, bounded, never broken."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from tictactoe_qt.engine.analysis import (
    FILE_NAME,
    FOLDER_VARIABLE,
    FORMAT_NAME,
    FORMAT_VERSION,
    SolvedCache,
    SolvedPosition,
    analyze_exactly,
    analyze_exactly_cached,
    default_folder,
    solve_exactly,
)
from tictactoe_qt.engine.game import Board

#: A 4x4 k=4 position that takes a real (if short) proof.
POSITION = "x.../.o../..../...."


def _position(text: str = POSITION) -> Board:
    return Board.from_notation(text, 4)


def _two_stone_board(x_cell: int, o_cell: int) -> Board:
    board = Board.from_notation("...../...../...../...../.....", 4)
    board.push_index(x_cell)
    board.push_index(o_cell)
    return board


def _fake_answer(board: Board, score: int) -> SolvedPosition:
    """An answer to store (the cache keeps what it is given; only the shape matters here)."""
    best = board.legal_indices()[0]
    return SolvedPosition(score, best, 10, (best,))


def test_the_folder_follows_the_override_then_xdg_then_home(monkeypatch, tmp_path):
    monkeypatch.setenv(FOLDER_VARIABLE, str(tmp_path / "mine"))
    assert default_folder() == tmp_path / "mine"
    monkeypatch.delenv(FOLDER_VARIABLE)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_folder() == tmp_path / "xdg" / "tictactoe-qt"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")  # ignored, as the XDG spec says
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_folder() == tmp_path / "home" / ".cache" / "tictactoe-qt"


def test_a_cached_solve_is_the_fresh_solve(tmp_path):
    board = _position()
    fresh, _ = solve_exactly(board)
    first, first_cached = solve_exactly(board, cache=SolvedCache(tmp_path))
    again, again_cached = solve_exactly(board, cache=SolvedCache(tmp_path))
    assert (first_cached, again_cached) == (False, True)
    assert again.stats.nodes == 0 < first.stats.nodes  # nothing was searched the second time
    for result in (first, again):
        assert (result.move, result.score, result.exact, result.result, result.plies, result.pv) == (
            fresh.move,
            fresh.score,
            True,
            fresh.result,
            fresh.plies,
            fresh.pv,
        )


def test_a_cached_analysis_is_the_fresh_analysis(tmp_path):
    board = _position("x.../.o../..x./....")
    fresh = analyze_exactly(board)
    first, first_cached = analyze_exactly_cached(board, SolvedCache(tmp_path))
    again, again_cached = analyze_exactly_cached(board, SolvedCache(tmp_path))
    assert (first_cached, again_cached) == (False, True)
    assert fresh.exact and first == fresh and again == fresh
    assert again.as_dict() == fresh.as_dict()


def test_a_symmetric_twin_gets_the_answer_in_its_own_orientation(tmp_path):
    cache = SolvedCache(tmp_path)
    board = _position("xo../..../..../....")
    solve_exactly(board, cache=cache)
    twin = _position("..ox/..../..../....")  # mirrored left to right
    answer, cached = solve_exactly(twin, cache=cache)
    fresh, _ = solve_exactly(twin)
    assert cached and answer.score == fresh.score and answer.result == fresh.result
    assert answer.move is not None and twin.is_legal(answer.move)
    twin.push(answer.move)  # the mirrored best move is as good as the fresh one
    reply, _ = solve_exactly(twin)
    assert (reply.result, reply.plies) == (fresh.result, fresh.plies - 1)


def test_a_search_entry_is_not_taken_for_a_whole_analysis(tmp_path):
    board = _position()
    solve_exactly(board, cache=SolvedCache(tmp_path))  # the position alone, no moves
    analysis, cached = analyze_exactly_cached(board, SolvedCache(tmp_path))
    assert not cached and analysis.exact and len(analysis.moves) == 14


def test_another_version_is_ignored_quietly_and_replaced(tmp_path):
    cache = SolvedCache(tmp_path)
    board = _position()
    cache.store(board, _fake_answer(board, 0))
    content = json.loads(cache.path.read_text())
    content["version"] = FORMAT_VERSION + 1
    cache.path.write_text(json.dumps(content))
    fresh = SolvedCache(tmp_path)
    assert fresh.lookup(board) is None and fresh.warnings == []
    fresh.store(_two_stone_board(0, 1), _fake_answer(_two_stone_board(0, 1), 5))
    assert json.loads(cache.path.read_text())["version"] == FORMAT_VERSION
    assert len(fresh) == 1


@pytest.mark.parametrize(
    "damage",
    [
        b"\x00\xffnot json at all",
        b'{"format": "something else", "version": 1, "entries": {}}',
        b"[1, 2, 3]",
        b'{"format": "%s", "version": %d, "entries": {"4x4k4:1": {"score": "oops"}}}'
        % (FORMAT_NAME.encode(), FORMAT_VERSION),
        b"",
    ],
)
def test_a_corrupt_file_is_ignored_with_one_warning_and_then_replaced(tmp_path, damage):
    messages: list[str] = []
    cache = SolvedCache(tmp_path, warn=messages.append)
    cache.folder.mkdir(exist_ok=True)
    cache.path.write_bytes(damage)
    board = _position()
    assert cache.lookup(board) is None
    assert cache.lookup(board) is None  # the same problem is said once
    assert len(messages) == 1 and "\n" not in messages[0]
    assert messages[0].startswith("warning: ignoring the solved-positions cache")
    assert str(cache.path) in messages[0]
    result, cached = solve_exactly(board, cache=cache)  # still answers, and repairs the file
    assert result.exact and not cached
    assert SolvedCache(tmp_path).lookup(board) is not None


def test_an_entry_that_does_not_fit_the_board_is_ignored_with_a_warning(tmp_path):
    messages: list[str] = []
    cache = SolvedCache(tmp_path, warn=messages.append)
    board = _position()
    cache.store(board, _fake_answer(board, 0))
    content = json.loads(cache.path.read_text())
    for entry in content["entries"].values():
        entry["best"] = 99  # off a 16-cell board
    cache.path.write_text(json.dumps(content))
    assert cache.lookup(board) is None
    assert len(messages) == 1 and "does not fit" in messages[0]


def test_an_unreadable_or_unwritable_cache_warns_and_never_raises(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    messages: list[str] = []
    cache = SolvedCache(blocker / "cache", warn=messages.append)  # a folder inside a file
    board = _position()
    assert cache.lookup(board) is None
    assert cache.store(board, _fake_answer(board, 0)) is False
    result, cached = solve_exactly(board, cache=cache)
    assert result.exact and not cached
    assert len(messages) == 2
    assert "cannot read" in messages[0] and "not saving to" in messages[1]


def test_the_cache_keeps_the_newest_entries_within_its_caps(tmp_path):
    cache = SolvedCache(tmp_path, max_entries=3)
    boards = [_two_stone_board(0, cell) for cell in (1, 2, 3, 6, 7)]
    for number, board in enumerate(boards):
        cache.store(board, _fake_answer(board, number))
    assert len(cache) == 3
    assert [cache.lookup(board) is not None for board in boards] == [False, False, True, True, True]
    small = SolvedCache(tmp_path / "small", max_bytes=400)
    for number, board in enumerate(boards):
        small.store(board, _fake_answer(board, number))
    assert 1 <= len(small) < len(boards) and small.lookup(boards[-1]) is not None
    assert small.path.stat().st_size < 600


def test_a_reader_sees_what_another_writer_stored_since(tmp_path):
    reader, writer = SolvedCache(tmp_path), SolvedCache(tmp_path)
    first, second = _two_stone_board(0, 1), _two_stone_board(0, 2)
    writer.store(first, _fake_answer(first, 1))
    assert reader.lookup(first) is not None and reader.lookup(second) is None
    writer.store(second, _fake_answer(second, 2))
    assert reader.lookup(second) is not None and reader.lookup(first) is not None


def test_clear_deletes_the_file(tmp_path):
    cache = SolvedCache(tmp_path)
    board = _position()
    assert cache.clear() is False
    cache.store(board, _fake_answer(board, 0))
    assert cache.clear() is True and not cache.path.exists() and cache.lookup(board) is None


#: Stores answers for X in the corner of a 6x5 board and O on ``first`` onwards (no two of
#: these positions are symmetric: only the identity keeps a rectangle's corner).
WRITER = """
import sys
from tictactoe_qt.engine.game import Board
from tictactoe_qt.engine.analysis import SolvedCache, SolvedPosition
cache = SolvedCache(sys.argv[1])
first, count = int(sys.argv[2]), int(sys.argv[3])
print("started", flush=True)
for round_ in range(10**6 if count == 0 else 1):
    for o_cell in range(first, first + (count or 12)):
        board = Board.from_notation("...../...../...../...../...../.....", 4)
        board.push_index(0)
        board.push_index(o_cell)
        best = board.legal_indices()[0]
        pv = tuple(board.legal_indices()[:8])
        cache.store(board, SolvedPosition(o_cell * 7, best, 20, pv,
                                          {cell: o_cell for cell in board.legal_indices()}))
"""


def _writer(folder, first: int, count: int) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, str(folder), str(first), str(count)], stdout=subprocess.PIPE, text=True, env=env
    )


def _check_whole(folder) -> SolvedCache:
    """The file reads without a warning, and every entry in it is what its writer stored."""
    cache = SolvedCache(folder)
    for o_cell in range(1, 25):
        board = Board.from_notation("...../...../...../...../...../.....", 4)
        board.push_index(0)
        board.push_index(o_cell)
        found = cache.lookup(board)
        if found is not None:
            assert found.score == o_cell * 7 and set(found.moves.values()) == {o_cell}
    assert cache.warnings == []
    return cache


def test_two_processes_storing_at_once_leave_a_whole_file(tmp_path):
    writers = [_writer(tmp_path, 1, 12), _writer(tmp_path, 13, 12)]
    for writer in writers:
        assert writer.wait(timeout=120) == 0
    cache = _check_whole(tmp_path)
    assert len(cache) >= 12  # the last store of each writer merged what it read
    assert not list(tmp_path.glob(".*.part"))


def test_a_writer_killed_at_any_moment_leaves_the_old_or_the_new_file(tmp_path):
    for attempt in range(6):
        writer = _writer(tmp_path, 1, 0)  # stores in a loop until killed
        assert writer.stdout is not None and writer.stdout.readline() == "started\n"
        time.sleep(0.05 + 0.07 * attempt)  # a different moment of the write each time
        writer.send_signal(signal.SIGKILL)
        writer.wait(timeout=30)
        if (tmp_path / FILE_NAME).exists():
            _check_whole(tmp_path)
    assert (tmp_path / FILE_NAME).exists()


def test_an_oversized_file_is_ignored_with_both_limits_explained(tmp_path):
    """'at most 2,097,152 bytes' (cache info) and 'over 4,194,304 bytes' (this warning)
    read as two limits for one thing: the warning now relates them."""
    from tictactoe_qt.engine.analysis import MAX_BYTES, MAX_FILE_BYTES

    messages: list[str] = []
    cache = SolvedCache(tmp_path, warn=messages.append)
    cache.folder.mkdir(exist_ok=True)
    cache.path.write_bytes(b" " * (MAX_FILE_BYTES + 10))
    assert cache.lookup(_position()) is None
    assert len(messages) == 1 and "\n" not in messages[0]
    assert f"over {MAX_FILE_BYTES:,} bytes" in messages[0]
    assert f"twice the most this cache keeps ({MAX_BYTES:,})" in messages[0]
