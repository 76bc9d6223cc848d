"""The runs a window keeps, as plain data (no Qt here): numbering, which are unsaved, their names.

A kept run is a finished simulation batch or a watched series (games played
on the board). The stats controller adds and removes runs; the run list and
the close question read them. Each run gets the next number when it is kept
(``#1``, ``#2``…); numbers are never reused in one window.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .run_data import RunData

#: Charts and report show at most this many runs at once.
MAX_SHOWN_RUNS = 6


class KeptRuns:
    """The kept runs of one window, newest first."""

    def __init__(self) -> None:
        self._runs: dict[int, RunData] = {}  # in the order kept: oldest first
        self._next_number = 1

    def __len__(self) -> int:
        return len(self._runs)

    @property
    def next_number(self) -> int:
        """The number the next kept run will get."""
        return self._next_number

    def add(self, run: RunData) -> None:
        """Keep ``run``, giving it the next number."""
        run.number = self._next_number
        self._next_number += 1
        self._runs[run.number] = run

    def remove(self, numbers: Iterable[int]) -> list[RunData]:
        """Forget the runs numbered ``numbers`` (unknown numbers are ignored); returns those forgotten."""
        return [run for run in (self._runs.pop(number, None) for number in numbers) if run is not None]

    def clear(self) -> list[RunData]:
        """Forget every run; returns them."""
        runs = self.runs()
        self._runs.clear()
        return runs

    def get(self, number: int) -> RunData | None:
        return self._runs.get(number)

    def runs(self) -> list[RunData]:
        """Every kept run, newest first."""
        return list(reversed(self._runs.values()))

    def latest(self) -> RunData | None:
        return next(reversed(self._runs.values()), None)

    def unsaved(self) -> list[RunData]:
        """The runs not yet written to any file (closing the window would lose them), newest first."""
        return [run for run in self.runs() if not run.saved]

    def recovered_unsaved(self) -> list[RunData]:
        """The runs brought back from the last session that are still unsaved, newest first."""
        return [run for run in self.unsaved() if run.recovered]

    @staticmethod
    def mark_saved(runs: Iterable[RunData]) -> None:
        """Note that ``runs`` were written to the user's files."""
        for run in runs:
            run.saved = True


def runs_in_words(runs: Sequence[RunData]) -> str:
    """``runs`` counted as people say it, for "Save … before closing?": "the simulation
    run", "the 2 simulation runs and 2 watched series", "the simulation run and the
    watched series" (a batch is a simulation run; games watched on the board are a
    watched series).
    """
    watched = sum(1 for run in runs if run.watched)
    counts = ((len(runs) - watched, "simulation run", "simulation runs"), (watched, "watched series", "watched series"))
    parts = [f"the {one}" if count == 1 else f"{count} {many}" for count, one, many in counts if count]
    words = " and ".join(parts)
    return words if words.startswith("the ") or not words else f"the {words}"
