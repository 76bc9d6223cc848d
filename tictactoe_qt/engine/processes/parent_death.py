"""A child that dies with its parent (``PR_SET_PDEATHSIG``) and keeps its orphans
(``PR_SET_CHILD_SUBREAPER``): Linux's ``prctl``, written once here."""

from __future__ import annotations

import ctypes
import signal
import sys

from .group import end_own_descendants

_PR_SET_PDEATHSIG = 1
_PR_SET_CHILD_SUBREAPER = 36


def set_parent_death_signal(signum: int = signal.SIGKILL) -> bool:
    """Ask Linux to send ``signum`` to this process when its parent dies.

    Linux ties this to the *thread* that started the process: start children
    from a thread that outlives them (the one that plays their games).

    Returns:
        False where it is not available (not Linux, an unusual libc).
    """
    return _prctl(_PR_SET_PDEATHSIG, signum)


def keep_orphans() -> bool:
    """Make this process the parent of its orphaned descendants (Linux's child subreaper).

    A process that our child starts and leaves (a double fork, a session of its
    own) then stays below the child while the child runs, so ending the child
    finds it (:func:`~.group.end_group`). For children that run code we do not
    control. Returns False where it is not available.
    """
    return _prctl(_PR_SET_CHILD_SUBREAPER, 1)


def end_all_with_parent() -> bool:
    """When the parent dies, end this process and everything it started (Linux only).

    The parent-death signal becomes SIGTERM, whose handler SIGKILLs this
    process's descendants (in its group or out) and its group: the parent, gone,
    cannot. Call it in the main thread of a child that runs code we do not
    control, after :func:`keep_orphans`. SIGTERM from the parent's own ending of
    the child means the same.
    """
    try:
        signal.signal(signal.SIGTERM, lambda signum, frame: end_own_descendants())
    except ValueError:  # not the main thread: a handler cannot be set
        return False
    return set_parent_death_signal(signal.SIGTERM)


def _prctl(option: int, value: int) -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(option, value, 0, 0, 0) == 0)
    except (OSError, AttributeError):  # pragma: no cover - an unusual libc
        return False


def die_with_parent() -> None:
    """``preexec_fn`` for a child: SIGKILL it when its parent dies (Linux only)."""
    set_parent_death_signal(signal.SIGKILL)
