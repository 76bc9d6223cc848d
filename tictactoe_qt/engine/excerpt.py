"""Quoting user input in messages: short, on one line, whatever the input holds."""

from __future__ import annotations

#: Characters of the input an excerpt quotes at most.
EXCERPT_LIMIT = 40


def excerpt(text: object, limit: int = EXCERPT_LIMIT) -> str:
    """``text`` quoted for a message: its start, escaped to one line, with its length if cut.

    Every message that quotes input goes through here, so a 100,000-character
    board or one holding a newline still gives a short one-line message
    (``repr`` escapes line breaks and every other unprintable character).

    >>> excerpt("x.o/.x./..o")
    "'x.o/.x./..o'"
    >>> print(excerpt("x.o\\n.x."))
    'x.o\\n.x.'
    >>> excerpt("x" * 100, limit=5)
    "'xxxxx…' (100 characters)"
    >>> excerpt(["a list", "from a file"], limit=5)
    "['a l…"
    """
    if not isinstance(text, str):  # a value of the wrong type, read from a file say
        shown = repr(text)
        return shown if len(shown) <= limit else f"{shown[:limit]}…"
    if len(text) <= limit:
        return repr(text)
    quoted = repr(text[:limit])
    return f"{quoted[:-1]}…{quoted[-1]} ({len(text):,} characters)"
