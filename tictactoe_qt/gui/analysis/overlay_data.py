"""What the analysis overlay paints, built from the engine's ``analyze``.

Plain data, no widgets: each empty cell gets a short note in the engine's
notation (:mod:`tictactoe_qt.engine.text.value_notation`: 'X3' X wins in 3 plies
counting the move, solved or a forced win the search proved, 'D' draw, or a
heuristic score with a heat between 0 and 1 by rank; '?' when the search never
valued it), the principal variation
becomes numbered ghost moves, and an MCTS search's visit counts can be laid on top.
Every text and ghost names a player as the game's :class:`SideNames` says
(who moved first and the players' marks): never the board's own side letters.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field, replace
from typing import Any

from tictactoe_qt.engine.game import Board
from tictactoe_qt.engine.text import (
    BOARD_NAMES,
    UNKNOWN_BADGE,
    UNKNOWN_TEXT,
    SideNames,
    forced_outcome,
    heuristic_badge,
    heuristic_text,
    outcome_badge,
    outcome_text,
    win_badge_key,
)

Cell = tuple[int, int]


@dataclass(frozen=True)
class CellNote:
    """One cell's value for the side to move.

    Attributes:
        text: the short form: 'X3', 'D', 'O6' when solved, a heuristic score, or '?'.
        kind: ``"win"``, ``"draw"``, ``"loss"`` (for the side to move),
            ``"heuristic"``, or ``"unknown"`` (never valued: greyed, off the heat map).
        heat: 0 (worst move here) to 1 (best), for the heat map.
        detail: a sentence for the tooltip and the accessible description.
        aside: a small second value beside ``text`` (a player's view shows the
            exact value there: 'X3', 'D', or '?' when not solved); '' for none.
        aside_kind: the aside's ``kind`` (``"win"``, ``"draw"``, ``"loss"``, ``"unknown"``).
    """

    text: str
    kind: str
    heat: float
    detail: str
    aside: str = ""
    aside_kind: str = ""


@dataclass(frozen=True)
class GhostMove:
    """A move of the principal variation: ``number`` 1 is the next move.

    ``seat`` is the player who makes it (``"x"``/``"o"``, the board snapshot's keys).
    """

    cell: Cell
    seat: str
    number: int


@dataclass(frozen=True)
class OverlayData:
    """Everything the overlay paints for one position."""

    position: str
    notes: dict[Cell, CellNote] = field(default_factory=dict)
    ghosts: tuple[GhostMove, ...] = ()
    exact: bool = True
    depth: int | None = None
    visits: dict[Cell, int] = field(default_factory=dict)
    best: Cell | None = None

    #: The player to move, whose view the values take, as texts write it ("X", "🐶").
    mover: str = "X"
    #: What the cells show: ``"values"`` (the analysis), ``"depth"`` (depth-limited
    #: minimax values) or a player's view (``"average"``, ``"minimax"``, ``"mcts"``).
    view: str = "values"
    #: The legend's first part when the view writes its own (see :mod:`.overlay_views`).
    caption: str = ""
    #: How the spoken summary introduces ``best``: "Best move", "Average plays".
    best_caption: str = "Best move"

    def legend(self) -> str:
        """What the numbers are (and from which depth), for the line under the board."""
        if not self.notes:
            return ""
        if self.caption:
            text = self.caption
        elif self.exact:
            text = f"Exact: Solved to the end, {self.mover} to move: {self._key()}"
        else:
            text = self._searched_legend()
        line = " Numbered circles: best line." if self.ghosts else ""
        visits = " n = MCTS visits." if self.visits else ""
        return text + line + visits

    def short_legend(self) -> str:
        """The legend in one short line; :meth:`legend` is the long form (the tooltip).

        Only a search's legend is shortened: it says what was searched, the key
        and the hatching in a few words, and leaves "not a proof" and the counts
        to the long form.
        """
        if not self.notes or self.caption or self.exact:
            return self.legend()
        kinds = {note.kind for note in self.notes.values()}
        if kinds == {"unknown"}:
            return self.legend()
        side = self.mover
        if "heuristic" in kinds:
            scores = f"Depth-{self.depth} scores" if self.depth else "Scores"
            parts = [f"{scores} for {side}: orange better, blue worse."]
        else:
            searched = f"Searched to depth {self.depth}" if self.depth else "Searched"
            parts = [f"{searched}, {side} to move:"]
        if kinds & {"win", "draw", "loss"}:
            parts.append(f"{win_badge_key(side)}, D = draw.")
        if "unknown" in kinds:
            parts.append("Hatched: not searched.")
        if self.ghosts:
            parts.append("Circles: best line.")
        if self.visits:
            parts.append("n = MCTS visits.")
        return " ".join(parts)

    def _key(self, how: str = "") -> str:
        """What the short forms and colours mean, for the side to move."""
        side = self.mover
        return f"{win_badge_key(side, how)}, D = draw (green good, red bad for {side})."

    def _searched_legend(self) -> str:
        """The legend of values a search within a time budget left partly heuristic:
        what each kind of cell is, said only for the kinds shown (and how many are not)."""
        kinds = [note.kind for note in self.notes.values()]
        unknown = kinds.count("unknown")
        if unknown == len(kinds):
            return "No search finished: hatched = not searched."
        searched = f"searched to depth {self.depth}" if self.depth else "searched"
        if "heuristic" in kinds:
            parts = [f"Heuristic scores for {self.mover} (to move), {searched}: orange better, blue worse."]
        else:
            parts = [f"{searched.capitalize()}, {self.mover} to move:"]
        if any(kind in ("win", "draw", "loss") for kind in kinds):
            parts.append(self._key("against every reply searched (not a proof on big boards)"))
        if unknown:
            moves = "1 move" if unknown == 1 else f"{unknown} moves"
            parts.append(f"Hatched: {moves} not searched.")
        return " ".join(parts)


def note_for(
    to_move: str, result: str | None, plies: int | None, exact: bool, names: SideNames = BOARD_NAMES
) -> CellNote | None:
    """The note for a solved move, or ``None`` when it is not solved.

    ``to_move`` and ``result`` are the board's sides; ``names`` writes their players.
    """
    if not exact or result is None:
        return None
    return decided_note(to_move, result, plies, f"{outcome_text(result, plies, names)}, counting this move", names)


def decided_note(to_move: str, result: str, plies: int | None, detail: str, names: SideNames = BOARD_NAMES) -> CellNote:
    """A win, draw or loss for ``to_move`` (board sides), written and coloured as one."""
    text = outcome_badge(result, plies, names)
    if result == "draw":
        return CellNote(text, "draw", 0.5, detail)
    return CellNote(text, "win" if result == to_move else "loss", 1.0 if result == to_move else 0.0, detail)


def score_kind(score: float, to_move: str) -> str:
    """A search score's note kind: ``"win"``/``"loss"`` when forced, else ``"heuristic"``."""
    decided = forced_outcome(score, to_move)
    if decided is None:
        return "heuristic"
    return "win" if decided[0] == to_move else "loss"


def forced_note(to_move: str, score: float, depth: int | None, names: SideNames = BOARD_NAMES) -> CellNote | None:
    """The note for a search score that is a forced win or loss (beyond the mate
    threshold: proved, though the search was not exact), else ``None``."""
    decided = forced_outcome(score, to_move)
    if decided is None:
        return None
    detail = f"{heuristic_text(score, to_move, depth, names)}, counting this move"
    return decided_note(to_move, decided[0], decided[1], detail, names)


def value_note(to_move: str, move_value: Any, names: SideNames = BOARD_NAMES) -> CellNote | None:
    """The note for an analysed move whose outcome is known: solved, or a forced win or
    loss its search proved; ``None`` for a heuristic or unknown value."""
    note = note_for(to_move, move_value.result, move_value.plies, move_value.exact, names)
    if note is None and move_value.score is not None:
        note = forced_note(to_move, move_value.score, move_value.depth, names)
    return note


UNKNOWN_NOTE = CellNote(UNKNOWN_BADGE, "unknown", 0.0, UNKNOWN_TEXT)


def rank_heats(scores: list[float]) -> list[float]:
    """Each score's rank in this position as a heat from 0 (worst) to 1 (best).

    Ranks, not raw scores: one huge threat score would otherwise paint every
    other cell the same colour. Equal scores share their average rank; when
    all are equal every heat is 0.5.
    """
    distinct = sorted(set(scores))
    if len(distinct) == 1:
        return [0.5 for _ in scores]
    ordered = sorted(scores)
    average_rank = {score: (bisect_left(ordered, score) + bisect_right(ordered, score) - 1) / 2 for score in distinct}
    low, high = average_rank[distinct[0]], average_rank[distinct[-1]]
    return [(average_rank[score] - low) / (high - low) for score in scores]


def overlay_from_analysis(
    board: Board, analysis: Any, names: SideNames = BOARD_NAMES, pv_length: int = 6
) -> OverlayData:
    """Turn an engine ``Analysis`` of ``board`` into overlay data.

    Args:
        board: the analysed position (for whose turn it is and the PV sides).
        analysis: ``engine.analysis.analyze``'s result.
        names: the game's seating and marks: how the texts and ghosts name players.
        pv_length: how many principal-variation moves to show as ghosts.
    """
    to_move = board.turn
    notes: dict[Cell, CellNote] = {}
    heuristic: list[tuple[Cell, float]] = []
    for move_value in analysis.moves:
        cell = (move_value.move.row, move_value.move.col)
        note = value_note(to_move, move_value, names)
        if note is not None:
            notes[cell] = note
        elif move_value.score is None or move_value.depth is None:
            # Never valued, or a score from another depth: nothing to rank it with.
            notes[cell] = UNKNOWN_NOTE
        else:
            heuristic.append((cell, float(move_value.score)))
    depth = getattr(analysis, "depth", None)
    if heuristic:
        heats = rank_heats([score for _, score in heuristic])
        for (cell, score), heat in zip(heuristic, heats):
            notes[cell] = CellNote(
                heuristic_badge(score, to_move, names), "heuristic", heat, heuristic_text(score, to_move, depth, names)
            )
    best = analysis.best
    pv = list(getattr(analysis, "pv", ()))
    return OverlayData(
        position=board.notation(),
        notes=notes,
        ghosts=ghosts_for(board, pv[:pv_length], names),
        exact=bool(analysis.exact),
        depth=depth,
        best=None if best is None else (best.row, best.col),
        mover=names.name(to_move),
    )


def ghosts_for(board: Board, pv: list[Any], names: SideNames = BOARD_NAMES) -> tuple[GhostMove, ...]:
    """Numbered ghost moves for a principal variation, alternating players from ``board``."""
    return tuple(
        GhostMove((move.row, move.col), names.mark_of_side((board.side + ply) & 1), ply + 1)
        for ply, move in enumerate(pv)
    )


def with_visits(data: OverlayData, visits: dict[Any, int]) -> OverlayData:
    """A copy of ``data`` carrying an MCTS search's visit counts per cell."""
    cells = {(move.row, move.col): count for move, count in visits.items()}
    return replace(data, visits=cells)
