"""``tictactoe-qt trace`` as a user runs it, and ``search`` with the same textbook options."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tictactoe_qt.cli.main import main
from tictactoe_qt.engine.game import Board
from tictactoe_qt.engine.search import minimax_search

ROOT = Path(__file__).resolve().parents[2]
AIMA_TREE = "[[3,12,8],[2,4,6],[14,5,2]]"


def run_cli(*argv: str, stdout=subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "tictactoe_qt", *argv],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def json_lines(*argv: str) -> list[dict]:
    done = run_cli("trace", "--json", *argv)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_json_lines_parse_and_end_with_the_summary():
    lines = json_lines("--algorithm", "alphabeta", "--tree", AIMA_TREE)
    *events, summary = lines
    assert summary == {"summary": True, "value": 3, "best": 0, "nodes": 11, "cutoffs": 1}
    assert all("summary" not in event for event in events)
    assert sum(e["event"] == "enter" for e in events) == summary["nodes"]
    cutoff = next(e for e in events if e["event"] == "cutoff")
    assert cutoff["path"] == [1] and cutoff["pruned"] == [1, 2]
    assert events[0] == {"event": "enter", "path": [], "depth": 0, "alpha": float("-inf"), "beta": float("inf")}


def test_board_trace_paths_are_row_col_moves():
    *events, summary = json_lines(
        "--algorithm", "alphabeta", "--board", "xx./oo./x..", "--ordering", "wins", "--form", "negamax"
    )
    assert events[1]["event"] == "enter" and events[1]["path"] == [[1, 2]]  # O's win first
    assert summary["best"] == [1, 2] and summary["value"] == 1
    assert summary["cutoffs"] == sum(e["event"] == "cutoff" for e in events)
    # The textbook search does not know +1 is the best there is: it searches on.
    children = [e["path"][0] for e in events if e["event"] == "enter" and e["depth"] == 1]
    assert children == [[1, 2], [0, 2], [2, 1], [2, 2]]  # win, block, then reading order


def test_empty_board_alphabeta_matches_the_textbook_count():
    done = run_cli(
        "trace",
        "--json",
        "--algorithm",
        "alphabeta",
        "--ordering",
        "none",
        "--scoring",
        "textbook",
        "--form",
        "textbook",
    )
    assert done.returncode == 0, done.stderr
    # The count is the summary's (the tens of thousands of event lines before it are not read).
    summary = json.loads(done.stdout[done.stdout.rindex("\n", 0, -1) + 1 :])
    assert summary["summary"] is True and summary["nodes"] == 18_297 and summary["value"] == 0


def test_past_max_events_the_trace_is_refused_with_its_size(run_main):
    done = run_main("trace", "--algorithm", "minimax", "--json")
    assert done.returncode == 2 and done.stdout == ""
    err = done.stderr.strip().splitlines()
    assert len(err) == 1
    assert "exactly 1,355,060 events" in err[0] and "1,000,000" in err[0]
    done = run_main("trace", "--algorithm", "alphabeta", "--max-events", "1000")
    assert done.returncode == 2 and "more than 1,000 events" in done.stderr


def test_a_trace_streams_whole_up_to_its_max_events_and_is_refused_one_below(tmp_path, run_main):
    """The limit is exact: ``--max-events`` at the trace's size streams every event (one
    JSON line each, then the summary); one less refuses it. The empty board's 1,355,060
    events against the default limit are above; its 549,946 nodes are the engine tests'."""
    board = "x../.o./..."
    args = ("trace", "--algorithm", "minimax", "--board", board, "--json", "--max-events")
    refused = run_main(*args, "10")  # the refusals' words and status, here; the stream, a real process
    assert refused.returncode == 2
    size = int(re.search(r"exactly ([\d,]+) events", refused.stderr)[1].replace(",", ""))
    assert size > 10_000
    assert run_main(*args, str(size - 1)).returncode == 2
    out = tmp_path / "trace.jsonl"
    with out.open("w") as handle:
        done = run_cli(*args, str(size), stdout=handle)
    assert done.returncode == 0, done.stderr
    lines = out.read_text().splitlines()
    assert len(lines) == size + 1
    last = json.loads(lines[-1])
    assert last.keys() == {"summary", "value", "best", "nodes", "cutoffs"}
    nodes = minimax_search(Board.from_notation(board)).stats.nodes
    assert (last["value"], last["nodes"], last["cutoffs"]) == (0, nodes, 0)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--algorithm", "alphabeta", "--tree", "[[3,12],[]]"], "is an empty list"),
        (["--algorithm", "alphabeta", "--tree", "[[3,12],[4,"], "near '[[3,12],[4,'"),
        (["--algorithm", "alphabeta", "--tree", "[[1,2]]", "--depth", "2"], "--depth does not apply to --tree"),
        # The error alone: no note on E(n) or textbook scoring, which trees do not have.
        (
            ["--algorithm", "alphabeta", "--tree", "[[3,12,8],[2,4,6],[14,5,2]]", "--depth", "1"],
            "--depth does not apply to --tree",
        ),
        (
            [
                "--algorithm",
                "minimax",
                "--tree",
                "[[3,12,8],[2,4,6],[14,5,2]]",
                "--depth",
                "1",
                "--scoring",
                "textbook",
                "--evaluation",
                "open-lines",
            ],
            "--depth does not apply to --tree",
        ),
        (["--algorithm", "alphabeta", "--ordering", "sideways"], "unknown ordering 'sideways'"),
        (["--algorithm", "alphabeta", "--ordering", "table"], "alphabeta-tt"),
        (["--algorithm", "alphabeta", "--board", "xxx/oo./..."], "already over"),
        (["--algorithm", "alphabeta", "--board", "xxq/.../..."], "bad --board"),
        (["--algorithm", "bogo"], "unknown algorithm 'bogo'"),
        (["--algorithm", "alphabeta", "--board", "x../.../...", "--tree", "[[1]]"], "not allowed with argument"),
        # A move tree bound past a float's range (it crashed with OverflowError).
        (
            ["--algorithm", "alphabeta", "--size", "15", "--k", "5"],
            "would have up to about 1.4e+434 events, more than the limit of 1,000,000",
        ),
        # A low limit refuses it without first counting half a million positions.
        (["--algorithm", "minimax", "--size", "19", "--k", "5", "--max-events", "1000"], "up to about 1.2e+769 events"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(argv, message, run_main):
    done = run_main("trace", *argv)  # the words, here; the streams tests run a real process
    assert done.returncode == 2 and done.stdout == ""
    err = done.stderr.strip().splitlines()
    assert len(err) == 1 and message in err[0], err
    assert err[0].startswith("tictactoe-qt trace: error:")


def test_text_trace_is_indented_by_depth(capsys):
    assert main(["trace", "--algorithm", "alphabeta", "--tree", AIMA_TREE]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "values from MAX" in lines[0]
    # Windows are written as the stepper and the game tree write them.
    assert lines[1] == "enter root  [α = −∞, β = +∞]"
    assert "  cutoff at 2: v=2 ≤ α, 2 moves pruned: 2, 3  [α = 3, β = +∞]" in lines
    assert "    leaf 1 > 2 = 12 (utility)  [α = −∞, β = 3]" in lines
    assert lines[-1].startswith("value 3, best move: child 1; nodes 11, cut-offs 1 (alphabeta, form textbook")


def test_tree_text_counts_children_from_1_as_the_stepper_and_json_from_0(run_main):
    """The text and the stepper write the same child numbers; the JSON keeps the engine's."""
    from tictactoe_qt.gui.stepper.move_names import step_short, step_text

    text = run_main("trace", "--algorithm", "alphabeta", "--tree", AIMA_TREE).stdout.splitlines()
    traced = run_main("trace", "--json", "--algorithm", "alphabeta", "--tree", AIMA_TREE)
    *events, summary = [json.loads(line) for line in traced.stdout.splitlines()]
    assert len(text) == len(events) + 2  # a head line, one line per event, the summary
    for line, event in zip(text[1:], events):
        shown = " > ".join(step_short(step) for step in event["path"]) or "root"
        kind = event["event"]
        where = f"{kind} at {shown}" if kind in ("alpha", "beta", "cutoff") else f"{kind} {shown}"
        assert line.strip().startswith(where) and line.strip()[len(where)] in " :", (line, event)
        if event["event"] == "cutoff":
            pruned = ", ".join(step_short(step) for step in event["pruned"])
            assert f"pruned: {pruned}  [" in line
    assert text[2].strip().startswith("enter 1  [")  # the root's first child, not child 0
    assert f"best move: {step_text(summary['best'])};" in text[-1]
    assert "best move: child 1;" in text[-1]


@pytest.mark.parametrize(
    "options",
    [
        ["--ordering", "none"],
        ["--ordering", "centre", "--scoring", "distance"],
        ["--ordering", "wins", "--form", "negamax"],
        ["--depth", "3", "--evaluation", "zero"],
    ],
)
def test_search_with_textbook_options_counts_what_trace_counts(capsys, options):
    argv = ["--algorithm", "alphabeta", "--board", "x../.o./...", *options]
    assert main(["search", "--json", *argv]) == 0
    searched = json.loads(capsys.readouterr().out)
    assert main(["trace", "--json", *argv]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert (searched["nodes"], searched["cutoffs"]) == (summary["nodes"], summary["cutoffs"])
    assert searched["move"] == summary["best"] and searched["score"] == summary["value"]
    assert searched["options"]["ordering"] == (options[1] if options[0] == "--ordering" else "none")


def test_search_without_textbook_options_keeps_the_engine_search(capsys):
    assert main(["search", "--json", "--algorithm", "alphabeta"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["nodes"] == 2_568 and "options" not in data


def test_search_text_names_the_options(capsys):
    assert main(["search", "--algorithm", "alphabeta", "--ordering", "none"]) == 0
    out = capsys.readouterr().out
    assert "18,297" in out
    assert "options      ordering none, scoring textbook, evaluation open-lines" in out


def test_search_options_refuse_other_algorithms(capsys):
    assert main(["search", "--algorithm", "perfect", "--scoring", "textbook"]) == 2
    assert "apply to minimax, alphabeta" in capsys.readouterr().err
