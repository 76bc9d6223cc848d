"""Readable text for the terminal: boards with values, reports, tables."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tictactoe_qt.engine.game import Board, Move, cell_text, column_number, line_text, row_number
from tictactoe_qt.engine.play import PlayerTotals, SimulationSummary
from tictactoe_qt.engine.teaching import READING_ORDER, equal_best, tie_note
from tictactoe_qt.engine.text import (
    BADGE_KEY,
    BOARD_NAMES,
    PLIES,
    duration_text,
    forced_outcome,
    heuristic_badge,
    heuristic_text,
    outcome_badge,
    outcome_text,
    plies_text,
    status_text,
)

from .share_interval import interval_text


def seconds_text(seconds: float | None) -> str:
    """``seconds`` in a fitting unit (``12.3 µs``, ``4.56 ms``, ``1.23 s``), ``n/a`` for none."""
    return duration_text(seconds)


def number_text(value: float | int | None, digits: int = 2) -> str:
    """Thousands separators for whole numbers, ``digits`` decimals otherwise."""
    if value is None:
        return "n/a"
    if isinstance(value, int):
        return f"{value:,}"
    return f"{value:,.{digits}f}"


def board_grid(board: Board, labels: Mapping[tuple[int, int], str] | None = None) -> list[str]:
    """The board as rows of text, marks as ``X``/``O`` and empty cells as ``·``.

    Rows and columns are numbered from 1, as :func:`cell_text` names cells.

    Args:
        board: the position.
        labels: text to show on some empty cells instead of ``·``.
    """
    labels = labels or {}
    rows, cols = board.config.rows, board.config.cols
    width = max([1, *(len(text) for text in labels.values())]) + 2
    lines = ["   " + "".join(f"{column_number(c):>{width}}" for c in range(cols))]
    for r in range(rows):
        cells = []
        for c in range(cols):
            mark = board.mark_at(r, c)
            cells.append(mark.upper() if mark else labels.get((r, c), "·"))
        lines.append(f"{row_number(r):>3}" + "".join(f"{text:>{width}}" for text in cells))
    return lines


def result_text(result: str | None, plies: int | None) -> str:
    """``"X wins in 3 plies"``, ``"draw in 6 plies"`` (as ``analyze`` and the window
    write them), or ``"unknown"``."""
    if result is None:
        return "unknown"
    if plies is None and result != "draw":
        return f"{BOARD_NAMES.name(result)} wins"  # textbook scores say who wins, not when
    return outcome_text(result, plies)


def cell_value(move: Mapping[str, Any], mover: str) -> str:
    """A short value for one cell (see :mod:`~tictactoe_qt.engine.text.value_notation`):
    ``X3``, ``D``, a heuristic score such as ``+1.2k`` (``mover``'s view, ``X7`` when it is
    a forced win), or ``?`` when never valued."""
    if move["result"] is not None or move.get("score") is None:
        return outcome_badge(move["result"], move["plies"])
    return heuristic_badge(move["score"], mover)


def position_value(data: Mapping[str, Any]) -> str:
    """What perfect play gives from an analysed position: exact, a forced win or loss the
    search proved, or unknown with the best guess."""
    if data["exact"]:
        return f"{outcome_text(data['result'], data['plies'])} (exact)"
    mover, score = data["to_move"], data["score"]
    if score is None:
        return "unknown (nothing finished in the time budget)"
    decided = forced_outcome(score, mover)
    # A forced loss holds for the position only if every move was searched (and lost).
    if decided is not None and (
        decided[0] == mover
        or all(move["result"] is not None or move.get("score") is not None for move in data["moves"])
    ):
        return heuristic_text(score, mover, data["depth"])
    return f"unknown; best guess {heuristic_text(score, mover, data['depth'])}, searched within the time budget"


def analysis_text(board: Board, data: Mapping[str, Any]) -> str:
    """One analysed board: status, value, best move and a grid of move values."""
    size = f"{board.config.rows}x{board.config.cols}, k={board.config.k}"
    lines = [f"{data['board']}  ({size})"]
    if data["status"] != "ongoing":
        lines.append(f"  game over: {status_text(data['status'])}")
        lines.extend("  " + row for row in board_grid(board))
        return "\n".join(lines)
    mover = data["to_move"]
    lines.append(f"  {BOARD_NAMES.name(mover)} to move; perfect play: {position_value(data)}")
    labels = {(move["cell"][0], move["cell"][1]): cell_value(move, mover) for move in data["moves"]}
    best = data["best"]
    if best is not None:
        labels[(best[0], best[1])] += "*"
        lines.append(f"  best move: {cell_text(best[0], best[1])} (marked *{_analysis_tie(data['moves'], best)})")
    lines.extend("  " + row for row in board_grid(board, labels))
    lines.append(f"  cell values: {BADGE_KEY}")
    if (
        not data["exact"]
        and data.get("depth") is not None
        and any(
            move.get("score") is not None and forced_outcome(move["score"], mover) is None for move in data["moves"]
        )
    ):
        lines.append(
            f"  scores: heuristic, for {mover.upper()}, all from one search "
            f"{plies_text(data['depth'])} deep (comparable)"
        )
    return "\n".join(lines)


def _analysis_tie(moves: list[dict[str, Any]], best: list[int]) -> str:
    """``"; one of 9 equal moves; ties go to the first in reading order"`` (analyze keeps
    the first top score in reading order), or ``""`` when the best move stands alone."""

    def worth(move: Mapping[str, Any]) -> tuple[Any, ...]:
        return (move.get("result"), move.get("plies"), move.get("score"))

    chosen = next((worth(move) for move in moves if list(move["cell"]) == list(best)), None)
    if chosen is None or chosen == (None, None, None):
        return ""
    note = tie_note(equal_best((worth(move) for move in moves), chosen), READING_ORDER)
    return f"; {note}" if note else ""


def summary_text(summary: SimulationSummary) -> str:
    """The ``simulate`` report: the seed simulator's figures plus nodes per move."""
    x_player, o_player = summary.players
    config = summary.config
    lines = [
        f"{summary.games:,} games of {x_player.spec} (X) vs {o_player.spec} (O) "
        f"on {config.rows}x{config.cols}, k={config.k}, seed {summary.seed}"
        + (" (stopped early)" if summary.cancelled else "")
    ]
    if summary.swap:
        lines.append(
            "  --swap: the players took turns at moving first and kept their marks;"
            f" the first mover won {summary.first_mover_wins:,}"
            f" ({summary.share(summary.first_mover_wins):.2f}%)."
        )
    lines.append("")
    for label, count in (("X wins", summary.x_wins), ("O wins", summary.o_wins), ("Draws", summary.draws)):
        lines.append(f"  {label:<8}{count:>12,}  ({summary.share(count):.2f}%; {interval_text(count, summary.games)})")
    lines += forfeit_lines(summary.forfeits, summary.forfeit_reasons)
    lines.append("")
    name_x = f"{short_name(x_player.spec)} (--x)"
    name_o = f"{short_name(o_player.spec)} (--o)"
    width = max(len(name_x), len(name_o), 12) + 2
    lines.append(f"  {'per player':<28}{name_x:>{width}}{name_o:>{width}}")
    rows: Sequence[tuple[str, str, str]] = (
        ("wins", number_text(x_player.wins), number_text(o_player.wins)),
        ("average move time", seconds_text(x_player.avg_move_seconds), seconds_text(o_player.avg_move_seconds)),
        ("average own moves to win", number_text(x_player.avg_moves_to_win), number_text(o_player.avg_moves_to_win)),
        ("average nodes per move", nodes_per_move_text(x_player), nodes_per_move_text(o_player)),
    )
    for label, left, right in rows:
        lines.append(f"  {label:<28}{left:>{width}}{right:>{width}}")
    lines.append("")
    rate = summary.games / summary.elapsed_seconds if summary.elapsed_seconds else 0.0
    rate_text = f"{rate:,.0f}" if rate >= 100 else f"{rate:.3g}"
    workers = f"{summary.workers} worker" + ("s" if summary.workers > 1 else "")
    lines += [
        f"  {'average game time (moves only)':<32}{seconds_text(summary.avg_game_seconds)}",
        f"  {'average game length':<32}{number_text(summary.avg_game_length)} {PLIES}",
        f"  {'elapsed':<32}{seconds_text(summary.elapsed_seconds)} ({rate_text} games/s, {workers})",
    ]
    return "\n".join(lines)


def nodes_per_move_text(player: PlayerTotals) -> str:
    """A player's average nodes per move, or ``not reported`` (engines and plugins give none)."""
    return number_text(player.avg_nodes_per_move, 1) if player.nodes_reported else "not reported"


def short_name(spec: str, limit: int = 30) -> str:
    """A player's spec cut for a table column (an engine's long path keeps its end)."""
    return spec if len(spec) <= limit else "…" + spec[-(limit - 1) :]


def forfeit_lines(forfeits: int, reasons: Mapping[str, int]) -> list[str]:
    """``Forfeits`` and one line per reason (with how often), or nothing without forfeits."""
    if not forfeits:
        return []
    lines = [f"  {'Forfeits':<8}{forfeits:>12,}  (games lost by breaking the rules)"]
    for reason, count in sorted(reasons.items(), key=lambda item: -item[1]):
        lines.append(f"    {count:>6,} x  {reason}")
    shown = sum(reasons.values())
    if shown < forfeits:
        lines.append(f"    {forfeits - shown:>6,} x  (other reasons)")
    return lines


def position_text(board: Board) -> str:
    """The board string for small boards, a short description for big ones."""
    config = board.config
    size = f"{config.rows}x{config.cols}, k={config.k}"
    if config.cells <= 36:
        return f"{board.notation()} ({size})"
    stones = "empty" if board.ply == 0 else "1 stone" if board.ply == 1 else f"{board.ply:,} stones"
    return f"a {size} board, {stones}"


def search_score_text(data: Mapping[str, Any], mover: str) -> str:
    """A score that is not a proven result, for the side that ``analyze`` names too:
    ``"+908 for X (heuristic, depth 8)"``; MCTS's is its mean playout result."""
    score, name = data["score"], BOARD_NAMES.name(mover)
    if data["algorithm"] == "random":
        return "none (random play does not score moves)"
    if data["algorithm"] == "mcts":
        return f"{score:+.1f} for {name} (mean playout result, from -100 to +100)"
    if data["depth"] is None:
        return f"{score:+g} for {name} (heuristic)"
    return heuristic_text(score, mover, data["depth"])


def search_text(board: Board, data: Mapping[str, Any]) -> str:
    """One decision with its statistics."""
    lines = [f"{data['algorithm']} on {position_text(board)}, {BOARD_NAMES.name(board.turn)} to move"]
    move = data["move"]
    tie = f" ({data['tie_note']})" if data.get("tie_note") else ""
    lines.append(f"  move         {'none' if move is None else cell_text(move[0], move[1])}{tie}")
    if data["exact"]:
        lines.append(f"  value        {result_text(data.get('result'), data.get('plies'))} (exact)")
    elif forced_outcome(data["score"], board.turn) is not None:
        lines.append(f"  value        {heuristic_text(data['score'], board.turn, data['depth'])}")
    else:
        lines.append(f"  score        {search_score_text(data, board.turn)}")
    if data["depth"] is not None:
        depth = plies_text(data["depth"])
    else:
        depth = "to the end of the game" if data["exact"] else "n/a"
    if data["nodes"] is None:  # an engine or plugin: it says nothing of how it searched
        lines += [f"  {label:<12} not reported" for label in ("nodes", "depth", "cut-offs", "table hits")]
    else:
        lines += [
            f"  nodes        {data['nodes']:,}",
            f"  depth        {depth} (deepest ply reached {data['max_ply']})",
            f"  cut-offs     {data['cutoffs']:,}",
            f"  table hits   {data['tt_hits']:,}",
        ]
    lines += [
        f"  time         {seconds_text(data['elapsed_seconds'])}",
        "  best line    " + (line_text(Move(r, c) for r, c in data["pv"]) or "none"),
    ]
    return "\n".join(lines)


def facts_text(
    title: str, data: Mapping[str, Any], label_of: Callable[[str], str] = lambda key: key.replace("_", " ")
) -> str:
    """``label value`` lines, each key as ``label_of`` words it, numbers with separators."""
    lines = [title]
    labels = {key: label_of(key) for key in data}
    width = max(len(text) for text in labels.values()) + 2
    for key, value in data.items():
        label = f"  {labels[key]:<{width}}"
        if isinstance(value, (list, tuple)):
            lines.append(label + "  ".join(number_text(v) for v in value))
        elif isinstance(value, (int, float)):
            lines.append(label + f"{number_text(value):>12}")
        else:
            lines.append(label + f"{value!s:>12}")
    return "\n".join(lines)
