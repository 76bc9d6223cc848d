"""Regenerate the README screenshots: ``python -m tests.screenshots.window [folder]``
from the repository's root.

Renders offscreen (no display needed) with the Fusion style, so the pictures
look the same on every machine; the dark one uses the palette of View > Theme > Dark.
"""

from __future__ import annotations

from tictactoe_qt.engine.game import Board, GameConfig, Move, SavedGame, SavedPlayer
from tictactoe_qt.engine.players import PlayerSpec, make_player

from .offscreen_app import start_offscreen_app

WINDOW_SIZE = (940, 620)


def _game(config: GameConfig, x: SavedPlayer, o: SavedPlayer, moves: list[tuple[int, int]]) -> SavedGame:
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

    def shoot(name: str, game: SavedGame, hover: tuple[int, int] | None = None, wait_for_ai: bool = False) -> None:
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
            event = QMouseEvent(
                QMouseEvent.Type.MouseMove,
                point,
                point,
                Qt.MouseButton.NoButton,
                Qt.MouseButton.NoButton,
                Qt.KeyboardModifier.NoModifier,
            )
            QApplication.sendEvent(window.board, event)
        wait(150)
        path = out / f"{name}.png"
        window.grab().save(str(path))
        print(f"{path}: {path.stat().st_size // 1024} KB")
        window.close()

    human = SavedPlayer(PlayerSpec("human"), "", "X")
    shoot(
        "3x3-mid-game",
        _game(GameConfig(), human, SavedPlayer(PlayerSpec("perfect"), "", "O"), [(1, 1), (0, 0), (0, 2)]),
        hover=(1, 0),
        wait_for_ai=True,
    )
    shoot(
        "4x4-won",
        _game(
            GameConfig(4, 4, 4),
            human,
            SavedPlayer(PlayerSpec.parse("alphabeta:depth=2"), "", "O"),
            [(0, 0), (0, 1), (1, 1), (0, 2), (2, 2), (0, 3), (3, 3)],
        ),
    )
    config = GameConfig(15, 15, 5)
    shoot(
        "15x15-emoji",
        _game(
            config,
            SavedPlayer(PlayerSpec("human"), "Fox", "🦊"),
            SavedPlayer(PlayerSpec("perfect"), "Panda", "🐼"),
            _ai_game(config, 22),
        ),
        hover=(4, 9),
    )
    from tictactoe_qt.gui.color_scheme import dark_palette

    app.setPalette(dark_palette())
    shoot(
        "dark-7x7",
        _game(
            GameConfig(7, 7, 4),
            human,
            SavedPlayer(PlayerSpec("perfect"), "", "O"),
            _ai_game(GameConfig(7, 7, 4), 9, seed=3),
        ),
        hover=(4, 3),
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
