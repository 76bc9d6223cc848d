"""The status bar's permanent part: whose turn, a busy indicator, the last AI move's statistics."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QWidget

from tictactoe_qt.engine import SearchResult
from tictactoe_qt.engine.text import duration_text


def describe_search(result: SearchResult) -> str:
    """E.g. ``"12,345 nodes · depth 5 · 410 ms"`` (the time in the engine's one wording).

    A player that does not report its count (an engine, a plugin) shows no node count.
    """
    tr = QCoreApplication.translate
    nodes = result.stats.reported_nodes
    parts = (
        []
        if nodes is None
        else [tr("StatusPanel", "1 node") if nodes == 1 else tr("StatusPanel", "{0} nodes").format(f"{nodes:,}")]
    )
    if result.stats.depth is not None:
        parts.append(tr("StatusPanel", "depth {0}").format(result.stats.depth))
    elif result.exact:
        parts.append(tr("StatusPanel", "solved"))
    parts.append(duration_text(result.stats.elapsed_seconds))
    return " · ".join(parts)


class StatusPanel(QWidget):
    """Turn text, an indeterminate progress bar while an AI thinks, and search statistics."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.turn = QLabel(objectName="turnLabel")
        self.busy = QProgressBar(objectName="busyIndicator")
        self.busy.setRange(0, 0)  # indeterminate
        self.busy.setMaximumWidth(90)
        self.busy.setMaximumHeight(14)
        self.busy.setTextVisible(False)
        self.busy.hide()
        self.stats = QLabel(objectName="searchStats")
        self.stats.setToolTip(
            self.tr(
                "A node is one position the search looked at; depth is how many moves ahead it "
                "looked; the time is the search's own."
            )
        )
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 6, 0)
        layout.addWidget(self.stats)
        layout.addSpacing(12)
        layout.addWidget(self.busy)
        layout.addWidget(self.turn)

    def set_turn(self, text: str) -> None:
        self.turn.setText(text)

    def set_busy(self, busy: bool) -> None:
        self.busy.setVisible(busy)

    def set_stats(self, player: str, result: SearchResult | None) -> None:
        """Show the statistics of ``player``'s last move (``None`` clears them).

        Args:
            player: how the player is shown, e.g. its mark "🐶" or "O".
        """
        if result is None:
            self.stats.clear()
            return
        text = self.tr("{0} played · {1}").format(player, describe_search(result))
        self.stats.setText(text)
