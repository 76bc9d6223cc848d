"""``tictactoe-qt tournament``: a round robin, printed as the Statistics dock shows it."""

from __future__ import annotations

import argparse
import json
import sys

from tictactoe_qt.engine.play import TournamentResult, round_robin

from .arguments import add_size_arguments, config_from, non_negative_int, player_spec, positive_int, seed_int
from .cluster_option import add_cluster_argument, cluster_tournament
from .formatting import forfeit_lines
from .simulate_command import ProgressLine
from .stop_signals import INTERRUPTED, exit_status, first_signal_stops

#: Player names longer than this are cut in the cross table (the ranking keeps them whole).
NAME_WIDTH = 28

DESCRIPTION = """\
Every pair of players meets for N games, half with each as X (who moves
first). A win is 1 point, a draw 1/2. SPEC is any player --x takes in
simulate: built-in (random, minimax:depth=3, perfect ...), an installed
plugin, or an external engine: engine:path=/path/to/pbrain-x[,time=S].
Prints the cross table (each row's score against each column: share of
points, +wins =draws -losses) and the ranking, as the Statistics dock's
Tournament tab shows them. A player that breaks the rules loses that game
by forfeit. The same --seed gives the same table whatever --workers is.
Ctrl+C, SIGTERM or SIGHUP (to the command or its whole process group) stop
the tournament and print the table of the games played so far, as does a
worker process that dies."""


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "tournament",
        help="a round robin between computer players",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--player",
        type=player_spec,
        action="append",
        required=True,
        metavar="SPEC",
        help="an entrant; give two or more",
    )
    parser.add_argument(
        "--games", type=positive_int, default=10, metavar="N", help="games per pair of players, 2 or more (default 10)"
    )
    add_size_arguments(parser)
    parser.add_argument("--seed", type=seed_int, default=None, metavar="S", help="seed for a repeatable tournament")
    parser.add_argument(
        "--workers",
        type=non_negative_int,
        default=1,
        metavar="W",
        help="processes per pairing; 0 = every core (default 1)",
    )
    add_cluster_argument(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    config = config_from(args)
    stopped_by: list[int] = []
    show_progress = sys.stderr.isatty()  # stdout keeps the report (or the JSON) alone
    if args.cluster is not None:
        result = cluster_tournament(args, config)
    else:
        with first_signal_stops(stopped_by):
            result = round_robin(
                config,
                args.player,
                args.games,
                seed=args.seed,
                should_stop=lambda: bool(stopped_by),
                progress=ProgressLine() if show_progress else None,
                workers=args.workers,
            )
    if show_progress:
        print("\r\033[K", end="", file=sys.stderr, flush=True)
    if args.json:
        print(json.dumps(result.as_dict()))
    else:
        print(tournament_text(result, args.seed))
    if result.failure:
        print(
            f"tictactoe-qt tournament: error: {result.failure} (the table holds the "
            f"{result.games_played:,} games finished before)",
            file=sys.stderr,
        )
    elif result.cancelled:
        print("tictactoe-qt tournament: stopped early", file=sys.stderr)
    if result.cancelled and not stopped_by and not result.failure:
        return INTERRUPTED
    return exit_status(stopped_by, bool(result.failure))


def tournament_text(result: TournamentResult, seed: int | None = None) -> str:
    """The cross table and the ranking."""
    config = result.config
    names = list(result.players)
    lines = [
        f"Round robin of {len(names)} players on {config.rows}x{config.cols}, k={config.k}: "
        f"{result.games_per_pairing} games per pair, {result.games_played:,} games"
        + (f", seed {seed}" if seed is not None else ""),
        "",
        "Cross table (row against column: share of points, +wins =draws -losses)",
    ]
    short = [_cut(name) for name in names]
    cells = [["-" if row == col else _cell(result, row, col) for col in range(len(names))] for row in range(len(names))]
    label_width = max(len(s) for s in short) + 4
    width = max(14, *(len(c) for row in cells for c in row)) + 2
    lines.append(" " * label_width + "".join(f"{i + 1:>{width}}" for i in range(len(names))))
    for row, name in enumerate(short):
        label = f"{row + 1:>2}. {name}"
        lines.append(f"{label:<{label_width}}" + "".join(f"{c:>{width}}" for c in cells[row]))
    lines += ["", "Ranking by points (win 1, draw 1/2)"]
    lines.append(f"  {'#':>2}  {'points':>7} {'won':>5} {'drawn':>5} {'lost':>5} {'score':>6}  player")
    for standing in result.standings():
        share = standing.points / standing.games if standing.games else 0.0
        note = f"  ({standing.forfeits} lost by forfeit)" if standing.forfeits else ""
        lines.append(
            f"  {standing.rank:>2}  {standing.points:>7g} {standing.wins:>5} {standing.draws:>5} "
            f"{standing.losses:>5} {100 * share:>5.0f}%  {standing.player}{note}"
        )
    forfeits = sum(result.forfeits.values())
    if forfeits:
        lines.append("")
        lines += forfeit_lines(forfeits, result.forfeit_reasons)
    if result.cancelled:
        lines += ["", "(stopped early: the games so far)"]
    return "\n".join(lines)


def _cell(result: TournamentResult, row: int, col: int) -> str:
    score = result.score(row, col)
    if score.share is None:
        return ""
    return f"{100 * score.share:.0f}% +{score.wins} ={score.draws} -{score.losses}"


def _cut(name: str) -> str:
    return name if len(name) <= NAME_WIDTH else "…" + name[-(NAME_WIDTH - 1) :]
