"""How long GUI tests wait for something that should happen soon."""

#: Milliseconds before a wait for an answer, a move or a signal is called a hang.
#: Only a hang takes this long. On a loaded machine starting the engine process
#: can take seconds, and the analysis children run at niceness 10: a 9x9 tree's
#: rows took 18.6 s at load 6 (0.3 s idle). A tighter limit fails on the
#: machine, not the code; a pass is a pass whenever the answer comes.
HANG_MS = 60_000
#: Wall-clock budget for the exact answers a test compares the window with: solved
#: small boards end in milliseconds, so only a starved machine ever uses it, and a
#: short budget there left cells unknown (the test then failed, not the code).
SOLVE_BUDGET_SECONDS = 60.0


def wait_for_engine(window: object, timeout: float = HANG_MS / 1000) -> bool:
    """Block until the window's engine process is ready, as it is a moment after launch."""
    return bool(window.controller._search.worker.engine.wait_until_ready(timeout))  # type: ignore[attr-defined]
