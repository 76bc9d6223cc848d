"""Plug the analysis views into the main window with one call.

:func:`install_analysis` adds the overlay layer over the board (toggled by
View > Show analysis, Ctrl+A, or its button in the game tool bar), View > Solve exactly (Ctrl+E, also in the
game tool bar; see :mod:`.solve_exactly`), the comparison and game-tree docks
(as tabs beside the settings dock), and keeps them on the game's current
position. The window only needs::

    self.analysis = install_analysis(self)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, QObject, Qt, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel, QMainWindow, QWidget

from tictactoe_qt.gui import game_texts
from tictactoe_qt.gui.analysis.comparison_panel import ComparisonDock
from tictactoe_qt.gui.analysis.legend_label import LegendLabel
from tictactoe_qt.gui.analysis.overlay_choice import OverlayChoice
from tictactoe_qt.gui.analysis.overlay_controller import AnalysisOverlay
from tictactoe_qt.gui.analysis.overlay_layer import OverlayLayer
from tictactoe_qt.gui.analysis.overlay_menu import OverlayMenus, add_overlay_menus
from tictactoe_qt.gui.analysis.solve_exactly import SolveExactly
from tictactoe_qt.gui.analysis.tree_explorer_dock import TreeExplorerDock
from tictactoe_qt.gui.player_choices import PLAYER_CHOICES, PlayerChoice, choice_for
from tictactoe_qt.gui.settings_store import SettingsStore
from tictactoe_qt.gui.stepper.stepper_dock import StepperDock

# MCTS joins the player types of the settings dock (before the dock is built).
if choice_for("mcts") is None:
    PLAYER_CHOICES.append(PlayerChoice("mcts", str(QT_TRANSLATE_NOOP("PlayerChoice", "MCTS"))))


@dataclass
class AnalysisViews:
    """The pieces :func:`install_analysis` added, for tests and the window."""

    layer: OverlayLayer
    overlay: AnalysisOverlay
    comparison: ComparisonDock
    tree: TreeExplorerDock
    overlay_action: QAction
    ghosts_action: QAction
    legend: QLabel
    follower: QObject
    #: The search stepper dock (``stepper.stepper`` is ``window.search_stepper``).
    stepper: StepperDock | None = None
    #: "Solve exactly": its action, its bar under the board and its solver.
    solve: SolveExactly | None = None
    #: What the overlay shows (values or a player's view) and its depth limit.
    overlay_menus: OverlayMenus | None = None

    def choice(self) -> OverlayChoice:
        """What the overlay shows now: its view, its depth limit, and whether it is on."""
        overlay = self.overlay
        return OverlayChoice(overlay.view, overlay.depth_limit, self.overlay_action.isChecked())

    def apply_choice(self, choice: OverlayChoice) -> None:
        """Show ``choice``: the overlay takes it, the menus tick it, the legend tells it."""
        self.overlay.set_view(choice.view)
        self.overlay.set_depth_limit(choice.depth_limit)
        self.overlay_action.setChecked(choice.shown)

    def remember_choices(self, store: SettingsStore) -> list[str]:
        """Restore the overlay's stored choices and store each new one as it is made.

        Returns the stored keys that were unusable (their defaults are shown and
        written back at once, so the next start has nothing to reset).
        """
        choice, problems = store.overlay_choice()
        self.apply_choice(choice)
        if problems:  # a valid (or missing) choice is already what the file says
            store.save_overlay_choice(self.choice())

        def save(*_: object) -> None:
            store.save_overlay_choice(self.choice())

        self.overlay.choice_changed.connect(save)
        self.overlay_action.toggled.connect(save)
        return problems

    def shutdown(self) -> None:
        """Cancel every analysis job and wait for the worker threads."""
        if self.solve is not None:
            self.solve.shutdown()
        self.overlay.shutdown()
        self.comparison.shutdown()
        self.tree.shutdown()
        if self.stepper is not None:
            self.stepper.stepper.pause()
            self.stepper.your_search.stop()


class _PositionFollower(QObject):
    """Feeds the controller's position to the views; stops the threads on close."""

    def __init__(self, window: QMainWindow, views: AnalysisViews) -> None:
        super().__init__(window)
        self.window = window
        self.views = views
        window.installEventFilter(self)

    @Slot()
    def follow(self) -> None:
        """Give every view the position with the game's seating and marks (its names)."""
        controller = self.window.controller  # type: ignore[attr-defined]
        board, names = controller.board, game_texts.side_names(controller)
        self.views.overlay.set_position(board, names)
        if self.views.solve is not None:
            self.views.solve.set_position(board)
        self.views.comparison.set_position(board, names)
        self.views.tree.set_position(board, names)
        if self.views.stepper is not None:
            self.views.stepper.set_position(board, names)

    @Slot(str, object)
    def on_ai_moved(self, _seat: str, result: Any) -> None:
        self.views.overlay.show_search_result(result)

    @Slot(object, str)
    def on_preview(self, moves: Any, caption: str) -> None:
        layer = self.views.layer
        layer.set_preview(moves, caption)
        layer.setVisible(moves is not None or self.views.overlay.enabled)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.Close:
            self.views.shutdown()
        return False


def install_analysis(window: QMainWindow) -> AnalysisViews:
    """Add the overlay, the comparison dock and the tree explorer to ``window``.

    The window must have ``controller`` (a GameController), ``board`` (the
    board widget) and may have ``view_menu``.
    """
    controller = window.controller  # type: ignore[attr-defined]
    board: QWidget = window.board  # type: ignore[attr-defined]
    layer = OverlayLayer(board)
    layer.hide()
    overlay = AnalysisOverlay(layer, parent=window)
    comparison = ComparisonDock(window)
    tree = TreeExplorerDock(window)
    stepper = StepperDock(window)
    # Tabs beside the settings: each view gets the full height, and the tree
    # only computes while its tab is the one shown.
    anchor = getattr(window, "settings_dock", None)
    for dock in (comparison, tree, stepper):
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        if anchor is not None:
            window.tabifyDockWidget(anchor, dock)
    if anchor is not None:
        anchor.raise_()
    overlay_action = QAction(window.tr("Show &analysis"), window, objectName="actionAnalysisOverlay")
    overlay_action.setCheckable(True)
    overlay_action.setShortcut(QKeySequence("Ctrl+A"))
    overlay_action.setStatusTip(window.tr("Show each empty cell's value for the side to move"))
    overlay_action.setToolTip(window.tr("Show each empty cell's value for the side to move (Ctrl+A)"))
    ghosts_action = QAction(window.tr("Show best &line"), window, objectName="actionPrincipalVariation")
    ghosts_action.setCheckable(True)
    ghosts_action.setChecked(True)
    ghosts_action.setStatusTip(window.tr("Number the moves of the best line on the board"))
    menu = getattr(window, "view_menu", None) or window.menuBar().addMenu(window.tr("&Analysis"))
    menu.addSeparator()
    solve = SolveExactly(window, overlay, overlay_action)
    menu.addActions([overlay_action, solve.action, ghosts_action])
    overlay_menus = add_overlay_menus(menu, overlay, overlay_action, window)
    tool_bar = getattr(window, "tool_bar", None)
    if tool_bar is not None:
        # The overlay's switch in sight: a remembered overlay is one click from off.
        tool_bar.addAction(overlay_action)
        tool_bar.addAction(solve.action)
    menu.addAction(comparison.toggleViewAction())
    menu.addAction(tree.toggleViewAction())
    menu.addAction(stepper.toggleViewAction())
    window.addAction(overlay_action)
    window.addAction(solve.action)
    # Long legends neither widen the window nor get cut off: they wrap onto a new line.
    legend = LegendLabel()
    window.statusBar().addWidget(legend, 1)
    views = AnalysisViews(
        layer,
        overlay,
        comparison,
        tree,
        overlay_action,
        ghosts_action,
        legend,
        QObject(),
        stepper,
        solve,
        overlay_menus,
    )
    follower = _PositionFollower(window, views)
    views.follower = follower
    overlay_action.toggled.connect(overlay.set_enabled)
    overlay_action.toggled.connect(legend.hold_height)  # the layout stays put while shown
    ghosts_action.toggled.connect(layer.set_show_ghosts)
    overlay.status_tip.connect(legend.set_tip)
    overlay.status.connect(legend.setText)
    controller.snapshot_changed.connect(follower.follow)
    controller.ai_moved.connect(follower.on_ai_moved)
    tree.preview_requested.connect(follower.on_preview)
    follower.follow()
    return views
