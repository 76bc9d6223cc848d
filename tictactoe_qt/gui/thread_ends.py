"""End a worker thread when its owner is destroyed, not only when its window closes.

Qt aborts the process (``QThread: Destroyed while thread is still running``)
when a running QThread is deleted. A window normally stops its threads in its
close event, but a window can be deleted without that stop: a close refused
(the unsaved-runs question) followed by ``deleteLater`` (pytest-qt closes and
deletes every widget it was given), or a window dropped without a close. Its
QObjects are then deleted with it, and the garbage collector later frees the
Python wrapper that owns the still running QThread: the abort comes at a
random moment, in a later window.

:func:`stop_when_destroyed` closes that gap: the owner's stop runs from its
``destroyed`` signal, before Qt deletes its children. The stop is a
callable that holds the thread (never the owner, whose wrapper may be half
gone): the connection keeps it, and with it the thread, alive until then.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QThread


def quit_and_wait(thread: QThread) -> None:
    """Ask ``thread``'s event loop to end and wait until the thread has finished.

    The worker's slot must already have been told to return (its stop flag);
    a thread whose C++ object is gone has nothing left to wait for. A thread
    that is ending on its own is waited for too: while it runs its finish
    (``finished`` handlers, then the ``deleteLater`` of its objects) Qt calls
    it neither running nor finished-and-done (``isRunning()`` is False and
    ``isFinished()`` True), so no such test guards the wait; an owner that
    went on to drop its worker deleted it twice, once in each thread.
    ``wait()`` returns at once for a thread never started or long finished.
    """
    try:
        thread.requestInterruption()
        thread.quit()
        thread.wait()
    except RuntimeError:  # the C++ QThread is already deleted: it was not running
        pass


def stop_when_destroyed(owner: QObject, stop: Callable[[], None]) -> None:
    """Call ``stop()`` when ``owner``'s C++ object is destroyed (in the deleting thread).

    ``stop`` must not refer to ``owner``; it must be idempotent, since the
    owner's own close usually ran it already. It never raises from there: at
    the application's teardown, objects are deleted in any order, and a C++
    object already gone (``RuntimeError``) has nothing left running.
    """
    owner.destroyed.connect(lambda *_args: _stop_quietly(stop))


def _stop_quietly(stop: Callable[[], None]) -> None:
    try:
        stop()
    except RuntimeError:  # "Internal C++ object already deleted"
        pass
