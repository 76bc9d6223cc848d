"""The stats panel writes a time in one unit per scale and a game's length in one word.

A review found the move-time chart's axis in "(ns)" (pyqtgraph's own prefix) over bars
reading "0.0538 µs", and the report's "Average game length (moves)" for the figure
``simulate`` prints as "7.61 plies"."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from tictactoe_qt.cli.main import main
from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.play import PlayerTotals
from tictactoe_qt.engine.players import PlayerSpec
from tictactoe_qt.gui.stats.run_data import RunData
from tictactoe_qt.gui.stats.run_snapshot import RunSnapshot
from tictactoe_qt.gui.stats.stats_controller import StatsController
from tictactoe_qt.gui.stats.stats_panel import StatsPanel

from .waits import HANG_MS


@pytest.fixture
def panel(qtbot):
    panel = StatsPanel(StatsController())
    qtbot.addWidget(panel)
    panel.resize(540, 650)
    panel.show()
    qtbot.waitUntil(lambda: panel.charts is not None, timeout=HANG_MS)
    yield panel
    panel.shutdown()


def snapshot(x_seconds: float, o_seconds: float) -> RunSnapshot:
    """A finished run whose players took these average times per move."""
    base = RunData(GameConfig(3, 3, 3), PlayerSpec("random"), PlayerSpec("random"), 10).snapshot()
    players = {
        "x": PlayerTotals("random", moves=9, seconds=9 * x_seconds, nodes=9),
        "o": PlayerTotals("random", moves=9, seconds=9 * o_seconds, nodes=9),
    }
    return replace(
        base,
        players=players,
        games=10,
        curve=((1, 1.0, 0.0, 0.0), (10, 0.2, 0.6, 0.2)),
        histogram=(0, 0, 0, 0, 0, 2, 4, 2, 2),
        finished=True,
    )


def axis_unit(panel: StatsPanel) -> str:
    """The unit in the move-time axis's title, "time per move (µs)" -> "µs"."""
    title = panel.charts.move_time_plot.getAxis("left").labelString()
    found = re.search(r"\(([^()]*)\)\s*</span>", title)
    assert found, title
    return found.group(1)


def bar_texts(panel: StatsPanel) -> list[str]:
    return [label.toPlainText().strip("\u2009") for label in panel.charts.time_bars.labels[:2]]


@pytest.mark.parametrize(
    ("x_seconds", "o_seconds", "unit", "texts"),
    [
        (5.38e-8, 6.1e-8, "µs", ["0.0538 µs", "0.061 µs"]),  # a random player on a fast machine
        (0.0009, 0.0012, "ms", ["0.9 ms", "1.2 ms"]),  # one bar under a millisecond, one over
        (2.5, 4.0, "s", ["2.5 s", "4 s"]),
    ],
)
def test_the_time_axis_and_its_bars_are_in_one_unit(qtbot, panel, x_seconds, o_seconds, unit, texts) -> None:
    panel.charts.show_runs([snapshot(x_seconds, o_seconds)])
    qtbot.waitUntil(lambda: bar_texts(panel)[0] != "", timeout=HANG_MS)
    assert not panel.charts.time_bars.is_log()
    assert axis_unit(panel) == unit
    assert bar_texts(panel) == texts
    # The axis's tick numbers are in that unit too: the top of the axis, in ticks' numbers.
    axis = panel.charts.move_time_plot.getAxis("left")
    top = panel.charts.move_time_plot.getViewBox().viewRange()[1][1]
    shown_top = top * axis.scale * axis.autoSIPrefixScale
    assert max(x_seconds, o_seconds) * axis.scale * axis.autoSIPrefixScale < shown_top < 1000


def test_the_axis_changes_unit_with_the_runs(qtbot, panel) -> None:
    panel.charts.show_runs([snapshot(0.0009, 0.0012)])
    qtbot.waitUntil(lambda: axis_unit(panel) == "ms", timeout=HANG_MS)
    panel.charts.show_runs([snapshot(5.38e-8, 6.1e-8)])
    qtbot.waitUntil(lambda: axis_unit(panel) == "µs", timeout=HANG_MS)
    assert bar_texts(panel) == ["0.0538 µs", "0.061 µs"]


def test_game_length_is_in_plies_as_simulate_writes_it(qtbot, panel, capsys) -> None:
    assert main(["simulate", "--x", "random", "--o", "random", "--games", "20", "--seed", "3"]) == 0
    line = next(line for line in capsys.readouterr().out.splitlines() if "average game length" in line)
    word = line.split()[-1]
    assert word == "plies"
    headers = [panel.report.verticalHeaderItem(row).text() for row in range(panel.report.rowCount())]
    assert f"Average game length ({word})" in headers
    assert not any("(moves)" in header for header in headers)
    assert panel.charts.length_plot.getAxis("bottom").labelText == f"game length ({word})"


def shown_axis_top(panel: StatsPanel) -> float:
    """The top of the move-time axis in its ticks' numbers."""
    axis = panel.charts.move_time_plot.getAxis("left")
    top = panel.charts.move_time_plot.getViewBox().viewRange()[1][1]
    return float(top * axis.scale * axis.autoSIPrefixScale)


def test_an_empty_time_axis_reads_in_the_unit_of_its_range(qtbot, panel) -> None:
    # Before any batch the axis showed 0 to 1e+06 "µs": ticks too wide for the axis,
    # drawn over its title. It now reads 0 to 1 in the unit of the range it shows.
    panel.charts.show_runs([])
    qtbot.waitUntil(
        lambda: "time per move" in panel.charts.move_time_plot.getAxis("left").labelString(), timeout=HANG_MS
    )
    assert 0 < shown_axis_top(panel) < 1000
