"""Alpha-beta exercises on textbook trees: a random tree, the right answers, and checking.

Plain Python. The student predicts which nodes alpha-beta never visits (a node
marked pruned counts its whole subtree as pruned) and the value each visited
inner node returns; :func:`check` marks each prediction right or wrong against
the traced search itself (the same events the stepper shows).
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


def check(answer: Answer, prediction: Prediction) -> dict[Key, str]:
    """``right`` or ``wrong`` for every node but the root's pruning (the root is always visited).

    A pruned node is right when predicted pruned. A visited node is wrong when
    predicted pruned; a visited inner node also needs the value it returned.
    """
    verdicts: dict[Key, str] = {}
    for key, (_, children, _) in answer.shape.items():
        said_pruned = prediction.predicted_pruned(key)
        if key in answer.pruned:
            verdicts[key] = RIGHT if said_pruned else WRONG
        elif said_pruned:
            verdicts[key] = WRONG
        elif children:
            verdicts[key] = RIGHT if _same(prediction.values.get(key), answer.values[key]) \
                else WRONG
        else:
            verdicts[key] = RIGHT
    return verdicts


def _same(said: Any, value: Any) -> bool:
    if said is None:
        return False
    try:
        return float(said) == float(value)
    except (TypeError, ValueError):
        return False
