"""GUI test setup: settings in a temporary folder, and small helpers to drive the window."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest


@pytest.fixture(autouse=True)
def lazy_engine_process(monkeypatch):
    """Start engine processes only for tests whose AI really searches (saves CPU)."""
    from tictactoe_qt.gui.game_controller import GameController

    monkeypatch.setattr(GameController, "auto_warm_up", False)


@pytest.fixture(autouse=True)
def closing_discards_runs(monkeypatch):
    """Closing a window with unsaved runs discards them without asking (the tests of the
    question itself set ``answer`` back to None, to ask)."""
    from tictactoe_qt.gui.stats.unsaved_runs import CloseChoice, UnsavedRunsQuestion

    monkeypatch.setattr(UnsavedRunsQuestion, "answer", CloseChoice.DISCARD)


@pytest.fixture(autouse=True)
def isolated_settings(qapp, tmp_path):
    """Point QSettings at a fresh folder so tests never read or write the user's settings."""
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "cfg"))
    qapp.setOrganizationName("tictactoe-qt-tests")
    qapp.setApplicationName("tictactoe-qt")
    yield tmp_path / "cfg"


@pytest.fixture
def settings_path(isolated_settings) -> Path:
    """The file this test's windows read their settings from and write them to (in
    ``isolated_settings``' folder): write it first to start a window on a given file,
    as the program starts on the file it finds."""
    return Path(QSettings().fileName())


@pytest.fixture
def click_cell(qtbot):
    """``click_cell(board, row, col)`` left-clicks the centre of a board cell."""

    def click(board, row: int, col: int) -> None:
        qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=board.cell_rect(row, col).center())

    return click


@pytest.fixture
def shown_window(qtbot):
    """``shown_window(size=None, move_delay=None)``: a new main window, shown and exposed;
    closed after the test. ``move_delay=0`` makes the AI answer without the usual pause."""
    from tictactoe_qt.gui.main_window import MainWindow

    windows = []

    def open_window(size: tuple[int, int] | None = None, move_delay: int | None = None):
        window = MainWindow()
        qtbot.addWidget(window)
        if move_delay is not None:
            window.set_move_delay(move_delay)
        if size is not None:
            window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        windows.append(window)
        return window

    yield open_window
    for window in windows:
        window.close()


@pytest.fixture
def shown_stepper(qtbot):
    """``shown_stepper(size=(640, 900))``: a search stepper dock on its own, shown and exposed."""
    from tictactoe_qt.gui.stepper.stepper_dock import StepperDock

    def open_stepper(size: tuple[int, int] = (640, 900)):
        dock = StepperDock()
        qtbot.addWidget(dock)
        dock.resize(*size)
        dock.show()
        qtbot.waitExposed(dock)
        return dock

    return open_stepper


@pytest.fixture(scope="module")
def analysis_runner(qapp, tmp_path_factory):
    """One analysis child for a module's standalone views: each test builds its own view on
    it (no view state is shared), and the child's start-up is paid once. The child caches
    solves in a folder of its own, never the user's. A test leaves it idle (cancelled jobs answered)."""
    from tictactoe_qt.gui.analysis.job_runner import JobRunner

    from .waits import HANG_MS

    with pytest.MonkeyPatch.context() as patch:  # the child takes the environment it starts in
        patch.setenv("TICTACTOE_QT_CACHE_DIR", str(tmp_path_factory.mktemp("solved-cache")))
        runner = JobRunner("analysisOverlayThread")
        runner.warm_up()
        deadline = time.monotonic() + HANG_MS / 1000
        while not runner.process.is_ready:
            assert time.monotonic() < deadline, "the analysis child did not start"
            QTest.qWait(10)
    yield runner
    runner.stop()
