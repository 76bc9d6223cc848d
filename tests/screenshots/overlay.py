"""Pictures of the overlay's views: ``python -m tests.screenshots.overlay [folder]``.

Renders offscreen: each player's view (Average, minimax depth 3, MCTS) and
the depth-limited values, on a 3x3 position where Average is fooled and on a
7x7 five-in-a-row game. Pictures go to ``resources/screenshots/overlay-*.png``
(or the folder given).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tictactoe_qt.engine.game import GameConfig, Move, SavedGame, SavedPlayer
from tictactoe_qt.engine.players import PlayerSpec

from .offscreen_app import start_offscreen_app

WINDOW_SIZE = (1060, 700)
TIMEOUT_MS = 60_000
#: (name, board shape, moves, view, depth limit)
SHOTS: list[tuple[str, GameConfig, list[tuple[int, int]], str, int | None]] = []
_FOOLED = [(0, 0), (0, 2), (2, 1)]  # O to move: Average's best average loses
_SEVEN = [(3, 3), (2, 2), (3, 4)]  # O to move on 7x7, five in a row
for _view in ("average", "minimax", "mcts"):
    SHOTS.append((f"view-{_view}-3x3", GameConfig(), _FOOLED, _view, None))
    SHOTS.append((f"view-{_view}-7x7", GameConfig(7, 7, 5), _SEVEN, _view, None))
SHOTS.append(("depth-3-3x3", GameConfig(), _FOOLED, "values", 3))
SHOTS.append(("depth-3-7x7", GameConfig(7, 7, 5), _SEVEN, "values", 3))


def main(argv: list[str] | None = None) -> int:
    from PySide6.QtCore import QEventLoop, QTimer

    app, out = start_offscreen_app(argv)

    def wait_until(ready: Callable[[], bool]) -> None:
        loop = QEventLoop()
        timer = QTimer()
        timer.timeout.connect(lambda: ready() and loop.quit())
        timer.start(20)
        QTimer.singleShot(TIMEOUT_MS, loop.quit)
        loop.exec()
        timer.stop()

    for name, config, moves, view, depth in SHOTS:
        path = out / f"overlay-{name}.png"
        view_shot(wait_until, str(path), config, moves, view, depth)
        print(f"{path}: {path.stat().st_size // 1024} KB")
    return 0


def view_shot(
    wait_until: Any, path: str, config: GameConfig, moves: list[tuple[int, int]], view: str, depth: int | None
) -> None:
    """The window with the overlay showing ``view`` (at ``depth``), once it has arrived."""
    from tictactoe_qt.gui.main_window import MainWindow

    human = SavedPlayer(PlayerSpec("human"))
    window = MainWindow()
    window.resize(*WINDOW_SIZE)
    window.show()
    window.controller.load_game(SavedGame(config, {"x": human, "o": human}, tuple(Move(*cell) for cell in moves)))
    window.settings_dock.set_settings(window.controller.settings)
    views = window.analysis
    menus = views.overlay_menus
    menus.depths[depth].trigger()
    menus.views[view].trigger()
    wait_until(
        lambda: (
            views.overlay.data is not None
            and views.overlay.data.view == ("depth" if view == "values" and depth else view)
        )
    )
    window.statusBar().clearMessage()
    views.layer.update()
    wait_until(views.layer.picture_ready)
    window.grab().save(path)
    window.close()


if __name__ == "__main__":
    raise SystemExit(main())
