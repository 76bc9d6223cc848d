"""The shared options bar: the same choices in the stepper, the game tree and Compare."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox

from tictactoe_qt.engine.players import TextbookOptions
from tictactoe_qt.gui.textbook_options_bar import TextbookOptionsBar


def test_the_bar_reports_the_options_chosen(qtbot) -> None:
    bar = TextbookOptionsBar("test")
    qtbot.addWidget(bar)
    assert bar.options() == TextbookOptions()
    with qtbot.waitSignal(bar.changed) as changed:
        bar.findChild(QComboBox, "testScoring").setCurrentIndex(1)
    assert changed.args[0] == TextbookOptions(scoring="distance") == bar.options()
    seen = []
    bar.changed.connect(seen.append)
    bar.set_options(TextbookOptions("wins", "textbook", "zero", "negamax"))
    assert seen == [TextbookOptions("wins", "textbook", "zero", "negamax")]  # once
    assert bar.findChild(QComboBox, "testOrdering").currentText() == "ordering: wins"


def test_the_table_ordering_is_offered_only_with_a_table(qtbot) -> None:
    bar = TextbookOptionsBar("test", TextbookOptions("table"))
    qtbot.addWidget(bar)
    bar.set_table_allowed(False)
    assert bar.options().ordering == "none"
    table = bar.ordering.model().item(bar.ordering.findData("table"))
    assert not table.isEnabled()
    bar.set_table_allowed(True)
    assert table.isEnabled()


def test_a_narrow_bar_shows_every_choice_in_full_on_two_rows(qtbot) -> None:
    bar = TextbookOptionsBar("test", TextbookOptions("centre", "distance"))
    qtbot.addWidget(bar)
    bar.resize(360, 60)
    bar.show()
    qtbot.waitUntil(lambda: bar.form.y() > bar.ordering.y())
    for combo in bar.combos.values():
        assert combo.width() >= combo.sizeHint().width() - 4, combo.objectName()
    bar.resize(1000, 40)
    qtbot.waitUntil(lambda: bar.form.y() == bar.ordering.y())


def test_the_bar_and_the_players_options_use_the_labels_words(qtbot) -> None:
    """'ordering centre, scoring distance, ...' labels the counts; the choices read the same."""
    from PySide6.QtWidgets import QLabel

    from tictactoe_qt.gui.settings_dock import SettingsDock

    options = TextbookOptions("centre", "distance", "zero", "negamax")
    words = [part.split(" ") for part in options.label().split(", ")]
    bar = TextbookOptionsBar("test", options)
    qtbot.addWidget(bar)
    assert [combo.currentText() for combo in bar.combos.values()] == [f"{word}: {value}" for word, value in words]
    dock = SettingsDock()
    qtbot.addWidget(dock)
    fields = dock.sides["x"].textbook
    labels = [label.text() for label in fields.grid.findChildren(QLabel)]
    assert labels == [f"{word.capitalize()}:" for word, _value in words]
