"""One main window shared by a module's tests that only read it (a computed view, a table):
the window and the analysis children it starts are paid for once. The per-test fixtures of
the GUI conftest do not reach a module-scoped fixture, so this sets up the same isolation
itself: settings and solved positions in folders of their own, the engine started lazily."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest

from .waits import HANG_MS


@contextmanager
def module_window(qapp, tmp_path_factory, size: tuple[int, int]) -> Iterator[object]:
    """A main window of ``size``, shown and exposed; closed and deleted at the end."""
    from tictactoe_qt.gui.game_controller import GameController
    from tictactoe_qt.gui.main_window import MainWindow

    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path_factory.mktemp("cfg")))
    qapp.setOrganizationName("tictactoe-qt-tests")
    qapp.setApplicationName("tictactoe-qt")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(GameController, "auto_warm_up", False)  # as the GUI tests' conftest does
        # The window's children take the environment they start in.
        patch.setenv("TICTACTOE_QT_CACHE_DIR", str(tmp_path_factory.mktemp("solved-cache")))
        window = MainWindow()
        window.resize(*size)
        window.show()
        assert QTest.qWaitForWindowExposed(window)
        try:
            yield window
        finally:
            window.close()
            window.deleteLater()


def wait_until(condition: Callable[[], object], message: str = "the window did not answer") -> None:
    """Turn the event loop until ``condition()`` holds (``qtbot.waitUntil`` for module fixtures)."""
    deadline = time.monotonic() + HANG_MS / 1000
    while not condition():
        assert time.monotonic() < deadline, message
        QTest.qWait(10)


def click(board, row: int, col: int) -> None:
    """Left-click the centre of a board cell (``click_cell`` for module fixtures)."""
    QTest.mouseClick(board, Qt.MouseButton.LeftButton, pos=board.cell_rect(row, col).center())
