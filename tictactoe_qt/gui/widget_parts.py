"""Parts of a widget that Qt types as optional but that the widget always has."""

from __future__ import annotations

from PySide6.QtWidgets import QLayout, QTableWidget, QTableWidgetItem, QWidget


def body_layout(widget: QWidget) -> QLayout:
    """The layout ``widget`` was built with.

    Raises:
        LookupError: the widget has no layout (a programming error).
    """
    layout = widget.layout()
    if layout is None:
        raise LookupError(f"{widget.objectName() or type(widget).__name__} has no layout")
    return layout


def header_item(table: QTableWidget, column: int) -> QTableWidgetItem:
    """The horizontal header item of ``column``, which the table set up.

    Raises:
        LookupError: the column has no header item (a programming error).
    """
    item = table.horizontalHeaderItem(column)
    if item is None:
        raise LookupError(f"{table.objectName() or type(table).__name__} has no header item {column}")
    return item
