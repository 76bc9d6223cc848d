"""How deeply JSON text nests, checked before the parser recurses into it."""

from __future__ import annotations


def too_deep_at(text: str, limit: int) -> int | None:
    """The index of the first ``[`` or ``{`` that opens more than ``limit`` levels, or ``None``.

    Brackets inside strings do not count. Malformed text is left to the parser.

    >>> too_deep_at("[[1], [2]]", 2) is None
    True
    >>> too_deep_at('[["[[["]]', 2) is None
    True
    >>> too_deep_at("[[[0]]]", 2)
    2
    """
    depth = 0
    in_string = escaped = False
    for position, char in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return position
        elif char in "]}":
            depth -= 1
    return None
