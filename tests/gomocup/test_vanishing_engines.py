"""Engines that exit at once, or leave a helper holding the pipe: forfeits with reasons, no hang."""

from __future__ import annotations

import functools
import subprocess

import pytest

from tests.cli.in_process import run_in_process
from tests.cli.process_tree import run_command
from tictactoe_qt.engine import PlayerForfeit
from tictactoe_qt.engine.game import Board, GameConfig
from tictactoe_qt.engine.gomocup import EngineFault, EnginePlayer, ExternalEngine
from tictactoe_qt.engine.players import PlayerSpec

from .fake_engines import forker_groups
from .processes import group_gone

#: A run that finishes takes seconds; the bug was a hang for good.
HANG = 90


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return run_command(*args, timeout=HANG)


@pytest.mark.parametrize("workers", [[], ["--workers", "1"]])
def test_an_engine_that_exits_at_once_forfeits_each_game_with_its_reason(vanishing_engine, workers, capsys):
    path = vanishing_engine("missing")
    # The default run is the real command; the one that names its worker runs here (the
    # engine is still a process of its own).
    run = cli if not workers else functools.partial(run_in_process, capsys)
    done = run(
        "simulate", "--x", f"engine:path={path}", "--o", "random", "--size", "7", "--k", "5", "--games", "5", *workers
    )
    assert done.returncode == 0, done.stderr
    assert "O wins             5  (100.00%;" in done.stdout
    assert "Forfeits           5  (games lost by breaking the rules)" in done.stdout
    reason = "5 x  X forfeits: pbrain-missing exited at once (status 127): "
    assert reason in done.stdout, done.stdout
    assert "pbrain-missing-engine" in done.stdout and "not found" in done.stdout
    assert done.stderr == ""


def test_a_tournament_counts_the_forfeits_of_an_engine_that_exits_at_once(vanishing_engine):
    path = vanishing_engine("missing")
    done = cli(
        "tournament", "--player", f"engine:path={path}", "--player", "random", "--size", "7", "--k", "5", "--games", "4"
    )
    assert done.returncode == 0, done.stderr
    assert "(4 lost by forfeit)" in done.stdout
    assert "4 x  pbrain-missing exited at once (status 127): " in done.stdout, done.stdout


def test_an_engine_whose_helper_holds_its_output_forfeits_and_the_helper_is_ended(vanishing_engine):
    path = vanishing_engine("forker")
    done = cli(
        "simulate", "--x", f"engine:path={path},time=0.3", "--o", "random", "--size", "7", "--k", "5", "--games", "3"
    )
    assert done.returncode == 0, done.stderr
    assert "Forfeits           3  (games lost by breaking the rules)" in done.stdout
    assert "3 x  X forfeits: pbrain-forker exited at once (status 0)" in done.stdout, done.stdout
    groups = forker_groups(path)
    assert len(groups) >= 3  # one engine per game (each forfeits as it starts), plus the board check
    assert [group_gone(pgid) for pgid in groups] == [[]] * len(groups)  # its helper (sleep) went too


def test_the_player_forfeits_and_closing_it_never_raises(vanishing_engine):
    player = EnginePlayer(PlayerSpec("engine", path=vanishing_engine("missing")))
    with pytest.raises(PlayerForfeit, match=r"pbrain-missing exited at once \(status 127\)"):
        player.choose(Board(GameConfig(7, 7, 5)))
    player.close()


def test_a_fresh_start_ends_the_group_of_the_engine_that_went_before(vanishing_engine, engines):
    path = vanishing_engine("forker")
    engine = ExternalEngine(path)
    engines.append(engine)
    for _ in range(2):
        with pytest.raises(EngineFault, match=r"exited at once \(status 0\)"):
            engine.ask_name()
    first, second = forker_groups(path)
    assert group_gone(first) == []  # ended when the second started, not left until close
    engine.close()
    assert group_gone(second) == []
