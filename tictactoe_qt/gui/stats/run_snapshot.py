"""What one batch looks like from outside: game rows, chart snapshots, exact odds (no Qt here).

:class:`~.run_data.RunData` collects the games; the values here are what it
hands out: one :class:`GameRow` per game (the CSV export) and an immutable
:class:`RunSnapshot` of its aggregates for each chart refresh.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from tictactoe_qt.engine.game import MARKS, GameConfig, Mark, total_nodes
from tictactoe_qt.engine.play import PlayerTotals, count_endings, ending_table, has_fast_path
from tictactoe_qt.engine.text import BOARD_NAMES, SideNames

#: The players of a run, by the mark the user gave them.
SIDES = MARKS
#: Winner codes in a run's ``winner`` column and indices into ``outcomes``.
X_WON, O_WON, DRAW = 0, 1, 2


class GameRow(NamedTuple):
    """One finished game, as the CSV export writes it.

    Every field speaks of marks, the players as the user chose them:
    ``starter`` is the mark that moved first, ``winner`` the mark that won
    (``None`` for a draw), and seconds and nodes are X's and O's, summed
    over the game (nodes ``None`` when that player did not report them).
    """

    index: int  # type: ignore[assignment]  # the CSV column's name; tuple.index is not used
    starter: Mark
    winner: Mark | None
    length: int
    x_seconds: float
    o_seconds: float
    x_nodes: int | None
    o_nodes: int | None
    #: Why the loser forfeited (``"O forfeits: ..."``), ``None`` for a game played out.
    forfeit: str | None = None


def game_row(record: Any) -> GameRow:
    """Flatten an engine ``GameRecord`` into a :class:`GameRow`."""
    x_plies, o_plies = record.seating.plies("x"), record.seating.plies("o")
    return GameRow(
        index=record.index,
        starter=record.starter,
        winner=record.winner,
        length=len(record.moves),
        x_seconds=sum(record.move_seconds[x_plies]),
        o_seconds=sum(record.move_seconds[o_plies]),
        x_nodes=total_nodes(record.move_nodes[x_plies]),
        o_nodes=total_nodes(record.move_nodes[o_plies]),
        forfeit=record.forfeit,
    )


@dataclass(frozen=True)
class RunSnapshot:
    """A cheap, immutable copy of a run's aggregates for one chart refresh.

    ``players`` holds copies of the engine's per-player sums, by batch player.
    """

    label: str
    tag: str
    games: int
    planned: int
    outcomes: tuple[int, int, int]
    players: dict[str, PlayerTotals]
    total_seconds: float
    total_length: int
    #: ``(games, x_rate, o_rate, draw_rate)`` samples of the cumulative rates.
    curve: tuple[tuple[int, float, float, float], ...]
    #: ``histogram[n]`` = games that lasted ``n`` moves.
    histogram: tuple[int, ...]
    elapsed_seconds: float
    finished: bool = False
    cancelled: bool = False
    #: Exact (X win, O win, draw) probabilities, for random against random on small boards.
    exact_rates: tuple[float, float, float] | None = None
    #: ``(reason, games)`` of the forfeits so far (external engines and plugins).
    forfeit_reasons: tuple[tuple[str, int], ...] = ()
    #: How the run's players were written (their marks) when it was played.
    names: SideNames = BOARD_NAMES

    @property
    def games_per_second(self) -> float:
        return self.games / self.elapsed_seconds if self.elapsed_seconds > 0 else 0.0

    def rate(self, outcome: int) -> float | None:
        return self.outcomes[outcome] / self.games if self.games else None

    @property
    def avg_game_seconds(self) -> float | None:
        return self.total_seconds / self.games if self.games else None

    @property
    def avg_game_length(self) -> float | None:
        return self.total_length / self.games if self.games else None


def first_mover_text(first: Mark, swap: bool, names: SideNames) -> str:
    """``, O first`` (``, B first`` when O's player writes B) or ``, first move alternates``
    when X does not simply start; ``""`` when it does. The one wording of the match header
    and of each run's label and report."""
    if swap:
        return ", first move alternates"
    return f", {names.name_of_mark('o')} first" if first == "o" else ""


def joined_names(names: Iterable[SideNames]) -> SideNames:
    """How a view that shows several runs at once writes their players: each run's own
    names, ``A/X`` where runs disagree, X/O when there is none."""
    names = list(names)
    if not names:
        return BOARD_NAMES

    def joined(seat: str) -> str:
        return "/".join(dict.fromkeys(n.name_of_mark(seat) for n in names))

    return SideNames(names[0].seating, joined("x"), joined("o"))


@lru_cache(maxsize=4)
def exact_random_rates(config: GameConfig) -> tuple[float, float, float] | None:
    """Exact (X win, O win, draw) rates of random play, on boards with the engine's fast path.

    Every ordering of the cells is equally likely under random play, and the
    engine's ending table holds the outcome of each one: the rates are counts.
    """
    if not has_fast_path(config):
        return None
    table = ending_table(config)
    rates = [0.0, 0.0, 0.0]
    for (winner, _length), count in count_endings(table).items():
        rates[(DRAW, X_WON, O_WON)[winner]] += count / len(table)
    return rates[0], rates[1], rates[2]
