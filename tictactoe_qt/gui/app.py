"""Start the desktop app: ``tictactoe-qt`` with no subcommand."""

from __future__ import annotations

import gc
import signal
import sys
import traceback
from types import FrameType, TracebackType

from PySide6.QtCore import QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from tictactoe_qt import __version__
from tictactoe_qt.assets import resource_path
from tictactoe_qt.engine.processes import GROUP_SIGNALS, start_resource_tracker
from tictactoe_qt.gui.display_check import missing_display

APP_NAME = "tictactoe-qt"
ORGANIZATION = "tictactoe-qt"
#: How often Python gets to run signal handlers while Qt's event loop waits.
SIGNAL_POLL_MS = 200


def configure_application(app: QApplication) -> None:
    """Names for QSettings, the icon, and the .desktop file the window belongs to."""
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationDisplayName("Tic-tac-toe")
    app.setApplicationVersion(__version__)
    app.setDesktopFileName(APP_NAME)
    app.setWindowIcon(QIcon(str(resource_path("icons/tictactoe-qt.svg"))))


def report_unexpected_error(kind: type[BaseException], error: BaseException, trace: TracebackType | None) -> None:
    """Show an exception from a slot to the user instead of losing it in a terminal."""
    traceback.print_exception(kind, error, trace)
    if issubclass(kind, KeyboardInterrupt):
        QApplication.quit()
        return
    window = QApplication.activeWindow()
    QMessageBox.critical(
        window,
        QApplication.translate("App", "Unexpected error"),
        QApplication.translate("App", "Something went wrong, but the game can go on:\n\n{0}: {1}").format(
            kind.__name__, error
        ),
    )


#: The signals that close the window (a logout, a closed terminal, Ctrl+C, ``kill``):
#: those the process layer names as sent to a whole process group.
CLOSING_SIGNALS = GROUP_SIGNALS


def close_on_termination(window: QWidget) -> QTimer:
    """Close ``window`` cleanly on SIGTERM, SIGHUP (the terminal closed) or Ctrl+C
    (SIGINT), so settings are saved and every child process ends.

    The same signals sent to the whole process group reach the child
    processes too; the shared resource tracker is started deaf to them.

    Python runs signal handlers only between bytecodes, never while Qt's
    event loop waits in C++: the returned timer wakes the interpreter up
    regularly so the handler runs promptly.
    """

    def handle(_signal: int, _frame: FrameType | None) -> None:
        # Nobody can answer a question now: without this, the close (and the quit,
        # which closes the windows first) would be refused while it asks about runs.
        question = getattr(window, "unsaved_runs_question", None)
        if question is not None:
            question.stop_asking()
        # Closing writes the settings and stops threads and worker processes.
        window.close()
        QApplication.quit()

    for number in CLOSING_SIGNALS:
        signal.signal(number, handle)
    # Child processes share multiprocessing's resource tracker: started deaf to these
    # signals, it outlives one sent to the whole process group (a logout).
    start_resource_tracker()
    timer = QTimer(window, interval=SIGNAL_POLL_MS)
    timer.timeout.connect(lambda: None)
    timer.start()
    return timer


def run(argv: list[str] | None = None) -> int:
    """Create the application, show the window and run the event loop.

    Without a display to open on, says so in one line and returns 1 (Qt would abort).
    """
    if QApplication.instance() is None and (problem := missing_display()):
        print(f"{APP_NAME}: {problem}", file=sys.stderr)
        return 1
    app = QApplication.instance() or QApplication(sys.argv if argv is None else [APP_NAME, *argv])
    configure_application(app)  # type: ignore[arg-type]
    sys.excepthook = report_unexpected_error

    from tictactoe_qt.gui.main_window import MainWindow
    from tictactoe_qt.gui.stats import chart_loader

    window = MainWindow()
    window.show()
    close_on_termination(window)
    # Start-up objects live as long as the app: keep them out of the garbage
    # collector's scans, so its pauses stay short while playing. (A collection
    # first finds no garbage at this point, and would delay the first frame.)
    gc.freeze()
    # The charts load in the background after the first frame: freeze them too.
    chart_loader.when_loaded(gc.freeze)
    status = app.exec()
    # The window is gone: from here a signal ends the process at once, so nothing in the
    # shutdown (a helper thread's join, a worker's grace) can make it wait. Children
    # end with it (their parent-death signal).
    for number in CLOSING_SIGNALS:
        signal.signal(number, signal.SIG_DFL)
    return status
