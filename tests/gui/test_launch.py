"""Start-up: the window shows fast, and pyqtgraph loads only after it (run in subprocesses).

The window should be on screen within 1 s of launch. The machine running the
tests is shared and noisy, so the bound asserted here is generous; the
printed times (``pytest -s``) are the measurement.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

#: Launch to first frame, in CPU seconds of the process: the issue's 1 s, with room for a slow machine.
GENEROUS_LAUNCH_SECONDS = 3.0
#: Launch to first frame, wall clock, that only a hang exceeds (a loaded machine stretches it).
LAUNCH_HANG_SECONDS = 20.0

LAUNCH_SCRIPT = textwrap.dedent(
    """
    import sys, time
    started = time.perf_counter()
    from PySide6.QtCore import QEvent, QObject, QSettings, QTimer
    from PySide6.QtGui import QWindow
    from PySide6.QtWidgets import QApplication

    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, sys.argv[1])
    app = QApplication(["tictactoe-qt"])


    class FirstExpose(QObject):
        def eventFilter(self, watched, event):
            if (event.type() == QEvent.Type.Expose and isinstance(watched, QWindow)
                    and watched.isExposed()):
                window = next((w for w in app.topLevelWidgets()
                               if type(w).__name__ == "MainWindow"), None)
                if window is not None and window.windowHandle() is watched:
                    print(f"shown {time.perf_counter() - started:.3f}",
                          "pyqtgraph" in sys.modules, f"{time.process_time():.3f}", flush=True)
                    app.removeEventFilter(self)
                    from tictactoe_qt.gui.stats import chart_loader

                    # Close once the charts have loaded in the background (or give up).
                    chart_loader.when_loaded(lambda: QTimer.singleShot(0, window.close))
                    QTimer.singleShot(30_000, window.close)
            return False


    watcher = FirstExpose()
    app.installEventFilter(watcher)
    from tictactoe_qt.gui.app import run

    code = run([])
    print("pyqtgraph at exit", "pyqtgraph" in sys.modules, flush=True)
    sys.exit(code)
    """
)


def _run(args: list[str]) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=120, env=env)


@pytest.mark.timing
def test_window_shows_before_pyqtgraph_loads_and_charts_load_after(tmp_path):
    done = _run(["-c", LAUNCH_SCRIPT, str(tmp_path)])
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "QThread: Destroyed" not in done.stderr
    shown = next(line.split() for line in done.stdout.splitlines() if line.startswith("shown"))
    seconds, pyqtgraph_loaded, cpu_seconds = float(shown[1]), shown[2], float(shown[3])
    print(f"launch to first frame: {seconds:.3f} s, {cpu_seconds:.3f} s of CPU")
    assert pyqtgraph_loaded == "False"  # the first frame did not wait for the charts
    assert "pyqtgraph at exit True" in done.stdout  # they loaded after it
    # The work before the first frame, in CPU seconds: a busy machine stretches
    # the wall clock, not this. The wall clock only has to tell a hang.
    assert cpu_seconds < GENEROUS_LAUNCH_SECONDS
    assert seconds < LAUNCH_HANG_SECONDS


def test_importing_the_main_window_does_not_import_pyqtgraph():
    script = (
        "import sys; import tictactoe_qt.gui.main_window, tictactoe_qt.gui.app; "
        "print(sorted(m for m in ('pyqtgraph', 'numpy') if m in sys.modules))"
    )
    done = _run(["-c", script])
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


TERMINATE_SCRIPT = textwrap.dedent(
    """
    import os, signal, sys
    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, sys.argv[1])
    app = QApplication(["tictactoe-qt"])
    QTimer.singleShot(1500, lambda: os.kill(os.getpid(), signal.SIGTERM))
    QTimer.singleShot(30_000, lambda: (print("still running", flush=True), app.exit(3)))
    from tictactoe_qt.gui.app import run

    sys.exit(run([]))
    """
)


def test_sigterm_closes_the_window_cleanly_and_saves_settings(tmp_path):
    done = _run(["-c", TERMINATE_SCRIPT, str(tmp_path)])
    assert done.returncode == 0, done.stdout + done.stderr
    assert "still running" not in done.stdout
    assert "Traceback" not in done.stderr and "leaked semaphore" not in done.stderr
    assert list(tmp_path.rglob("*.ini")), "closing did not write the settings"
