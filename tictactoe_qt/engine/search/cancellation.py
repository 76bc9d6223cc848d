"""How a search unwinds when its ``should_stop`` callback says stop."""

from __future__ import annotations


class SearchCancelled(Exception):
    """Raised deep inside a search and caught at its root; never escapes a search."""
