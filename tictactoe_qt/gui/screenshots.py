"""Regenerate the README screenshots: ``python -m tictactoe_qt.gui.screenshots [folder]``.

Renders offscreen (no display needed) with the Fusion style, so the pictures
look the same on every machine.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from tictactoe_qt.engine.game import Board, GameConfig, Move, SavedGame, SavedPlayer
from tictactoe_qt.engine.players import PlayerSpec, make_player

WINDOW_SIZE = (940, 620)


def _game(
    config: GameConfig, x: SavedPlayer, o: SavedPlayer, moves: list[tuple[int, int]]
) -> SavedGame:
    return SavedGame(config, {"x": x, "o": o}, tuple(Move(*m) for m in moves))


def _ai_game(config: GameConfig, plies: int, seed: int = 7) -> list[tuple[int, int]]:
    board, player = Board(config), make_player(PlayerSpec("perfect", time=0.1), seed)
    moves = []
    for _ in range(plies):
        move = player.choose(board).move
        assert move is not None
        board.push(move)
        if board.is_game_over():  # keep the pictures mid-game
            break
        moves.append((move.row, move.col))
    return moves


def dark_palette():  # type: ignore[no-untyped-def]
    """A dark palette like the desktop's dark themes."""
    from PySide6.QtGui import QColor, QPalette

    palette = QPalette()
    roles = {
        QPalette.ColorRole.Window: "#242428", QPalette.ColorRole.WindowText: "#f6f5f4",
        QPalette.ColorRole.Base: "#1e1e22", QPalette.ColorRole.AlternateBase: "#2a2a2e",
        QPalette.ColorRole.Text: "#f6f5f4", QPalette.ColorRole.Button: "#303034",
        QPalette.ColorRole.ButtonText: "#f6f5f4", QPalette.ColorRole.Highlight: "#3584e4",
        QPalette.ColorRole.HighlightedText: "#ffffff", QPalette.ColorRole.ToolTipBase: "#303034",
        QPalette.ColorRole.ToolTipText: "#f6f5f4", QPalette.ColorRole.PlaceholderText: "#9a9996",
    }
    for role, colour in roles.items():
        palette.setColor(role, QColor(colour))
    palette.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text, QColor("#77767b"))
    palette.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText, QColor("#77767b"))
    return palette


def start_offscreen_app(argv: list[str] | None = None):  # type: ignore[no-untyped-def]
    """The application for a screenshot script, and the folder its pictures go to.

    The folder is the first argument (default ``resources/screenshots``). Qt
    renders offscreen in the Fusion style, with settings in a fresh temporary
    folder, so the pictures look the same on every machine.
    """
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0] if args else "resources/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, tempfile.mkdtemp())
    app = QApplication.instance() or QApplication([])
    app.setStyle("Fusion")
    from tictactoe_qt.gui.app import configure_application

    configure_application(app)  # type: ignore[arg-type]
    return app, out


def main(argv: list[str] | None = None) -> int:
    app, out = start_offscreen_app(argv)
    from PySide6.QtCore import QEventLoop, QPointF, Qt, QTimer
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication, QDockWidget

    from tictactoe_qt.gui.main_window import MainWindow

    def wait(ms: int) -> None:
        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()

    def shoot(name: str, game: SavedGame, hover: tuple[int, int] | None = None,
              wait_for_ai: bool = False) -> None:
        window = MainWindow()
        for dock in window.findChildren(QDockWidget):  # the game itself: board and settings
            dock.setVisible(dock is window.settings_dock)
        window.resize(*WINDOW_SIZE)
        window.show()
        window.resizeDocks([window.settings_dock], [300], Qt.Orientation.Horizontal)
        window.set_move_delay(0)
        if wait_for_ai:
            loop = QEventLoop()
            window.controller.ai_moved.connect(lambda *_: loop.quit())
            window.controller.load_game(game)
            window.settings_dock.set_settings(window.controller.settings)
            loop.exec()
        else:
            window.controller.load_game(game)
            window.settings_dock.set_settings(window.controller.settings)
        window.statusBar().clearMessage()
        if hover is not None:
            point = QPointF(window.board.cell_rect(*hover).center())
            event = QMouseEvent(QMouseEvent.Type.MouseMove, point, point, Qt.MouseButton.NoButton,
                                Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
            QApplication.sendEvent(window.board, event)
        wait(150)
        path = out / f"{name}.png"
        window.grab().save(str(path))
        print(f"{path}: {path.stat().st_size // 1024} KB")
        window.close()

    human = SavedPlayer(PlayerSpec("human"), "", "X")
    shoot("3x3-mid-game", _game(GameConfig(), human, SavedPlayer(PlayerSpec("perfect"), "", "O"),
                                [(1, 1), (0, 0), (0, 2)]), hover=(1, 0), wait_for_ai=True)
    shoot("4x4-won", _game(GameConfig(4, 4, 4), human,
                           SavedPlayer(PlayerSpec.parse("alphabeta:depth=2"), "", "O"),
                           [(0, 0), (0, 1), (1, 1), (0, 2), (2, 2), (0, 3), (3, 3)]))
    config = GameConfig(15, 15, 5)
    shoot("15x15-emoji", _game(config, SavedPlayer(PlayerSpec("human"), "Fox", "🦊"),
                               SavedPlayer(PlayerSpec("perfect"), "Panda", "🐼"),
                               _ai_game(config, 22)), hover=(4, 9))
    app.setPalette(dark_palette())
    shoot("dark-7x7", _game(GameConfig(7, 7, 4), human, SavedPlayer(PlayerSpec("perfect"), "", "O"),
                            _ai_game(GameConfig(7, 7, 4), 9, seed=3)), hover=(4, 3))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
