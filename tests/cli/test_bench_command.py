"""``tictactoe-qt bench``: every row reported, missing or broken parts never crash it."""

from __future__ import annotations

import json

from tictactoe_qt.cli.bench_command import bench_table
from tictactoe_qt.cli.main import main
from tictactoe_qt.engine.bench import BenchRow, BenchSettings, runner


def test_quick_json_has_a_row_per_target(capsys):
    assert main(["bench", "--quick", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["quick"] is True and data["cores"] >= 1
    assert [row["work"].split(",")[0] for row in data["rows"]][:2] == ["plain minimax", "alpha-beta without table"]
    assert len(data["rows"]) == len(runner.ROWS)
    for row in data["rows"]:
        assert {"work", "target", "ours", "reference", "speedup", "met", "note"} <= set(row)
        assert row["ours"] or row["skipped"]
    random_row = next(r for r in data["rows"] if r["work"].startswith("random vs random"))
    assert random_row["speedup"] > 1 and random_row["figures"]["games_per_second"] > 0


def test_only_runs_the_rows_whose_work_names_the_words(capsys):
    assert main(["bench", "--quick", "--json", "--only", "ANY 3x3 MOVE", "--only", "empty 4x4 k=4, exact"]) == 0
    works = [row["work"] for row in json.loads(capsys.readouterr().out)["rows"]]
    assert works == ["perfect, any 3x3 move, warm", "perfect, empty 4x4 k=4, exact draw"]


def test_only_words_that_name_no_row_are_one_line_and_run_nothing(capsys):
    assert main(["bench", "--quick", "--only", "no such\nrow"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "no row's work contains 'no such\\nrow'" in captured.err


def test_a_missing_part_is_skipped_with_a_note():
    def missing(settings: BenchSettings) -> BenchRow:
        from tictactoe_qt.engine.search import not_written_yet  # type: ignore[attr-defined]

        raise AssertionError(not_written_yet)

    row = runner.run_row("future row", "fast", missing, BenchSettings(quick=True))
    assert row.skipped and "not available" in row.note and row.work == "future row"


def test_a_broken_row_is_reported_not_raised():
    def broken(settings: BenchSettings) -> BenchRow:
        raise RuntimeError("boom")

    row = runner.run_row("broken row", "fast", broken, BenchSettings(quick=True))
    assert row.skipped and "boom" in row.note


def test_text_table_lists_targets_and_speedups(capsys, monkeypatch):
    monkeypatch.setattr(runner, "ROWS", runner.ROWS[1:2])
    assert main(["bench", "--quick"]) == 0
    out = capsys.readouterr().out
    assert ("| work | target | ours | reference (alpha-beta, window restarted at each root move) | speed-up |") in out
    assert "alpha-beta without table" in out and "x |" in out


def bench_help_texts(capsys) -> tuple[str, str]:
    """``tictactoe-qt --help``'s line for bench, and ``bench --help``."""
    for argv in (["--help"], ["bench", "--help"]):
        try:
            main(argv)
        except SystemExit:
            pass
    out = capsys.readouterr().out
    top, described = out.split("usage: tictactoe-qt bench", 1)
    line = " ".join(top.split("bench", 2)[-1].split())
    return line, " ".join(described.split())


def test_every_bench_text_names_the_restarted_window_never_textbook(capsys):
    """bench's 30,710-node reference restarts the window at each root move; "textbook"
    means the one-window search (18,297 nodes) in trace, search and Compare, and in
    bench only where it names that one."""
    line, described = bench_help_texts(capsys)
    name = "alpha-beta, window restarted at each root move"
    assert name in line and name in described
    for text in (line, described):
        assert "against the textbook search" not in text
        assert "textbook search (" not in text
    assert "the textbook alpha-beta that trace, search and Compare run (18,297 nodes" in described
    header = bench_table([]).splitlines()[0]
    assert f"reference ({name})" in header and "competent reference (alpha-beta, one window)" in header
