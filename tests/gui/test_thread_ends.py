"""Ending worker threads: a thread that is already ending is waited for, not skipped."""

from __future__ import annotations

import threading

from PySide6.QtCore import Qt, QThread

from tictactoe_qt.gui.thread_ends import quit_and_wait


def test_a_thread_running_its_finish_is_waited_for(qtbot) -> None:
    """Qt calls a thread in its finish (``finished`` handlers, its objects' ``deleteLater``)
    not running, and finished; the owner must still wait, or it frees the worker that the finishing
    thread is deleting too."""
    thread = QThread()
    in_finish, release = threading.Event(), threading.Event()

    def finishing() -> None:  # runs in the ending thread, during its finish
        in_finish.set()
        release.wait(30)

    thread.finished.connect(finishing, Qt.ConnectionType.DirectConnection)
    thread.start()
    thread.quit()
    assert in_finish.wait(30)
    assert not thread.isRunning()  # what a guard on isRunning() (or isFinished()) saw
    timer = threading.Timer(0.2, release.set)
    timer.start()
    quit_and_wait(thread)
    assert release.is_set()  # it returned only once the finish could end
    assert thread.wait(0)
    timer.join()


def test_a_thread_never_started_or_already_finished_returns_at_once(qtbot) -> None:
    never = QThread()
    quit_and_wait(never)
    assert not never.isRunning()
    done = QThread()
    done.start()
    quit_and_wait(done)
    assert done.isFinished()
    quit_and_wait(done)  # again: nothing left to wait for
