"""Facts about the whole game tree of a board, counted by enumeration.

Nothing here is a pasted number: the counts come from the program's one tree
counter, :func:`.tree_counts.walk_levels`, so the 3x3 tree's 549,946 nodes cost
only its 5,478 positions. The no-early-stop tree is the same walk with wins
ignored, so play goes on until the board is full.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from math import perm
from typing import Any

from ..game.config import GameConfig
from ..game.geometry import Geometry, geometry_for
from ..search_result import ShouldStop, never_stop
from ..text.side_names import BOARD_NAMES, SideNames
from .tree_counts import CHECK_EVERY_POSITIONS, walk_levels

#: Boards with more cells than this are refused: 3x4 (12 cells) takes a few
#: seconds, and each further cell multiplies the work several times over.
MAX_COUNT_CELLS = 12


class CountCancelled(Exception):
    """Raised by :func:`count_tree` when ``should_stop`` asked it to stop."""


@dataclass(frozen=True)
class TreeFacts:
    """The counts for one config; ``*_per_depth[d]`` is about positions after ``d`` moves."""

    config: GameConfig
    #: Nodes of the game tree (every move sequence, the empty board included).
    nodes: int
    #: Complete games (move sequences that end in a win or a full board).
    games: int
    x_wins: int
    o_wins: int
    draws: int
    #: Distinct reachable positions, and classes of them under the board's symmetries.
    positions: int
    positions_up_to_symmetry: int
    #: Distinct positions where the game is over.
    terminal_positions: int
    #: Nodes of the tree where play goes on until the board is full.
    no_early_stop_nodes: int
    nodes_per_depth: tuple[int, ...] = field(default=())
    positions_per_depth: tuple[int, ...] = field(default=())
    games_ending_per_depth: tuple[int, ...] = field(default=())

    def as_dict(self) -> dict[str, Any]:
        """The ``count --json`` object."""
        return {
            "size": self.config.size_text,
            "k": self.config.k,
            "nodes": self.nodes,
            "games": self.games,
            "x_wins": self.x_wins,
            "o_wins": self.o_wins,
            "draws": self.draws,
            "positions": self.positions,
            "positions_up_to_symmetry": self.positions_up_to_symmetry,
            "terminal_positions": self.terminal_positions,
            "no_early_stop_nodes": self.no_early_stop_nodes,
            "nodes_per_depth": list(self.nodes_per_depth),
            "positions_per_depth": list(self.positions_per_depth),
            "games_ending_per_depth": list(self.games_ending_per_depth),
        }


#: Keys of :meth:`TreeFacts.as_dict` whose words are not just the key with spaces.
_PLAIN_LABELS = {"no_early_stop_nodes": "nodes without early stops"}


def fact_label(key: str, names: SideNames = BOARD_NAMES) -> str:
    """How the count ``key`` reads for people, in ``count`` and the window alike:
    ``x_wins`` is ``"X wins"`` (the first mover's player, as ``names`` writes it),
    ``positions_up_to_symmetry`` is ``"positions up to symmetry"``."""
    if key in ("x_wins", "o_wins"):
        return f"{names.name(key[0])} wins"
    return _PLAIN_LABELS.get(key, key.replace("_", " "))


def no_early_stop_upper_bound(cells: int) -> int:
    """Nodes of the tree where every game fills the board: sum of cells!/(cells-d)!."""
    return sum(perm(cells, depth) for depth in range(cells + 1))


def count_tree(config: GameConfig, should_stop: ShouldStop = never_stop) -> TreeFacts:
    """Count the game tree of ``config`` by enumeration.

    Raises:
        ValueError: the board has more than :data:`MAX_COUNT_CELLS` cells.
        CountCancelled: ``should_stop`` returned true before the count finished.
    """
    if config.cells > MAX_COUNT_CELLS:
        raise ValueError(
            f"{config} is too large to count: it has {config.cells} cells, and counting "
            f"stops at {MAX_COUNT_CELLS} (3x4); its tree has up to "
            f"{no_early_stop_upper_bound(config.cells):,} nodes"
        )
    geometry = geometry_for(config)
    ticks = [0]

    def poll() -> None:
        ticks[0] += 1
        if ticks[0] % CHECK_EVERY_POSITIONS == 0 and should_stop():
            raise CountCancelled(f"counting {config} was cancelled")

    game = walk_levels(geometry, 0, 0, True, keep_positions=True, should_stop=should_stop)
    full_walk = walk_levels(geometry, 0, 0, True, stop_at_wins=False, should_stop=should_stop)
    if game.stopped or full_walk.stopped:
        raise CountCancelled(f"counting {config} was cancelled")
    return TreeFacts(
        config=config,
        nodes=sum(game.nodes_per_depth),
        games=game.x_wins + game.o_wins + game.draws,
        x_wins=game.x_wins,
        o_wins=game.o_wins,
        draws=game.draws,
        positions=len(game.positions),
        positions_up_to_symmetry=_symmetry_classes(geometry, game.positions, poll),
        terminal_positions=game.terminal_positions,
        no_early_stop_nodes=sum(full_walk.nodes_per_depth),
        nodes_per_depth=tuple(game.nodes_per_depth),
        positions_per_depth=tuple(game.positions_per_depth),
        games_ending_per_depth=tuple(game.games_ending_per_depth),
    )


def _symmetry_classes(geometry: Geometry, positions: set[int], poll: Callable[[], None]) -> int:
    """How many classes the positions fall into under the board's symmetries."""
    shift = geometry.cells
    low_mask = geometry.full
    images = [
        [geometry.transform(bits, symmetry) for bits in range(1 << shift)]
        for symmetry in range(len(geometry.symmetries))
    ]
    canonical = set()
    for key in positions:
        poll()
        x, o = key >> shift, key & low_mask
        canonical.add(min(image[x] << shift | image[o] for image in images))
    return len(canonical)
