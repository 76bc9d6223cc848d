"""``tictactoe-qt players``: every kind of player, built-in and plugin, with its options.

Plugins are listed without importing them (their code never runs here): what
is known is their entry point, their module's file and docstring, and whether
the module is missing or does not parse. A plugin that fails only when it runs
(raises or exits at import, hangs) forfeits its games, with the reason;
``--check`` loads each one in its own process to find out beforehand.
"""

from __future__ import annotations

import argparse
import json

from tictactoe_qt.engine.gomocup import MAX_ENGINE_SIZE, MIN_ENGINE_SIZE
from tictactoe_qt.engine.players import (
    DEPTH_RANGE_KINDS,
    GROUP,
    OPTIONS,
    PLAYER_KINDS,
    TEXTBOOK_CHOICES,
    TEXTBOOK_KINDS,
    PluginCheck,
    check_plugins,
    discovered_plugins,
)

#: What each built-in kind is, in a few words.
DESCRIPTIONS = {
    "human": "a person at the board (the window only)",
    "random": "a uniformly random legal move",
    "minimax": "plain minimax to a depth (plies)",
    "alphabeta": "minimax with alpha-beta pruning and move ordering",
    "average": "expectimax: averages the opponent's replies",
    "perfect": "solves the game when it can; a time budget per move",
    "mcts": "Monte Carlo tree search",
    "engine": "an external Gomocup engine (pbrain-*): k=5, boards "
    f"{MIN_ENGINE_SIZE}x{MIN_ENGINE_SIZE} to {MAX_ENGINE_SIZE}x{MAX_ENGINE_SIZE}",
}
_OPTION_TEXT = {
    ("engine", "path"): "path=PROGRAM (the rest of the spec, up to a final ,time=S)",
    ("engine", "time"): "time=S (limit per move; past it plus 0.5 s the engine forfeits)",
    **{(kind, "depth"): "depth=D or depth=A-B" for kind in DEPTH_RANGE_KINDS},
}
#: The textbook options, said once under the list (the kinds show only their names).
_TEXTBOOK_NAMES = ", ".join(TEXTBOOK_CHOICES)
_TEXTBOOK_CHOICES_TEXT = ",\n  ".join(f"{name}={'|'.join(choices)}" for name, choices in TEXTBOOK_CHOICES.items())
SEARCH_OPTIONS_TEXT = f"""\
Depth ({", ".join(DEPTH_RANGE_KINDS)}): depth=D looks D plies ahead (0 or inf: to
  the end); depth=A-B draws a depth from A to B for each move from the player's
  seed, e.g. minimax:depth=1-10 (the move's statistics show the depth drawn).
Textbook options ({" and ".join(TEXTBOOK_KINDS)}):
  {_TEXTBOOK_CHOICES_TEXT}.
  With any of them the player picks its move with the search that
  `tictactoe-qt search --ordering ...` runs (same move, same node count); the
  others take their defaults. Without them it plays the engine's faster search.
  The table ordering is alpha-beta's only: alphabeta:ordering=table searches
  with a transposition table (the trace's alphabeta-tt).
"""


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "players",
        help="list every player kind, built-in and plugin, with its options",
        description="List the player kinds --x/--o, --player and --algorithm accept: the "
        f"built-in ones and the Python plugins installed in the entry-point group {GROUP}. "
        "Plugins are not imported to list them: one whose module is missing or does not "
        "parse is listed as broken, with its error.",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--check",
        action="store_true",
        help="also load each plugin, in a process of its own and within the load limit, and "
        "say whether it starts and the name it gives itself",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    plugins = discovered_plugins()
    checks = check_plugins(plugins.values()) if args.check else {}
    if args.json:
        print(
            json.dumps(
                {
                    "builtin": [
                        {"name": kind, "options": sorted(OPTIONS[kind]), "about": DESCRIPTIONS[kind]}
                        for kind in PLAYER_KINDS
                    ],
                    "plugins": [
                        {
                            "name": info.name,
                            "target": info.target,
                            "distribution": info.distribution,
                            "options": ["time", "any name=value (passed to the plugin as strings)"],
                            "broken": info.broken,
                            "error": info.error,
                            "about": info.about,
                            "file": info.file,
                            **_check_json(checks.get(info.name), args.check),
                        }
                        for info in plugins.values()
                    ],
                }
            )
        )
        return 0
    print("Built-in players:")
    for kind in PLAYER_KINDS:
        print(f"  {kind:<10} {DESCRIPTIONS[kind]}")
        options = [
            _OPTION_TEXT.get((kind, name), f"{name}={OPTIONS[kind][name].__name__}")
            for name in OPTIONS[kind]
            if name not in TEXTBOOK_CHOICES
        ]
        if kind in TEXTBOOK_KINDS:
            options.append(_TEXTBOOK_NAMES)
        if options:
            print(f"  {'':<10} options: {'; '.join(options)}")
    print()
    print(SEARCH_OPTIONS_TEXT)
    if not plugins:
        print(f"Plugins: none installed (entry-point group {GROUP}; see README).")
        return 0
    print(f"Plugins (entry-point group {GROUP}):")
    for info in sorted(plugins.values(), key=lambda i: i.name):
        source = f"{info.target}" + (f" from {info.distribution}" if info.distribution else "")
        if info.broken:
            print(f"  {info.name:<10} BROKEN: {info.error}  ({source})")
        else:
            print(f"  {info.name:<10} {source}")
            if info.about:
                print(f"  {'':<10} {info.about}")
            check = checks.get(info.name)
            if check is not None:
                print(
                    f"  {'':<10} "
                    + (f"loads: calls itself {check.name}" if check.loaded else f"DOES NOT LOAD: {check.error}")
                )
            print(f"  {'':<10} options: time=S (limit per move); any name=value goes to the plugin")
    return 0


def _check_json(check: PluginCheck | None, checked: bool) -> dict[str, object]:
    """``--check``'s finding for one plugin's JSON entry (nothing without ``--check``)."""
    if not checked:
        return {}
    return {
        "loads": None if check is None else check.loaded,
        "calls_itself": check.name if check else None,
        "load_error": check.error if check else None,
    }
