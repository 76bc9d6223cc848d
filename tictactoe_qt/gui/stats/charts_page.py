"""The stats panel's Charts tab: charts built the first time they are seen, drawn only when seen.

The charts need pyqtgraph, which :mod:`.chart_loader` loads in the
background after start-up. Until the tab is first on screen it holds a
label; then the charts are built a part per event-loop pass, so the window
never freezes for the whole build. Runs drawn while the tab is hidden (or
before the charts exist) are drawn when it is next seen: the panel keeps
the runs, the page only remembers that it missed a redraw.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QWidget

from tictactoe_qt.engine.text import BOARD_NAMES, SideNames

from . import chart_loader
from .export import ExportError
from .run_snapshot import RunSnapshot

if TYPE_CHECKING:  # the charts module imports pyqtgraph
    from .charts import StatsCharts


class ChartsPage(QScrollArea):
    """Holds the :class:`StatsCharts` once built (``charts``, None until then)."""

    #: The page was seen after missing a redraw: draw the current runs.
    redraw_needed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chartsScroll")
        self.setWidget(QLabel(self.tr("Loading charts…"), alignment=Qt.AlignmentFlag.AlignCenter))
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.charts: StatsCharts | None = None
        self._seen = False
        self._stale = False
        self._stopped = False
        self._building: StatsCharts | None = None
        #: How the match now set up writes its players (handed to the charts once built).
        self._match_names = BOARD_NAMES
        self._build_timer = QTimer(self, interval=0)
        self._build_timer.timeout.connect(self._next_build_step)

    def set_seen(self, seen: bool) -> None:
        """Whether the user can see the page now (the panel knows: Qt's isVisible() does not)."""
        self._seen = seen and not self._stopped
        if not self._seen:
            return
        if self.charts is None:
            chart_loader.when_loaded(self._build_if_seen)
        elif self._stale:
            self.redraw_needed.emit()

    def set_match_names(self, names: SideNames) -> None:
        """How the match now set up writes its players, for the legend before any run."""
        self._match_names = names
        if self.charts is not None:
            self.charts.set_match_names(names)

    def draw(self, runs: Sequence[RunSnapshot], gradually: bool = False) -> None:
        """Draw ``runs`` (first solid, the rest overlaid) if the charts are seen, else later."""
        if self.charts is None or not self._seen:  # never seen once stopped
            self._stale = True
            return
        self._stale = False
        if runs and gradually:
            self.charts.show_runs_gradually(runs)
        elif runs:
            self.charts.show_runs(runs)
        else:
            self.charts.clear()

    def pictures(self, runs: Sequence[RunSnapshot]) -> dict[str, QImage]:
        """Each chart by file name as a report-ready picture of ``runs``, even if never seen.

        Raises:
            ExportError: pyqtgraph could not be loaded.
        """
        if not chart_loader.wait_until_loaded() or chart_loader.load_error() is not None:
            raise ExportError(f"the charts are not available: {chart_loader.load_error() or 'still loading'}")
        from .chart_export import report_images

        return report_images(runs)

    def stop(self) -> None:
        """The window closes: no more building or drawing, and the charts are taken down
        (:meth:`StatsCharts.dispose`), whether built or half-built."""
        self._build_timer.stop()
        self._stopped = True
        self._seen = False
        for charts in (self.charts, self._building):
            if charts is not None:
                charts.dispose()
        self._building = None

    @Slot()
    def _build_if_seen(self) -> None:
        # The user may have looked away while pyqtgraph was loading.
        if self._seen:
            self._start_building()

    def _start_building(self) -> None:
        if self.charts is not None or self._building is not None:
            return
        error = chart_loader.load_error()
        if error is not None:
            self.setWidget(QLabel(self.tr("Charts are not available (%s).") % error, wordWrap=True))
            return
        from .charts import StatsCharts

        self._building = StatsCharts(build_now=False)
        self._build_timer.start()

    @Slot()
    def _next_build_step(self) -> None:
        charts = self._building
        if charts is None or charts.build_step():
            self._build_timer.stop()
            if charts is not None:
                self._install(charts)

    def _install(self, charts: StatsCharts) -> None:
        self._building = None
        self.charts = charts
        charts.set_match_names(self._match_names)
        self.setWidget(charts)
        self._stale = True
        if self._seen:
            self.redraw_needed.emit()
