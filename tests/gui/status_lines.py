"""What the window's status bar tells the user: the line shown now, and every line since."""

from __future__ import annotations

from typing import Any

#: How the window marks an error line in the status bar.
ERROR_PREFIX = "⚠ "


def shown_error(window: Any) -> str:
    """The error the status bar shows now, without its sign ("" when it shows none)."""
    line = window.statusBar().currentMessage()
    return line.removeprefix(ERROR_PREFIX) if line.startswith(ERROR_PREFIX) else ""


class StatusLines:
    """Every line the window's status bar shows from now on."""

    def __init__(self, window: Any) -> None:
        self.lines: list[str] = []
        window.statusBar().messageChanged.connect(self.lines.append)

    def errors(self) -> list[str]:
        """The error lines shown, without their sign."""
        return [line.removeprefix(ERROR_PREFIX) for line in self.lines if line.startswith(ERROR_PREFIX)]
