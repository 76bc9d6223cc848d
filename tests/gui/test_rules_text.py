"""Help > Rules says what the window does with changed settings.

Seen in a real window: the Rules box said 'Settings in the dock apply to the next game.',
but before the first move a change applies at once (as the README says)."""

from __future__ import annotations

from PySide6.QtWidgets import QSpinBox

from tictactoe_qt.gui.help_dialogs import rules_text


def test_the_rules_say_settings_apply_at_once_before_the_first_move(shown_window) -> None:
    window = shown_window()
    text = rules_text(window.controller.settings.config())
    assert "apply to the next game; before the first move of a game, at once." in text
    window.findChild(QSpinBox, "rows").setValue(4)  # nothing played yet
    assert window.controller.board.config.rows == 4  # applied at once, as said
