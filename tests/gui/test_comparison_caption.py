"""The Compare panel's caption names each textbook option once, in the options bar's words."""

from __future__ import annotations

import pytest

from tictactoe_qt.engine.game import Board
from tictactoe_qt.engine.players import CHOICES, TextbookOptions
from tictactoe_qt.gui.analysis.comparison_panel import ComparisonDock

ENGINE_ROWS = " The engine rows run the engine's own searches."


@pytest.fixture
def dock(qtbot):
    widget = ComparisonDock()
    qtbot.addWidget(widget)
    widget.resize(900, 650)
    widget.set_position(Board())
    widget.show()
    yield widget
    widget.shutdown()


@pytest.mark.parametrize(
    ("options", "caption"),
    [
        (
            TextbookOptions("none"),
            "Textbook rows: ordering: none, scoring: textbook, evaluation: open-lines, form: textbook.",
        ),
        (
            TextbookOptions("centre"),
            "Textbook rows: ordering: centre (none for Alpha-beta), scoring: textbook, "
            "evaluation: open-lines, form: textbook.",
        ),
        (
            TextbookOptions("wins", "distance", "zero", "negamax"),
            "Textbook rows: ordering: wins (none for Alpha-beta), scoring: distance, evaluation: zero, form: negamax.",
        ),
        (
            TextbookOptions("table", "distance", "open-lines", "textbook"),
            "Textbook rows: ordering: table (none for Minimax and Alpha-beta), "
            "scoring: distance, evaluation: open-lines, form: textbook.",
        ),
    ],
)
def test_the_caption_says_each_option_once_as_the_bar_does(qtbot, dock, options, caption) -> None:
    dock.options_bar.set_options(options)
    text = dock.options_label.text()
    assert text == caption + ENGINE_ROWS
    for name in CHOICES:
        assert text.count(f"{name}:") == 1, name
        assert f"{name} " not in text, name  # no second, colon-less spelling
    assert "reading order" not in text
    for combo in dock.options_bar.combos.values():  # the bar's own item texts
        assert text.count(combo.currentText()) == 1, combo.currentText()
