"""A parent for the service tests: gives its service child a request it never finishes,
says the child's pid, then waits to be killed.

Usage: ``python service_parent.py`` (with ``tests/engine/processes`` importable).
"""

from __future__ import annotations

import sys
import threading
import time

from service_handlers import ready_at_once  # type: ignore[import-not-found]

from tictactoe_qt.engine.processes import Service

if __name__ == "__main__":
    service = Service("orphan", ready_at_once)
    started = threading.Event()
    threading.Thread(
        target=service.request, args=(("deaf", 600), lambda: False, lambda _: started.set()), daemon=True
    ).start()
    if not started.wait(60.0):
        sys.exit("the service never started its request")
    print(service.pid, flush=True)
    time.sleep(600)
