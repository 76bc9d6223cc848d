"""A progress bar that writes its counts with thousands separators, as the rest of the window does."""

from __future__ import annotations

from PySide6.QtWidgets import QProgressBar, QWidget


class CountProgressBar(QProgressBar):
    """``%v`` and ``%m`` in the format read "127,596" and "300,000" instead of "127596"
    (``%p`` as Qt writes it: the whole percent, rounded down)."""

    def __init__(self, parent: QWidget | None = None, *, objectName: str = "") -> None:
        super().__init__(parent)
        self.setObjectName(objectName)

    def text(self) -> str:
        low, high, value = self.minimum(), self.maximum(), self.value()
        if (low == high == 0) or value < low:
            return ""  # busy, or reset: Qt shows no text either
        steps = high - low
        percent = 100 if steps == 0 else int((value - low) * 100 / steps)
        return self.format().replace("%v", f"{value:,}").replace("%m", f"{steps:,}").replace("%p", str(percent))
