"""The overlay's two menus, next to its toggle: what the cells show, and how deep.

"Analysis shows" picks the values (exact, or depth-limited) or a player's
own numbers; "Values depth limit" picks full depth or 1 to :data:`MAX_DEPTH`
plies. Picking either turns the overlay on, so the choice is seen at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

from tictactoe_qt.gui.analysis.overlay_choice import MAX_DEPTH_LIMIT as MAX_DEPTH
from tictactoe_qt.gui.analysis.overlay_choice import VIEWS
from tictactoe_qt.gui.analysis.overlay_controller import AnalysisOverlay

VIEW_TIPS = {
    "values": str(
        QT_TRANSLATE_NOOP("OverlayMenu", "Each move's value: exact where solved, or depth-limited under a depth limit")
    ),
    "average": str(
        QT_TRANSLATE_NOOP(
            "OverlayMenu", "The Average player's mean result of random play after each move, beside the exact values"
        )
    ),
    "minimax": str(QT_TRANSLATE_NOOP("OverlayMenu", "A depth-3 minimax player's scores, beside the exact values")),
    "mcts": str(
        QT_TRANSLATE_NOOP("OverlayMenu", "MCTS's visit counts (1,000 iterations, seed 0), beside the exact values")
    ),
}
VIEW_LABELS = {
    "values": str(QT_TRANSLATE_NOOP("OverlayMenu", "&Exact values")),
    "average": str(QT_TRANSLATE_NOOP("OverlayMenu", "&Average player's averages")),
    "minimax": str(QT_TRANSLATE_NOOP("OverlayMenu", "&Minimax depth-3 scores")),
    "mcts": str(QT_TRANSLATE_NOOP("OverlayMenu", "MCTS &visit counts (1,000 iterations)")),
}


def _tr(text: str) -> str:
    return QCoreApplication.translate("OverlayMenu", text)


def values_label(depth: int | None) -> str:
    """The values entry's label: exact at full depth, depth-limited under a limit."""
    if depth is None:
        return _tr(VIEW_LABELS["values"])
    return _tr("&Depth-limited values ({0} plies)").format(depth) if depth > 1 else _tr("&Depth-limited values (1 ply)")


@dataclass
class OverlayMenus:
    """The menus' actions, by view (:data:`VIEWS`) and by depth (``None`` is full)."""

    view_menu: QMenu
    depth_menu: QMenu
    views: dict[str, QAction]
    depths: dict[int | None, QAction]


def add_overlay_menus(menu: QMenu, overlay: AnalysisOverlay, overlay_action: QAction, parent: QObject) -> OverlayMenus:
    """Add "Analysis shows" and "Values depth limit" to ``menu``, wired to ``overlay``."""
    view_menu = menu.addMenu(_tr("Analysis s&hows"))
    view_menu.setObjectName("menuOverlayView")
    view_group = QActionGroup(parent)
    views = {
        view: _choice(
            view_group, view_menu, _tr(VIEW_LABELS[view]), f"actionOverlayView_{view}", view, view == overlay.view
        )
        for view in VIEWS
    }
    for view, action in views.items():
        action.setStatusTip(_tr(VIEW_TIPS[view]))
    depth_menu = menu.addMenu(_tr("Values &depth limit"))
    depth_menu.setObjectName("menuOverlayDepth")
    depth_menu.menuAction().setStatusTip(
        _tr("Search each move only so many plies deep (for the values; a player's view has its own depth)")
    )
    depth_group = QActionGroup(parent)
    depths = {
        depth: _choice(
            depth_group,
            depth_menu,
            _tr("&Full depth (exact values)")
            if depth is None
            else (_tr("&1 ply") if depth == 1 else _tr("&{0} plies").format(depth)),
            f"actionOverlayDepth_{'full' if depth is None else depth}",
            depth,
            depth == overlay.depth_limit,
        )
        for depth in (None, *range(1, MAX_DEPTH + 1))
    }
    menus = OverlayMenus(view_menu, depth_menu, views, depths)

    def follow_overlay(view: str, depth: int | None) -> None:
        """The menus say what the overlay shows (after a choice here, a restored one,
        or an exact solve)."""
        views[view].setChecked(True)
        depths[depth].setChecked(True)
        views["values"].setText(values_label(depth))
        # The depth limit applies to the values; a player's view has its own depth.
        depth_menu.setEnabled(view == "values")

    def show_view(action: QAction) -> None:
        overlay.set_view(str(action.data()))  # the overlay's choice_changed ticks the menus
        overlay_action.setChecked(True)

    def limit_depth(action: QAction) -> None:
        data = action.data()
        overlay.set_depth_limit(None if data is None else int(data))
        overlay_action.setChecked(True)

    follow_overlay(overlay.view, overlay.depth_limit)
    view_group.triggered.connect(show_view)
    depth_group.triggered.connect(limit_depth)
    overlay.choice_changed.connect(follow_overlay)
    return menus


def _choice(group: QActionGroup, menu: QMenu, label: str, name: str, data: object, checked: bool) -> QAction:
    """A checkable action of ``group`` in ``menu``, carrying ``data``."""
    action: QAction = QAction(label, group, objectName=name)
    action.setCheckable(True)
    action.setChecked(checked)
    action.setData(data)
    group.addAction(action)
    menu.addAction(action)
    return action
