"""The overlay's two menus, next to its toggle: what the cells show, and how deep.

"Analysis shows" picks the values (exact, or depth-limited) or a player's
own numbers; "Values depth limit" picks full depth or 1 to :data:`MAX_DEPTH`
plies. Picking either turns the overlay on, so the choice is seen at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QObject, QT_TRANSLATE_NOOP
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

from tictactoe_qt.gui.analysis.overlay_controller import VIEWS, AnalysisOverlay

#: The deepest depth limit offered.
MAX_DEPTH = 9
VIEW_TIPS = {
    "values": QT_TRANSLATE_NOOP("OverlayMenu", "Each move's value: exact where solved, or "
                                "depth-limited under a depth limit"),
    "average": QT_TRANSLATE_NOOP("OverlayMenu", "The Average player's mean result of random "
                                 "play after each move, beside the exact values"),
    "minimax": QT_TRANSLATE_NOOP("OverlayMenu", "A depth-3 minimax player's scores, beside "
                                 "the exact values"),
    "mcts": QT_TRANSLATE_NOOP("OverlayMenu", "MCTS's visit counts (1,000 iterations, seed 0), "
                              "beside the exact values"),
}
VIEW_LABELS = {
    "values": QT_TRANSLATE_NOOP("OverlayMenu", "&Exact values"),
    "average": QT_TRANSLATE_NOOP("OverlayMenu", "&Average player's averages"),
    "minimax": QT_TRANSLATE_NOOP("OverlayMenu", "&Minimax depth-3 scores"),
    "mcts": QT_TRANSLATE_NOOP("OverlayMenu", "MCTS &visit counts (1,000 iterations)"),
}


def _tr(text: str) -> str:
    return QCoreApplication.translate("OverlayMenu", text)


def values_label(depth: int | None) -> str:
    """The values entry's label: exact at full depth, depth-limited under a limit."""
    if depth is None:
        return _tr(VIEW_LABELS["values"])
    return _tr("&Depth-limited values ({0} plies)").format(depth) if depth > 1 \
        else _tr("&Depth-limited values (1 ply)")


@dataclass
class OverlayMenus:
    """The menus' actions, by view (:data:`VIEWS`) and by depth (``None`` is full)."""

    view_menu: QMenu
    depth_menu: QMenu
    views: dict[str, QAction]
    depths: dict[int | None, QAction]


def add_overlay_menus(menu: QMenu, overlay: AnalysisOverlay, overlay_action: QAction,
                      parent: QObject) -> OverlayMenus:
    """Add "Analysis shows" and "Values depth limit" to ``menu``, wired to ``overlay``."""
    view_menu = menu.addMenu(_tr("Analysis s&hows"))
    view_menu.setObjectName("menuOverlayView")
    view_group = QActionGroup(parent)
    views: dict[str, QAction] = {}
    for view in VIEWS:
        label = values_label(overlay.depth_limit) if view == "values" else _tr(VIEW_LABELS[view])
        action = QAction(label, parent, objectName=f"actionOverlayView_{view}")
        action.setStatusTip(_tr(VIEW_TIPS[view]))
        action.setCheckable(True)
        action.setChecked(view == overlay.view)
        action.setData(view)
        view_group.addAction(action)
        view_menu.addAction(action)
        views[view] = action
    depth_menu = menu.addMenu(_tr("Values &depth limit"))
    depth_menu.setObjectName("menuOverlayDepth")
    depth_menu.menuAction().setStatusTip(
        _tr("Search each move only so many plies deep (for the values; a player's view has"
            " its own depth)"))
    depth_group = QActionGroup(parent)
    depths: dict[int | None, QAction] = {}
    for depth in (None, *range(1, MAX_DEPTH + 1)):
        label = _tr("&Full depth (exact values)") if depth is None else (
            _tr("&1 ply") if depth == 1 else _tr("&{0} plies").format(depth))
        name = "full" if depth is None else str(depth)
        action = QAction(label, parent, objectName=f"actionOverlayDepth_{name}")
        action.setCheckable(True)
        action.setChecked(depth == overlay.depth_limit)
        action.setData(depth)
        depth_group.addAction(action)
        depth_menu.addAction(action)
        depths[depth] = action
    menus = OverlayMenus(view_menu, depth_menu, views, depths)

    def show_view(action: QAction) -> None:
        view = str(action.data())
        overlay.set_view(view)
        # The depth limit applies to the values; a player's view has its own depth.
        depth_menu.setEnabled(view == "values")
        overlay_action.setChecked(True)

    def limit_depth(action: QAction) -> None:
        data = action.data()
        depth = None if data is None else int(data)
        overlay.set_depth_limit(depth)
        views["values"].setText(values_label(depth))
        overlay_action.setChecked(True)

    def follow_overlay(view: str, depth: int | None) -> None:
        """The overlay changed what it shows (an exact solve): the menus say so."""
        views[view].setChecked(True)
        depths[depth].setChecked(True)
        views["values"].setText(values_label(depth))
        depth_menu.setEnabled(view == "values")

    view_group.triggered.connect(show_view)
    depth_group.triggered.connect(limit_depth)
    overlay.choice_changed.connect(follow_overlay)
    return menus
