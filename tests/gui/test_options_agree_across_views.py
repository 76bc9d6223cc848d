"""One set of textbook options, one count: the stepper, the game tree and Compare agree."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox

from tictactoe_qt.engine.players import TextbookOptions
from tictactoe_qt.gui.textbook_options_bar import choices_text

from .panels import open_panel
from .waits import HANG_MS

OPTIONS = TextbookOptions("wins", "distance", "zero", "negamax")


def test_the_same_options_give_the_same_counts_in_every_view(qtbot, shown_window) -> None:
    window = shown_window()
    combo = window.findChild(QComboBox, "oPlayer")
    combo.setCurrentIndex(combo.findData("human"))
    window.new_game_action.trigger()
    window.controller.play(0, 0)
    window.controller.play(1, 1)
    qtbot.waitUntil(lambda: window.position() == "x../.o./...", timeout=HANG_MS)
    views = window.analysis

    stepper_dock = views.stepper
    open_panel(qtbot, window, "searchStepperDock")
    stepper_dock.options_bar.set_options(OPTIONS)
    stepper_dock.choices.algorithm.setCurrentIndex(stepper_dock.choices.algorithm.findData("alphabeta"))
    stepper_dock.choices.load_button.click()
    stepper = window.search_stepper
    qtbot.waitUntil(lambda: stepper.session is not None, timeout=HANG_MS)
    stepper.to_end()
    qtbot.waitUntil(lambda: stepper.session.finished, timeout=HANG_MS)
    stepped = stepper.session.summary()

    tree = views.tree
    open_panel(qtbot, window, "treeExplorerDock")
    tree.options_bar.set_options(OPTIONS)
    tree.mode.setCurrentIndex(tree.mode.findData("alphabeta"))
    qtbot.waitUntil(lambda: tree.model.summary is not None and tree.model.request.options == OPTIONS, timeout=HANG_MS)
    traced = tree.model.summary

    compare = views.comparison
    open_panel(qtbot, window, "comparisonDock")
    compare.perfect_budget = 0.3
    compare.options_bar.set_options(OPTIONS)
    with qtbot.waitSignal(compare.comparison_finished, timeout=HANG_MS):
        compare.run()
    row = next(r for r in compare.rows if r.variant.key == "alphabeta+ordering")

    assert stepped["nodes"] == traced.visited == row.nodes
    assert stepped["cutoffs"] == traced.cutoffs == row.result.stats.cutoffs
    label = OPTIONS.label()
    assert label in stepper.setup.label()
    assert label in tree.options_label.text()
    assert all(word in compare.options_label.text() for word in choices_text(OPTIONS))  # the bar's words
    assert f"{row.nodes:,} nodes" in tree.status.text()
