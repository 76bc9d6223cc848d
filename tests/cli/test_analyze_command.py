"""``tictactoe-qt analyze``: one JSON line per board, bad boards reported in line."""

from __future__ import annotations

import io
import json

from tictactoe_qt.cli.main import main

KEYS = {"board", "to_move", "status", "result", "plies", "best", "moves", "exact"}


def _json_lines(capsys) -> list[dict]:
    return [json.loads(line) for line in capsys.readouterr().out.splitlines() if line]


def test_each_board_gets_one_json_object(capsys):
    assert main(["analyze", "--json", "xo./.x./...", "xxx/oo./..."]) == 0
    ongoing, over = _json_lines(capsys)
    assert set(ongoing) == KEYS
    assert ongoing["to_move"] == "o" and ongoing["status"] == "ongoing"
    assert ongoing["result"] == "x" and ongoing["exact"] is True
    assert {tuple(m["cell"]) for m in ongoing["moves"]} == {(0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)}
    assert over["status"] == "x_won" and over["to_move"] is None and over["best"] is None
    assert over["plies"] == 0


def test_bad_board_is_reported_in_line_and_the_rest_answered(capsys):
    status = main(["analyze", "--json", "xo./.x./...", "xxo/oo", "...", "x.o/.x./..o"])
    assert status == 1
    lines = _json_lines(capsys)
    assert [line["board"] for line in lines] == ["xo./.x./...", "xxo/oo", "...", "x.o/.x./..o"]
    assert set(lines[1]) == {"board", "error"} and "row 1" in lines[1]["error"]
    assert "error" in lines[2]
    assert "error" not in lines[0] and "error" not in lines[3]


def test_dash_reads_boards_from_stdin(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("x../.../...\n\n.../.x./...\nbad!\n"))
    assert main(["analyze", "--json", "-"]) == 1
    lines = _json_lines(capsys)
    assert [line["board"] for line in lines] == ["x../.../...", ".../.x./...", "bad!"]
    assert lines[0]["result"] == "draw" and "error" in lines[2]


def test_k_applies_to_every_board(capsys):
    assert main(["analyze", "--json", "--k", "3", "xx../oo../..../...."]) == 0
    (data,) = _json_lines(capsys)
    assert data["result"] == "x" and data["plies"] == 1
    assert data["best"] == [0, 2]


def test_text_shows_the_board_and_move_values(capsys):
    assert main(["analyze", "xo./.x./..."]) == 0
    out = capsys.readouterr().out
    assert "O to move" in out and "X wins" in out  # the players, as the GUI writes them
    assert "X" in out and "O" in out and "*" in out


def test_board_errors_count_rows_and_columns_from_1_like_the_grid(capsys):
    assert main(["analyze", "x.o/.z./..."]) == 1
    error = capsys.readouterr().err
    assert "row 2, column 2" in error and "from 0" not in error


def _board_19x19() -> str:
    rows = [["."] * 19 for _ in range(19)]
    rows[9][9], rows[8][8] = "x", "o"
    return "/".join("".join(row) for row in rows)


def test_big_board_scores_are_comparable_and_the_best_move_carries_the_top_one(run_main):
    """Scores on a big board are comparable: x at (9,9), o at (8,8) on 19x19, k=5."""
    done = run_main("analyze", "--json", "--k", "5", "--time", "0.5", _board_19x19())
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["exact"] is False and isinstance(data["depth"], int) and data["depth"] >= 1
    valued = [move for move in data["moves"] if move["score"] is not None]
    assert valued, "the moves near the stones are valued"
    # One comparable search: every score from the one depth the answer reports.
    assert {move["depth"] for move in valued} == {data["depth"]}
    top = max(move["score"] for move in valued)
    best = next(move for move in data["moves"] if move["cell"] == data["best"])
    assert best["score"] == top == data["score"]
    # Cells far from the stones were never searched: unknown, not a made-up score.
    by_cell = {tuple(move["cell"]): move for move in data["moves"]}
    for far in [(0, 14), (0, 0), (18, 18), (9, 0)]:
        assert by_cell[far]["score"] is None and by_cell[far]["depth"] is None
        assert by_cell[far]["result"] is None and by_cell[far]["plies"] is None
    assert tuple(data["best"]) in {(row, col) for row in range(6, 12) for col in range(6, 12)}


def test_big_board_text_marks_unsearched_cells_unknown(run_main):
    done = run_main("analyze", "--k", "5", "--time", "0.3", _board_19x19())
    assert done.returncode == 0, done.stderr
    rows = [line.split() for line in done.stdout.splitlines()]
    # Grids number rows and columns from 1; the header row reads 1 2 3 ...
    top_row = next(row for row in rows if row[:1] == ["1"] and row[1] != "2")
    assert top_row[1:] == ["?"] * 19, "row 1 is far from the stones: all unknown"
    assert "? = not searched" in done.stdout
    assert "all from one search" in done.stdout and "plies deep" in done.stdout


#: 7x7, k=4, x to move: x at (3,2) and (3,3) makes an open three at (3,1) or (3,4), a
#: forced win in 3 plies. Even a search of one ply sees it, so the answer does not
#: depend on how deep this machine gets in the budget; the board is too big to solve.
FORCED_WIN_7X7 = "o....../......./......./..xx.../......./......./......o"


def test_a_forced_win_the_search_proved_reads_as_a_win_though_not_exact(run_main):
    done = run_main("analyze", "--k", "4", "--time", "0.2", FORCED_WIN_7X7)
    assert done.returncode == 0, done.stderr
    line = next(line for line in done.stdout.splitlines() if "perfect play:" in line)
    assert line.startswith("  X to move; perfect play: X wins in 3 plies against every reply searched (depth")
    assert "unknown" not in line and "e+" not in done.stdout and "M" not in done.stdout
    grid = [line.split() for line in done.stdout.splitlines()]
    row_4 = next(row for row in grid if row[:1] == ["4"])
    assert "X3*" in row_4, "the best move shows its forced win, marked best"
    data = json.loads(run_main("analyze", "--json", "--k", "4", "--time", "0.2", FORCED_WIN_7X7).stdout)
    assert data["exact"] is False and data["score"] == 1_000_000_000 - 3
