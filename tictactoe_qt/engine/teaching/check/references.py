"""The searches a student's trace is held against: the textbook's, its orderings, and the
variants students write by mistake, each one :func:`..trace.event_stream.textbook_run`
with options (never a second search)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ...players.textbook_options import TextbookOptions
from ..trace import board_space, tree_space
from ..trace.event_stream import Event, SearchCounts, count_search, trace_events
from .cases import Case
from .following import FollowingSpace, Parted
from .games import CallRecord

ALGORITHM_WORDS = {"minimax": "textbook minimax", "alphabeta": "textbook alpha-beta"}
CHECKED_ALGORITHMS = tuple(ALGORITHM_WORDS)
#: The orderings a student may use besides reading order (named as the options name them).
ORDERINGS = ("centre", "wins")
NO_PRUNING = "plain minimax (alpha-beta with no pruning visits the same nodes)"


@dataclass(frozen=True)
class Candidate:
    """One search to compare with: its name in words, and whether matching it passes."""

    name: str
    algorithm: str
    options: TextbookOptions
    depth: int | None
    passes: bool

    def space(self, case: Case) -> Any:
        """The tree this search walks on ``case``."""
        if case.tree is not None:
            return tree_space(case.parsed_tree(), self.algorithm, self.options)
        return board_space(case.position(), self.algorithm, self.options, self.depth)

    def counts(self, case: Case) -> SearchCounts:
        """Nodes, value and move of this search on ``case`` (no events built)."""
        return count_search(self.space(case), self.algorithm, self.options)

    def follows(self, case: Case, record: CallRecord, whole: bool) -> tuple[SearchCounts, bool]:
        """Counts as :meth:`counts`, and whether this search enters and evaluates exactly what
        ``record`` holds (see :mod:`.following`); unless ``whole``, the search stops where it
        parts from the record (its counts then are only so far)."""
        space = FollowingSpace(self.space(case), record, stop=not whole)
        counts = SearchCounts()
        try:
            count_search(space, self.algorithm, self.options, counts=counts)
        except Parted:
            return counts, False
        return counts, space.followed()

    def events(self, case: Case) -> Iterator[Event]:
        """This search's trace on ``case``, lazily."""
        return trace_events(self.space(case), self.algorithm, self.options)


def candidates(case: Case, algorithm: str) -> list[Candidate]:
    """The textbook search for ``algorithm`` first, then its orderings, then the variants."""
    words = ALGORITHM_WORDS[algorithm]
    depth = case.depth
    found = [Candidate(words, algorithm, TextbookOptions(), depth, True)]
    if case.tree is None:
        found += [
            Candidate(f"{words}, ordering {ordering}", algorithm, TextbookOptions(ordering=ordering), depth, True)
            for ordering in ORDERINGS
        ]
    if algorithm == "alphabeta":
        restart = TextbookOptions(root_window_restart=True)
        strict = TextbookOptions(strict_pruning=True)
        found += [
            Candidate(f"{words} with the {restart.window_rules()[0]}", algorithm, restart, depth, False),
            Candidate(f"{words} that {strict.window_rules()[0]} (v > β, v < α)", algorithm, strict, depth, False),
            Candidate(NO_PRUNING, "minimax", TextbookOptions(), depth, False),
        ]
    else:
        found.append(
            Candidate(
                "textbook alpha-beta (where plain minimax was asked)", "alphabeta", TextbookOptions(), depth, False
            )
        )
    if depth is not None:
        found.append(
            Candidate(
                f"{words} with the depth limit off by one (stops at ply {depth + 1}, not {depth})",
                algorithm,
                TextbookOptions(),
                depth + 1,
                False,
            )
        )
        if depth > 1:
            found.append(
                Candidate(
                    f"{words} with the depth limit off by one (stops at ply {depth - 1}, not {depth})",
                    algorithm,
                    TextbookOptions(),
                    depth - 1,
                    False,
                )
            )
    return found
