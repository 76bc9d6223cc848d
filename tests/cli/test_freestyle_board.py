"""Gomocup's freestyle board, 20x20, on every command; one past the largest board is refused."""

from __future__ import annotations

import json

import pytest

from tictactoe_qt.cli.main import main
from tictactoe_qt.engine.game import MAX_SIZE

#: Gomocup's freestyle board: every command plays it.
FREESTYLE = 20
TOO_BIG = MAX_SIZE + 1
#: The one line a too-big size gets, in people's words.
TOO_BIG_ROWS = f"rows must be a whole number from 3 to {MAX_SIZE}, got {TOO_BIG}"


def board_text(size: int, stones: dict[tuple[int, int], str]) -> str:
    """A ``size`` x ``size`` board in the ``x.o/...`` notation with ``stones`` on it."""
    return "/".join("".join(stones.get((row, col), ".") for col in range(size)) for row in range(size))


#: X to move with four on the last row, columns 16-19, blocked at column 15: only the
#: bottom-right corner (the board's last cell) wins at once.
LAST_CELL_WINS = board_text(
    FREESTYLE, {**{(19, col): "x" for col in range(15, 19)}, (19, 14): "o", (0, 0): "o", (0, 19): "o", (10, 10): "o"}
)


def test_simulate_plays_20x20_games_to_the_end(capsys):
    # Random players: the batch's games are what is tested here (a searching player's
    # 20x20 move is the search and analyze tests' below), and theirs run to a win or a
    # full board over a hundred plies or more.
    assert (
        main(
            [
                "simulate",
                "--json",
                "--size",
                "20",
                "--k",
                "5",
                "--x",
                "random",
                "--o",
                "random",
                "--games",
                "2",
                "--seed",
                "3",
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["config"] == {"rows": 20, "cols": 20, "k": 5}
    assert data["games"] == data["x_wins"] + data["o_wins"] + data["draws"] == 2
    assert 9 <= data["avg_game_length"] <= 400


def test_search_on_a_20x20_board_takes_the_win_on_its_last_cell(capsys):
    assert (
        main(["search", "--algorithm", "perfect", "--time", "0.5", "--k", "5", "--board", LAST_CELL_WINS, "--json"])
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["move"] == [19, 19]


def test_search_from_the_empty_20x20_board_answers_a_cell_on_it(capsys):
    assert main(["search", "--algorithm", "alphabeta", "--depth", "1", "--size", "20", "--k", "5"]) == 0
    out = capsys.readouterr().out
    assert "on a 20x20, k=5 board, empty" in out and "row 10, column 10" in out


def test_analyze_values_a_20x20_board_with_its_20th_row_and_column(capsys):
    assert main(["analyze", "--json", "--k", "5", "--time", "0.5", LAST_CELL_WINS]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["best"] == [19, 19]
    by_cell = {tuple(move["cell"]): move for move in data["moves"]}
    assert by_cell[(19, 19)]["result"] == "x" and by_cell[(19, 19)]["plies"] == 1
    assert len(by_cell) == 400 - 8, "every empty cell of the 20x20 board is listed"


def test_analyze_text_numbers_rows_and_columns_up_to_20(capsys):
    assert main(["analyze", "--k", "5", "--time", "0.3", LAST_CELL_WINS]) == 0
    lines = capsys.readouterr().out.splitlines()
    header = next(line.split() for line in lines if line.split()[:2] == ["1", "2"])
    assert header == [str(n) for n in range(1, 21)]
    assert any(line.split()[:1] == ["20"] for line in lines), "row 20 is shown"


def one_error_line(capsys, argv: list[str]) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err[:1000]
    return err.strip()


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--x", "random", "--o", "random"],
        ["search", "--algorithm", "random"],
        ["count"],
        ["trace", "--algorithm", "minimax"],
        ["tournament", "--player", "random", "--player", "random"],
    ],
    ids=lambda argv: argv[0],
)
@pytest.mark.parametrize("size", [str(TOO_BIG), f"5x{TOO_BIG}"])
def test_one_past_the_largest_size_is_a_one_line_error(capsys, argv, size):
    line = one_error_line(capsys, [*argv, "--size", size])
    what = "rows" if size == str(TOO_BIG) else "cols"
    assert f"{what} must be a whole number from 3 to {MAX_SIZE}, got {TOO_BIG}" in line


def test_a_board_one_past_the_largest_is_a_one_line_error(capsys):
    line = one_error_line(capsys, ["search", "--algorithm", "random", "--board", board_text(TOO_BIG, {})])
    assert TOO_BIG_ROWS in line


def test_analyze_answers_the_other_boards_after_one_too_big(capsys):
    assert main(["analyze", "--json", "--k", "5", board_text(TOO_BIG, {}), LAST_CELL_WINS]) == 1
    too_big, freestyle = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert TOO_BIG_ROWS in too_big["error"]
    assert freestyle["best"] == [19, 19]


def test_help_states_the_largest_size(capsys):
    assert main(["simulate", "--help"]) == 0
    assert f"3 to {MAX_SIZE} each way" in capsys.readouterr().out


def test_exact_work_on_20x20_is_refused_with_an_estimate_not_started(capsys):
    line = one_error_line(capsys, ["search", "--algorithm", "perfect", "--exact", "--size", "20", "--k", "5"])
    assert "--exact on 400 empty cells" in line and "lines of play" in line
    line = one_error_line(capsys, ["count", "--size", "20", "--k", "5"])
    assert "20x20 k=5 is too large to count" in line
    line = one_error_line(capsys, ["trace", "--algorithm", "alphabeta", "--size", "20", "--k", "5"])
    assert "events, more than the limit" in line
