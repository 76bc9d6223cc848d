"""``simulate`` says how a depth limit is scored and how sure each share is."""

from __future__ import annotations

import json
import re

import pytest

from tictactoe_qt.cli.main import main
from tictactoe_qt.cli.share_interval import wilson_interval


def simulate(capsys, *argv: str) -> str:
    assert main(["simulate", "--games", "30", "--seed", "4", *argv]) == 0
    return capsys.readouterr().out


def test_the_report_names_e_n_for_a_depth_limit_by_default(capsys):
    text = simulate(capsys, "--x", "minimax:depth=2", "--o", "random")
    line = next(line for line in text.splitlines() if "depth limit" in line)
    assert line.strip().startswith("X's depth limit (2 plies)")
    assert "E(n) = open lines for X minus open lines for O" in line
    assert "evaluation=open-lines" in line and "O's depth limit" not in text


def test_the_report_names_zero_when_the_player_scores_zero(capsys):
    text = simulate(capsys, "--x", "random", "--o", "alphabeta:depth=1-3,evaluation=zero")
    line = next(line for line in text.splitlines() if "depth limit" in line)
    assert line.strip() == "O's depth limit (1-3 plies): a position there scores 0 (evaluation=zero)"


def test_players_without_a_depth_limit_have_no_such_line(capsys):
    assert "depth limit" not in simulate(capsys, "--x", "random", "--o", "perfect")


def test_each_share_has_its_wilson_interval_in_text_and_json(capsys):
    argv = ("--x", "minimax:depth=1", "--o", "random")
    data = json.loads(simulate(capsys, *argv, "--json"))
    text = simulate(capsys, *argv)
    for key, count, label in (
        ("x_win", data["x_wins"], "X wins"),
        ("o_win", data["o_wins"], "O wins"),
        ("draw", data["draws"], "Draws"),
    ):
        low, high = data[f"{key}_ci95"]
        assert (low, high) == wilson_interval(count, data["games"])
        assert low <= 100 * count / data["games"] <= high
        line = next(line for line in text.splitlines() if line.strip().startswith(label))
        assert re.search(rf"95% CI {low:.1f}–{high:.1f}%", line), line
    # The old keys stay.
    assert {"x_win_percent", "o_win_percent", "draw_percent"} <= set(data)
    assert data["depth_limit_evaluation"] == {"x": "open-lines", "o": None}


@pytest.mark.parametrize(
    "count, total, expected",
    [
        (17, 20, (63.96, 94.76)),  # the published Wilson interval of 17/20
        (0, 20, (0.0, 16.11)),  # no wins: still an interval, not the point 0
        (20, 20, (83.89, 100.0)),
    ],
)
def test_wilson_interval_known_values(count, total, expected):
    assert wilson_interval(count, total) == expected
