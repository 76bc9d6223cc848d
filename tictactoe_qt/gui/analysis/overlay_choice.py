"""What the analysis overlay is set to show: which numbers, how deep, and whether it is on.

The one list of the overlay's views and depth limits: the menus offer them,
the overlay accepts them and the settings store checks stored values against
them (:meth:`~tictactoe_qt.gui.settings_store.SettingsStore.overlay_choice`).
No Qt here.
"""

from __future__ import annotations

from dataclasses import dataclass

from tictactoe_qt.engine.players import VIEW_KINDS

#: What the cells can show: the analysis's values, or a player's view.
VIEWS = ("values",) + VIEW_KINDS
#: The deepest depth limit offered (``None`` is full depth: the exact values).
MAX_DEPTH_LIMIT = 9


def checked_view(view: str) -> str:
    """``view`` when it is one of :data:`VIEWS`.

    Raises:
        ValueError: an unknown view (e.g. one from a newer version).
    """
    if view not in VIEWS:
        shown = view if len(view) <= 24 else view[:23] + "…"
        raise ValueError(f"unknown overlay view {shown!r}; choose from {', '.join(VIEWS)}")
    return view


def checked_depth_limit(depth: int | None) -> int | None:
    """``depth`` when it is ``None`` (full depth) or 1 to :data:`MAX_DEPTH_LIMIT` plies.

    Raises:
        ValueError: any other depth.
    """
    if depth is not None and not 1 <= depth <= MAX_DEPTH_LIMIT:
        raise ValueError(f"the depth limit must be 1 to {MAX_DEPTH_LIMIT} plies or full, got {depth}")
    return depth


@dataclass(frozen=True)
class OverlayChoice:
    """The overlay's view, its values' depth limit and whether it is shown.

    Raises:
        ValueError: a view or depth limit the overlay does not offer.
    """

    view: str = "values"
    depth_limit: int | None = None
    shown: bool = False

    def __post_init__(self) -> None:
        checked_view(self.view)
        checked_depth_limit(self.depth_limit)
