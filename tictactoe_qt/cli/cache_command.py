"""``tictactoe-qt cache``: where the cache of solved positions lives, and emptying it."""

from __future__ import annotations

import argparse
import json
import sys

from tictactoe_qt.engine.analysis import FOLDER_VARIABLE, MAX_BYTES, MAX_ENTRIES, SolvedCache

DESCRIPTION = f"""\
search --exact, analyze --exact and the window's "Solve exactly" keep every
position they prove in one file in the user's cache folder
($XDG_CACHE_HOME/tictactoe-qt, else ~/.cache/tictactoe-qt; {FOLDER_VARIABLE}
overrides it), so asking again is instant. It holds at most {MAX_ENTRIES:,}
positions and about {MAX_BYTES // 1024 // 1024} MiB; the oldest go first.
'cache' (or 'cache info') shows the file and how many positions it holds;
'cache clear' deletes it."""


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "cache",
        help="show or clear the cache of exactly solved positions",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("action", nargs="?", choices=("info", "clear"), default="info", help="info (default) or clear")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    cache = SolvedCache(warn=lambda message: print(message, file=sys.stderr, flush=True))
    if args.action == "clear":
        removed = cache.clear()
        data = {"path": str(cache.path), "cleared": removed}
        text = (
            f"cleared the cache of solved positions ({cache.path})"
            if removed
            else f"the cache of solved positions is already empty ({cache.path})"
        )
    else:
        entries = len(cache)
        size = cache.path.stat().st_size if cache.path.exists() else 0
        data = {
            "path": str(cache.path),
            "positions": entries,
            "bytes": size,
            "max_positions": cache.max_entries,
            "max_bytes": cache.max_bytes,
        }
        positions = "1 solved position" if entries == 1 else f"{entries:,} solved positions"
        text = (
            f"{cache.path}\n  {positions}, {size:,} bytes "
            f"(at most {cache.max_entries:,} positions, {cache.max_bytes:,} bytes)"
        )
    print(json.dumps(data) if args.json else text, flush=True)
    return 0
