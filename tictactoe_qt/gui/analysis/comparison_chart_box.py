"""The comparison dock's chart with its metric choice: nodes, cut-offs or time per algorithm."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QVBoxLayout, QWidget

from tictactoe_qt.engine.analysis import VARIANTS, ComparisonRow
from tictactoe_qt.gui.analysis.comparison_cells import metric_texts, metric_values, time_unit
from tictactoe_qt.gui.analysis.comparison_chart import ComparisonChart

#: Bar labels short enough to sit side by side under the chart.
CHART_LABELS = {
    "minimax": "Minimax",
    "alphabeta": "Alpha-beta",
    "alphabeta+ordering": "+ ordering",
    "alphabeta+tt": "+ table",
    "alphabeta+symmetry": "Engine + sym.",
    "perfect": "Perfect",
}
#: The chart's metrics and their axis titles; the time axis names the unit it picks ('time (ms)').
METRICS = (("Nodes", "positions visited"), ("Cut-offs", "cut-offs"), ("Time", "time ({0})"))
TIME_METRIC = 2


class ComparisonChartBox(QWidget):
    """The 'Chart: …' choice above a log-scale :class:`.ComparisonChart` of the rows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.metric_choice = QComboBox(objectName="comparisonMetric")
        for name, _unit in METRICS:
            self.metric_choice.addItem(self.tr("Chart: {0}").format(self.tr(name)))
        layout.addWidget(self.metric_choice)
        self.chart = ComparisonChart()
        layout.addWidget(self.chart, 1)

    def show_rows(self, rows: list[ComparisonRow], ordering: str) -> None:
        """Chart the chosen metric of ``rows`` (a gap for each algorithm without one);
        ``ordering`` names the move-ordering bar."""
        index = self.metric_choice.currentIndex()
        _name, axis = METRICS[index]
        by_key = {row.variant.key: row for row in rows}
        charted = [by_key.get(variant.key) for variant in VARIANTS]
        unit = time_unit(charted)
        values = metric_values(charted, index, unit)
        title = self.tr(axis).format(unit.name) if index == TIME_METRIC else self.tr(axis)
        notes = {
            i: by_key[v.key].status
            for i, v in enumerate(VARIANTS)
            if v.key in by_key and by_key[v.key].status in ("refused", "skipped", "unavailable", "error")
        }
        labels = [
            f"+ {ordering}" if v.key == "alphabeta+ordering" else self.tr(CHART_LABELS.get(v.key, v.label))
            for v in VARIANTS
        ]
        self.chart.show_values(labels, values, title, notes, metric_texts(charted, index))
