"""The bench's per-node row: the 5x5 solve's cost per node beside the main loop's."""

from tictactoe_qt.engine.bench import BenchSettings, exact_rows
from tictactoe_qt.engine.game import GameConfig


def test_the_row_is_skipped_without_the_5x5_solve(monkeypatch):
    monkeypatch.setattr(exact_rows, "_SOLVES", {})
    row = exact_rows.cost_per_node(BenchSettings(quick=True))
    assert row.skipped
    assert "5x5" in row.note


def test_the_row_reports_both_costs_per_node_from_the_solves(monkeypatch):
    solves = {
        GameConfig(5, 5, 4): {"seconds": 0.5, "cpu_seconds": 0.4, "nodes": 20_000},
        exact_rows.LOOP_BOARD: {"seconds": 0.6, "cpu_seconds": 0.5, "nodes": 100_000},
    }
    monkeypatch.setattr(exact_rows, "_SOLVES", solves)
    row = exact_rows.cost_per_node(BenchSettings())
    # 0.5 s over 20,000 nodes is 25 µs a node (20 µs CPU); the loop 0.5 s over 100,000.
    assert row.ours.startswith("25.00 µs (20.00 µs CPU) over 20,000 nodes")
    assert "main loop 5.00 µs CPU per node on 6x6 k=4" in row.ours
    assert "3.2-4.1 µs" in row.ours
    assert row.met is False
    assert "pairing proofs" in row.note
    assert row.figures["main_loop_us_per_node_cpu"] == 5.0


def test_a_fast_enough_5x5_solve_meets_the_goal(monkeypatch):
    solves = {
        GameConfig(5, 5, 4): {"seconds": 0.015, "cpu_seconds": 0.015, "nodes": 10_000},
        exact_rows.LOOP_BOARD: {"seconds": 0.1, "cpu_seconds": 0.1, "nodes": 100_000},
    }
    monkeypatch.setattr(exact_rows, "_SOLVES", solves)
    row = exact_rows.cost_per_node(BenchSettings())
    assert row.met is True
