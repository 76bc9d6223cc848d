"""The Search stepper dock: run minimax or alpha-beta on the game's position one event at a time.

Top: the search and its textbook options (:class:`~.search_choices.SearchChoices`),
and the controls. Middle: a small
board showing the node being searched (never the game itself), the counts, the
path from the root, what just happened, and the pseudocode with the running line
highlighted. Bottom, in tabs: the drawn tree, the list of recent events, and the
exercises. The tabs' bar sits above the middle part, which the Exercise tab hides
to give its tree room: switching tabs never moves the tab under the mouse. The
dock only shows; :class:`SearchStepper` does the stepping.
"""

from __future__ import annotations

import html
import threading
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QDoubleSpinBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tictactoe_qt.engine.game import Board
from tictactoe_qt.engine.teaching import line_for, pseudocode
from tictactoe_qt.engine.text import BOARD_NAMES, SideNames, board_text
from tictactoe_qt.gui.analysis.dock_body import DockBody

from .drawn_nodes import from_trace
from .event_words import event_words, path_words
from .exercise_panel import ExercisePanel
from .filling_layout import FillingLayout
from .preview_board import PreviewBoard
from .pseudocode_list import PseudocodeList
from .role_sides import RoleSides
from .search_choices import SearchChoices
from .search_stepper import SearchStepper
from .tab_bar_above import tab_bar_above
from .trace_setup import TraceSetup, board_setup
from .tree_page import tree_page
from .tree_view import export_with_dialog
from .your_search import YourSearch

#: Events listed in the Events tab (the most recent ones).
LISTED_EVENTS = 200
BUTTONS = (
    # objectName, text, shortcut, tooltip
    ("stepperStep", "Step", "F10", "Show the next event"),
    ("stepperStepOver", "Step over", "Shift+F10", "Finish the entered node's whole subtree"),
    ("stepperStepOut", "Step out", "Shift+F11", "Run until the current node returns"),
    ("stepperBack", "Back", "Shift+F9", "Undo one step"),
    ("stepperRun", "Run", "F5", "Step on a timer at the speed set"),
    ("stepperPause", "Pause", "F6", "Stop running"),
    ("stepperToCutoff", "Next cut-off", "F7", "Run to the next cut-off"),
    ("stepperToEnd", "To the end", "F8", "Run every remaining event"),
)


class StepperDock(QDockWidget):
    """The stepper's view and controls; ``stepper`` is the scripting object."""

    #: The size check of a requested load finished: ``(setup or None, error text)``.
    _checked = Signal(object, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Stepper"), parent)
        self.setObjectName("searchStepperDock")
        self.stepper = SearchStepper(self)
        self.position: Board = Board()
        self._checking = False
        self._build()
        self.stepper.changed.connect(self.refresh)
        self.stepper.loaded.connect(self._on_loaded)
        self.stepper.running_changed.connect(self._on_running)
        self._checked.connect(self._on_checked, Qt.ConnectionType.QueuedConnection)
        self.refresh()

    # -- building -----------------------------------------------------------------------
    def _build(self) -> None:
        body = DockBody(self)
        outer = FillingLayout(body)
        outer.setContentsMargins(4, 4, 4, 4)
        self.choices = SearchChoices()
        outer.addLayout(self.choices)
        #: The textbook options, the same bar as the game tree's and Compare's.
        self.options_bar = self.choices.options_bar
        controls = QGridLayout()
        controls.setSpacing(3)
        self.buttons: dict[str, QPushButton] = {}
        for index, (name, text, shortcut, tip) in enumerate(BUTTONS):
            button = QPushButton(self.tr(text), objectName=name)
            button.setShortcut(QKeySequence(shortcut))
            button.setToolTip(f"{self.tr(tip)} ({shortcut})")
            button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            controls.addWidget(button, index // 4, index % 4)
            self.buttons[name] = button
        #: "Your search…": a student's own search, stepped beside the textbook's.
        self.your_search = YourSearch(self)
        controls.addWidget(self.your_search.button, 2, 0, 1, 2)
        self.speed = QDoubleSpinBox(objectName="stepperSpeed")
        self.speed.setRange(0.5, 500)
        self.speed.setValue(self.stepper.speed)
        self.speed.setSuffix(self.tr(" events/s"))
        self.speed.setToolTip(self.tr("Run's speed"))
        self.speed.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        outer.addLayout(controls)
        self.status = QLabel(objectName="stepperStatus", wordWrap=True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        middle = QHBoxLayout()
        left = QVBoxLayout()
        self.board = PreviewBoard()
        self.board.setMinimumSize(104, 104)
        self.board.setMaximumSize(190, 190)
        left.addWidget(self.board)
        left.addWidget(self.speed)
        left.addStretch(1)
        middle.addLayout(left)
        self.code = PseudocodeList()
        middle.addWidget(self.code, 1)
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        self.counts = QLabel(objectName="stepperCounts", wordWrap=True)
        self.path = QLabel(objectName="stepperPath", wordWrap=True)
        self.caption = QLabel(objectName="stepperEvent", wordWrap=True)
        bold = self.caption.font()
        bold.setBold(True)
        self.caption.setFont(bold)
        for widget in (self.status, self.counts, self.path, self.caption):
            widget.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            top_layout.addWidget(widget)
        top_layout.addWidget(self.your_search.beside)
        top_layout.addLayout(middle, 1)
        self.tabs = QTabWidget(objectName="stepperTabs")
        drawn = tree_page()
        self.tree_view, self.tree_legend, self.export_button = drawn.view, drawn.legend, drawn.export_button
        self._show_legend()
        self.tabs.addTab(drawn.page, self.tr("Drawn tree"))
        self.event_list = QListWidget(objectName="stepperEvents")
        self.tabs.addTab(self.event_list, self.tr("Events"))
        self.exercise = ExercisePanel()
        self.tabs.addTab(self.exercise, self.tr("Exercise"))
        # The pages' own bar would sit below the part the Exercise tab hides, and
        # jump up when it does: the bar shown is one above that part, kept in step.
        self.tab_bar = tab_bar_above(self.tabs, "stepperTabBar")
        # Wrapped labels above the board need more lines than their size hints say:
        # keep room for the board, its speed box and two-line texts.
        top.setMinimumHeight(270)
        split = self.split = QSplitter(Qt.Orientation.Vertical, objectName="stepperSplit")
        split.addWidget(top)
        split.addWidget(self.tabs)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        split.setChildrenCollapsible(False)
        outer.addWidget(self.tab_bar)
        outer.addWidget(split, 1)
        # In a small window the dock scrolls rather than making the window taller:
        # the docks share one column, so the tallest minimum would set everyone's.
        scroll = QScrollArea(objectName="stepperScroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        self.setWidget(scroll)
        self.choices.load_button.clicked.connect(self.load_position)
        b = self.buttons
        b["stepperStep"].clicked.connect(self.stepper.step)
        b["stepperBack"].clicked.connect(self.stepper.back)
        b["stepperStepOver"].clicked.connect(self.stepper.step_over)
        b["stepperStepOut"].clicked.connect(self.stepper.step_out)
        b["stepperRun"].clicked.connect(self.stepper.run)
        b["stepperPause"].clicked.connect(self.stepper.pause)
        b["stepperToCutoff"].clicked.connect(self.stepper.run_to_cutoff)
        b["stepperToEnd"].clicked.connect(self.stepper.to_end)
        self.speed.valueChanged.connect(self.stepper.set_speed)
        self.export_button.clicked.connect(self.export_tree)
        self.exercise.step_requested.connect(self.step_tree)
        self.tabs.currentChanged.connect(self._on_tab_changed)

    # -- loading ---------------------------------------------------------------------------
    def set_position(self, board: Board, names: SideNames = BOARD_NAMES) -> None:
        """The game's position, searched by "Search this position" (nothing runs until then).

        ``names`` says which player plays each side, so the stepper's board draws
        the game's marks (with O first, the side that moved first is O's).
        """
        self.position = board.copy()
        self.board.names = names
        self.choices.set_empty_cells(board.empty.bit_count())

    @Slot()
    def load_position(self) -> None:
        """Size the chosen search on the game's position in the background, then load it."""
        if self._checking:
            return
        self.show_search()
        if self.position.is_game_over():
            self.status.setText(
                self.tr("The game is over: there is nothing to search. Undo a move or start a new game.")
            )
            return
        args = self.choices.trace_args(self.position.notation())
        self._checking = True
        self.choices.load_button.setEnabled(False)
        self.status.setText(self.tr("Estimating the size of the search…"))
        # Counting a big board's positions takes seconds: off the GUI thread. A daemon
        # thread, so closing the window never waits for it.
        threading.Thread(target=self._check, args=args, daemon=True, name="stepperSizeCheck").start()

    def _check(self, *args: Any) -> None:
        try:
            setup, error = board_setup(*args), ""
        except ValueError as problem:  # OptionsError, TraceTooLarge, bad positions
            setup, error = None, str(problem)
        try:
            self._checked.emit(setup, error)
        except RuntimeError:  # the window closed while the size was being counted
            pass

    @Slot(object, str)
    def _on_checked(self, setup: TraceSetup | None, error: str) -> None:
        self._checking = False
        self.choices.load_button.setEnabled(True)
        if setup is None:
            self.status.setText(self.tr("Refused: {0}").format(error))
            return
        self.stepper.start(setup)

    def show_search(self) -> None:
        """Leave the Exercise tab, which hides the status, board and code a search reports in."""
        if self.tabs.currentWidget() is self.exercise:
            self.tabs.setCurrentIndex(0)

    @Slot(str)
    def step_tree(self, text: str) -> None:
        """Step alpha-beta through an exercise tree, shown in the Drawn tree tab."""
        try:
            self.stepper.load_tree(text, form=self.choices.form.currentData())
        except ValueError as error:
            self.status.setText(self.tr("Refused: {0}").format(error))
            return
        self.tabs.setCurrentIndex(0)
        self.raise_()

    @Slot()
    def _on_loaded(self) -> None:
        setup = self.stepper.setup
        assert setup is not None
        self.code.set_lines(pseudocode(setup.algorithm, setup.options.form))
        self.choices.show_setup(setup)
        self.tree_view.collapsed.clear()
        self.tree_view.title = setup.label()
        self.status.setText(self.tr("{0}. Size: {1}.").format(setup.label(), setup.estimate.text()))

    @Slot(bool)
    def _on_running(self, running: bool) -> None:
        self.buttons["stepperPause"].setEnabled(running)
        if not running:
            self.refresh()

    # -- showing ----------------------------------------------------------------------------
    @Slot()
    def refresh(self) -> None:
        """Show the stepper's state (only the counts while a long run is going)."""
        setup, session = self.stepper.setup, self.stepper.session
        loaded = session is not None
        for name, button in self.buttons.items():
            button.setEnabled(loaded and (name != "stepperPause" or self.stepper.running))
        if setup is None or session is None:
            self.counts.setText(self.tr("Choose a search and press Search this position, or step an exercise tree."))
            self.board.show_board(None)
            return
        summary = session.summary()
        depth = "–" if summary["depth"] is None else summary["depth"]
        self.counts.setText(
            self.tr("Nodes {0:,} · cut-offs {1:,} · depth {2} · event {3:,}").format(
                summary["nodes"], summary["cutoffs"], depth, summary["events"]
            )
        )
        if self.stepper.in_long_run:
            return  # a long run: the rest is drawn when it stops
        self._show_current(setup, session)

    def _show_current(self, setup: TraceSetup, session: Any) -> None:
        event = session.current
        negamax = setup.options.form == "negamax"
        lines = None
        key = session.tree.current or ()
        board = setup.board_at(key)
        max_mark = setup.max_side or "x"
        evaluated = event is not None and event["event"] == "leaf" and event.get("kind") == "evaluation"
        if board is not None:
            last = key[-1] if key else None
            self.board.show_board(board, max_mark, open_lines=evaluated, last_move=last)
            if evaluated:
                lines = self.board.open_line_count()
        self.board.setVisible(board is not None)
        self.path.setText(self.tr("Path: {0}").format(path_words(list(key))))
        self.caption.setText(
            event_words(event, negamax, lines, self.roles()) if event else self.tr("Ready: press Step.")
        )
        if event is not None:
            previous = session.last(2)
            line = line_for(event, setup.algorithm, setup.options.form, previous[0] if len(previous) == 2 else None)
            self.code.show_line(line)
            # Again after a fresh list's layout (never after the list is gone).
            QTimer.singleShot(0, self.code, self.code.keep_in_view)
        else:
            self.code.setCurrentRow(-1)
        self._show_tabs()

    @Slot(int)
    def _on_tab_changed(self, page: int) -> None:
        # The exercise needs room for its tree more than the stepper's board and code.
        self.split.widget(0).setVisible(page != 2)
        self._show_tabs()

    @Slot()
    def _show_tabs(self) -> None:
        """Draw the tree or list the events, whichever tab is shown (the other waits)."""
        page = self.tabs.currentIndex()
        setup, session = self.stepper.setup, self.stepper.session
        if setup is None or session is None or self.stepper.in_long_run:
            return
        if page == 0:
            names = self.board.names
            self.tree_view.describe = (
                (lambda k: _board_text(setup.board_at(k), names)) if setup.board is not None else None
            )
            roles = self.roles()
            self.tree_view.set_roles(roles)
            self._show_legend()
            self.tree_view.show_nodes(from_trace(session.tree, setup.board is not None, roles))
        elif page == 1:
            negamax = setup.options.form == "negamax"
            self.event_list.clear()
            self.event_list.addItems([event_words(e, negamax) for e in session.last(LISTED_EVENTS)])
            self.event_list.scrollToBottom()

    def roles(self) -> RoleSides | None:
        """The players behind MAX and MIN in the loaded trace (``None`` for a textbook tree):
        MAX is the side to move at the root, played by whom the game's names say."""
        setup = self.stepper.setup
        max_side = None if setup is None else setup.max_side
        return None if max_side is None else RoleSides.of(max_side, self.board.names)

    def _show_legend(self) -> None:
        """The tree's legend: each role's triangle in its colour, and whose move MAX is."""
        colours = self.tree_view.colours()
        roles = self.tree_view.roles
        max_text, min_text = ("MAX", "MIN") if roles is None else roles.legend()
        text = (
            f'<span style="color:{colours.max_edge.name()}">▲</span> '
            f"{html.escape(max_text)}&nbsp;&nbsp;"
            f'<span style="color:{colours.min_edge.name()}">▼</span> '
            f"{html.escape(min_text)}&nbsp;&nbsp;"
            + html.escape(self.tr("dashed: pruned (bound that cut it)."))
            # The key on one line, the hints on the next (not one word wrapped alone).
            + "<br>"
            + html.escape(self.tr("Ctrl+wheel zooms, drag pans, double-click folds."))
        )
        if text != self.tree_legend.text():
            self.tree_legend.setText(text)
            self.tree_legend.setToolTip(
                ""
                if roles is None
                else self.tr(
                    "MAX is the player to move at the root, {0}: MAX nodes are drawn in {0}'s "
                    "colour, MIN nodes in {1}'s, as on the board."
                ).format(roles.max_name, roles.min_name)
            )

    # -- export ------------------------------------------------------------------------------
    @Slot()
    def export_tree(self) -> None:
        done = export_with_dialog(self, self.tree_view, self.tr("Export the drawn tree"), "search-tree.svg")
        if done:
            self.status.setText(done)


def _board_text(board: Board | None, names: SideNames) -> str:
    """The node's position in the game's marks (with O first, the first stone is O's)."""
    return "" if board is None else board_text(board, names)


__all__ = ["StepperDock"]
