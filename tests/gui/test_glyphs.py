"""Marks no installed font can draw: the dock warns before the board shows empty boxes."""

from __future__ import annotations

from PySide6.QtWidgets import QLineEdit

from tictactoe_qt.gui.glyphs import missing_characters
from tictactoe_qt.gui.main_window import MainWindow

#: A character of Supplementary Private Use Area-A: no public font has a glyph for it.
NO_FONT = "\U000f0042"


def test_ordinary_letters_and_invisible_joiners_are_drawable(qapp):
    assert missing_characters("XOé") == []
    assert missing_characters("X\u200d\ufe0f ") == []  # joiner, variation selector, space


def test_a_character_no_font_has_is_reported_once(qapp):
    assert missing_characters(f"A{NO_FONT}{NO_FONT}") == [NO_FONT]


def test_the_dock_warns_when_a_mark_would_draw_as_a_box(qtbot, tmp_path):
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    editor = window.settings_dock.sides["o"]
    mark = window.findChild(QLineEdit, "oMark")
    mark.setText(NO_FONT)
    mark.textEdited.emit(NO_FONT)
    assert window.controller.settings.o.mark == NO_FONT  # allowed: only a warning
    assert editor.note.isVisibleTo(window.settings_dock)
    assert "No installed font can draw U+F0042 of this mark" in editor.note.text()
    assert "fonts-noto-color-emoji" in editor.note.text()
    window.settings_dock.scroll_area.ensureWidgetVisible(editor.note)
    window.settings_dock.grab().save(str(tmp_path / "dock-missing-glyph.png"))
    mark.setText("Q")
    mark.textEdited.emit("Q")
    assert not editor.note.isVisibleTo(window.settings_dock)
