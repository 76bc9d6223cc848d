"""Watching, simulating and charting AI-vs-AI games: the stats panel and its parts."""

from .emit_guard import guard_emit_refcount

# Charts and batches emit signals many times a second: keep PySide 6.12's
# emit() reference leak from aborting the process (see emit_guard).
guard_emit_refcount()
