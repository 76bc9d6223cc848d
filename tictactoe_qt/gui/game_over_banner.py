"""A banner below the board when a game ends: the result and 'Play again'.

The board always leaves room for it, shown or not, so it never covers a cell
or the winning line and the board does not jump when a game ends.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from tictactoe_qt.gui.board_theme import is_dark, strip_style


def foot_gap(board_height: int) -> int:
    """Pixels between the board widget's bottom edge and a strip standing at its foot."""
    return max(6, board_height // 60)


class GameOverBanner(QFrame):
    """A rounded strip centred at its parent's bottom edge, in room the board leaves free."""

    play_again = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("gameOverBanner")
        self.setAutoFillBackground(False)
        self._label = QLabel(self)
        self._label.setObjectName("gameOverText")
        font = self._label.font()
        font.setPointSizeF(font.pointSizeF() * 1.35)
        font.setBold(True)
        self._label.setFont(font)
        self._button = QPushButton(self.tr("Play again"), self)
        self._button.setObjectName("playAgainButton")
        self._button.setDefault(True)
        self._button.clicked.connect(self.play_again)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(20, 12, 14, 12)
        layout.setSpacing(18)
        layout.addWidget(self._label)
        layout.addWidget(self._button)
        self._restyle()
        parent.installEventFilter(self)
        self.hide()
        self._reposition()

    def text(self) -> str:
        return self._label.text()

    def show_result(self, text: str) -> None:
        """Show ``text`` (e.g. 'You win!') with the Play again button."""
        self._label.setText(text)
        self._label.setAccessibleName(text)
        self._restyle()
        self.adjustSize()
        self.show()
        self._reposition()
        self.raise_()

    def _reserve_room(self, height: float) -> None:
        parent = self.parentWidget()
        if parent is not None and hasattr(parent, "set_footer_height"):
            parent.set_footer_height(height)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.parent() and event.type() == QEvent.Type.Resize:
            self._reposition()
        elif watched is self.parent() and event.type() == QEvent.Type.PaletteChange:
            QTimer.singleShot(0, self, self._restyle)  # a theme change while the banner shows
        return False

    def _restyle(self) -> None:
        # Styled from the board's palette, outside any PaletteChange handler (a style
        # sheet set there would trigger another PaletteChange), and only when it changes.
        parent = self.parentWidget()
        palette = parent.palette() if parent else self.palette()
        text = "#f6f5f4" if is_dark(palette) else "#241f31"
        sheet = strip_style("gameOverBanner", palette, 14) + f" #gameOverText {{ color: {text}; }}"
        if sheet != self.styleSheet():
            self.setStyleSheet(sheet)

    def _reposition(self) -> None:
        parent = self.parentWidget()
        if parent is None:
            return
        self.adjustSize()
        width = min(self.sizeHint().width(), parent.width() - 16)
        height = self.sizeHint().height()
        x = (parent.width() - width) // 2
        gap = foot_gap(parent.height())
        y = parent.height() - height - gap
        self.setGeometry(x, y, width, height)
        self._reserve_room(height + gap)  # shown or not: the board keeps its place
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
