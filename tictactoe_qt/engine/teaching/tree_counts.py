"""The program's one game-tree counter: the tree below a position, walked level by level.

Each distinct position of a level is expanded once and carries how many move
sequences reach it, so the 3x3 tree's 549,946 nodes cost its 5,478 positions.
:func:`walk_levels` is the walk; ``count`` (:mod:`.tree_facts`), the game-tree
explorer, the algorithm comparison (:func:`count_per_depth`) and the trace's size
check (:func:`.trace.size.minimax_size`) all read their numbers off it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..game.board import Board
from ..game.geometry import Geometry
from ..search_result import ShouldStop, never_stop

#: Counting per depth stops at a level with more distinct positions than this.
MAX_LEVEL_POSITIONS = 20_000
#: Positions expanded between two ``should_stop`` polls.
CHECK_EVERY_POSITIONS = 4096


@dataclass
class LevelWalk:
    """What :func:`walk_levels` counted; ``*_per_depth[d]`` is about ``d`` moves below the root."""

    #: Nodes (move sequences) per depth, the root's 1 first.
    nodes_per_depth: list[int] = field(default_factory=list)
    #: Distinct positions per depth (the terminal ones first reached there included).
    positions_per_depth: list[int] = field(default_factory=list)
    #: Move sequences that end the game at each depth.
    games_ending_per_depth: list[int] = field(default_factory=list)
    #: Distinct positions where the game is over.
    terminal_positions: int = 0
    x_wins: int = 0
    o_wins: int = 0
    draws: int = 0
    #: Every distinct position's key ``x_bits << cells | o_bits`` (when asked to keep them).
    positions: set[int] = field(default_factory=set)
    #: Move sequences still in play at the depth limit (they end there unfinished).
    open_at_limit: int = 0
    #: Distinct positions seen, the root included.
    distinct: int = 1
    #: ``True`` when the walk stopped early (a limit on positions, or ``should_stop``).
    truncated: bool = False
    #: ``True`` when ``should_stop`` was what stopped it.
    stopped: bool = False


def walk_levels(
    geometry: Geometry,
    x_bits: int,
    o_bits: int,
    x_to_move: bool,
    *,
    stop_at_wins: bool = True,
    max_depth: int | None = None,
    max_level_positions: int | None = None,
    max_positions: int | None = None,
    keep_positions: bool = False,
    should_stop: ShouldStop = never_stop,
) -> LevelWalk:
    """Count the tree below a position still in play (``stop_at_wins=False``: play on to a
    full board), merging transpositions with their multiplicities.

    Stops early, with ``truncated`` set, past ``max_level_positions`` positions in one
    level, ``max_positions`` distinct positions in all, or when ``should_stop`` says so
    (polled every :data:`CHECK_EVERY_POSITIONS` positions). ``max_depth`` ends every
    line that long unfinished (counted in ``open_at_limit``). A level found too big is
    not listed to its end: only its nodes are counted (the last of ``nodes_per_depth``),
    not its positions or games.
    """
    walk = LevelWalk()
    full = geometry.full
    shift = geometry.cells
    low_mask = full
    no_lines: tuple[int, ...] = ()
    cells = [(1 << cell, geometry.cell_line_masks[cell] if stop_at_wins else no_lines) for cell in range(shift)]
    root = x_bits << shift | o_bits
    layer: dict[int, int] = {root: 1}
    if keep_positions:
        walk.positions.add(root)
    walk.nodes_per_depth.append(1)
    walk.positions_per_depth.append(1)
    walk.games_ending_per_depth.append(0)
    plies = (full & ~(x_bits | o_bits)).bit_count()
    if max_depth is not None:
        plies = min(plies, max_depth)
    next_check = 1  # the first poll comes at once, then every CHECK_EVERY_POSITIONS
    expanded = 0
    for depth in range(plies):
        o_moves = (depth & 1) == x_to_move
        next_layer: dict[int, int] = {}
        ended = nodes = terminal = 0
        positions = iter(layer.items())
        for key, paths in positions:
            expanded += 1
            if expanded >= next_check:
                next_check = expanded + CHECK_EVERY_POSITIONS
                if should_stop():
                    walk.truncated = walk.stopped = True
                    return walk
            x, o = key >> shift, key & low_mask
            mover = o if o_moves else x
            occupied = x | o
            for bit, masks in cells:
                if occupied & bit:
                    continue
                nodes += paths
                moved = mover | bit
                child = key | bit if o_moves else key | bit << shift
                won = False
                for mask in masks:
                    if moved & mask == mask:
                        won = True
                        break
                if won or occupied | bit == full:
                    # A won or full position is reached by every path at this same depth.
                    if child not in next_layer:
                        next_layer[child] = 0
                        terminal += 1
                    ended += paths
                    if not won:
                        walk.draws += paths
                    elif o_moves:
                        walk.o_wins += paths
                    else:
                        walk.x_wins += paths
                else:
                    next_layer[child] = next_layer.get(child, 0) + paths
            if max_positions is not None and walk.distinct + len(next_layer) > max_positions:
                walk.truncated = True  # known too big without finishing the level
                return walk
            # The next level's positions still in play: all but the ended ones.
            if max_level_positions is not None and len(next_layer) - terminal > max_level_positions:
                # Too big to walk on from: the rest of its nodes are the empty cells below
                # each position left, counted without listing the positions they reach.
                for rest, rest_paths in positions:
                    nodes += rest_paths * (full & ~(rest >> shift | rest & low_mask)).bit_count()
                walk.nodes_per_depth.append(nodes)
                walk.truncated = True
                return walk
        if keep_positions:
            walk.positions.update(next_layer)
        walk.terminal_positions += terminal
        walk.distinct += len(next_layer)
        walk.nodes_per_depth.append(nodes)
        walk.games_ending_per_depth.append(ended)
        walk.positions_per_depth.append(len(next_layer))
        layer = {key: paths for key, paths in next_layer.items() if paths}
        if (max_level_positions is not None and len(layer) > max_level_positions) or (
            max_positions is not None and walk.distinct > max_positions
        ):
            walk.truncated = True
            return walk
    walk.open_at_limit = sum(layer.values()) if max_depth is not None else 0
    return walk


@dataclass
class DepthCounts:
    """How many tree nodes lie at each depth below the root."""

    full_tree: list[int]
    #: ``True`` when counting stopped before the tree's last level.
    truncated: bool
    alphabeta_visited: list[int] | None = None


def count_per_depth(
    board: Board,
    max_level_positions: int = MAX_LEVEL_POSITIONS,
    should_stop: ShouldStop = never_stop,
    alphabeta_visited: list[int] | None = None,
) -> DepthCounts:
    """Nodes per depth below ``board`` (:func:`walk_levels`), up to the last level that has any."""
    if board.winner() is not None:
        return DepthCounts([1], False, alphabeta_visited)
    walk = walk_levels(
        board.geometry,
        board.bits[0],
        board.bits[1],
        board.side == 0,
        max_level_positions=max_level_positions,
        should_stop=should_stop,
    )
    counts = walk.nodes_per_depth
    while len(counts) > 1 and counts[-1] == 0:
        counts.pop()
    return DepthCounts(counts, walk.truncated, alphabeta_visited)
