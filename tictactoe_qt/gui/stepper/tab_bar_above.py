"""A tab bar placed apart from its pages, so what lies between can hide without moving it."""

from __future__ import annotations

from PySide6.QtWidgets import QTabBar, QTabWidget


def tab_bar_above(tabs: QTabWidget, name: str) -> QTabBar:
    """A bar for ``tabs``' pages, to place anywhere; the pages' own bar is hidden.

    The two stay in step both ways, so ``tabs.setCurrentIndex`` (scripts, tests)
    shows in the bar, and a click on the bar turns the page.
    """
    tabs.tabBar().hide()
    bar = QTabBar(objectName=name)
    bar.setExpanding(False)
    for index in range(tabs.count()):
        bar.addTab(tabs.tabText(index))
    bar.setCurrentIndex(tabs.currentIndex())
    bar.currentChanged.connect(tabs.setCurrentIndex)
    tabs.currentChanged.connect(bar.setCurrentIndex)
    return bar


__all__ = ["tab_bar_above"]
