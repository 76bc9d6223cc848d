"""Every ``tictactoe-qt`` run (and each engine or batch child it starts) pays its imports.

The modules only one command needs (plugin metadata, the cluster's network and TLS
stack) are imported when that command meets them, not by the command line's start-up.
A command imports its own work's modules, not the other commands'; a service child
imports the process layer until its handler's factory arrives, and then what the
handler's work needs: the game's engine playing minimax imports no other player kind.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

from tests.engine.processes.service_steps import our_servers
from tictactoe_qt.cli.main import COMMANDS, build_parser
from tictactoe_qt.engine.game import Board, GameConfig
from tictactoe_qt.engine.players import PlayerSpec
from tictactoe_qt.engine.processes import Service

from .child_imports import SearchThenModules, modules_handler

#: Standard-library modules that cost milliseconds to tens of them and that no start-up
#: needs: importlib.metadata (with email and zipfile) for plugins, urllib/http/ssl for
#: clusters, secrets (hashlib) for a temporary file name, multiprocessing and
#: concurrent.futures (with logging) for worker pools and the child starter thread.
HEAVY = (
    "importlib.metadata",
    "email.message",
    "urllib.request",
    "http.client",
    "ssl",
    "secrets",
    "multiprocessing",
    "concurrent.futures",
    "logging",
)

PROBE = """
import json, sys
from tictactoe_qt.cli.main import build_parser
import tictactoe_qt.cli.brain_command
build_parser().parse_args(["simulate", "--x", "random", "--o", "random", "--cluster", "local:2"])
print(json.dumps(sorted(sys.modules)))
"""


def test_the_command_line_starts_without_the_modules_only_one_command_needs() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120, check=True)
    loaded = set(json.loads(done.stdout.strip().splitlines()[-1]))
    assert "tictactoe_qt.cli.simulate_command" in loaded  # the probe did parse a command
    assert sorted(loaded & set(HEAVY)) == []


#: What a service child may hold before its factory arrives: the package, the engine's
#: face and the three small modules it needs, and the process layer.
PROCESS_LAYER = ("tictactoe_qt.engine.processes",)
SERVE_START = {
    "tictactoe_qt",
    "tictactoe_qt.engine",
    "tictactoe_qt.engine.errors",
    "tictactoe_qt.engine.excerpt",
    "tictactoe_qt.engine.lazy_faces",
}
#: Rooms and modules a minimax player never uses: the other player kinds (Gomocup
#: engines, MCTS, alpha-beta, the exact solver), the teaching tools beyond the traced
#: search minimax is, and the rooms of many games, analysis and the benchmark.
NOT_FOR_MINIMAX = (
    "tictactoe_qt.engine.gomocup",
    "tictactoe_qt.engine.search.mcts",
    "tictactoe_qt.engine.search.alphabeta",
    "tictactoe_qt.engine.search.average",
    "tictactoe_qt.engine.search.perfect",
    "tictactoe_qt.engine.search.negamax",
    "tictactoe_qt.engine.teaching.check",
    "tictactoe_qt.engine.teaching.tree_explorer",
    "tictactoe_qt.engine.teaching.tree_facts",
    "tictactoe_qt.engine.teaching.tree_trace",
    "tictactoe_qt.engine.teaching.tree_values",
    "tictactoe_qt.engine.players.plugin_player",
    "tictactoe_qt.engine.play",
    "tictactoe_qt.engine.analysis",
    "tictactoe_qt.engine.bench",
)


def ours(modules: list[str]) -> set[str]:
    return {name for name in modules if within(name, ("tictactoe_qt",))}


def within(name: str, packages: tuple[str, ...]) -> bool:
    """Whether module ``name`` is one of ``packages`` or inside one."""
    return any(name == package or name.startswith(f"{package}.") for package in packages)


def test_a_service_child_holds_only_the_process_layer_until_its_factory_arrives() -> None:
    child = Service("imports", modules_handler)
    try:
        status, modules = child.request("modules?", lambda: False)
    finally:
        child.kill()
    assert status == "ok"
    assert modules_handler.__module__ in modules  # the factory arrived and answered
    assert sorted(name for name in ours(modules) - SERVE_START if not within(name, PROCESS_LAYER)) == []
    assert our_servers() == []


def test_the_game_engine_child_playing_minimax_imports_no_other_player_kind() -> None:
    engine = Service("engine", SearchThenModules)
    board = Board(GameConfig(3, 3, 3))
    board.push_index(4)
    try:
        status, (result, modules) = engine.request((1, PlayerSpec.parse("minimax"), board.config, [4]), lambda: False)
    finally:
        engine.kill()
    assert status == "ok" and result.move is not None  # it did search
    assert "tictactoe_qt.engine.search.minimax" in modules
    assert sorted(name for name in ours(modules) if within(name, NOT_FOR_MINIMAX)) == []
    assert our_servers() == []


COMMAND_PROBE = """
import json, sys
from tictactoe_qt.cli.main import main
status = main(sys.argv[1:])
print(json.dumps([status, sorted(sys.modules)]))
"""


def test_a_command_imports_its_own_module_and_not_the_other_commands() -> None:
    argv = ["count", "--size", "3", "--k", "3"]
    done = subprocess.run([sys.executable, "-c", COMMAND_PROBE, *argv], capture_output=True, text=True, timeout=120)
    status, modules = json.loads(done.stdout.strip().splitlines()[-1])
    assert status == 0, done.stderr
    commands = sorted(name for name in modules if name.startswith("tictactoe_qt.cli.") and name.endswith("_command"))
    assert commands == ["tictactoe_qt.cli.count_command"]
    unused = ("tictactoe_qt.engine.gomocup", "tictactoe_qt.engine.bench", "tictactoe_qt.engine.teaching.check")
    assert sorted(name for name in modules if within(name, unused)) == []


def subcommands(parser: argparse.ArgumentParser) -> list[str]:
    """The subcommands ``parser`` was built with, in order."""
    (action,) = [action for action in parser._actions if isinstance(action, argparse._SubParsersAction)]
    return list(action.choices)


def test_a_command_line_builds_the_subcommand_it_names_and_help_builds_them_all() -> None:
    assert subcommands(build_parser()) == list(COMMANDS)
    assert subcommands(build_parser(["--help"])) == list(COMMANDS)
    assert subcommands(build_parser(["simulat", "--x", "random"])) == list(COMMANDS)  # a typo: every one offered
    assert subcommands(build_parser([])) == []  # the window
    for name in COMMANDS:  # each module's parser is the one its name promises
        assert subcommands(build_parser([name, "--json"])) == [name]
