"""The Statistics dock's "Run on: Dask cluster at …", against real Dask processes on 127.0.0.1."""

from __future__ import annotations

import csv

import pytest
from PySide6.QtCore import QSettings

from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.play import run_batch
from tictactoe_qt.engine.players import PlayerSpec
from tictactoe_qt.gui.stats.run_on_bar import DASK_CLUSTER, THIS_COMPUTER, RunOnBar
from tictactoe_qt.gui.stats.stats_controller import StatsController
from tictactoe_qt.gui.stats.stats_panel import StatsPanel

from .totals import totals

MATCH = (GameConfig(4, 4, 3), PlayerSpec("random"), PlayerSpec.parse("minimax:depth=1"))
GAMES = 2400
#: Milliseconds for a connection or a batch (a hang fails, not slowness).
BOUND = 60_000
#: The connect timeout where a test waits it out (Dask's setting
#: tictactoe-qt.cluster.timeouts.connect, as a user sets it): the line says this number.
#: A fake that must greet first (a thread of this process) gets GREETED.
CONNECT = 1
GREETED = 2


@pytest.fixture(autouse=True)
def isolated_settings(qapp, tmp_path):
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "cfg"))
    qapp.setOrganizationName("tictactoe-qt-tests")
    qapp.setApplicationName("tictactoe-qt")


@pytest.fixture
def panel(qtbot):
    panel = StatsPanel(StatsController())
    qtbot.addWidget(panel)
    panel.set_match_source(lambda: MATCH)
    panel.resize(520, 700)
    panel.show()
    yield panel
    panel.shutdown()


def _connect(qtbot, panel: StatsPanel, address: str) -> None:
    bar = panel.run_on_bar
    bar.address_edit.setText(address)
    with qtbot.waitSignal(bar.link.connected, timeout=BOUND):
        bar.place_box.setCurrentIndex(DASK_CLUSTER)


def _simulate(qtbot, panel: StatsPanel, seed: int) -> dict:
    panel.simulate_bar.games_box.setValue(GAMES)
    panel.simulate_bar.seed_box.setValue(seed)
    progress: list[int] = []
    panel.batch.progress.connect(lambda snapshot: progress.append(snapshot.games))
    with qtbot.waitSignal(panel.simulation_finished, timeout=BOUND) as finished:
        assert panel.start_simulation()
    return {"summary": finished.args[0], "progress": progress}


def _rows(panel: StatsPanel, path) -> list[dict]:
    panel.export_results(path)
    with open(path, newline="") as file:
        return [{k: v for k, v in row.items() if not k.endswith("_seconds")} for row in csv.DictReader(file)]


def test_the_dock_runs_a_batch_on_the_cluster_with_the_same_games(qtbot, panel, two_workers, tmp_path):
    _connect(qtbot, panel, two_workers.address)
    assert panel.run_on_bar.status_label.text() == "Connected: 2 workers, 2 cores"
    panel.grab().save(str(tmp_path / "run_on_connected.png"))
    on_cluster = _simulate(qtbot, panel, seed=21)
    cluster_rows = _rows(panel, tmp_path / "cluster.csv")
    assert on_cluster["summary"]["workers"] == 2
    # Streamed: the charts had games to show before the batch ended.
    assert any(0 < games < GAMES for games in on_cluster["progress"])

    panel.run_on_bar.place_box.setCurrentIndex(THIS_COMPUTER)
    here = _simulate(qtbot, panel, seed=21)
    assert totals(on_cluster["summary"]) == totals(here["summary"])
    assert cluster_rows == _rows(panel, tmp_path / "here.csv") and len(cluster_rows) == GAMES
    engine = run_batch(MATCH[0], MATCH[1], MATCH[2], GAMES, seed=21, workers=1).as_dict()
    assert totals(on_cluster["summary"])["x_wins"] == engine["x_wins"]


def test_the_choice_and_address_are_remembered(qtbot, panel, two_workers):
    _connect(qtbot, panel, two_workers.address)
    again = RunOnBar()
    qtbot.addWidget(again)
    assert again.on_cluster() and again.address() == two_workers.address
    with qtbot.waitSignal(again.link.connected, timeout=BOUND):
        pass  # it reconnects by itself
    again.shutdown()


def test_an_unreachable_cluster_says_so_and_simulate_waits(qtbot, panel, cluster_timeouts):
    from .dask_processes import refused_address

    cluster_timeouts(connect=CONNECT)
    bar = panel.run_on_bar
    with refused_address() as address, qtbot.waitSignal(bar.link.failed, timeout=BOUND) as failed:
        bar.address_edit.setText(address)
        bar.place_box.setCurrentIndex(DASK_CLUSTER)
    assert failed.args[0].startswith("cannot reach the Dask scheduler at 'tcp://127.0.0.1:")
    assert failed.args[0].endswith(f"(connection refused for {CONNECT} s)")
    assert not panel.start_simulation()
    assert panel.simulate_bar.status_label.text() == failed.args[0]


@pytest.mark.parametrize(
    ("behaviour", "why", "takes_seconds"),
    [
        ("silent", f"it accepted the connection but sent nothing in {CONNECT} s", CONNECT),
        ("junk", "something else listens there: it does not speak Dask's protocol", None),
        ("greets_then_silent", f"it greeted as a Dask scheduler, then did not answer in {GREETED} s", GREETED),
    ],
)
def test_connect_to_a_port_that_is_not_a_scheduler_says_the_cli_line_without_blocking(
    qtbot, panel, cluster_timeouts, behaviour, why, takes_seconds
):
    from PySide6.QtCore import QTimer

    from . import fake_servers

    if takes_seconds:
        cluster_timeouts(connect=takes_seconds)
    bar = panel.run_on_bar
    ticks: list[int] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(20)
    ticks_when_failed: list[int] = []
    bar.link.failed.connect(lambda *_: ticks_when_failed.append(len(ticks)))
    with fake_servers.FakeServer(getattr(fake_servers, behaviour)) as server:
        bar.address_edit.setText(server.address)
        with qtbot.waitSignal(bar.link.failed, timeout=BOUND) as failed:
            bar.place_box.setCurrentIndex(DASK_CLUSTER)
            # Connect returned at once: the attempt runs beside the GUI, which shows it.
            assert bar.status_label.text() == f"Connecting to {server.address}…"
    timer.stop()
    assert failed.args[0].startswith(f"cannot reach the Dask scheduler at '{server.address}': {why}")
    assert bar.status_label.text() == failed.args[0] and "\n" not in failed.args[0]
    if takes_seconds:
        # The event loop ran while the attempt waited out its timeout: a 20 ms timer ticked
        # before the failure came. An attempt that blocked the GUI thread would let it tick
        # at most once, late; how often it ticks depends on the machine, so only that counts.
        assert ticks_when_failed[0] >= 2
    assert not panel.start_simulation()


@pytest.mark.parametrize(
    ("address", "why"),
    [
        ("udp://127.0.0.1:8786", "'udp://' does not reach a Dask scheduler"),
        ("tcp://127.0.0.1:18786/x", "nothing may follow the port of a scheduler's address"),
    ],
)
def test_connect_to_a_malformed_address_says_what_form_it_needs(qtbot, panel, address, why):
    import argparse

    from tictactoe_qt.cli.cluster_option import cluster_address

    bar = panel.run_on_bar
    bar.address_edit.setText(address)
    with qtbot.waitSignal(bar.link.failed, timeout=BOUND) as failed:
        bar.place_box.setCurrentIndex(DASK_CLUSTER)
    assert why in failed.args[0]
    with pytest.raises(argparse.ArgumentTypeError) as cli_error:  # what --cluster says for it
        cluster_address(address)
    assert failed.args[0] == str(cli_error.value)
    assert bar.status_label.text() == failed.args[0]
