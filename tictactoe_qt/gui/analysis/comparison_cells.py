"""The text of one comparison table row (counts, time, move and value), the numbers
its chart shows, and how the position compared is named."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from tictactoe_qt.engine import MATE_THRESHOLD, SearchResult
from tictactoe_qt.engine.analysis import VARIANTS, ComparisonRow, ComparisonTies, SizeEstimate, tie_order
from tictactoe_qt.engine.game import Board, Move, move_text, short_cell_text
from tictactoe_qt.engine.players import TextbookOptions
from tictactoe_qt.engine.teaching import NodeValue, tie_note
from tictactoe_qt.engine.text import (
    BOARD_NAMES,
    MILLISECONDS,
    SideNames,
    TimeUnit,
    badge_key,
    duration_text,
    duration_unit,
    heuristic_badge,
    heuristic_text,
    outcome_badge,
)
from tictactoe_qt.gui.textbook_options_bar import choices_text


def value_text(result: SearchResult, to_move: str, names: SideNames = BOARD_NAMES) -> str:
    """'draw', 'X wins in 5' or a heuristic score, from the view of the board's side ``to_move``;
    ``names`` writes the players (the game's seating and marks)."""
    if result.exact and result.result is not None and abs(result.score) < MATE_THRESHOLD and result.result != "draw":
        return f"{names.name(result.result)} wins"  # textbook +1/-1: who wins, not when
    if result.exact:
        return NodeValue(result.score, True, to_move).text(names)  # type: ignore[arg-type]
    return heuristic_text(result.score, to_move, result.stats.depth, names)


def value_badge(result: SearchResult, to_move: str, names: SideNames = BOARD_NAMES) -> str:
    """The short form of :func:`value_text` for the narrow table: ``D``, ``X5`` (wins in 5
    plies), a heuristic score (``-1``, ``+1.2k``) from the view of ``to_move``, or ``X wins``
    for a textbook +1/-1, which counts no plies."""
    if result.exact and result.result is not None and abs(result.score) < MATE_THRESHOLD and result.result != "draw":
        return f"{names.name(result.result)} wins"
    if result.exact:
        value = NodeValue(result.score, True, to_move)  # type: ignore[arg-type]
        return outcome_badge(value.result, value.plies, names)
    return heuristic_badge(result.score, to_move, names)


def value_key(to_move: str, names: SideNames = BOARD_NAMES) -> str:
    """The Value header's tooltip: what the short forms mean, for the player ``to_move``."""
    name = names.name(to_move)
    return QCoreApplication.translate(
        "ComparisonDock",
        "The position's value: {0}; a number is a heuristic score for {1}, the player to "
        "move, where a depth limit stopped the search. Hover over a value for it in words.",
    ).format(badge_key(name), name)


def figure_cells(row: ComparisonRow) -> list[str]:
    """Nodes, cut-offs and time as the table and the chart's bars write them; blanks
    without a result."""
    if row.result is None:
        return ["", "", ""]
    stats = row.result.stats
    return [f"{stats.nodes:,}", f"{stats.cutoffs:,}", duration_text(stats.elapsed_seconds)]


def row_cells(row: ComparisonRow, to_move: str, names: SideNames = BOARD_NAMES) -> list[str]:
    """Algorithm, nodes, cut-offs, time, move (``r1c3``: the table is narrow; :func:`move_tip`
    has it in words) and value (short: :func:`value_tip` has it in words); blanks where a
    search gave nothing."""
    result = row.result
    if result is None:
        return [row.title, "", "", "", "", ""]
    move = result.move
    return [
        row.title,
        *figure_cells(row),
        "" if move is None else short_cell_text(move.row, move.col),
        value_badge(result, to_move, names),
    ]


def value_tip(row: ComparisonRow, to_move: str, names: SideNames = BOARD_NAMES) -> str:
    """The row's value in words (``-1 for O (heuristic, depth 2)``); empty without one."""
    return "" if row.result is None else value_text(row.result, to_move, names)


def move_tip(row: ComparisonRow, ties: ComparisonTies | None = None) -> str:
    """The row's move in words, ``row 1, column 3``, and when it is one of equally good
    moves (``ties``), the tie-break that chose it; empty without one."""
    move = row.result.move if row.result is not None else None
    if move is None:
        return ""
    if ties is not None and any(title == row.title for title, _, _ in ties.picks):
        return f"{move_text(move)}: {tie_note(ties.equal, tie_order(row))}"
    return move_text(move)


def time_unit(rows: list[ComparisonRow | None]) -> TimeUnit:
    """The time chart's axis unit: the one the longest time is written in."""
    return duration_unit(
        max(
            (row.result.stats.elapsed_seconds for row in rows if row is not None and row.result is not None),
            default=None,
        )
    )


def metric_values(rows: list[ComparisonRow | None], metric: int, unit: TimeUnit = MILLISECONDS) -> list[float | None]:
    """Each row's nodes (``metric`` 0), cut-offs (1) or time in ``unit`` (2); ``None``
    without a result."""
    values: list[float | None] = []
    for row in rows:
        result = row.result if row else None
        if result is None:
            values.append(None)
        elif metric == 0:
            values.append(float(result.stats.nodes))
        elif metric == 1:
            values.append(float(result.stats.cutoffs))
        else:
            values.append(result.stats.elapsed_seconds * unit.per_second)
    return values


def metric_texts(rows: list[ComparisonRow | None], metric: int) -> list[str]:
    """Each bar's label, as the table writes it (``60.6 µs``); empty without a result."""
    return [figure_cells(row)[metric] if row is not None else "" for row in rows]


def position_text(board: Board, names: SideNames = BOARD_NAMES) -> str:
    """'the empty board' or 'after 3 moves, the last by O at row 2, column 2' (``names``
    writes the player, as the game's seating and marks say)."""
    tr = QCoreApplication.translate
    if board.ply == 0:
        return tr("ComparisonDock", "the empty board")
    last = Move.from_index(board.history[-1], board.config.cols)
    mover = names.name_of_side((board.ply - 1) & 1)
    return tr("ComparisonDock", "after {0} moves, the last by {1} at {2}").format(board.ply, mover, move_text(last))


def note_text(row: ComparisonRow, estimate: SizeEstimate | None, cap_seconds: float) -> str:
    """A few words for the row's note cell; the tooltip has the full message."""
    tr = QCoreApplication.translate
    if row.status == "done":
        text = row.variant.short if row.message == row.variant.explanation else row.message
        result = row.result
        if result is not None and not result.exact and result.stats.depth:
            # A heuristic value means little without the depth it was read at.
            text = tr("ComparisonDock", "depth {0}: {1}").format(result.stats.depth, text)
        return text
    if row.status == "refused" and estimate is not None:
        if not row.variant.pruning:
            seconds = estimate.minimax_seconds
        else:
            seconds = estimate.best_case_alphabeta_seconds
        return tr("ComparisonDock", "refused: it would take {0} (hover for why)").format(estimate.about(seconds))
    if row.status == "capped":
        return tr("ComparisonDock", "stopped at the {0:g} s cap: partial numbers").format(cap_seconds)
    return f"{row.status}: {row.message}"


def options_text(options: TextbookOptions) -> str:
    """The options in the options bar's words: ``ordering: centre, scoring: textbook, ...``;
    the ordering names the textbook rows that run with another one (the Alpha-beta
    baseline keeps reading order, and Minimax when the table ordering needs a table)."""
    tr = QCoreApplication.translate
    words = choices_text(options)
    others: dict[str, list[str]] = {}  # ordering -> the rows that use it instead
    for variant in VARIANTS:
        used = variant.options_for(options)
        if used is not None and used.ordering != options.ordering and variant.skip_reason(options) is None:
            others.setdefault(used.ordering, []).append(tr("ComparisonDock", variant.label))
    if others:
        also = "; ".join(
            tr("ComparisonDock", "{0} for {1}").format(ordering, tr("ComparisonDock", " and ").join(rows))
            for ordering, rows in others.items()
        )
        words[0] = f"{words[0]} ({also})"
    return ", ".join(words)


def options_caption(options: TextbookOptions) -> str:
    """The line that says which options the textbook rows' numbers come from."""
    return QCoreApplication.translate(
        "ComparisonDock", "Textbook rows: {0}. The engine rows run the engine's own searches."
    ).format(options_text(options))
