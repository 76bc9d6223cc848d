"""Textbook exercise trees written as nested lists: ``[[3,12,8],[2,4,6],[14,5,2]]``.

Lists are inner nodes and numbers are leaves. Levels alternate from a MAX root:
the root's children are MIN nodes, theirs MAX nodes, and so on. Leaf values are
from the MAX player's point of view, as the textbooks draw them.
"""

from __future__ import annotations

import json
import math

from ...game.coordinates import child_path_text
from ...game.json_nesting import too_deep_at

#: A parsed tree: a leaf value, or the list of a node's children.
Tree = int | float | list["Tree"]

#: Bounds that keep a typed tree a practice tree (and the parser safe).
MAX_TREE_CHARS = 100_000
MAX_TREE_DEPTH = 16
MAX_TREE_LEAVES = 20_000


class TreeTextError(ValueError):
    """Tree text that is not a nested list of numbers (one line, with an excerpt)."""


def parse_tree(text: str) -> list[Tree]:
    """The tree that ``text`` writes, root first.

    >>> parse_tree("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")[1]
    [2, 4, 6]

    Raises:
        TreeTextError: the text is too long, too deep, not a nested list of numbers,
            or has an empty list.
    """
    stripped = text.strip()
    if not stripped:
        raise TreeTextError("the tree is empty; write one like [[3,12,8],[2,4,6],[14,5,2]]")
    if len(stripped) > MAX_TREE_CHARS:
        raise TreeTextError(f"the tree has {len(stripped):,} characters; at most {MAX_TREE_CHARS:,} are allowed")
    _check_nesting(stripped)
    try:
        tree = json.loads(stripped, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise TreeTextError(
            f"the tree is not a nested list of numbers: {error.msg} at character "
            f"{error.pos + 1} near {excerpt_at(stripped, error.pos)}"
        ) from None
    if not isinstance(tree, list):
        raise TreeTextError(f"the tree must be a list (the root), got {excerpt_at(stripped, 0)}")
    leaves = _check_node(tree, [])
    if leaves > MAX_TREE_LEAVES:
        raise TreeTextError(f"the tree has {leaves:,} leaves; at most {MAX_TREE_LEAVES:,} are allowed")
    return tree


def excerpt_at(text: str, position: int, width: int = 30) -> str:
    """A short quoted piece of ``text`` around ``position``, for one-line errors."""
    start = max(0, position - width // 2)
    piece = text[start : start + width].replace("\n", " ")
    before = "..." if start > 0 else ""
    after = "..." if start + width < len(text) else ""
    return repr(before + piece + after)


def _check_nesting(text: str) -> None:
    position = too_deep_at(text, MAX_TREE_DEPTH)
    if position is not None:
        raise TreeTextError(
            f"the tree is nested deeper than {MAX_TREE_DEPTH} levels at character "
            f"{position + 1} near {excerpt_at(text, position)}"
        )


def _refuse_constant(name: str) -> float:
    raise TreeTextError(f"leaves must be finite numbers, got {name}")


def _check_node(node: object, path: list[int]) -> int:
    """The number of leaves under ``node``, after checking that it is a proper tree."""
    if isinstance(node, bool) or not isinstance(node, (int, float, list)):
        raise TreeTextError(f"{_where(path)} is {json.dumps(node)[:30]}; use numbers and lists only")
    if isinstance(node, float) and not math.isfinite(node):
        raise TreeTextError(f"{_where(path)} is not a finite number")
    if not isinstance(node, list):
        return 1
    if not node:
        raise TreeTextError(f"{_where(path)} is an empty list; every list needs a child")
    return sum(_check_node(child, path + [index]) for index, child in enumerate(node))


def _where(path: list[int]) -> str:
    if not path:
        return "the root"
    return f"the node at {child_path_text(path)} (children counted from 1)"
