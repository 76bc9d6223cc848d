"""Alpha-beta exercises on textbook trees: a random tree, the right answers, and checking.

Plain Python. The student predicts which nodes alpha-beta never visits (a node
marked pruned counts its whole subtree as pruned) and the value each visited
inner node returns; :func:`check` marks each prediction right or wrong against
the traced search itself (the same events the stepper shows). Only what the
student predicted is marked: a node with no value typed and no Pruned mark on it
or above it is blank, and :class:`Score` counts the blanks apart.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from tictactoe_qt.engine.teaching import Tree, parse_tree, tree_events

from .trace_tree import Key, path_key

RIGHT, WRONG = "right", "wrong"
#: Leaves of random trees are whole numbers in this range, as in the textbooks.
LEAF_RANGE = (0, 20)


def random_tree_text(seed: int, branching: int, depth: int) -> str:
    """A tree with ``branching`` children per inner node and leaves ``depth`` levels down."""
    if not 1 <= branching <= 5 or not 1 <= depth <= 5:
        raise ValueError("use a branching factor from 1 to 5 and a depth from 1 to 5")
    rng = random.Random(seed)

    def grow(level: int) -> Tree:
        if level == depth:
            return rng.randint(*LEAF_RANGE)
        return [grow(level + 1) for _ in range(branching)]

    return json.dumps(grow(0), separators=(",", ":"))


@dataclass
class Answer:
    """What alpha-beta (textbook form, left to right) does on a tree."""

    #: Every node: ``key -> (depth, child keys, leaf value or None)``.
    shape: dict[Key, tuple[int, list[Key], Any]]
    #: The value each visited node returned (a bound where it cut off).
    values: dict[Key, Any]
    #: Nodes alpha-beta never entered.
    pruned: set[Key]


@dataclass
class Prediction:
    """The student's answer: values typed for inner nodes, and nodes marked pruned."""

    values: dict[Key, Any] = field(default_factory=dict)
    pruned: set[Key] = field(default_factory=set)

    def predicted_pruned(self, key: Key) -> bool:
        """Whether ``key`` or one of its ancestors is marked pruned."""
        return any(key[:length] in self.pruned for length in range(1, len(key) + 1))


def tree_shape(tree: list[Tree]) -> dict[Key, tuple[int, list[Key], Any]]:
    """Every node of ``tree`` by key (child indices from the root)."""
    shape: dict[Key, tuple[int, list[Key], Any]] = {}

    def visit(node: Tree, key: Key) -> None:
        if isinstance(node, list):
            children = [key + (index,) for index in range(len(node))]
            shape[key] = (len(key), children, None)
            for index, child in enumerate(node):
                visit(child, key + (index,))
        else:
            shape[key] = (len(key), [], node)

    visit(tree, ())
    return shape


def solve(text: str) -> Answer:
    """Trace alpha-beta on the tree ``text`` and collect its answers.

    Raises:
        TreeTextError: the text is not a tree.
    """
    tree = parse_tree(text)
    shape = tree_shape(tree)
    values: dict[Key, Any] = {}
    for event in tree_events(tree, "alphabeta"):
        if event["event"] == "return":
            values[path_key(event["path"])] = event["value"]
    pruned = {key for key in shape if key not in values}
    return Answer(shape, values, pruned)


def predicted(answer: Answer, prediction: Prediction, key: Key) -> bool:
    """Whether the student said something about ``key``: marked it (or an ancestor)
    pruned, or typed the value an inner node returns. Leaves have no value to type,
    so a leaf is predicted only by a Pruned mark."""
    return prediction.predicted_pruned(key) or (bool(answer.shape[key][1]) and prediction.values.get(key) is not None)


def check(answer: Answer, prediction: Prediction) -> dict[Key, str]:
    """``right`` or ``wrong`` for every predicted node (see :func:`predicted`); blank
    nodes get no mark.

    A pruned node is right when predicted pruned, wrong when given a value. A
    visited node is wrong when predicted pruned; a visited inner node with a value
    is right when the value is the one alpha-beta returned there.
    """
    verdicts: dict[Key, str] = {}
    for key in answer.shape:
        if not predicted(answer, prediction, key):
            continue
        said_pruned = prediction.predicted_pruned(key)
        if key in answer.pruned:
            verdicts[key] = RIGHT if said_pruned else WRONG
        elif said_pruned:
            verdicts[key] = WRONG
        else:
            verdicts[key] = RIGHT if _same(prediction.values.get(key), answer.values[key]) else WRONG
    return verdicts


@dataclass(frozen=True)
class Score:
    """How a checked prediction did: right and wrong among the predicted nodes, and the
    nodes left blank (``blank_pruned`` of them are ones alpha-beta never visits)."""

    right: int
    wrong: int
    blank: int
    blank_pruned: int

    @classmethod
    def of(cls, answer: Answer, verdicts: dict[Key, str]) -> Score:
        """Count ``verdicts`` (from :func:`check`) against every node of ``answer``."""
        right = sum(1 for verdict in verdicts.values() if verdict == RIGHT)
        blanks = [key for key in answer.shape if key not in verdicts]
        return cls(right, len(verdicts) - right, len(blanks), sum(1 for key in blanks if key in answer.pruned))

    def text(self) -> str:
        """``"3 of 4 predictions right; 9 nodes left blank (2 of them pruned)."``"""
        predictions = self.right + self.wrong
        if predictions == 0:
            said = "Nothing predicted yet"
        else:
            said = f"{self.right} of {predictions} prediction{'s' * (predictions != 1)} right"
        if self.blank == 0:
            return f"{said}; no node left blank."
        pruned = f" ({self.blank_pruned} of them pruned)" if self.blank_pruned else ""
        noun = "node" if self.blank == 1 else "nodes"
        return f"{said}; {self.blank} {noun} left blank{pruned}."


def _same(said: Any, value: Any) -> bool:
    if said is None:
        return False
    try:
        return float(said) == float(value)
    except (TypeError, ValueError):
        return False
