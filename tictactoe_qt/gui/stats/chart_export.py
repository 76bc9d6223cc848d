"""The charts as report-ready pictures: 1,280 pixels wide, titled with the runs they show.

Each picture is drawn from a fresh, never-shown set of charts at a fixed size,
so it does not depend on the dock's width or on the user's zoom, and at twice
the pixel density, so text and lines stay sharp in a document. Its title
names every run drawn (number, players, board and games), oldest first, the
order in which the bar charts draw them left to right.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from pyqtgraph.exporters import ImageExporter
from PySide6.QtCore import QEventLoop, QSize, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from .charts import DASH_NAMES, StatsCharts
from .run_snapshot import RunSnapshot

#: Each chart's size in the picture's own (logical) pixels, and the pixels per logical pixel.
PICTURE_SIZE = QSize(640, 400)
SCALE = 2
SCREEN_DPI = 96
INCH_METERS = 0.0254
#: Extra logical height per run named in a title.
LINE_HEIGHT = 18
TITLE_MARGIN = 6


def run_line(run: RunSnapshot, style: str | None) -> str:
    """One run as a title names it: ``#2 random vs perfect, 3x3 k=3: 200 games (dashed)``."""
    text = f"{run.label}: {run.games:,} games"
    return f"{text} ({style})" if style else text


def report_title(title: str, runs: Sequence[RunSnapshot], styles: Sequence[str] = ()) -> list[str]:
    """The chart's title, then a line per run, oldest first as the bar charts draw their groups.

    ``runs`` come newest first (the panel's order, main run first); ``styles`` say how
    each is drawn, by that order (the main run solid), when several share the chart.
    """
    lines = [title]
    for index in reversed(range(len(runs))):
        style = styles[index % len(styles)] if styles and len(runs) > 1 else None
        lines.append(run_line(runs[index], style))
    return lines


def report_images(runs: Sequence[RunSnapshot]) -> dict[str, QImage]:
    """Each chart by file name, drawn with ``runs`` (the first solid, the rest overlaid).

    Each image also carries its title as text (``image.text("Title")``), which
    PNG files keep as metadata.
    """
    charts = StatsCharts()
    charts.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
    size = QSize(PICTURE_SIZE.width(), PICTURE_SIZE.height() + LINE_HEIGHT * len(runs))
    for plot in charts.plots():
        plot.setFixedSize(size)
        plot.reset_button.hide()
    charts.show_runs(runs)
    shown = charts.runs()
    # Bar charts name each run under its bars; the others draw runs in their own styles.
    styles = {charts.outcome_plot: DASH_NAMES, charts.length_plot: ("filled", *DASH_NAMES[1:])}
    titles = {}
    for plot, title in zip(charts.plots(), charts.titles()):
        lines = titles[plot] = report_title(title, shown, styles.get(plot, ()))
        text = "<br>".join([f"<b>{html.escape(lines[0])}</b>", *map(html.escape, lines[1:])])
        item = plot.getPlotItem()
        item.setTitle(text, color=charts.colors.foreground.name(), size="10pt")
        # pyqtgraph gives a title one line's height; these have one per run more.
        height = item.titleLabel.item.boundingRect().height() + TITLE_MARGIN
        item.titleLabel.setMaximumHeight(height)
        item.layout.setRowFixedHeight(0, height)
    charts.show()
    # Let the new sizes and titles reach every item's layout (posted events) before drawing.
    QApplication.sendPostedEvents()
    QApplication.processEvents(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
    images = {}
    for name, plot in charts.chart_titles().items():
        # pyqtgraph's exporter draws the scene in vectors at any scale (lines, text and all).
        exporter = ImageExporter(plot.getPlotItem())
        exporter.parameters()["width"] = size.width() * SCALE
        exporter.parameters()["background"] = charts.colors.background
        image = exporter.export(toBytes=True)
        # Twice the screen's density: documents place the picture at its on-screen size.
        image.setDotsPerMeterX(round(SCALE * SCREEN_DPI / INCH_METERS))
        image.setDotsPerMeterY(round(SCALE * SCREEN_DPI / INCH_METERS))
        image.setText("Title", "\n".join(titles[plot]))
        images[name] = image
    charts.dispose()
    charts.close()
    charts.deleteLater()
    return images
