"""The Statistics dock's batch on a Dask cluster that goes away mid-batch, as people meet it.

Real ``dask scheduler`` and ``dask worker`` processes are killed once the dock
shows games finished (where only workers die, their scheduler runs in the test
process). The run ends with one line in the dock's status, the games finished
before are kept as a cancelled run (Runs tab, charts, recovery folder), and
nothing prints a traceback.
"""

from __future__ import annotations

import json
import re

import pytest
from PySide6.QtCore import QSettings

from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.players import PlayerSpec

pytest.importorskip("distributed")

from tictactoe_qt.gui.stats.recovery_files import MANIFEST
from tictactoe_qt.gui.stats.run_on_bar import DASK_CLUSTER
from tictactoe_qt.gui.stats.stats_controller import StatsController
from tictactoe_qt.gui.stats.stats_panel import StatsPanel

MATCH = (GameConfig(4, 4, 3), PlayerSpec("random"), PlayerSpec.parse("minimax:depth=1"))
#: Minutes of play: the cluster is always lost mid-batch.
GAMES = 500_000
#: Milliseconds for a connection, the first games or the end of the run (a hang fails,
#: not slowness: losing every worker takes the answer and no-workers timeouts by design).
BOUND = 90_000
#: Those timeouts here, set in Dask's configuration as a user's file would (the line says them).
ANSWER = 2
NO_WORKERS = 1
#: Games the dock shows before the cluster is lost.
SHOWN = 100
KEPT = r"; the ([\d,]+) games finished before are kept"


@pytest.fixture(autouse=True)
def isolated_settings(qapp, tmp_path):
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "cfg"))
    qapp.setOrganizationName("tictactoe-qt-tests")
    qapp.setApplicationName("tictactoe-qt")


@pytest.fixture
def panel(qtbot, tmp_path):
    panel = StatsPanel(StatsController())
    qtbot.addWidget(panel)
    panel.set_match_source(lambda: MATCH)
    panel.controller.start_recovery(tmp_path / "recovery")
    panel.resize(520, 700)
    panel.show()
    yield panel
    panel.shutdown()


def _start_on_cluster(qtbot, panel: StatsPanel, address: str) -> None:
    bar = panel.run_on_bar
    bar.address_edit.setText(address)
    with qtbot.waitSignal(bar.link.connected, timeout=BOUND):
        bar.place_box.setCurrentIndex(DASK_CLUSTER)
    panel.simulate_bar.games_box.setValue(GAMES)
    panel.simulate_bar.seed_box.setValue(4)
    assert panel.start_simulation()
    # Mid-batch: the first chunks (of 1, 4, 16, … games) are back and counted.
    qtbot.waitUntil(lambda: panel.simulate_bar.progress_bar.value() >= SHOWN, timeout=BOUND)


def _assert_games_kept(qtbot, panel: StatsPanel, summary: dict, line: str) -> None:
    """The dock's one line, the run in the Runs tab and charts, and in the recovery folder."""
    status = panel.simulate_bar.status_label.text()
    match = re.fullmatch(line + KEPT, status)
    assert match, status
    runs = panel.run_list.runs()
    assert len(runs) == 1
    run = runs[0]
    assert run.cancelled and SHOWN <= run.games < GAMES
    assert f"{run.games:,}" == match.group(1)
    assert run.games == run.snapshot().games == sum(run.snapshot().outcomes)
    assert summary["games"] == run.games and summary["cancelled"] is True
    assert summary["failure"] and "\n" not in summary["failure"]
    assert any(snapshot.games == run.games for snapshot in panel.shown_snapshots())
    qtbot.waitUntil(lambda: not panel.is_simulating(), timeout=BOUND)
    recovery = panel.recovery
    recovery.wait_for_writes()
    stems = json.loads((recovery.folder / MANIFEST).read_text())["runs"]
    assert len(stems) == 1
    with open(recovery.folder / f"{stems[0]}.csv") as stream:
        assert sum(1 for _ in stream) - 1 == run.games


def _no_traceback(capfd) -> None:
    err = capfd.readouterr().err
    assert "Traceback" not in err and "FutureCancelledError" not in err, err[-3000:]


def test_a_scheduler_killed_mid_batch_keeps_the_games_with_one_line(qtbot, panel, fresh_dask, capfd):
    fresh_dask.add_worker()  # one is enough: the point is the scheduler process going away
    _start_on_cluster(qtbot, panel, fresh_dask.address)
    with qtbot.waitSignal(panel.simulation_finished, timeout=BOUND) as finished:
        fresh_dask.processes[0].kill()  # the scheduler
    _assert_games_kept(
        qtbot,
        panel,
        finished.args[0],
        re.escape(f"The cluster's scheduler at '{fresh_dask.address}' went away: the connection to it was lost"),
    )
    _no_traceback(capfd)


def test_every_worker_killed_mid_batch_keeps_the_games_after_a_bounded_wait(
    qtbot, panel, dask_here, capfd, cluster_timeouts
):
    cluster_timeouts(answer=ANSWER, no_workers=NO_WORKERS)
    workers = [dask_here.add_worker(), dask_here.add_worker()]
    _start_on_cluster(qtbot, panel, dask_here.address)
    with qtbot.waitSignal(panel.simulation_finished, timeout=BOUND) as finished:
        for worker in workers:
            worker.kill()
    _assert_games_kept(
        qtbot,
        panel,
        finished.args[0],
        re.escape(f"Every worker of the cluster at '{dask_here.address}' has gone, and none joined in {NO_WORKERS} s"),
    )
    _no_traceback(capfd)
