"""A child that dies with its parent: Linux's ``PR_SET_PDEATHSIG``, written once here."""

from __future__ import annotations

import ctypes
import signal
import sys

_PR_SET_PDEATHSIG = 1


def set_parent_death_signal(signum: int = signal.SIGKILL) -> bool:
    """Ask Linux to send ``signum`` to this process when its parent dies.

    Linux ties this to the *thread* that started the process: start children
    from a thread that outlives them (the one that plays their games).

    Returns:
        False where it is not available (not Linux, an unusual libc).
    """
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(_PR_SET_PDEATHSIG, signum, 0, 0, 0) == 0)
    except (OSError, AttributeError):  # pragma: no cover - an unusual libc
        return False


def die_with_parent() -> None:
    """``preexec_fn`` for a child: SIGKILL it when its parent dies (Linux only)."""
    set_parent_death_signal(signal.SIGKILL)
