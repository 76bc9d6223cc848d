"""The textbook settings of a traced search, shared by the CLI, the stepper and the views.

One frozen value says everything that changes what a search visits, so the same
choices give the same node counts wherever they are used, and every number can be
labelled with the options that produced it (:meth:`TextbookOptions.label`).

* ``ordering``: the order moves are tried in.

  * ``none``: reading order, row by row, left to right.
  * ``centre``: centre first (nearest the centre first, ties in reading order).
  * ``wins``: moves that win at once, then moves that block the opponent's
    immediate win, then the rest in reading order.
  * ``table``: the transposition table's best move first, then reading order
    (alpha-beta with a table only).

  An ordering only reorders moves: none of them narrows the window.
* ``scoring``: ``textbook`` (+1 win, 0 draw, -1 loss, as course code scores) or
  ``distance`` (a sooner win scores higher: ``WIN_SCORE - plies``, the engine's scores).
* ``evaluation``: the value of a position at the depth limit: ``zero`` or
  ``open-lines`` (E(n) = M(n) - O(n), :mod:`..search.evaluation`). With textbook scoring
  E(n) can exceed a win's +1, exactly as in course code that mixes the two
  (:func:`estimates_can_outrank_wins` says when, :data:`ESTIMATE_NOTE` says so in words).
* ``form``: ``textbook`` (the max-value/min-value functions of the standard AI
  textbook: a max node returns as soon as v >= beta, a min node as soon as
  v <= alpha, and the root's first moves widen alpha) or ``negamax`` (one function,
  values from the side to move, the engine's form). Both visit the same nodes.

Four switches change the window, each off by default (the textbook search). The
student-checking views need the first three to reproduce common variants:

* ``root_window_restart``: every root move is searched with the full window
  (-inf, +inf), as course code that calls alpha-beta once per root move does:
  30,710 nodes from the empty 3x3 board instead of 18,297.
* ``strict_pruning``: prune only when the value passes the bound (v > beta at
  MAX, v < alpha at MIN), not when it reaches it.
* ``pruning`` off: alpha-beta keeps its window (and its events) but never prunes.
* ``capped_window``: beta starts at the best score the side to move could still
  reach (a win with its next move), so a node returns as soon as it finds that
  win. The engine's alpha-beta does this; it is a window rule, not an ordering.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..excerpt import excerpt

ORDERINGS = ("none", "centre", "wins", "table")
SCORINGS = ("textbook", "distance")
EVALUATIONS = ("zero", "open-lines")
FORMS = ("textbook", "negamax")
#: Each option's name and its choices, in the order the options are written.
CHOICES: dict[str, tuple[str, ...]] = {
    "ordering": ORDERINGS,
    "scoring": SCORINGS,
    "evaluation": EVALUATIONS,
    "form": FORMS,
}
#: The searches that can be traced; ``alphabeta-tt`` keeps a transposition table.
ALGORITHMS = ("minimax", "alphabeta", "alphabeta-tt")


#: Why a textbook search with open-lines estimates may pass a win by, in plain words
#: (the CLI prints it as a note; the views show it, or :data:`ESTIMATE_NOTE_SHORT`
#: with this in a tooltip).
ESTIMATE_NOTE = (
    "Textbook scoring counts a win as +1, and E(n) can be larger: at this depth limit the "
    "search may prefer an estimate to a win, as course code that mixes the two does. "
    "Choose scoring: distance to rank every win first."
)
#: :data:`ESTIMATE_NOTE` in a few words, for a view's one-line caption.
ESTIMATE_NOTE_SHORT = "At this depth limit an estimate E(n) can outrank a win (+1)."


class OptionsError(ValueError):
    """A setting that is not one of the choices (one line, quoting the input)."""


@dataclass(frozen=True)
class TextbookOptions:
    """How a traced search orders moves, scores ends, evaluates cut-offs and is written."""

    ordering: str = "none"
    scoring: str = "textbook"
    evaluation: str = "open-lines"
    form: str = "textbook"
    root_window_restart: bool = False
    strict_pruning: bool = False
    pruning: bool = True
    capped_window: bool = False

    def __post_init__(self) -> None:
        for name, choices in CHOICES.items():
            value = getattr(self, name)
            if value not in choices:
                raise OptionsError(f"unknown {name} {excerpt(value)}; choose from {', '.join(choices)}")

    @classmethod
    def parse(
        cls,
        ordering: str | None = None,
        scoring: str | None = None,
        evaluation: str | None = None,
        form: str | None = None,
    ) -> TextbookOptions:
        """Options from user text (any case, spaces trimmed); ``None`` keeps the default.

        Raises:
            OptionsError: a value that is not one of the choices.
        """
        default = cls()
        return cls(
            ordering=_clean(ordering, default.ordering),
            scoring=_clean(scoring, default.scoring),
            evaluation=_clean(evaluation, default.evaluation),
            form=_clean(form, default.form),
        )

    def check_algorithm(self, algorithm: str) -> None:
        """Refuse an algorithm name that is unknown or does not fit these options.

        Raises:
            OptionsError: unknown algorithm, or ``table`` ordering without a table.
        """
        if algorithm not in ALGORITHMS:
            raise OptionsError(f"unknown algorithm {excerpt(algorithm)}; choose from {', '.join(ALGORITHMS)}")
        if self.ordering == "table" and algorithm != "alphabeta-tt":
            raise OptionsError("the table ordering needs a transposition table: use algorithm alphabeta-tt")

    def label(self) -> str:
        """The options in words, for labelling counts: ``ordering none, scoring textbook, ...``."""
        return ", ".join(
            [
                f"ordering {self.ordering}, scoring {self.scoring}, evaluation {self.evaluation}, form {self.form}",
                *self.window_rules(),
            ]
        )

    def window_rules(self) -> list[str]:
        """The window switches that are not the textbook's, in words (empty by default)."""
        rules = [
            (self.root_window_restart, "window restarted at each root move"),
            (self.strict_pruning, "prunes only on strict inequality"),
            (not self.pruning, "no pruning"),
            (self.capped_window, "window capped at the quickest win"),
        ]
        return [words for chosen, words in rules if chosen]

    def as_dict(self) -> dict[str, str]:
        """The four choices (:data:`CHOICES`) as JSON-ready text; the window switches are
        not choices of the views and stay out."""
        return {"ordering": self.ordering, "scoring": self.scoring, "evaluation": self.evaluation, "form": self.form}


def estimates_can_outrank_wins(options: TextbookOptions, depth: int | None, empty_cells: int | None = None) -> bool:
    """Whether a search with ``options`` and the depth limit ``depth`` can rank an estimate
    above a real win.

    Textbook scoring counts a win as +1 while open-lines E(n) = M(n) - O(n) is often 2
    or more, so once the depth limit cuts a line short its estimate can beat a win
    found elsewhere (and a loss can look better than a bad estimate). Distance scoring
    ranks every win above every estimate; zero evaluation never exceeds +1; without a
    depth limit, or with one no shallower than the ``empty_cells`` left (when given),
    nothing is estimated.
    """
    if options.scoring != "textbook" or options.evaluation != "open-lines" or depth is None:
        return False
    return empty_cells is None or depth < empty_cells


def estimate_note(options: TextbookOptions, depth: int | None, empty_cells: int | None = None) -> str:
    """:data:`ESTIMATE_NOTE` when :func:`estimates_can_outrank_wins`, else ``""``."""
    return ESTIMATE_NOTE if estimates_can_outrank_wins(options, depth, empty_cells) else ""


def _clean(text: str | None, default: str) -> str:
    return default if text is None else text.strip().lower()
