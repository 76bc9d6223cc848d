"""``tictactoe-qt bench``: the engine's performance table beside a textbook engine."""

from __future__ import annotations

import argparse
import json
import sys

from tictactoe_qt.engine.bench.rows import BenchRow
from tictactoe_qt.engine.bench.runner import machine_facts, run_bench
from tictactoe_qt.engine.bench.search_rows import BenchSettings

from .arguments import positive_int

DESCRIPTION = """\
Measure the engine against the targets of the strong-engine issue: searches,
exact solving, time budgets, simulation speed and multi-core batches. Times
are medians over repeats. Beside each figure stands the figure of a textbook
minimax / alpha-beta (lists of lists, string marks, a full win scan after every
move) run in the same process, and the speed-up. Takes about a minute;
--quick is a smoke run of a few seconds."""


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "bench", help="benchmark the engine against a textbook implementation",
        description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--quick", action="store_true", help="small workloads, a few seconds")
    parser.add_argument("--repeats", type=positive_int, default=None, metavar="N",
                        help="repeats per timed row (default 5, 1 with --quick)")
    parser.add_argument("--stretch", action="store_true",
                        help="also solve the empty 5x5 k=4 board (up to 60 s)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    repeats = args.repeats or (1 if args.quick else 5)
    settings = BenchSettings(quick=args.quick, repeats=repeats, stretch=args.stretch)
    rows: list[BenchRow] = []
    for row in run_bench(settings):
        rows.append(row)
        if not args.json:
            print(f"  done: {row.work}", file=sys.stderr, flush=True)
    facts = machine_facts()
    if args.json:
        print(json.dumps({"quick": args.quick, "repeats": repeats, **facts,
                          "rows": [row.as_dict() for row in rows]}))
        return 0
    print(bench_table(rows))
    print(f"\nPython {facts['python']} on {facts['system']} {facts['machine']}, "
          f"{facts['cores']} cores, {facts['date']}; medians of {repeats} run(s)"
          + (" (--quick: small workloads)" if args.quick else ""))
    return 0


def bench_table(rows: list[BenchRow]) -> str:
    """The benchmark as a Markdown table (it reads as plain text too)."""
    lines = ["| work | target | ours | textbook reference | speed-up | met | note |",
             "|---|---|---|---|---|---|---|"]
    for row in rows:
        gain = f"{row.speedup:,.0f}x" if row.speedup else ""
        met = "" if row.met is None else ("yes" if row.met else "NO")
        cells = [row.work, row.target, row.ours or "-", row.reference or "-", gain, met, row.note]
        lines.append("| " + " | ".join(c.replace("|", "/") for c in cells) + " |")
    return "\n".join(lines)
