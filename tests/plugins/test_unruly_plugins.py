"""Plugins that misbehave at import or in their move: listed without running, contained when run.

The plugins (``unruly_bots/``) exit, hang or print when imported, and answer
numbers far off the board, exit or raise unprintable errors in their move.
Each module that is imported appends a line to ``$UNRULY_MARKERS/NAME``, so a
test can see that listing them, or starting the window, imported none. The listing,
the window and one machine-read simulation run real processes; the forfeits run the
command in this process (``here_for``), the plugins still in their own hosts, whose
stderr goes to the engine log, never to the command's.
"""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from tests.gomocup.processes import gone_with

from .installed import install_plugins

WINDOW_START = Path(__file__).with_name("window_start.py")
#: The ``typo`` plugin's module: it does not parse (so it is written here, not kept in the tree).
TYPO_BOT = '''"""A plugin with a syntax error: found broken by reading it, never by running it."""

from unruly_marker import mark

mark("typo")


def make_bot(**options)
    return None
'''
#: The documented variable that sets how long a plugin may take to load.
LOAD_SECONDS_ENV = "TICTACTOE_QT_PLUGIN_LOAD_SECONDS"


@pytest.fixture(scope="session")
def sites(tmp_path_factory):
    """``sites(names)``: a ``PYTHONPATH`` with the greedy example and just those unruly plugins.

    A run that plays a plugin sees that one trap alone, so that each test shows its
    own fault (a plugin that exits at import would otherwise stop the run before the
    others are met); a run that must import none of them may see them all.
    """
    made: dict[tuple[str, ...], str] = {}

    def site(names: tuple[str, ...]) -> str:
        key = tuple(sorted(names))
        if key not in made:
            site = tmp_path_factory.mktemp("unruly-site")
            (site / "typo_bot.py").write_text(TYPO_BOT)
            made[key] = install_plugins(site, ("example_bot", "unruly_bots"), only={*key, "greedy"})
        return made[key]

    return site


@pytest.fixture
def markers(tmp_path) -> Path:
    folder = tmp_path / "markers"
    folder.mkdir()
    return folder


@pytest.fixture
def env_for(sites, markers):
    """``env_for(*plugins)``: the environment of a run that sees those plugins (1 s to load)."""

    def make(*plugins: str) -> dict[str, str]:
        environment = dict(
            os.environ, PYTHONPATH=sites(plugins), UNRULY_MARKERS=str(markers), QT_QPA_PLATFORM="offscreen"
        )
        environment[LOAD_SECONDS_ENV] = "1"
        environment.pop("TICTACTOE_QT_ENGINE_LOG", None)
        return environment

    return make


@pytest.fixture
def here_for(sites, markers, cli_seeing, monkeypatch):
    """``here_for(*plugins)``: run ``tictactoe-qt ARGS`` in this process, as ``env_for``'s
    runs see those plugins; the plugins still load and play in their own hosts."""
    monkeypatch.setenv("UNRULY_MARKERS", str(markers))
    monkeypatch.setenv(LOAD_SECONDS_ENV, "1")

    def make(*plugins: str):
        return functools.partial(cli_seeing, sites(plugins))

    return make


def run(env: dict[str, str], *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run ``tictactoe-qt ARGS``; a hang fails the test instead of stalling it."""
    return subprocess.run(
        [sys.executable, "-m", "tictactoe_qt", *args], capture_output=True, text=True, env=env, timeout=timeout
    )


def imported(markers: Path) -> list[str]:
    return sorted(path.name for path in markers.iterdir())


def test_players_lists_plugins_without_importing_them(env_for, markers):
    # Every import trap at once: a listing that imported any of them would exit, hang
    # (the timeout fails it) or print, and the markers would name it.
    traps = ("quits", "stalls", "chatty", "nested")
    done = run(env_for(*traps, "typo"), "players", timeout=60)  # a hang fails, not stalls
    assert done.returncode == 0, done.stderr[-2000:]
    for name in (*traps, "greedy"):
        assert re.search(rf"^  {name} +\S+:make_bot from ", done.stdout, re.M), done.stdout
    about = {
        "quits": "Calls sys.exit(7) as soon as it is imported.",
        "stalls": "Never finishes importing: it waits for an event nobody sets.",
        "chatty": "Talks on stdout while it is imported and while it plays, then plays",
        "nested": "The bot inside a package that exits at import.",
    }
    for trap in traps:
        assert about[trap] in done.stdout  # its docstring, read from the file
    assert re.search(r"^  typo +BROKEN: SyntaxError: .*\(typo_bot\.py, line 8\)", done.stdout, re.M)
    assert "from chatty" not in done.stdout
    assert imported(markers) == []


def test_players_json_is_json_and_says_what_it_knows_unimported(env_for, markers):
    done = run(env_for("chatty", "typo"), "players", "--json", timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    plugins = {plugin["name"]: plugin for plugin in json.loads(done.stdout)["plugins"]}
    assert plugins["chatty"]["broken"] is False and plugins["chatty"]["error"] is None
    assert plugins["chatty"]["about"].startswith("Talks on stdout while it is imported")
    assert plugins["chatty"]["file"].endswith("prints_at_import.py")
    assert plugins["typo"]["broken"] is True and "SyntaxError" in plugins["typo"]["error"]
    assert imported(markers) == []


def test_players_check_loads_each_plugin_apart_and_says_how_it_went(env_for, here_for, markers):
    plugins = ("quits", "stalls", "chatty", "typo")
    text = run(env_for(*plugins), "players", "--check")
    assert text.returncode == 0, text.stderr[-2000:]
    said = {
        name: re.search(rf"^  {name} .*\n(?:  {' ' * 10} .*\n)*", text.stdout, re.M)[0]
        for name in ("quits", "stalls", "chatty", "greedy")
    }
    assert "DOES NOT LOAD: quits called sys.exit(7) while loading" in said["quits"]
    assert "DOES NOT LOAD: stalls did not load within 1 s" in said["stalls"]
    assert "loads: calls itself Chatty" in said["chatty"]
    assert "loads: calls itself Greedy example" in said["greedy"]
    assert "from chatty" not in text.stdout
    data = here_for(*plugins)("players", "--check", "--json")  # the same facts as JSON, run here
    plugins = {plugin["name"]: plugin for plugin in json.loads(data.stdout)["plugins"]}
    assert plugins["chatty"]["loads"] is True and plugins["chatty"]["calls_itself"] == "Chatty"
    assert plugins["stalls"]["loads"] is False
    assert plugins["stalls"]["load_error"] == "stalls did not load within 1 s"
    assert plugins["typo"]["loads"] is None  # broken as it is: not loaded
    assert imported(markers) == ["chatty", "quits", "stalls"]  # in their hosts, not in ours
    for name in ("quits", "stalls", "chatty"):
        assert gone_with(f"plugin_host {name} ") == []


def test_the_window_starts_without_importing_plugins(env_for, markers, tmp_path):
    # Both traps at once: a window that imported either would exit or hang (the timeout fails it).
    traps = ("quits", "stalls")
    out = tmp_path / "window.json"
    done = subprocess.run(
        [sys.executable, str(WINDOW_START), str(out)],
        capture_output=True,
        text=True,
        env=env_for(*traps, "typo"),
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    choices = {choice["kind"]: choice for choice in json.loads(out.read_text())["choices"]}
    for trap in traps:
        assert choices[trap]["text"] == f"Plugin: {trap}"
        assert choices[trap]["enabled"]  # nothing is known against it until it runs
    assert not choices["typo"]["enabled"] and "SyntaxError" in choices["typo"]["tooltip"]
    assert imported(markers) == []


def test_a_plugin_that_hangs_at_import_forfeits_in_the_window_which_keeps_running(env_for, markers, tmp_path):
    out = tmp_path / "window.json"
    env = env_for("stalls")
    env[LOAD_SECONDS_ENV] = "2"
    done = subprocess.run(
        [sys.executable, str(WINDOW_START), str(out), "stalls"], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(out.read_text())
    assert seen["finished"], seen
    assert seen["forfeited"] == ["o", "stalls did not load within 2 s"]
    assert "stalls did not load within 2 s" in seen["status"]
    assert seen["ticks"] >= 3  # the window's thread went on while the plugin loaded (~40 ticks)
    assert "stalls" in imported(markers)  # it was imported, in its host, for the game


@pytest.mark.parametrize(
    ("plugin", "reason"),
    [
        ("stalls", r"stalls did not load within 1 s"),
        ("quits", r"quits called sys\.exit\(7\) while loading"),
        ("nested", r"nested called sys\.exit\(9\) while loading"),
    ],
)
def test_a_plugin_that_exits_or_hangs_at_import_forfeits_its_games(here_for, plugin, reason):
    tag = uuid.uuid4().hex  # in the host's command line: finds our hosts, and only ours
    done = here_for(plugin)("simulate", "--x", "random", "--o", f"{plugin}:tag={tag}", "--games", "3", "--seed", "1")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Forfeits           3  (games lost by breaking the rules)" in done.stdout
    assert re.search(rf"\b3 x  O forfeits: {reason}$", done.stdout, re.M), done.stdout
    assert "Traceback" not in done.stdout + done.stderr
    assert gone_with(tag) == []


def test_a_plugin_that_prints_at_import_leaves_machine_output_readable(env_for, here_for, markers):
    env = env_for("chatty")
    simulated = run(env, "simulate", "--x", "chatty", "--o", "random", "--games", "2", "--seed", "1", "--json")
    assert simulated.returncode == 0, simulated.stderr[-2000:]
    data = json.loads(simulated.stdout)  # nothing the plugin printed came before or after
    assert data["x"]["spec"] == "chatty" and data["forfeits"] == 0
    here = here_for("chatty")  # the other commands run here: a print in this process breaks JSON too
    played = here("tournament", "--player", "chatty", "--player", "random", "--games", "2", "--seed", "1", "--json")
    assert played.returncode == 0, played.stderr[-2000:]
    assert json.loads(played.stdout)["players"] == ["chatty", "random"]
    searched = here("search", "--algorithm", "chatty", "--size", "3", "--json")
    assert json.loads(searched.stdout)["move"] == [0, 0]
    assert "chatty" in imported(markers)  # it did run, and talk


@pytest.mark.parametrize(
    ("plugin", "reason"),
    [
        ("faraway", r"faraway returned \(a 5,001-digit number, 3\), off the 3x3 board"),
        ("offboard", r"offboard returned \(12, 3\), off the 3x3 board"),
        ("bailer", r"bailer called sys\.exit\(5\) during its move"),
        ("vanisher", r"vanisher exited \(status 6\)"),
        ("unspeakable", r"unspeakable raised Unprintable: \(its message cannot be shown\)"),
    ],
)
def test_a_plugin_that_breaks_down_in_its_move_forfeits_with_the_reason(here_for, plugin, reason):
    tag = uuid.uuid4().hex
    done = here_for(plugin)("simulate", "--x", f"{plugin}:tag={tag}", "--o", "random", "--games", "2", "--seed", "1")
    assert done.returncode == 0, done.stderr[-2000:]
    assert re.search(rf"\b2 x  X forfeits: {reason}", done.stdout), done.stdout
    assert "Traceback" not in done.stdout + done.stderr
    assert gone_with(tag) == []
