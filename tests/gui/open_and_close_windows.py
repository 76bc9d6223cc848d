"""Open, use and close main windows one after another in this one process, as a test
session does; exits 0 only if no window's threads or processes outlived it.

Run as ``python tests/gui/open_and_close_windows.py`` with the settings and data folders
pointed at a temporary folder (``fresh_process.settings_env``). Each window is closed and
then deleted (``deleteLater``), as pytest-qt does, and the garbage collector runs: a
running QThread freed there aborts the process (exit 134). Some closes are refused
(unsaved simulation runs, the question unanswered), so the window is deleted without its
close having stopped anything. Prints ``done`` and the child processes still running at the
end (the windows' engine and analysis processes must be gone with them).
"""

from __future__ import annotations

import gc
import multiprocessing
import sys
import time
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QEventLoop, QTimer
from PySide6.QtWidgets import QApplication, QComboBox, QSpinBox

#: Events the stepper steps through in each window (each step redraws the dock, which
#: costs most of this script's time). The collection that frees a deleted window's
#: threads is forced after each close, so more steps prove nothing more.
STEPS = 30
HANG_S = 60.0


def choose(window, seat: str, kind: str) -> None:
    combo = window.findChild(QComboBox, f"{seat}Player")
    combo.setCurrentIndex(combo.findData(kind))


def wait(ms: int) -> None:
    """Turn the event loop for ``ms`` milliseconds."""
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def wait_until(check: Callable[[], object], what: str) -> None:
    deadline = time.monotonic() + HANG_S
    while not check():
        if time.monotonic() > deadline:
            raise SystemExit(f"timed out waiting until {what}")
        wait(20)


def play_ai_moves(window) -> None:
    """X random against O alpha-beta (in the engine process), to the end of the game."""
    choose(window, "x", "random")
    choose(window, "o", "alphabeta")
    window.set_move_delay(0)
    window.new_game_action.trigger()
    wait_until(lambda: window.controller.result() is not None, "the AI game ended")


def step(window, steps: int = STEPS) -> None:
    stepper = window.search_stepper
    stepper.load("alphabeta", ".../.../...")
    for _ in range(steps):
        stepper.step()


def show_overlay(window) -> None:
    views = window.analysis
    views.overlay_action.setChecked(True)
    wait_until(lambda: views.layer.data is not None, "the overlay showed its analysis")


def run_batch(window, games: int, wait_for_end: bool = True) -> None:
    choose(window, "x", "random")
    choose(window, "o", "random")
    window.findChild(QSpinBox, "simGames").setValue(games)
    assert window.stats_panel.start_simulation()
    if wait_for_end:
        wait_until(lambda: not window.stats_panel.is_simulating(), "the batch ended")


def close_and_delete(window) -> None:
    """Close as pytest-qt does (close, deleteLater), let the deletion happen, collect."""
    window.close()
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    wait(10)
    gc.collect()


def main() -> int:
    app = QApplication(sys.argv[:1])
    app.setOrganizationName("tictactoe-qt-tests")
    app.setApplicationName("tictactoe-qt")
    from tictactoe_qt.gui.main_window import MainWindow
    from tictactoe_qt.gui.stats.unsaved_runs import CloseChoice, UnsavedRunsQuestion

    def window_doing(*uses: Callable[[MainWindow], None], answer: CloseChoice | None) -> None:
        UnsavedRunsQuestion.answer = answer
        window = MainWindow()
        window.show()
        wait(10)
        for use in uses:
            use(window)
        close_and_delete(window)

    discard = CloseChoice.DISCARD
    # Each case once: the collection after each close is forced, so a window's threads are
    # freed before the next window opens, and a second round repeats the same frees.
    window_doing(answer=discard)  # closed while its engine process starts (warm-up)
    window_doing(show_overlay, play_ai_moves, step, answer=discard)
    # Unsaved runs and nobody to answer: the close is refused, the window deleted anyway.
    window_doing(lambda w: run_batch(w, 20), step, answer=None)
    window_doing(
        lambda w: run_batch(w, 20), lambda w: run_batch(w, 200_000, False), answer=None
    )  # deleted while a batch runs
    window_doing(show_overlay, lambda w: run_batch(w, 20), play_ai_moves, step, answer=discard)
    gc.collect()
    from tictactoe_qt.gui.stats.chunk_pool import shared_pool

    shared_pool().shutdown()  # the app's batch processes, shared by its windows, end at exit
    left = [child.name for child in multiprocessing.active_children()]
    print(f"done; processes left: {left}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
