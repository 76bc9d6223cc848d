"""What must not change between runs of the same batch: everything but the clocks."""

from __future__ import annotations

from typing import Any

#: Keys of ``SimulationSummary.as_dict`` that measure time or the machine, not the games.
CLOCKS = {"avg_move_seconds", "avg_game_seconds", "elapsed_seconds", "workers"}


def totals(report: dict[str, Any]) -> dict[str, Any]:
    """``report`` (a summary's ``as_dict`` or ``--json`` output) without times."""
    return {
        key: totals(value) if isinstance(value, dict) else value for key, value in report.items() if key not in CLOCKS
    }
