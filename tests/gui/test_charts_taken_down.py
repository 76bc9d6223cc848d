"""Charts are taken down the way pyqtgraph asks (``PlotWidget.close``) before their widgets go.

pyqtgraph builds a "Plot Options" form for every plot, whose widgets Qt moves between
parents. Left to the garbage collector after the charts were deleted, that form's wrappers
deleted a widget whose parent was already gone: a test worker that had exported pictures
and closed windows with charts crashed in a later collection, at a random test.
"""

from __future__ import annotations

from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.players import PlayerSpec
from tictactoe_qt.gui.stats import chart_loader
from tictactoe_qt.gui.stats.chart_widget import ChartWidget
from tictactoe_qt.gui.stats.run_data import RunData
from tictactoe_qt.gui.stats.stats_controller import StatsController
from tictactoe_qt.gui.stats.stats_panel import StatsPanel

from .waits import HANG_MS


def closed_plots(monkeypatch) -> list[ChartWidget]:
    """The charts whose ``close`` runs from now on (and it still runs)."""
    closed: list[ChartWidget] = []
    close = ChartWidget.close

    def recording(self: ChartWidget) -> bool:
        closed.append(self)
        return close(self)

    monkeypatch.setattr(ChartWidget, "close", recording)
    return closed


def test_closing_the_window_takes_every_chart_down_and_draws_nothing_after(qtbot) -> None:
    panel = StatsPanel(StatsController())
    qtbot.addWidget(panel)
    panel.resize(540, 650)
    panel.show()
    qtbot.waitUntil(lambda: panel.charts is not None, timeout=HANG_MS)
    plots = panel.charts.plots()
    panel.shutdown()  # what the window's close does
    assert all(plot.plotItem is None for plot in plots)  # pyqtgraph's own close ran
    panel.charts_page.set_seen(True)  # a late look builds and draws nothing
    panel.charts_page.draw([RunData(GameConfig(), PlayerSpec("random"), PlayerSpec("random"), 5).snapshot()])
    qtbot.wait(20)
    assert panel.charts.plots() == plots


def test_charts_still_being_built_are_taken_down_as_far_as_they_got(qtbot, monkeypatch) -> None:
    assert chart_loader.wait_until_loaded()
    from tictactoe_qt.gui.stats.charts import StatsCharts

    closed = closed_plots(monkeypatch)
    charts = StatsCharts(build_now=False)
    charts.build_step()  # the first plot only
    charts.dispose()
    assert closed == [charts.outcome_plot]


def test_exported_pictures_leave_no_chart_standing(qtbot, monkeypatch) -> None:
    assert chart_loader.wait_until_loaded()
    from tictactoe_qt.gui.stats.chart_export import report_images

    closed = closed_plots(monkeypatch)
    run = RunData(GameConfig(), PlayerSpec("random"), PlayerSpec("perfect"), 5).snapshot()
    images = report_images([run])
    assert len(images) == 4 and not any(image.isNull() for image in images.values())
    assert len(closed) == 4


def test_taking_charts_down_twice_is_harmless(qtbot) -> None:
    assert chart_loader.wait_until_loaded()
    from tictactoe_qt.gui.stats.charts import StatsCharts

    charts = StatsCharts()
    charts.dispose()
    charts.dispose()  # the window's close, then its deletion
    assert all(plot.plotItem is None for plot in charts.plots())
