"""A local worker process SIGKILLed under the Statistics dock's batch: the games finished
before are kept as a cancelled run, with one line saying a worker died, and no traceback."""

from __future__ import annotations

import json
import os
import re
import signal

import pytest

from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.players import PlayerSpec
from tictactoe_qt.gui.stats import chunk_pool
from tictactoe_qt.gui.stats.chunk_pool import ChunkPool
from tictactoe_qt.gui.stats.recovery_files import MANIFEST
from tictactoe_qt.gui.stats.stats_controller import StatsController
from tictactoe_qt.gui.stats.stats_panel import StatsPanel

from .waits import HANG_MS

#: Minutes of play: the worker always dies mid-batch.
MATCH = (GameConfig(5, 5, 4), PlayerSpec("random"), PlayerSpec.parse("minimax:depth=1"))
GAMES = 1_000_000


def _is_running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except (FileNotFoundError, ProcessLookupError):
        return False


@pytest.fixture
def pool(monkeypatch):
    """The dock's shared pool, a fresh one of two workers for this test."""
    pool = ChunkPool(workers=2)
    monkeypatch.setattr(chunk_pool, "_shared", pool)
    yield pool
    pool.shutdown()


@pytest.fixture
def panel(qtbot, tmp_path, pool):
    panel = StatsPanel(StatsController())
    qtbot.addWidget(panel)
    panel.set_match_source(lambda: MATCH)
    panel.controller.start_recovery(tmp_path / "recovery")
    panel.resize(520, 700)
    panel.show()
    yield panel
    panel.shutdown()


def test_a_killed_worker_keeps_the_games_with_one_line(qtbot, panel, pool, capfd) -> None:
    panel.simulate_bar.games_box.setValue(GAMES)
    panel.simulate_bar.seed_box.setValue(3)
    assert panel.start_simulation()
    qtbot.waitUntil(lambda: panel.simulate_bar.progress_bar.value() > 0, timeout=HANG_MS)
    pids = pool.pids()
    with qtbot.waitSignal(panel.simulation_finished, timeout=HANG_MS) as finished:
        os.kill(pids[0], signal.SIGKILL)

    status = panel.simulate_bar.status_label.text()
    line = re.fullmatch(
        r"A worker process died(?: \(pid \d+[^)]*\))?; the batch stopped; the "
        r"([\d,]+) games finished before are kept",
        status,
    )
    assert line, status
    runs = panel.run_list.runs()
    assert len(runs) == 1
    run = runs[0]
    assert run.cancelled and 0 < run.games < GAMES and f"{run.games:,}" == line.group(1)
    summary = finished.args[0]
    assert summary["games"] == run.games and "worker process died" in summary["failure"]
    assert any(snapshot.games == run.games for snapshot in panel.shown_snapshots())
    panel.recovery.wait_for_writes()
    stems = json.loads((panel.recovery.folder / MANIFEST).read_text())["runs"]
    with open(panel.recovery.folder / f"{stems[0]}.csv") as stream:
        assert len(stems) == 1 and sum(1 for _ in stream) - 1 == run.games

    qtbot.waitUntil(lambda: not panel.is_simulating(), timeout=HANG_MS)
    qtbot.waitUntil(lambda: not any(_is_running(pid) for pid in pids), timeout=HANG_MS)
    err = capfd.readouterr().err
    assert "Traceback" not in err, err[-3000:]
