"""Runs nobody saved come back after a termination signal or a crash: the window is ended with
SIGTERM (finished runs, or in the middle of a batch), SIGKILL or a signal to its whole process
group, started again in a fresh process with the same data folder, and shows the runs again,
marked recovered. A normal close that discards them empties the recovery folder."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

from tictactoe_qt.gui.stats.stats_controller import SMALL_BATCH

from .fresh_process import (
    TIMEOUT_S,
    group_members,
    recovery_folder,
    seat_humans,
    settings_env,
    wait_until_group_gone,
    window_script,
)

#: ``play <games> <x> <o>``: plays a batch, prints "ready <games so far>" when it finished
#: (``finished``) or once some games of it are done (``playing``), then waits for a signal.
#: ``restart``: prints the recovered runs and the status-bar line, then closes normally,
#: discarding them.
SCRIPT = window_script("""
    import json
    from tictactoe_qt.engine.game import GameConfig
    from tictactoe_qt.engine.players import PlayerSpec
    from tictactoe_qt.gui.stats.match import Match
    from tictactoe_qt.gui.stats.unsaved_runs import CloseChoice, UnsavedRunsQuestion

    panel = window.stats_panel
    mode = sys.argv[1]
    if mode == "restart":
        def report(count):
            rows = [{"games": run.games, "cancelled": run.cancelled, "recovered": run.recovered,
                     "o": str(run.o_spec), "italic": panel.run_list.topLevelItem(i).font(0).italic()}
                    for i, run in enumerate(panel.run_list.runs())]
            print(json.dumps({"count": count, "runs": rows, "message": panel.recovery.last_message,
                              "status": window.statusBar().currentMessage()}), flush=True)
            UnsavedRunsQuestion.answer = CloseChoice.DISCARD
            window.close()
            qapp.quit()
        panel.recovery.recovered.connect(lambda count: QTimer.singleShot(0, lambda: report(count)))
        if not panel.recovery.is_reading():
            QTimer.singleShot(0, lambda: report(0))
    else:
        games, x, o = int(sys.argv[2]), sys.argv[3], sys.argv[4]
        panel.set_match_source(lambda: Match(GameConfig(3, 3, 3), PlayerSpec.parse(x), PlayerSpec.parse(o)))
        from PySide6.QtWidgets import QSpinBox
        panel.findChild(QSpinBox, "simGames").setValue(games)
        said = []

        def ready(count):
            if not said:
                said.append(count)
                print("ready", count, flush=True)

        if mode == "finished":
            panel.simulation_finished.connect(lambda summary: ready(summary["games"]))
        elif mode == "written":  # on disk now: a crash from here on loses nothing
            panel.simulation_finished.connect(
                lambda summary: (panel.recovery.wait_for_writes(), ready(summary["games"])))
        else:
            panel.batch.progress.connect(lambda snapshot: snapshot.games and ready(snapshot.games))
        panel.start_simulation()
""")


def _run_until_signal(env, *args: str, number: int = signal.SIGTERM) -> int:
    """Start the window, wait for "ready", send the signal; returns the games played by then."""
    process = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        line = process.stdout.readline().split()
        assert line[:1] == ["ready"], process.stderr.read()
        process.send_signal(number)
        process.wait(timeout=TIMEOUT_S)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == (-signal.SIGKILL if number == signal.SIGKILL else 0), process.stderr.read()
    return int(line[1])


def _restart(env) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, "restart"], env=env, capture_output=True, text=True, timeout=TIMEOUT_S
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def _humans_env(folder):
    """The runs' environment, both seats human: the batches have their own players, and the
    windows start no engine process they would not use."""
    seat_humans(folder)
    return settings_env(folder)


def _sessions(folder):
    return sorted(path.name for path in recovery_folder(folder).iterdir() if path.is_dir())


def test_finished_and_stopped_runs_of_two_sessions_come_back_after_sigterm(tmp_path) -> None:
    env = _humans_env(tmp_path)
    assert _run_until_signal(env, "finished", "200", "random", "random") == 200
    # A slow player (a few hundred MCTS playouts a move): the batch is still running
    # when the signal comes, on any machine, or it has finished (then it is kept whole).
    played = _run_until_signal(env, "playing", "1000", "mcts:iterations=300", "minimax:depth=1")
    # The second window read the first one's run back and kept it with its own, or
    # (if the signal came first) left it for the next start: both come back either way.
    back = _restart(env)
    assert back["count"] == 2
    finished, stopped = sorted(back["runs"], key=lambda run: run["o"] != "random")
    assert (finished["games"], finished["o"], finished["cancelled"]) == (200, "random", False)
    assert stopped["o"] == "minimax:depth=1"
    assert finished["recovered"] and stopped["recovered"]
    assert played <= stopped["games"] <= 1000
    assert stopped["cancelled"] == (stopped["games"] < 1000)
    assert all(run["italic"] for run in back["runs"])  # marked in the run list
    assert back["message"].startswith("Recovered 2 unsaved runs from the last session")
    assert back["status"] == back["message"]
    assert _sessions(tmp_path) == []  # discarded on a normal close: nothing is kept


def test_runs_come_back_after_a_crash(tmp_path) -> None:
    env = _humans_env(tmp_path)
    # SIGKILL: nothing runs at exit, as in a crash; the folder's lock is left behind.
    _run_until_signal(env, "written", "80", "random", "random", number=signal.SIGKILL)
    assert [path.suffix for path in recovery_folder(tmp_path).iterdir()] in ([".lock", ""], ["", ".lock"])
    back = _restart(env)
    assert back["count"] == 1 and back["runs"][0]["games"] == 80


def _run_until_group_signal(env, number: int, *args: str) -> tuple[int, str]:
    """As :func:`_run_until_signal`, with the window in its own session and ``number`` sent to
    its whole process group (a logout, a shell's ``kill %1``): the fork server and the batch's
    worker processes get it too. Returns the games played by then and the window's stderr."""
    process = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        line = process.stdout.readline().split()
        assert line[:1] == ["ready"], process.stderr.read()
        os.killpg(process.pid, number)
        _, err = process.communicate(timeout=TIMEOUT_S)
        left = wait_until_group_gone(process.pid, TIMEOUT_S)
        assert not left, f"left running in the window's group: {left}"
    finally:
        if group_members(process.pid):
            os.killpg(process.pid, signal.SIGKILL)
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0, err
    assert "Traceback" not in err, err
    return int(line[1]), err


def test_batches_stopped_by_signals_to_the_window_group_come_back(tmp_path) -> None:
    # Both sides human: the window starts no engine process, so the group is the window and
    # the batch's fork server, resource tracker and worker processes.
    env = _humans_env(tmp_path)
    # More games than the dock plays in its own thread: worker processes play them.
    games = SMALL_BATCH * 5
    # One session per signal, each with its own O (to tell the runs apart), in one data
    # folder: each start keeps the runs it read back with its own, and one restart shows all.
    played = {}
    for number, o in [
        (signal.SIGTERM, "random"),
        (signal.SIGHUP, "minimax:depth=1"),
        (signal.SIGINT, "alphabeta:depth=1"),
    ]:
        played[o], _ = _run_until_group_signal(env, number, "playing", str(games), "mcts:iterations=300", o)
    back = _restart(env)
    assert back["count"] == 3, back
    assert sorted(run["o"] for run in back["runs"]) == sorted(played)
    for run in back["runs"]:
        assert played[run["o"]] <= run["games"] <= games, run
        assert run["cancelled"] == (run["games"] < games), run
