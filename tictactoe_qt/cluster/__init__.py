"""Batches on a Dask cluster (the optional ``cluster`` extra: ``distributed``).

Nothing here is imported by the core program until ``--cluster`` (or the
window's "Run on: Dask cluster") asks for it, so the core install stays free
of Dask. The chunks are the batch runner's own (:mod:`tictactoe_qt.engine.play.batch`):
a chunk depends only on (seed, game indices), so any worker may play it, and
Dask may play it again when a worker is lost, without changing the totals.
"""

from __future__ import annotations

from typing import Any

#: One line for people without the extra.
INSTALL_HINT = "--cluster needs Dask's scheduler: pip install 'tictactoe-qt[cluster]'"


class ClusterError(RuntimeError):
    """The cluster cannot run the batch (unreachable, wrong versions, a missing engine)."""


class ClusterLost(ClusterError):
    """The cluster stopped serving mid-run (its scheduler or every worker went away, or a
    chunk failed); ``partial`` is the summary or table of the games finished before."""

    def __init__(self, message: str, partial: Any = None) -> None:
        super().__init__(message)
        self.partial = partial


class ClusterUnavailable(ClusterError):
    """``distributed`` is not installed here."""

    def __init__(self) -> None:
        super().__init__(INSTALL_HINT)


def require_distributed() -> None:
    """Raise :class:`ClusterUnavailable` unless ``distributed`` can be imported."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise ClusterUnavailable() from None
