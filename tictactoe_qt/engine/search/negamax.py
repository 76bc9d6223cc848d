"""One search call's state over a position, for the iterations of :mod:`.perfect`.

See :mod:`.negamax_core` for the search itself.
"""

from __future__ import annotations

from ..search_result import ShouldStop
from .negamax_core import INFINITY, SearchAborted, build_negamax
from .pattern_eval import PatternTables, accumulator_of, line_codes
from .transposition import SymmetryKeys, TranspositionTable

__all__ = ["INFINITY", "NegamaxRun", "SearchAborted"]


class NegamaxRun:
    """Incremental search state for one position; :meth:`search` runs one iteration.

    After :class:`SearchAborted` the state is inconsistent: build a new run.
    """

    def __init__(
        self,
        tables: PatternTables,
        keys: SymmetryKeys,
        table: TranspositionTable,
        x_bits: int,
        o_bits: int,
        *,
        neighbourhood: tuple[int, ...] | None,
        root_cells: int,
        deadline: float,
        should_stop: ShouldStop,
    ) -> None:
        self.x_bits, self.o_bits = x_bits, o_bits
        self.side = ((x_bits | o_bits).bit_count()) & 1
        codes = line_codes(tables, x_bits, o_bits)
        threat_lines = [
            {line for line, code in enumerate(codes) if code == threat_code} for threat_code in tables.threat_code
        ]
        near = 0
        if neighbourhood is not None:
            stones = x_bits | o_bits
            while stones:
                low = stones & -stones
                near |= neighbourhood[low.bit_length() - 1]
                stones ^= low
        self.counters = [0, 0, 0, 0, 0]  # nodes, cutoffs, tt_hits, max_ply, horizon
        self._search = build_negamax(
            tables,
            keys,
            table,
            codes,
            threat_lines,
            accumulator_of(tables, codes),
            keys.pack(x_bits, o_bits),
            near,
            neighbourhood,
            root_cells,
            deadline,
            should_stop,
            self.counters,
        )

    @property
    def nodes(self) -> int:
        return self.counters[0]

    def search(
        self, depth: int, alpha: int = -INFINITY, beta: int = INFINITY, as_reply: bool = False
    ) -> tuple[int, int, bool]:
        """One iteration to ``depth``: ``(score, best cell, complete)``.

        ``complete`` means no horizon, table bound or candidate limit was
        involved. A complete score strictly inside ``(alpha, beta)`` is the
        game-theoretic value; outside it, it is only a bound.

        ``as_reply`` searches the position the way the parent's search sees it
        one ply below its root (the same move limits and table use), so the
        values of a root's moves searched one by one compare with each other
        and with a search of the root. The best cell is then unknown (-1).

        Raises:
            SearchAborted: time ran out or ``should_stop`` said so.
        """
        me, opp = (self.x_bits, self.o_bits) if self.side == 0 else (self.o_bits, self.x_bits)
        before = self.counters[4]
        score, move = self._search(me, opp, self.side, depth, alpha, beta, int(as_reply))
        return score, move, self.counters[4] == before
