"""Load the charts module (and pyqtgraph, numpy) off the GUI thread, once per process.

pyqtgraph takes half a second or more to import: done at start-up it would
delay the window, done in the GUI thread later it would freeze it. Loading
starts once the window's first frame is on screen
(:func:`start_after_first_frame`); the stats panel asks :func:`when_loaded`
for a call-back in the GUI thread. The same thread loads the batch modules
and works out the exact odds of random 3x3 play, which the first batch
needs (a tenth of a second the window need not wait for either).
"""

from __future__ import annotations

import atexit
import importlib
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot
from PySide6.QtWidgets import QWidget

from tictactoe_qt.engine import failure_text

from .first_frame import call_after_first_frame

CHARTS_MODULE = "tictactoe_qt.gui.stats.charts"
#: How long :func:`wait_until_loaded` waits by default (an import never takes this long).
WAIT_MS = 30_000


class _ImportThread(QThread):
    """Imports :data:`CHARTS_MODULE`; ``error`` says why, if it could not.

    A plain QThread, not the worker-object pattern: there is one job, no
    cancelling and no progress, and the import touches no widget.
    """

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("chartImportThread")
        self.error: str | None = None

    def run(self) -> None:
        from tictactoe_qt.engine.game import GameConfig

        from . import batch_worker  # noqa: F401 (loaded for the first batch)
        from .run_snapshot import exact_random_rates

        exact_random_rates(GameConfig(3, 3, 3))  # cached for the first batch
        try:
            importlib.import_module(CHARTS_MODULE)
        except Exception as error:  # noqa: BLE001 (a broken pyqtgraph must not stop the game)
            self.error = failure_text(error)


class _Loader(QObject):
    """Lives in the GUI thread: turns the thread's end into ``loaded`` there."""

    loaded = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.import_thread = _ImportThread()
        self.done = False
        self.import_thread.finished.connect(self.mark_done)  # queued: runs in the GUI thread
        app = QCoreApplication.instance()
        if app is not None:  # no thread may outlive the application
            app.aboutToQuit.connect(finish_loading)

    @Slot()
    def mark_done(self) -> None:
        if not self.done:
            self.done = True
            self.loaded.emit()


_loader: _Loader | None = None


def _the_loader() -> _Loader:
    global _loader
    if _loader is None:
        _loader = _Loader()
    return _loader


def start_loading() -> None:
    """Begin loading in the background (does nothing if begun or done)."""
    loader = _the_loader()
    if not loader.done and not loader.import_thread.isRunning() and not loader.import_thread.isFinished():
        loader.import_thread.start()


def is_loaded() -> bool:
    """True once the charts module can be used without waiting."""
    return _loader is not None and _loader.done


def load_error() -> str | None:
    """Why the charts could not be loaded, or None."""
    return _loader.import_thread.error if _loader is not None and _loader.done else None


def when_loaded(callback: Callable[[], None]) -> None:
    """Call ``callback`` in the GUI thread once loading has ended (at once if it has).

    This does not start loading. A call-back bound to a QObject is dropped if
    that object is deleted first.
    """
    loader = _the_loader()
    if loader.done:
        callback()
    else:
        loader.loaded.connect(callback)


def wait_until_loaded(timeout_ms: int = WAIT_MS) -> bool:
    """Load now (blocking), then run the waiting call-backs; False on time-out.

    For uses that need the charts at once (saving them as pictures).
    """
    start_loading()
    loader = _the_loader()
    if not loader.import_thread.wait(timeout_ms):
        return False
    loader.mark_done()
    return True


def finish_loading(timeout_ms: int = WAIT_MS) -> None:
    """Wait for a load in progress (before the window closes: no thread outlives it).

    Also one in its finish, which Qt no longer calls running; ``wait`` returns at once
    for a load never started or long done.
    """
    if _loader is not None:
        _loader.import_thread.wait(timeout_ms)


# No application quit (a test run, a script) still waits for the import: the thread
# must not be running when the interpreter frees it at exit.
atexit.register(finish_loading)


def start_after_first_frame(widget: QWidget) -> None:
    """Start loading once ``widget``'s window has painted its first frame."""
    if not is_loaded():
        call_after_first_frame(widget, start_loading)
