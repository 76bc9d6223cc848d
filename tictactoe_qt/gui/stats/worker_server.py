"""Loaded first by the fork server that starts batch worker processes (no Qt here).

Worker processes are forked from this server, so they start with the engine
already imported and with the server's low priority: starting a pool then
costs the window next to nothing, even on a machine with few cores.
"""

from __future__ import annotations

import os

#: As batch_chunks.WORKER_NICENESS, set before the engine is imported: importing is the costly part.
_NICENESS = 19

if hasattr(os, "nice"):
    os.nice(_NICENESS)

from . import batch_chunks  # noqa: E402, F401  - the engine, imported once for every worker
