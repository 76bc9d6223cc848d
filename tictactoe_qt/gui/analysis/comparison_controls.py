"""Compare's two rows of controls: the depth, Run and Stop; and the cap for huge searches."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QCheckBox, QComboBox, QDoubleSpinBox, QHBoxLayout, QPushButton, QVBoxLayout


class ComparisonControls:
    """The controls, laid out in ``layout`` (two rows: the dock stays narrow enough)."""

    def __init__(self, layout: QVBoxLayout) -> None:
        tr = QCoreApplication.translate
        self.depth_box = QComboBox(objectName="comparisonDepth")
        self.depth_box.addItem(tr("ComparisonDock", "to the end"), None)
        for depth in range(1, 10):
            self.depth_box.addItem(tr("ComparisonDock", "depth {0}").format(depth), depth)
        self.depth_box.setToolTip(tr("ComparisonDock", "How many plies every algorithm looks ahead"))
        self.run_button = QPushButton(tr("ComparisonDock", "Run"), objectName="comparisonRun")
        self.stop_button = QPushButton(tr("ComparisonDock", "Stop"), objectName="comparisonStop")
        self.stop_button.setEnabled(False)
        self.capped = QCheckBox(tr("ComparisonDock", "Run huge searches with a cap of"), objectName="comparisonCapped")
        self.capped.setToolTip(tr("ComparisonDock", "Instead of refusing, run them and stop them at the cap"))
        self.cap = QDoubleSpinBox(objectName="comparisonCap", suffix=" s", decimals=0)
        self.cap.setRange(1, 600)
        self.cap.setValue(10)
        first, second = QHBoxLayout(), QHBoxLayout()
        for widget in (self.depth_box, self.run_button, self.stop_button):
            first.addWidget(widget)
        second.addWidget(self.capped)
        second.addWidget(self.cap)
        for row in (first, second):
            row.addStretch(1)
            layout.addLayout(row)
