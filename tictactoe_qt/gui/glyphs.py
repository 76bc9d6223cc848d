"""Can this computer draw a mark? A character no installed font has draws as an empty box.

Qt falls back through every installed font to draw a character, so a
character is drawable when any installed family has a glyph for it. The fonts
are loaded once, on the first check of a character the default font lacks.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFont, QFontDatabase, QFontMetrics, QRawFont

#: Characters that are never drawn on their own: joiners, variation selectors, marks, spaces.
_INVISIBLE_CATEGORIES = {"Cf", "Mn", "Me", "Zs", "Zl", "Zp"}


def missing_characters(text: str) -> list[str]:
    """The characters of ``text`` that no installed font can draw (each once, in order)."""
    default = QFontMetrics(QFont())
    missing: list[str] = []
    for char in text:
        if char in missing or unicodedata.category(char) in _INVISIBLE_CATEGORIES:
            continue
        code = ord(char)
        if default.inFontUcs4(code):
            continue
        if not any(font.supportsCharacter(code) for font in _installed_fonts()):
            missing.append(char)
    return missing


@cache
def _installed_fonts() -> tuple[QRawFont, ...]:
    """One raw font per installed family (about 1 ms each, loaded once)."""
    fonts = (QRawFont.fromFont(QFont(family)) for family in QFontDatabase.families())
    return tuple(font for font in fonts if font.isValid())


def missing_glyph_note(mark: str) -> str:
    """A warning for the settings dock when ``mark`` would draw as empty boxes, else ``""``."""
    missing = missing_characters(mark)
    if not missing:
        return ""
    tr = QCoreApplication.translate
    codes = ", ".join(f"U+{ord(char):04X}" for char in missing)
    return tr(
        "Settings",
        "No installed font can draw {0} of this mark: the board will show "
        "an empty box. On Debian or Ubuntu, install fonts-noto-color-emoji.",
    ).format(codes)
