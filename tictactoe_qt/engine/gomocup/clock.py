"""How long the brain may think: the manager's ``INFO`` time limits, turned into a budget."""

from __future__ import annotations

from dataclasses import dataclass

#: The turn limit before the manager says otherwise (milliseconds), as Piskvork's default.
DEFAULT_TURN_MS = 5_000
#: Kept back from every turn for reading, writing and the process switch.
SAFETY_SECONDS = 0.06
#: Share of the turn limit the search may use; the rest absorbs a slow machine.
TURN_SHARE = 0.8
#: The least and most the engine is asked to think, in seconds.
MIN_BUDGET, MAX_BUDGET = 0.02, 60.0


@dataclass
class TimeControl:
    """The limits a manager sets with ``INFO``, in milliseconds (0 = none, as the protocol says).

    ``timeout_turn`` bounds one move; ``timeout_match`` the whole game;
    ``time_left`` is what remains of the match time, sent before each move.
    """

    timeout_turn: int = DEFAULT_TURN_MS
    timeout_match: int = 0
    time_left: int | None = None

    def budget(self, empty_cells: int) -> float:
        """Seconds to think about the next move on a board with ``empty_cells`` empty.

        ``timeout_turn 0`` asks for the fastest answer. With a match limit, the
        time left is shared over the moves the game may still need.
        """
        if self.timeout_turn == 0:
            return MIN_BUDGET
        seconds = self.timeout_turn / 1000 * TURN_SHARE - SAFETY_SECONDS
        if self.timeout_match > 0 and self.time_left is not None:
            moves_left = min(max(empty_cells // 2, 8), 40)
            seconds = min(seconds, self.time_left / 1000 / moves_left - SAFETY_SECONDS)
        return min(max(seconds, MIN_BUDGET), MAX_BUDGET)
