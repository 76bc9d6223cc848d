"""Work around PySide6 6.12 ``SignalInstance.emit()`` losing a reference to ``True``.

``emit()`` returns ``True`` without owning a reference to it, so on Python
3.11 every emit lowers ``True``'s reference count by one. After a few thousand
emits (one busy batch or a long session) Python aborts with "Fatal Python
error: bool_dealloc: deallocating True or False". Python 3.12+ makes ``True``
immortal, which hides the bug. The guard detects the leak once and gives
``True`` a huge spare reference count; ``True`` is never freed anyway.
"""

from __future__ import annotations

import ctypes
import sys

from PySide6.QtCore import QObject, Signal

#: Enough spare references for any run (one lost per emit).
SPARE_REFERENCES = 1 << 40
_PROBE_EMITS = 8
_guarded = False


class _Probe(QObject):
    fired = Signal()


def emit_leaks_true() -> bool:
    """Whether ``emit()`` drops a reference to ``True`` in this PySide build."""
    probe = _Probe()
    before = sys.getrefcount(True)
    for _ in range(_PROBE_EMITS):
        probe.fired.emit()
    return sys.getrefcount(True) < before


def guard_emit_refcount() -> None:
    """Apply the workaround once per process, only where the leak is real."""
    global _guarded
    if _guarded or sys.implementation.name != "cpython":
        return
    _guarded = True
    if emit_leaks_true():
        # ob_refcnt is the first field of every CPython object header.
        ctypes.c_ssize_t.from_address(id(True)).value += SPARE_REFERENCES
