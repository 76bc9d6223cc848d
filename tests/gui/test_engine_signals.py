"""SIGTERM, SIGINT (Ctrl+C) and SIGHUP while an external engine thinks: the program
closes as usual and ends every process it started (run in a fresh process)."""

from __future__ import annotations

import signal
import subprocess
import sys

import pytest

from tests.gomocup.processes import gone_with, running_with
from tests.gomocup.thinking_log import gone, think_for

from .fresh_process import settings_env, window_script

#: A window with the program's own signal handling; O is the engine (argv[1]), thinking
#: about its answer to X's first move when the script prints the search process's pid.
SCRIPT = window_script("""
    from pathlib import Path
    from tictactoe_qt.gui.game_settings import GameSettings, SideSettings

    engine = SideSettings("engine", time=60, mark="O", extra=sys.argv[1])
    window.controller.new_game(GameSettings(o=engine, rows=7, cols=7, k=5))
    window.controller.play(3, 3)
    log = Path(sys.argv[1] + ".log")

    def when_thinking():
        if log.exists() and "think" in log.read_text():
            print(window.controller._search.worker.engine.pid, flush=True)
        else:
            QTimer.singleShot(20, when_thinking)

    when_thinking()
""")


#: Each signal once, and each kind of engine (one that stops when told, one that must be
#: killed): every signal runs the same close (the program's one handler), and the engine
#: is ended the same way whichever signal closed the window.
@pytest.mark.parametrize(
    ("mode", "number"),
    [("thinker", signal.SIGTERM), ("stoppable", signal.SIGINT), ("thinker", signal.SIGHUP)],
    ids=["thinker-SIGTERM", "stoppable-SIGINT", "thinker-SIGHUP"],
)
def test_a_signal_mid_thought_ends_the_engine_and_the_search_process(tmp_path, fake_engine, mode, number) -> None:
    program = fake_engine(mode)
    think_for(program, 60)
    process = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, program],
        env=settings_env(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        search_process = int(process.stdout.readline().strip() or 0)
        assert search_process, process.stderr.read()
        assert running_with(program)  # the engine thinks
        process.send_signal(number)
        process.wait(timeout=30)  # far less than the engine's 60 s thought
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0, process.stderr.read()
    assert gone_with(program) == []
    assert gone(search_process)
