"""Closing the window during a long AI search exits at once and cleanly (in a subprocess)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

SCRIPT = textwrap.dedent(
    """
    import sys, time
    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, sys.argv[1])
    app = QApplication([])
    app.setOrganizationName("tictactoe-qt-tests")
    app.setApplicationName("tictactoe-qt")
    from tictactoe_qt.gui.main_window import MainWindow

    from tictactoe_qt.engine.game import GameConfig, Move
    from tictactoe_qt.engine.players import PlayerSpec
    from tictactoe_qt.engine.game import SavedGame, SavedPlayer

    window = MainWindow()
    window.show()
    # The engine process is ready, as a moment after the app's start-up warm-up.
    assert window.controller._search.worker.engine.wait_until_ready()
    from tictactoe_qt.gui.stats import chart_loader

    # Closing waits for the charts' import of pyqtgraph (about a second after
    # launch, longer on a busy machine): not what this test measures.
    assert chart_loader.wait_until_loaded()
    moves = tuple(Move(*m) for m in [(7, 7), (7, 8), (8, 8), (6, 6), (8, 6), (9, 9)])
    players = {"x": SavedPlayer(PlayerSpec(sys.argv[2], time=60.0)), "o": SavedPlayer()}
    window.controller.load_game(SavedGame(GameConfig(15, 15, 5), players, moves))

    closed_at = []

    def close():
        assert window.controller.is_thinking, "the AI should be searching"
        print("closing", flush=True)
        closed_at.append(time.perf_counter())
        window.close()
        app.quit()

    QTimer.singleShot(500, close)  # the search has 59.5 s to go
    code = app.exec()
    print(f"exited {code} after {time.perf_counter() - closed_at[0]:.3f}", flush=True)
    sys.exit(code)
    """
)


@pytest.mark.timing
def test_close_during_a_60_second_search_exits_at_once(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path), "perfect"], capture_output=True, text=True, timeout=30, env=env
    )
    assert done.returncode == 0, done.stderr
    assert "closing" in done.stdout and "exited 0" in done.stdout, done.stdout
    assert "QThread: Destroyed" not in done.stderr
    assert "Traceback" not in done.stderr
    seconds = float(done.stdout.split("after")[1])
    assert seconds < 1.0, f"closing took {seconds:.1f} s: the search was not cancelled"
