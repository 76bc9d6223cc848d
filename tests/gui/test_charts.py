"""The Charts tab as a user meets it: wheel, zoom, Reset, legends, axes, PNG pictures, cross table."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QFontMetricsF, QImage, QWheelEvent
from PySide6.QtWidgets import QApplication, QFileDialog, QSpinBox

from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.play import PlayerTotals
from tictactoe_qt.engine.players import PlayerSpec
from tictactoe_qt.gui.player_choices import player_words
from tictactoe_qt.gui.stats.run_data import RunData
from tictactoe_qt.gui.stats.run_snapshot import RunSnapshot
from tictactoe_qt.gui.stats.stats_controller import StatsController
from tictactoe_qt.gui.stats.stats_panel import StatsPanel

CTRL = Qt.KeyboardModifier.ControlModifier
NO_KEYS = Qt.KeyboardModifier.NoModifier


@pytest.fixture
def panel(qtbot):
    """A narrow panel on screen (charts in one column, taller than the page), charts built."""
    panel = StatsPanel(StatsController())
    qtbot.addWidget(panel)
    panel.resize(540, 650)
    panel.show()
    qtbot.waitUntil(lambda: panel.charts is not None, timeout=20_000)
    yield panel
    panel.shutdown()


def snapshot(x_seconds: float, o_seconds: float, x_nodes: int = 9, o_nodes: int = 9, games: int = 10) -> RunSnapshot:
    """A finished random-vs-perfect run whose players took these average times and nodes per move."""
    base = RunData(GameConfig(3, 3, 3), PlayerSpec("random"), PlayerSpec("perfect"), games).snapshot()
    players = {
        "x": PlayerTotals("random", moves=9, seconds=9 * x_seconds, nodes=9 * x_nodes),
        "o": PlayerTotals("perfect", moves=9, seconds=9 * o_seconds, nodes=9 * o_nodes),
    }
    curve = ((1, 1.0, 0.0, 0.0), (games, 0.2, 0.6, 0.2))
    return replace(
        base, players=players, games=games, curve=curve, histogram=(0, 0, 0, 0, 0, 2, 4, 2, 2), finished=True
    )


def wheel(widget, modifiers=NO_KEYS, notches: int = -3) -> None:
    """Turn the mouse wheel over the middle of ``widget`` (negative: towards the user)."""
    pos = QPointF(widget.rect().center())
    event = QWheelEvent(
        pos,
        QPointF(widget.mapToGlobal(pos)),
        QPoint(),
        QPoint(0, 120 * notches),
        Qt.MouseButton.NoButton,
        modifiers,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def shown(qtbot, panel: StatsPanel, runs: list[RunSnapshot]) -> None:
    panel.charts.show_runs(runs)
    qtbot.wait(50)  # the layout settles


def test_wheel_over_a_chart_scrolls_the_panel_and_leaves_the_chart_alone(qtbot, panel) -> None:
    shown(qtbot, panel, [snapshot(1e-6, 1e-6)])
    scroll = panel.charts_page.verticalScrollBar()
    assert scroll.maximum() > 0, "the charts must be taller than the page for this test"
    plot = panel.charts.outcome_plot
    before = plot.viewRange()
    wheel(plot.viewport())
    assert scroll.value() > 0
    assert plot.viewRange() == before
    assert not plot.reset_button.isEnabled()


def test_ctrl_wheel_zooms_and_reset_restores(qtbot, panel) -> None:
    shown(qtbot, panel, [snapshot(1e-6, 1e-6)])
    plot = panel.charts.length_plot
    home = plot.viewRange()
    scroll = panel.charts_page.verticalScrollBar()
    wheel(plot.viewport(), CTRL, notches=3)  # away from the user: zoom in
    zoomed = plot.viewRange()
    assert zoomed[0][1] - zoomed[0][0] < home[0][1] - home[0][0]
    assert scroll.value() == 0
    assert plot.reset_button.isVisible() and plot.reset_button.isEnabled()
    shown(qtbot, panel, [snapshot(1e-6, 1e-6, games=20)])  # a refresh keeps the user's zoom
    assert plot.viewRange() == zoomed
    qtbot.mouseClick(plot.reset_button, Qt.MouseButton.LeftButton)
    assert plot.viewRange() == [pytest.approx(home[0]), pytest.approx(home[1])]
    assert not plot.reset_button.isEnabled()


def test_a_click_lets_the_plain_wheel_zoom_until_the_pointer_leaves(qtbot, panel) -> None:
    shown(qtbot, panel, [snapshot(1e-6, 1e-6)])
    plot = panel.charts.outcome_plot
    home = plot.viewRange()
    qtbot.mouseClick(plot.viewport(), Qt.MouseButton.LeftButton, pos=plot.viewport().rect().center())
    wheel(plot.viewport(), notches=3)
    assert plot.viewRange() != home
    assert panel.charts_page.verticalScrollBar().value() == 0
    QApplication.sendEvent(plot, QEvent(QEvent.Type.Leave))
    zoomed = plot.viewRange()
    wheel(plot.viewport())
    assert plot.viewRange() == zoomed
    assert panel.charts_page.verticalScrollBar().value() > 0


def test_share_axes_stop_near_100_even_zoomed_out(qtbot, panel) -> None:
    shown(qtbot, panel, [snapshot(1e-6, 1e-6)])
    for plot in (panel.charts.outcome_plot, panel.charts.length_plot):
        assert plot.viewRange()[1][1] <= 110
        wheel(plot.viewport(), CTRL, notches=-10)  # towards the user: zoom out
        assert plot.viewRange()[1][1] <= 110, plot.objectName()


def test_an_all_draw_run_draws_its_lines_clear_of_the_axis_frame(qtbot, panel) -> None:
    """Draws at 100 % and both wins at 0 % stay whole lines inside the plot, a few
    pixels from its top and bottom edges, and 100 is still a labelled tick."""
    all_draws = replace(
        snapshot(1e-6, 1e-6),
        curve=((1, 0.0, 0.0, 1.0), (10, 0.0, 0.0, 1.0)),
        outcomes=(0, 0, 10),
        histogram=(0,) * 9 + (10,),
    )
    shown(qtbot, panel, [all_draws])
    plot = panel.charts.outcome_plot
    view = plot.getViewBox()
    frame = view.sceneBoundingRect()
    top = view.mapViewToScene(QPointF(0, 100)).y()
    bottom = view.mapViewToScene(QPointF(0, 0)).y()
    assert top - frame.top() >= 5, "the 100 % line runs into the top of the plot"
    assert frame.bottom() - bottom >= 5, "the 0 % lines run into the bottom of the plot"
    draws = panel.charts.outcome_lines()[2]
    assert list(draws.getData()[1]) == [100.0, 100.0]
    ticks = [value for value, _text in plot.getAxis("left")._tickLevels[0]]
    assert 100 in ticks
    lengths = panel.charts.length_plot.getViewBox()
    bar_top = lengths.mapViewToScene(QPointF(9, 100)).y()
    assert bar_top - lengths.sceneBoundingRect().top() >= 5, "a 100 % bar fills the plot to its frame"


def test_legends_sit_outside_the_plotted_data(qtbot, panel) -> None:
    shown(qtbot, panel, [snapshot(1e-6, 2e-6)])
    legends = {
        panel.charts.outcome_plot: ("X wins", "O wins", "Draws"),
        panel.charts.move_time_plot: ("X", "O"),
        panel.charts.nodes_plot: ("X", "O"),
    }
    for plot, names in legends.items():
        legend = plot.legend
        assert legend.isVisible()
        assert all(name in legend.text for name in names)
        area = legend.sceneBoundingRect()
        assert not area.intersects(plot.getViewBox().sceneBoundingRect()), plot.objectName()
        for item in plot.getViewBox().addedItems:
            if item.isVisible():
                assert not area.intersects(item.sceneBoundingRect()), (plot.objectName(), item)


def test_time_axis_turns_logarithmic_when_times_span_orders_of_magnitude(qtbot, panel) -> None:
    charts = panel.charts
    shown(qtbot, panel, [snapshot(1e-6, 3e-6)])
    assert not charts.time_bars.is_log()
    shown(qtbot, panel, [snapshot(0.6e-6, 150e-6)])  # random against perfect: 250x
    assert charts.time_bars.is_log()
    assert charts.move_time_plot.getAxis("left").logMode
    # The small bar is still a bar: at least a tenth of the tall one.
    x_bar, o_bar = charts.time_bars.bars
    assert x_bar.opts["height"][0] >= 0.1 * o_bar.opts["height"][0] > 0
    ticks = [text for _value, text in charts.move_time_plot.getAxis("left")._tickLevels[0]]
    assert "1 \u00b5s" in ticks and "100 \u00b5s" in ticks
    shown(qtbot, panel, [snapshot(1e-6, 1e-6, x_nodes=1, o_nodes=5000)])
    assert charts.node_bars.is_log() and not charts.time_bars.is_log()


def test_axis_titles_read_in_full(qtbot, panel) -> None:
    shown(qtbot, panel, [snapshot(0.6e-6, 150e-6, x_nodes=1, o_nodes=5000)])  # the longer log titles
    for plot in panel.charts.plots():
        assert plot.height() <= plot.minimumHeight() + 5  # as small as the charts get
        title = plot.mapFromScene(plot.getPlotItem().titleLabel.sceneBoundingRect()).boundingRect()
        for side in ("left", "bottom"):
            label = plot.getAxis(side).label
            if not label.isVisible() or not label.toPlainText():
                continue
            box = plot.mapFromScene(label.sceneBoundingRect()).boundingRect()
            assert plot.rect().contains(box), (plot.objectName(), side, label.toPlainText())
            assert not box.intersects(title), (plot.objectName(), side)


def test_exported_pngs_are_wide_and_name_the_runs_players_and_board(qtbot, panel, tmp_path, monkeypatch) -> None:
    config = GameConfig(3, 3, 3)
    panel.set_match_source(lambda: (config, PlayerSpec("random"), PlayerSpec("perfect")))
    panel.findChild(QSpinBox, "simGames").setValue(30)
    with qtbot.waitSignal(panel.simulation_finished, timeout=30_000):
        panel.start_simulation()
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(tmp_path))
    panel.exports.choose_png_folder()
    pictures = sorted(tmp_path.glob("*.png"))
    assert [p.name for p in pictures] == ["game_length.png", "move_time.png", "nodes_per_move.png", "outcome_rates.png"]
    for path in pictures:
        image = QImage(str(path))
        assert image.width() >= 1200, path.name
        title = image.text("Title")
        assert "#1 random vs perfect" in title and "3x3" in title and "30 games" in title
    assert not list(tmp_path.glob(".*.tmp"))  # written through temporary files, none left


def test_report_title_names_every_overlaid_run_with_its_line_style(qtbot) -> None:
    from tictactoe_qt.gui.stats.chart_export import report_title

    first = replace(snapshot(1e-6, 1e-6), label="#2 random vs perfect, 3x3 k=3")
    second = replace(snapshot(1e-6, 1e-6, games=40), label="#1 minimax:depth=2 vs random, 4x4 k=3")
    lines = report_title("Game length", [first, second], ("filled", "dashed"))
    assert lines == [  # oldest first, as the bars; the main (newest) run keeps its style
        "Game length",
        "#1 minimax:depth=2 vs random, 4x4 k=3: 40 games (dashed)",
        "#2 random vs perfect, 3x3 k=3: 10 games (filled)",
    ]
    assert report_title("Nodes", [first]) == ["Nodes", "#2 random vs perfect, 3x3 k=3: 10 games"]


def test_exported_titles_name_the_runs_in_the_order_of_the_bars(qtbot, panel) -> None:
    from tictactoe_qt.gui.stats.chart_export import report_images

    older = replace(snapshot(1e-6, 2e-6), tag="#1", label="#1 random vs perfect, 3x3 k=3")
    newer = replace(snapshot(1e-3, 2e-3, games=40), tag="#2", label="#2 random vs perfect, 3x3 k=3")
    runs = [newer, older]  # the panel's order: the newest (main) run first
    shown(qtbot, panel, runs)
    orders = set()
    for bars in panel.charts.bar_charts():
        ticks = sorted(bars.plot.getAxis("bottom")._tickLevels[0])  # the names under the bars
        orders.add(tuple(text.split()[0] for _position, text in ticks))  # "#1 Random\nvs ..."
    assert len(orders) == 1 and len(next(iter(orders))) == len(runs)
    left_to_right = list(next(iter(orders)))
    for name, image in report_images(runs).items():
        lines = image.text("Title").split("\n")[1:]
        assert [line.split()[0] for line in lines] == left_to_right, (name, lines)


def test_cross_table_shows_whole_player_names(qtbot) -> None:
    from tictactoe_qt.gui.player_choices import player_words
    from tictactoe_qt.gui.stats.tournament_view import TournamentView

    view = TournamentView(lambda: GameConfig(3, 3, 3))
    qtbot.addWidget(view)
    view.resize(540, 420)  # a short dock
    view.show()
    view.set_players(["random", "minimax:depth=2", "alphabeta:depth=4", "average"])
    view.games_per_pairing.setValue(2)
    with qtbot.waitSignal(view.tournament_finished, timeout=30_000) as finished:
        assert view.start(seed=1)
    players = list(finished.args[0].players)
    assert "minimax:depth=2" in players
    table = view.cross_table
    header = table.horizontalHeader()
    metrics = header.fontMetrics()
    for index, name in enumerate(players):
        for item in (table.horizontalHeaderItem(index), table.verticalHeaderItem(index)):
            assert item.toolTip() == name  # the spec
            assert item.text().replace("\n", " ") == player_words(name)  # in words
        widest = max(metrics.horizontalAdvance(line) for line in table.horizontalHeaderItem(index).text().split("\n"))
        assert header.sectionSize(index) > widest, name  # not elided ("max:dept")
        rows = table.verticalHeader()
        assert rows.sectionSize(index) >= 2 * rows.fontMetrics().lineSpacing(), name  # both lines of a wrapped name
    view.shutdown()


def ink(label):
    """Where a text label's letters are: its box without the blank document margin."""
    margin = label.textItem.document().documentMargin()
    return label.sceneBoundingRect().adjusted(margin, margin, -margin, -margin)


def test_bar_value_labels_never_overlap(qtbot, panel) -> None:
    panel.resize(820, 650)  # two columns: narrow bars
    runs = [replace(snapshot(0.113e-6, 0.113e-6), tag=f"#{n}") for n in range(4, 0, -1)]
    shown(qtbot, panel, runs)
    qtbot.wait(100)
    for bars in panel.charts.bar_charts():
        boxes = [ink(label) for label in bars.labels if label.isVisible() and label.toPlainText()]
        assert len(boxes) == 8
        for index, box in enumerate(boxes):
            assert not any(box.intersects(other) for other in boxes[index + 1 :]), bars.plot.objectName()


def test_other_runs_show_whole_and_a_finished_live_run_keeps_its_zoom(qtbot, panel) -> None:
    live = replace(snapshot(1e-6, 1e-6), tag="live", label="random vs perfect, 3x3 k=3", finished=False)
    shown(qtbot, panel, [live])
    plot = panel.charts.length_plot
    wheel(plot.viewport(), CTRL, notches=3)
    zoomed = plot.viewRange()
    shown(qtbot, panel, [replace(live, tag="#1", label="#1 random vs perfect, 3x3 k=3", finished=True)])
    assert plot.viewRange() == zoomed and plot.reset_button.isEnabled()
    other = replace(snapshot(1e-6, 1e-6), tag="#2", label="#2 random vs random, 3x3 k=3")
    shown(qtbot, panel, [other])
    assert plot.viewRange() == [pytest.approx(list(r)) for r in (plot.home_range("x"), plot.home_range("y"))]
    assert not plot.reset_button.isEnabled()


def test_bar_groups_read_oldest_first_and_name_their_players(qtbot, panel) -> None:
    """Runs come newest first; under the bars they read left to right as played,
    each group named by its run and players, every name within its group's room."""
    newest = replace(snapshot(8e-6, 1e-6, x_nodes=60, o_nodes=1), tag="#2", label="#2 minimax vs random")
    newest.players["x"].spec, newest.players["o"].spec = "minimax:depth=2", "random"
    oldest = replace(snapshot(40e-6, 38e-6, x_nodes=300, o_nodes=280), tag="#1")  # random vs perfect
    shown(qtbot, panel, [newest, oldest])
    for bars in panel.charts.bar_charts():
        axis = bars.plot.getAxis("bottom")
        ticks = sorted(axis._tickLevels[0])
        names = [text for _position, text in ticks]
        # Players in the window's words, not specs: "#1 Random" over "vs Perfect".
        assert names[0] == f"#1 {player_words('random')}\nvs {player_words('perfect')}", names
        assert names[1] == f"#2 {player_words('minimax:depth=2')}\nvs {player_words('random')}", names
        assert "minimax:depth=2" not in names[1]
        x_bar, _o_bar = bars.bars
        heights = list(x_bar.opts["height"])
        assert heights[0] > heights[1], "the first group is not the oldest run's"
        view = bars.plot.getViewBox()
        room = view.width() / (view.viewRange()[0][1] - view.viewRange()[0][0])
        metrics = QFontMetricsF(axis.style["tickFont"] or axis.font())
        assert all(metrics.horizontalAdvance(line) <= room for name in names for line in name.split("\n"))
