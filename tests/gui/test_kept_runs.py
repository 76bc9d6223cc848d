"""The kept runs as plain data: numbered in the order kept, newest first, unsaved until
written, and named as people count them (batches and watched series apart)."""

from __future__ import annotations

from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.players import PlayerSpec
from tictactoe_qt.gui.stats.kept_runs import KeptRuns, runs_in_words
from tictactoe_qt.gui.stats.run_data import RunData


def a_run(watched: bool = False) -> RunData:
    return RunData(GameConfig(3, 3, 3), PlayerSpec("random"), PlayerSpec("random"), 10, watched=watched)


def test_runs_are_numbered_in_order_and_listed_newest_first() -> None:
    kept = KeptRuns()
    first, second, third = a_run(), a_run(True), a_run()
    for run in (first, second, third):
        kept.add(run)
    assert [run.number for run in kept.runs()] == [3, 2, 1]
    assert kept.latest() is third
    assert kept.remove([2, 99]) == [second]
    kept.add(a_run())
    assert [run.number for run in kept.runs()] == [4, 3, 1]  # a number is never given twice


def test_saved_runs_are_no_longer_unsaved() -> None:
    kept = KeptRuns()
    first, second = a_run(), a_run()
    kept.add(first)
    kept.add(second)
    kept.mark_saved([first])
    assert kept.unsaved() == [second]
    second.recovered = True
    assert kept.recovered_unsaved() == [second]
    assert kept.clear() == [second, first] and len(kept) == 0


def test_runs_in_words_counts_batches_and_watched_series_apart() -> None:
    def words(simulated: int, watched: int) -> str:
        return runs_in_words([a_run() for _ in range(simulated)] + [a_run(True) for _ in range(watched)])

    assert words(1, 0) == "the simulation run"
    assert words(3, 0) == "the 3 simulation runs"
    assert words(0, 1) == "the watched series"
    assert words(0, 2) == "the 2 watched series"
    assert words(2, 2) == "the 2 simulation runs and 2 watched series"
    assert words(1, 1) == "the simulation run and the watched series"
    assert words(2, 1) == "the 2 simulation runs and the watched series"


def test_the_model_imports_no_qt() -> None:
    """The kept runs are plain data: importing them loads no Qt (as the engine's own contract)."""
    import subprocess
    import sys

    script = (
        "import sys, tictactoe_qt.gui.stats.kept_runs\n"
        "print(sorted(m for m in sys.modules if m.startswith('PySide6'))[:3])"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "[]", done.stdout
