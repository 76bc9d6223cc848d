"""The Help menu: the handbook (F1), and the Rules and About boxes."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from tictactoe_qt import __version__
from tictactoe_qt.engine.game import MAX_SIZE, GameConfig
from tictactoe_qt.gui.handbook_dialog import HandbookDialog


def rules_text(config: GameConfig) -> str:
    """The rules for ``config``, as rich text."""
    tr = QCoreApplication.translate
    return tr(
        "HelpDialogs",
        "<h3>How to play</h3>"
        "<p>Two players take turns putting their mark on an empty cell of a "
        "{rows}&times;{cols} board. The first to get <b>{k} in a row</b> "
        "&mdash; across, down or diagonally &mdash; wins. A full board with no line is a draw.</p>"
        "<p>Click a cell to play. On the keyboard, use the arrow keys and Enter or Space; "
        "on a 3&times;3 board the digits 1&ndash;9 match the numeric keypad "
        "(7 8 9 is the top row).</p>"
        "<p><b>Undo</b> (Ctrl+Z) takes back your last move and the computer's answer; "
        "<b>Hint</b> (Ctrl+H) shows the move the perfect engine would play.</p>"
        "<p>Settings in the dock apply to the next game; before the first move of a game, "
        "at once.</p>",
    ).format(rows=config.rows, cols=config.cols, k=config.k)


def show_rules(parent: QWidget, config: GameConfig) -> None:
    QMessageBox.information(parent, QCoreApplication.translate("HelpDialogs", "Rules"), rules_text(config))


def show_about(parent: QWidget) -> None:
    tr = QCoreApplication.translate
    QMessageBox.about(
        parent,
        tr("HelpDialogs", "About Tic-tac-toe"),
        tr(
            "HelpDialogs",
            "<h3>tictactoe-qt {0}</h3>"
            "<p>Tic-tac-toe and m,n,k-games (up to {1}&times;{1}, k in a row) against "
            "minimax, alpha-beta and a perfect engine, with views that show how the AI thinks.</p>"
            "<p>MIT licence. Built with Qt for Python.</p>",
        ).format(__version__, MAX_SIZE),
    )


def show_handbook(parent: QWidget) -> HandbookDialog:
    """Open the handbook beside ``parent`` (one per window: a second F1 raises it)."""
    dialog = parent.findChild(HandbookDialog)
    if dialog is None:
        dialog = HandbookDialog(parent)
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog
