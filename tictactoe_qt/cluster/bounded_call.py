"""Calling into Dask with a deadline that Dask itself does not keep."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


class CallTimedOut(Exception):
    """The call was still running at its deadline; it goes on in a daemon thread."""


def within(
    seconds: float, call: Callable[..., T], *args: Any, on_late: Callable[[T], None] | None = None, **kwargs: Any
) -> T:
    """``call(*args, **kwargs)``, or :class:`CallTimedOut` after ``seconds``.

    The call runs in a daemon thread: one that never returns (a Dask
    handshake with a silent peer) neither blocks the caller past the deadline
    nor the process's exit. A result that arrives after the deadline is
    handed to ``on_late`` (to close a client nobody will use), in that thread.
    Exceptions of the call are raised here as they are.
    """
    lock = threading.Lock()
    done = threading.Event()
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            value = call(*args, **kwargs)
        except BaseException as error:  # noqa: BLE001 - thread boundary: handed to the caller, whatever it is
            outcome["error"] = error
            done.set()
            return
        with lock:
            late = outcome.get("abandoned", False)
            outcome["value"] = value
            done.set()
        if late and on_late is not None:
            on_late(value)

    threading.Thread(target=run, name=f"bounded-{getattr(call, '__name__', 'call')}", daemon=True).start()
    done.wait(seconds)
    with lock:
        if not done.is_set():
            outcome["abandoned"] = True
            raise CallTimedOut(f"still running after {seconds:g} s")
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]  # type: ignore[no-any-return]
