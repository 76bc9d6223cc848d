"""The Stepper's "Drawn tree" page: the tree, its legend and its Export button."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from .tree_view import SearchTreeView


@dataclass
class TreePage:
    """The page and the parts the dock fills in and listens to."""

    page: QWidget
    view: SearchTreeView
    legend: QLabel
    export_button: QPushButton


def tree_page() -> TreePage:
    """Build the page: the drawn tree above a line with its legend and Export…."""
    tr = QCoreApplication.translate
    page = QWidget()
    layout = QVBoxLayout(page)
    layout.setContentsMargins(0, 0, 0, 0)
    view = SearchTreeView()
    layout.addWidget(view, 1)
    tools = QHBoxLayout()
    legend = QLabel(objectName="stepperTreeLegend", wordWrap=True)
    legend.setTextFormat(Qt.TextFormat.RichText)
    legend.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
    export_button = QPushButton(tr("StepperDock", "Export…"), objectName="stepperExport")
    export_button.setToolTip(tr("StepperDock", "Save the drawn tree as SVG, PNG or Graphviz DOT"))
    tools.addWidget(legend, 1)
    tools.addWidget(export_button)
    layout.addLayout(tools)
    return TreePage(page, view, legend, export_button)
