"""The stop request a pool shares with its workers: bytes of shared memory, no lock."""

from __future__ import annotations

import ctypes
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from multiprocessing.context import BaseContext


class StopFlag:
    """A stop request shared with worker processes: bytes of shared memory, no lock.

    Setting and reading a single byte is atomic, so nothing can be left held
    by a worker that dies (a ``multiprocessing.Event`` is lock-backed: a worker
    killed while it held that lock left the parent waiting forever in ``set()``).
    Pass it to workers when they start (initializer arguments), as with any
    shared memory. Besides the stop request it holds a second, stronger one,
    :meth:`abandon`: the pool broke, leave at once.
    """

    def __init__(self, context: BaseContext) -> None:
        self._byte: Any = context.RawValue(ctypes.c_ubyte, 0)
        self._abandoned: Any = context.RawValue(ctypes.c_ubyte, 0)

    def set(self) -> None:
        self._byte.value = 1

    def clear(self) -> None:
        self._byte.value = 0
        self._abandoned.value = 0

    def is_set(self) -> bool:
        return bool(self._byte.value)

    def abandon(self) -> None:
        """The pool is broken (a worker died): the others leave, not just stop.

        Their queues' locks may be held by the dead worker, so a survivor that
        finished its chunk could wait on them forever; the pool's
        ``terminate()`` (a stop in a worker, see :func:`~.workers.prepare_worker`)
        no longer ends it.
        """
        self._byte.value = 1
        self._abandoned.value = 1

    def is_abandoned(self) -> bool:
        return bool(self._abandoned.value)
