"""``tictactoe-qt bench``: the engine's performance table beside two alpha-beta references
(window restarted at each root move, and one window: the textbook search)."""

from __future__ import annotations

import argparse
import json
import sys

from tictactoe_qt.engine import excerpt
from tictactoe_qt.engine.bench import (
    COMPETENT_NAME,
    RESTART_NAME,
    BenchRow,
    BenchSettings,
    chosen_rows,
    machine_facts,
    run_bench,
)

from .arguments import positive_int

DESCRIPTION = """\
Measure the engine against its speed targets: searches,
exact solving, time budgets, simulation speed and multi-core batches. Times
are medians over repeats, wall clock with this process's CPU time beside it.
Beside each figure stand, where they apply, the figures of two references run
in the same process, with the speed-ups. Both run the search `trace` shows
(+1/0/-1 scores, reading order) with different window rules: the first is
alpha-beta, window restarted at each root move, as course code that searches
each root move with a fresh window does (30,710 nodes from the empty 3x3; plain
minimax on the minimax row), not the textbook search; the second, the competent
one, keeps one window over the whole search: the textbook alpha-beta that trace,
search and Compare run (18,297 nodes, as OpenSpiel's Python alpha-beta). The
random-game rows' reference is a textbook random.choice loop. Takes about half a
minute on a quiet 2-core machine, three minutes with open-spiel installed (its
MCTS rows play 140 games); --quick is a smoke run of several seconds, --stretch
adds the exact 6x5 and 6x6 k=4 solves (a few seconds), --only runs just the
rows whose work names the given words."""


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "bench",
        help="benchmark the engine against alpha-beta, window restarted at each "
        "root move, and the textbook alpha-beta (one window)",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--quick", action="store_true", help="small workloads, a few seconds")
    parser.add_argument(
        "--repeats",
        type=positive_int,
        default=None,
        metavar="N",
        help="repeats per timed row (default 5, 1 with --quick)",
    )
    parser.add_argument("--stretch", action="store_true", help="also solve the empty 6x5 and 6x6 k=4 boards (minutes)")
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="WORDS",
        help="run only the rows whose work contains WORDS (any case), e.g. '3x3' or 'exact'; repeat for more",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    repeats = args.repeats or (1 if args.quick else 5)
    settings = BenchSettings(quick=args.quick, repeats=repeats, stretch=args.stretch, only=tuple(args.only))
    if not chosen_rows(settings.only):
        words = " or ".join(excerpt(word) for word in settings.only)
        print(f"tictactoe-qt bench: error: no row's work contains {words}", file=sys.stderr)
        return 2
    rows: list[BenchRow] = []
    for row in run_bench(settings):
        rows.append(row)
        if not args.json:
            print(f"  done: {row.work}", file=sys.stderr, flush=True)
    facts = machine_facts()
    if args.json:
        print(json.dumps({"quick": args.quick, "repeats": repeats, **facts, "rows": [row.as_dict() for row in rows]}))
        return 0
    print(bench_table(rows))
    print(
        f"\nPython {facts['python']} on {facts['system']} {facts['machine']}, "
        f"{facts['cores']} cores, {facts['date']}; medians of {repeats} run(s)"
        + (" (--quick: small workloads)" if args.quick else "")
    )
    return 0


def bench_table(rows: list[BenchRow]) -> str:
    """The benchmark as a Markdown table (it reads as plain text too)."""
    lines = [
        f"| work | target | ours | reference ({RESTART_NAME}) | speed-up "
        f"| competent reference ({COMPETENT_NAME}) | speed-up | met | note |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        gain = f"{row.speedup:,.0f}x" if row.speedup else ""
        competent_gain = f"{row.competent_speedup:,.1f}x" if row.competent_speedup else ""
        met = "" if row.met is None else ("yes" if row.met else "NO")
        cells = [
            row.work,
            row.target,
            row.ours or "-",
            row.reference or "-",
            gain,
            row.competent or "-",
            competent_gain,
            met,
            row.note,
        ]
        lines.append("| " + " | ".join(c.replace("|", "/") for c in cells) + " |")
    return "\n".join(lines)
