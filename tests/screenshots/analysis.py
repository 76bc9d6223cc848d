"""Regenerate the analysis views' screenshots: ``python -m tests.screenshots.analysis [folder]``.

Renders offscreen with the Fusion style: the overlay on a 3x3 game and as a
9x9, a 15x15 and a 19x19 heat map, the comparison dock after a run on the empty 3x3 board, and
the game-tree explorer in alpha-beta mode. Pictures go to
``resources/screenshots/analysis-*.png`` (or the folder given).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tictactoe_qt.engine.game import Board, GameConfig, Move, SavedGame, SavedPlayer
from tictactoe_qt.engine.players import PlayerSpec

from .offscreen_app import start_offscreen_app

WINDOW_SIZE = (1060, 660)
TIMEOUT_MS = 30_000


def main(argv: list[str] | None = None) -> int:
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QWidget

    app, out = start_offscreen_app(argv)

    def wait_until(ready: Callable[[], bool]) -> None:
        loop = QEventLoop()
        timer = QTimer()
        timer.timeout.connect(lambda: ready() and loop.quit())
        timer.start(20)
        QTimer.singleShot(TIMEOUT_MS, loop.quit)
        loop.exec()
        timer.stop()

    def save(widget: QWidget, name: str) -> None:
        wait_until(lambda: True)
        path = out / f"analysis-{name}.png"
        widget.grab().save(str(path))
        print(f"{path}: {path.stat().st_size // 1024} KB")

    human = SavedPlayer(PlayerSpec("human"))
    overlay_shot(
        save,
        wait_until,
        "overlay-3x3",
        SavedGame(GameConfig(), {"x": human, "o": human}, _moves([(1, 1), (0, 0), (0, 2)])),
    )
    overlay_shot(
        save,
        wait_until,
        "heatmap-9x9",
        SavedGame(GameConfig(9, 9, 5), {"x": human, "o": human}, _moves([(4, 4), (3, 4), (3, 3), (5, 5), (4, 3)])),
    )
    overlay_shot(
        save,
        wait_until,
        "heatmap-15x15",
        SavedGame(GameConfig(15, 15, 5), {"x": human, "o": human}, _moves([(7, 7), (6, 8), (8, 6)])),
    )
    overlay_shot(
        save,
        wait_until,
        "heatmap-19x19",
        SavedGame(GameConfig(19, 19, 5), {"x": human, "o": human}, _moves([(9, 9), (8, 8)])),
    )
    comparison_shot(save, wait_until)
    tree_shot(save, wait_until)
    return 0


def _moves(cells: list[tuple[int, int]]) -> tuple[Move, ...]:
    return tuple(Move(*cell) for cell in cells)


def overlay_shot(save: Any, wait_until: Any, name: str, game: SavedGame) -> None:
    """The window with the overlay on, once the analysis has arrived."""
    from tictactoe_qt.gui.main_window import MainWindow

    window = MainWindow()
    window.resize(*WINDOW_SIZE)
    window.show()
    window.controller.load_game(game)
    window.settings_dock.set_settings(window.controller.settings)
    views = window.analysis
    views.overlay_action.setChecked(True)
    wait_until(lambda: views.overlay.data is not None)
    window.statusBar().clearMessage()
    save(window, name)
    window.close()


def comparison_shot(save: Any, wait_until: Any) -> None:
    """The comparison dock after a full run on the empty 3x3 board."""
    from tictactoe_qt.gui.analysis.comparison_panel import ComparisonDock

    dock = ComparisonDock()
    dock.resize(dock.preferred_width(), 640)
    dock.show()
    dock.set_position(Board())
    finished: list[bool] = []
    dock.comparison_finished.connect(lambda: finished.append(True))
    dock.run()
    wait_until(lambda: bool(finished))
    save(dock, "comparison-3x3")
    dock.shutdown()
    dock.close()


def tree_shot(save: Any, wait_until: Any) -> None:
    """The game tree in alpha-beta mode, with a node whose replies were pruned."""
    from tictactoe_qt.gui.analysis.tree_explorer_dock import TreeExplorerDock

    dock = TreeExplorerDock()
    dock.resize(dock.preferred_width(), 700)
    dock.show()
    dock.set_position(Board.from_notation("x../.o./..."))
    dock.mode.setCurrentIndex(dock.mode.findData("alphabeta"))
    model = dock.model
    wait_until(lambda: model.summary is not None and model.rowCount(model.index(0, 0)) > 0)
    root = model.index(0, 0)
    child = model.index(1, 0, root)
    dock.view.expand(child)
    wait_until(lambda: model.rowCount(child) > 0)
    wait_until(lambda: dock.counts.rowCount() > 0 and "Counting" not in dock.facts.text())
    save(dock, "tree-alphabeta")
    dock.shutdown()
    dock.close()


if __name__ == "__main__":
    raise SystemExit(main())
