"""Which positions may be solved exactly, and what to expect: one rule for the command line
and the window.

Two thresholds, both counted in empty cells (the only size every shape shares):

* Past :data:`EXACT_MAX_EMPTY` an exact solve is refused, with an estimate of the
  game tree's size (:func:`exact_size_estimate`).
* Past :data:`MEASURED_QUICK_EMPTY` it is allowed but starts with a plain-words
  warning (:func:`long_solve_note`): no position that large has been measured to
  finish, and some run until cancelled.

Measured on the development machine (2 cores, quiet, CPU), 2026-11-24, an exact
solve of the empty board, no cache:

=========  ====  ===========  ===================
board      k     empty cells  time
=========  ====  ===========  ===================
4x4        4     16           1.3 ms
5x4        4     20           10 ms
5x5        4     25           0.28 s
6x5        4     30           0.85 s
6x6        4     36           0.52 s (a quick X win)
7x7        5     49           ran until cancelled
8x8        5     64           ran until cancelled
=========  ====  ===========  ===================

The note's rule is the measurement and nothing more: more empty cells than the
largest board measured to finish (36) gets the note. A larger position may
still finish fast (a quick forced win, or an answer from the cache of solved
positions), which is why the note says "may"; it gives no time it cannot back.
"""

from __future__ import annotations

import math

from ..game.board import Board

#: Exact solving is refused past this many empty cells: the proof could take ages.
EXACT_MAX_EMPTY = 64
#: The most empty cells of a position measured to finish an exact solve quickly
#: (the empty 6x6 board, k=4, 0.52 s; see the table above).
MEASURED_QUICK_EMPTY = 36
#: The stop hint the window's note ends with (the strip has a Cancel button).
CANCEL_HINT = "Cancel any time."


def exact_size_estimate(board: Board) -> int | None:
    """``None`` when ``board`` may be solved exactly; otherwise the power of ten of the
    lines of play an exact search could have to look at (``empty!``), for the refusal."""
    empty = board.empty.bit_count()
    if empty <= EXACT_MAX_EMPTY:
        return None
    return int(math.lgamma(empty + 1) / math.log(10))


def beyond_measured(board: Board) -> bool:
    """True when ``board`` has more empty cells than any position measured to finish an
    exact solve quickly (:data:`MEASURED_QUICK_EMPTY`)."""
    return board.empty.bit_count() > MEASURED_QUICK_EMPTY


def long_solve_note(board: Board, stop_hint: str = CANCEL_HINT, *, brief: bool = False) -> str | None:
    """One line warning that an exact solve of ``board`` may run for hours, or ``None``.

    ``None`` when the position is within what has been measured to finish quickly, and
    also when it is past :data:`EXACT_MAX_EMPTY` (that is refused, with its own text).

    Args:
        board: the position about to be solved.
        stop_hint: how the user stops the solve where the note is shown, ending the line
            (the window's Cancel button by default; the command line names Ctrl+C).
        brief: without the measured sizes, for where the whole note does not fit.

    >>> from tictactoe_qt.engine import GameConfig
    >>> long_solve_note(Board(GameConfig(5, 5, 4))) is None
    True
    >>> print(long_solve_note(Board(GameConfig(7, 7, 5))))
    This may run for hours: 49 empty cells, more than any measured to finish \
(up to 36 cells, under a second). Cancel any time.
    >>> print(long_solve_note(Board(GameConfig(7, 7, 5)), brief=True))
    This may run for hours: 49 empty cells, more than any measured to finish. \
Cancel any time.
    """
    empty = board.empty.bit_count()
    if not beyond_measured(board) or empty > EXACT_MAX_EMPTY:
        return None
    # The news first, so a note cut short in a narrow window still says it.
    measured = "" if brief else f" (up to {MEASURED_QUICK_EMPTY} cells, under a second)"
    return (
        f"This may run for hours: {empty} empty cells, more than any measured to finish{measured}. {stop_hint}"
    ).rstrip()
