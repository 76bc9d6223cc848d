"""Python bots as plugins: installed from the test tree, listed, played, and forfeiting.

The listing, the tournament and the handbook's example run the real command; the
other tests run it in this process (``cli_here``), where the plugins still play in
their own host processes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.gomocup.processes import gone_with


def test_players_lists_built_ins_and_plugins_with_broken_ones_marked(cli):
    done = cli("players")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    for kind in ("random", "minimax", "perfect", "mcts", "engine"):
        assert f"\n  {kind} " in out
    assert "options: depth=D or depth=A-B" in out and "path=PROGRAM" in out
    assert "greedy     greedy_bot:make_bot from greedy-bot" in out
    assert ("broken     BROKEN: ModuleNotFoundError: No module named 'no_such_module_anywhere'") in out


def test_players_json_marks_the_broken_plugin(cli_here):
    data = json.loads(cli_here("players", "--json").stdout)
    assert [kind["name"] for kind in data["builtin"]][:2] == ["human", "random"]
    plugins = {plugin["name"]: plugin for plugin in data["plugins"]}
    assert plugins["greedy"]["broken"] is False and plugins["greedy"]["error"] is None
    assert plugins["broken"]["broken"] is True
    assert "no_such_module_anywhere" in plugins["broken"]["error"]


def test_a_plugin_plays_a_simulation_with_its_options(cli_here):
    done = cli_here("simulate", "--x", "greedy", "--o", "random", "--games", "20", "--seed", "3", "--swap", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["x"]["spec"] == "greedy" and data["forfeits"] == 0
    # A plugin does not say how many positions it searched: no made-up 1 per move.
    assert data["x"]["avg_nodes_per_move"] is None and data["o"]["avg_nodes_per_move"] == 1.0
    # Winning at once and blocking beats random play on 3x3 almost always.
    assert data["x_wins"] >= 15 and data["o_wins"] <= 1
    no_block = json.loads(
        cli_here(
            "simulate", "--x", "greedy:block=no", "--o", "random", "--games", "20", "--seed", "3", "--swap", "--json"
        ).stdout
    )
    assert no_block["x"]["spec"] == "greedy:block=no"
    assert no_block["o_wins"] > data["o_wins"]  # the option reached the bot


@pytest.mark.parametrize(
    ("plugin", "reason"),
    [
        ("raiser", r"faulty raises raised ValueError: no idea what to do"),
        ("cheater", r"faulty taken returned \((\d), (\d)\): row \d, column \d is already taken"),
        ("mumbler", r"faulty nonsense returned 'the middle one', not a \(row, col\) pair"),
        ("quitter", r"faulty exits exited \(status 4\)"),
        ("sleeper:time=0.2", r"faulty sleeps did not answer within 0\.7 s"),
    ],
)
def test_a_plugin_that_breaks_the_rules_loses_by_forfeit(cli_here, plugin, reason):
    done = cli_here("simulate", "--x", "random", "--o", plugin, "--games", "2", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert "Forfeits           2  (games lost by breaking the rules)" in done.stdout
    assert re.search(rf"\b[12] x  O forfeits: {reason}", done.stdout), done.stdout
    assert gone_with("tictactoe_qt.engine.players.plugin_host") == []


def test_a_broken_plugin_is_a_one_line_error_before_any_game(cli_here):
    done = cli_here("simulate", "--x", "broken", "--o", "random", "--games", "2")
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0
    assert "the plugin 'broken' is broken: ModuleNotFoundError" in done.stderr


def test_search_asks_a_plugin_for_one_move(cli_here):
    done = cli_here("search", "--algorithm", "greedy", "--board", "xx./oo./...", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["move"] == [0, 2]  # wins at once


def test_a_tournament_mixes_built_ins_plugins_and_a_forfeiting_plugin(cli):
    done = cli(
        "tournament",
        "--player",
        "greedy",
        "--player",
        "alphabeta:depth=2",
        "--player",
        "raiser",
        "--games",
        "2",  # a game with each seat per pair: the raiser forfeits as X and as O
        "--seed",
        "3",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["players"] == ["greedy", "alphabeta:depth=2", "raiser"]
    last = data["ranking"][-1]
    assert last["player"] == "raiser" and last["losses"] == 4 and last["forfeits"] == 4
    assert data["forfeit_reasons"] == {"faulty raises raised ValueError: no idea what to do": 4}
    assert data["cross_table"][2][0] == {"wins": 0, "draws": 0, "losses": 2}
    assert sum(data["cross_table"][0][1].values()) == 2  # the plugin and the built-in played both games


def test_the_handbook_example_plugin_is_the_one_tested_and_plays(cli):
    page = (Path(__file__).parents[2] / "tictactoe_qt" / "handbook" / "own-ai.md").read_text(encoding="utf-8")
    folder = Path(__file__).with_name("readme_bot")
    for name, fence in (("my_bot.py", "python"), ("pyproject.toml", "toml")):
        assert f"```{fence}\n{(folder / name).read_text()}```" in page, name
    first = json.loads(cli("search", "--algorithm", "mybot", "--size", "3", "--json").stdout)
    assert first["move"] == [1, 1]
    edge = json.loads(cli("search", "--algorithm", "mybot:edges=yes", "--size", "3", "--json").stdout)
    assert edge["move"] in ([0, 0], [0, 2], [2, 0], [2, 2])
