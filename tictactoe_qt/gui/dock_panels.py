"""The window's tool panels (Statistics, Compare, Game tree, Stepper): tucked away at first,
opened from the View menu, and explained in one line where they open.

A new player meets the board and the settings. Each panel's View menu item says
in the status bar what the panel is for; opening it brings its tab to the front
with the same line at its top. The Watch toolbar is hidden too, and shows itself
when a watched series starts (from Simulate > Watch AI vs AI).
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtWidgets import QBoxLayout, QDockWidget, QLabel, QMainWindow, QScrollArea, QToolBar, QVBoxLayout, QWidget

#: The panels by objectName, with the line that says what each is for.
PANELS = {
    "statsPanel": str(
        QT_TRANSLATE_NOOP("DockPanels", "Play many games between the two players and chart the results.")
    ),
    "comparisonDock": str(
        QT_TRANSLATE_NOOP("DockPanels", "Search the board's position with every algorithm and compare their work.")
    ),
    "treeExplorerDock": str(
        QT_TRANSLATE_NOOP("DockPanels", "Browse every move from the board's position and what each leads to.")
    ),
    "searchStepperDock": str(
        QT_TRANSLATE_NOOP("DockPanels", "Follow a search through the game tree one step at a time.")
    ),
}
#: The objectName of each panel's one-line explanation is the panel's with this suffix.
INTRO_SUFFIX = "Intro"


def _tr(text: str) -> str:
    return QCoreApplication.translate("DockPanels", text)


def panel_docks(window: QMainWindow) -> list[QDockWidget]:
    """The window's panels, in :data:`PANELS` order (those it has)."""
    docks = [window.findChild(QDockWidget, name) for name in PANELS]
    return [dock for dock in docks if dock is not None]


def explain_panels(window: QMainWindow) -> None:
    """Give each panel its status tip, its line at the top, and a front seat when opened."""
    for dock in panel_docks(window):
        text = _tr(PANELS[dock.objectName()])
        action = dock.toggleViewAction()
        action.setStatusTip(text)
        action.setToolTip(text)
        # Shown again, a tabbed dock would come back behind the tab in front.
        action.triggered.connect(lambda checked, d=dock: d.raise_() if checked else None)
        _add_intro(dock, text)
    watch = window.findChild(QToolBar, "watchToolBar")
    series = getattr(window, "watch_series", None)
    if watch is not None and series is not None:
        series.state_changed.connect(lambda: watch.show() if series.running else None)
    _group_in_view_menu(window, watch)


def _group_in_view_menu(window: QMainWindow, watch: QToolBar | None) -> None:
    """The panels' items together at the end of the View menu, the Watch toolbar's after."""
    menu = getattr(window, "view_menu", None)
    if menu is None:
        return
    actions = [dock.toggleViewAction() for dock in panel_docks(window)]
    if watch is not None:
        actions.append(watch.toggleViewAction())
    for action in actions:
        menu.removeAction(action)
    menu.addSection(_tr("Panels"))
    menu.addActions(actions)


def tuck_away_panels(window: QMainWindow) -> None:
    """The first screen: the panels and the Watch toolbar hidden, the settings in front."""
    for dock in panel_docks(window):
        dock.hide()
    watch = window.findChild(QToolBar, "watchToolBar")
    if watch is not None:
        watch.hide()


def _add_intro(dock: QDockWidget, text: str) -> None:
    """Put ``text`` on a wrapped line above the dock's content."""
    intro = QLabel(text, objectName=dock.objectName() + INTRO_SUFFIX, wordWrap=True)
    content = dock.widget()
    inner = content.widget() if isinstance(content, QScrollArea) else content
    layout = inner.layout() if inner is not None else None
    if isinstance(layout, QBoxLayout) and layout.direction() == QBoxLayout.Direction.TopToBottom:
        layout.insertWidget(0, intro)
        return
    holder = QWidget()
    column = QVBoxLayout(holder)
    column.setContentsMargins(0, 0, 0, 0)
    column.addWidget(intro)
    if content is not None:
        column.addWidget(content, 1)
    dock.setWidget(holder)
