"""The overlay's other views: depth-limited values, and a player's own numbers.

Plain data, no widgets, like :mod:`.overlay_data`:

* :func:`overlay_from_depth_limited` paints each move's minimax value at a
  depth limit (E(n) at the cut-off), heat-mapped by rank and labelled as a
  depth-limited value, never as the game's result; the exact value, where
  it is at hand, goes small beneath it.
* :func:`overlay_from_player_view` paints the number a player chooses by
  (:mod:`tictactoe_qt.engine.players.player_views`) large, the exact value small
  beside it where the analysis solved the move, and outlines the player's pick.
"""

from __future__ import annotations

from typing import Any

from tictactoe_qt.engine.game import Board, other
from tictactoe_qt.engine.players import PlayerView, minimax_badge, minimax_text, view_badge, view_text
from tictactoe_qt.engine.search import DepthLimitedValues, open_lines_text
from tictactoe_qt.engine.text import BOARD_NAMES, SideNames, plies_text
from tictactoe_qt.gui.analysis.overlay_data import (
    Cell,
    CellNote,
    OverlayData,
    ghosts_for,
    rank_heats,
    score_kind,
    value_note,
)

#: What a view's cells are called when the player never valued them.
NOT_VALUED = "–"
#: Who plays the outlined move, per view.
PLAYER_NAMES = {"average": "Average", "minimax": "Minimax", "mcts": "MCTS"}
#: How each view's player picks its move, for the legend.
PICK_RULES = {
    "average": "best average of random play (+1 win, -1 loss, 0 draw); a win on the spot is played without averaging",
    "minimax": "best score {depth} deep; at the cut-off, open lines minus the opponent's",
    "mcts": "a proven win first, else the most visited move",
}


def depth_caption(data_depth: int | None, asked: int, exact: bool, side: str, opponent: str, seconds: float) -> str:
    """The depth-limited view's legend: what the numbers are, and how deep they really go."""
    if data_depth is None:
        return f"Depth-limited values: not even 1 ply finished within {seconds:g} s."
    head = f"Depth-limited values, {plies_text(data_depth)}"
    if exact:
        return (
            f"{head}: every line ends within them, so here they are the game's values"
            f" ({side} to move; {side}3 = {side} wins in 3 plies, 0 = draw)."
        )
    short = f" Only {data_depth} of {asked} plies finished within {seconds:g} s." if data_depth < asked else ""
    return (
        f"{head}: not the game's result. Minimax for {side} (to move), the move"
        f" included; at the cut-off, {open_lines_text(side, opponent)}."
        f" {side}3 = a win {side} forces within the horizon; orange"
        f" better, blue worse.{short}"
    )


def exact_notes(board: Board, analysis: Any, names: SideNames = BOARD_NAMES) -> dict[Cell, CellNote]:
    """The notes of the moves ``analysis`` (the engine's ``analyze`` of ``board``) solved,
    or found to force a win or loss."""
    exact: dict[Cell, CellNote] = {}
    for move_value in analysis.moves:
        note = value_note(board.turn, move_value, names)
        if note is not None:
            exact[(move_value.move.row, move_value.move.col)] = note
    return exact


def with_exact_asides(notes: dict[Cell, CellNote], exact: dict[Cell, CellNote]) -> dict[Cell, CellNote]:
    """``notes`` with each cell's exact value small beside it ('?' where it is not solved)."""
    shown: dict[Cell, CellNote] = {}
    for cell, note in notes.items():
        solved = exact.get(cell)
        aside, kind = (solved.text, solved.kind) if solved else ("?", "unknown")
        detail = f"{note.detail}; exact: {solved.detail if solved else 'not solved in time'}"
        shown[cell] = CellNote(note.text, note.kind, note.heat, detail, aside, kind)
    return shown


def exact_key(side: str) -> str:
    """The legend's words for the small exact values."""
    return f"Small: the exact value ({side}3 = {side} wins in 3 plies, D = draw, ? = not solved in time)."


def overlay_from_depth_limited(
    board: Board,
    values: DepthLimitedValues,
    seconds: float,
    names: SideNames = BOARD_NAMES,
    pv_length: int = 6,
    analysis: Any = None,
) -> OverlayData:
    """Overlay data for ``depth_limited_values(board, ...)``'s answer.

    ``seconds`` is the time the search had (said when a depth did not finish).
    ``analysis``, the engine's ``analyze`` of ``board`` when it is at hand, puts
    each move's exact value small beneath its depth-limited one.
    """
    to_move = board.turn
    cells = [((move.row, move.col), score) for move, score in values.scores.items()]
    heats = rank_heats([float(score) for _, score in cells]) if cells else []
    notes = {
        cell: CellNote(
            minimax_badge(score, to_move, names),
            score_kind(score, to_move),
            heat,
            minimax_text(score, to_move, values.depth, names),
        )
        for (cell, score), heat in zip(cells, heats)
    }
    side, opponent = names.name(to_move), names.name(other(to_move))
    exact = {} if analysis is None else exact_notes(board, analysis, names)
    caption = depth_caption(values.depth, values.asked, values.exact, side, opponent, seconds)
    if exact and notes:
        notes = with_exact_asides(notes, exact)
        caption = f"{caption} {exact_key(side)}"
    best = values.best
    return OverlayData(
        position=board.notation(),
        notes=notes,
        ghosts=ghosts_for(board, values.pv[:pv_length], names),
        exact=False,
        depth=values.depth,
        best=None if best is None else (best.row, best.col),
        mover=side,
        view="depth",
        caption=caption,
    )


def overlay_from_player_view(
    board: Board, view: PlayerView, analysis: Any, names: SideNames = BOARD_NAMES
) -> OverlayData:
    """Overlay data for a player's view, with ``analysis``'s exact values beside it.

    Args:
        board: the position.
        view: :func:`~tictactoe_qt.engine.players.player_views.player_view`'s answer.
        analysis: the engine's ``analyze`` of ``board`` (its solved moves are shown small).
        names: the game's seating and marks.
    """
    to_move = board.turn
    exact = exact_notes(board, analysis, names)
    valued = [((move.row, move.col), value) for move, value in view.values.items()]
    heats = rank_heats([value for _, value in valued]) if valued else []
    notes: dict[Cell, CellNote] = {}
    for (cell, value), heat in zip(valued, heats):
        notes[cell] = CellNote(
            view_badge(view.kind, value, to_move, names),
            "heuristic",
            heat,
            view_text(view.kind, value, to_move, view.spec, names),
        )
    for move in board.legal_moves():
        cell = (move.row, move.col)
        if cell not in notes:
            notes[cell] = CellNote(NOT_VALUED, "unknown", 0.0, f"{PLAYER_NAMES[view.kind]} did not value this move")
    if exact:
        notes = with_exact_asides(notes, exact)
    side = names.name(to_move)
    player = PLAYER_NAMES[view.kind]
    small = exact_key(side) if exact else "Exact values: not solved within the time budget."
    caption = (
        f"{view.title}, {side} to move. Outlined: the move {player} plays"
        f" ({PICK_RULES[view.kind].format(depth=plies_text(view.spec.depth or 0))}). {small}"
    )
    choice = view.choice
    return OverlayData(
        position=board.notation(),
        notes=notes,
        exact=False,
        best=None if choice is None else (choice.row, choice.col),
        mover=side,
        view=view.kind,
        caption=caption,
        best_caption=f"{player} plays",
    )
