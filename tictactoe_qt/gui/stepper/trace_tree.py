"""The part of a traced search's tree that the stepper shows, kept up to date event by event.

Plain Python (no Qt), so it is quick and testable. Every event changes a few
nodes; :meth:`TraceTree.apply` returns what it changed so :meth:`TraceTree.revert`
can undo it (the stepper's Back). The tree stays bounded however long the trace:
once it holds more than ``limit`` nodes, a node that returns forgets its
subtree, so what remains is the path being searched, the siblings along it and
the values already returned.
"""

from __future__ import annotations

from typing import Any

from tictactoe_qt.engine.text import infinity_text

#: A node's key: its path from the root as a tuple (board steps become ``(row, col)``).
Key = tuple[Any, ...]
#: Nodes kept before returned subtrees are forgotten.
DEFAULT_LIMIT = 300

OPEN, DONE, PRUNED = "open", "done", "pruned"


def step_key(step: Any) -> Any:
    """A path step as a hashable value: ``[1, 2]`` becomes ``(1, 2)``."""
    return tuple(step) if isinstance(step, list) else step


def path_key(path: list[Any]) -> Key:
    """The key of the node at ``path``."""
    return tuple(step_key(step) for step in path)


class TraceNode:
    """One node as far as the search has got with it."""

    __slots__ = (
        "key",
        "depth",
        "children",
        "state",
        "value",
        "alpha",
        "beta",
        "leaf_kind",
        "cut_by",
        "cut_note",
        "best",
    )

    def __init__(self, key: Key, depth: int, state: str = OPEN, cut_by: str = "", cut_note: str = "") -> None:
        self.key = key
        self.depth = depth
        self.children: list[Key] = []
        #: ``open`` (entered, not returned), ``done`` (returned) or ``pruned`` (never entered).
        self.state = state
        self.value: Any = None
        self.alpha: Any = None
        self.beta: Any = None
        #: ``utility`` or ``evaluation`` for leaves, ``table`` when a table answered.
        self.leaf_kind = ""
        #: For a pruned node, the bound that cut it, e.g. ``"α = 3"``.
        self.cut_by = cut_by
        #: For a pruned node, the cut-off in words.
        self.cut_note = cut_note
        #: The child step whose value the node took.
        self.best: Any = None

    def frozen(self) -> tuple[Any, ...]:
        """The node as a tuple of plain values (what Back restores; the collector untracks it)."""
        return (
            self.key,
            self.depth,
            tuple(self.children),
            self.state,
            self.value,
            self.alpha,
            self.beta,
            self.leaf_kind,
            self.cut_by,
            self.cut_note,
            self.best,
        )

    @staticmethod
    def thaw(frozen: tuple[Any, ...]) -> TraceNode:
        """The node :meth:`frozen` describes."""
        node = TraceNode.__new__(TraceNode)
        (
            node.key,
            node.depth,
            children,
            node.state,
            node.value,
            node.alpha,
            node.beta,
            node.leaf_kind,
            node.cut_by,
            node.cut_note,
            node.best,
        ) = frozen
        node.children = list(children)
        return node

    @property
    def is_max(self) -> bool:
        """MAX moves at even depths (in the negamax form too: the shape shows the player)."""
        return self.depth % 2 == 0


#: What one event changed: ``(key, the node before, frozen, or None if it was new)``.
Undo = tuple[tuple[Key, tuple[Any, ...] | None], ...]


def format_value(value: Any) -> str:
    """A value for people: ``3``, ``2.5``, ``−∞``, ``+∞``."""
    if value is None:
        return ""
    if isinstance(value, float):
        infinite = infinity_text(value)
        if infinite is not None:
            return infinite
        if value.is_integer():
            return str(int(value))
        return f"{value:g}"
    return str(value).replace("-", "−")


_UndoList = list[tuple[Key, tuple[Any, ...] | None]]


class TraceTree:
    """The nodes of a trace shown so far (bounded), with the current one."""

    def __init__(self, negamax: bool = False, limit: int = DEFAULT_LIMIT) -> None:
        self.negamax = negamax
        self.limit = limit
        self.nodes: dict[Key, TraceNode] = {}
        self.current: Key | None = None
        #: The keys of the path being searched, by depth (events come depth first).
        self._keys: list[Key] = []

    def node(self, key: Key) -> TraceNode | None:
        return self.nodes.get(key)

    @property
    def root(self) -> TraceNode | None:
        return self.nodes.get(())

    def apply(self, event: dict[str, Any]) -> tuple[Undo, Key | None]:
        """Show ``event``; returns what changed and the current key before it."""
        undo: list[tuple[Key, tuple[Any, ...] | None]] = []
        before = self.current
        kind = event["event"]
        depth = event["depth"]
        keys = self._keys
        if kind == "enter":
            del keys[depth:]
            key = keys[-1] + (step_key(event["path"][-1]),) if depth else ()
            keys.append(key)
        elif depth < len(keys):
            key = keys[depth]
        else:  # after a Back past this node's enter: rebuild from the path
            key = path_key(event["path"])
        node = self.nodes.get(key)
        if kind == "enter":
            if key:
                parent = self._touch(key[:-1], undo)
                if parent is not None and key not in parent.children:
                    parent.children.append(key)
            old = self._touch(key, undo) if node is not None else None
            if old is None:
                undo.append((key, None))
                node = TraceNode(key, event["depth"])
                self.nodes[key] = node
            else:
                node = old
                node.state = OPEN
            node.alpha, node.beta = event.get("alpha"), event.get("beta")
        elif node is not None:
            node = self._touch(key, undo)
            assert node is not None
            if kind == "leaf":
                node.value = event["value"]
                node.leaf_kind = event.get("kind", "utility")
            elif kind in ("alpha", "beta"):
                node.value = event["value"]
                node.alpha, node.beta = event.get("alpha"), event.get("beta")
            elif kind == "cutoff":
                node.value = event["value"]
                self._prune(node, event, undo)
            elif kind == "return":
                node.state = DONE
                node.value = event["value"]
                node.best = step_key(event.get("best"))
                if event.get("table"):
                    node.leaf_kind = "table"
                if len(self.nodes) > self.limit:
                    self._forget_below(node, undo)
        self.current = key
        return tuple(undo), before

    def revert(self, undo: Undo, current: Key | None) -> None:
        """Undo one :meth:`apply` (the most recent one not yet reverted)."""
        for key, old in reversed(undo):
            if old is None:
                self.nodes.pop(key, None)
            else:
                self.nodes[key] = TraceNode.thaw(old)
        self.current = current
        self._keys = [] if current is None else [current[:n] for n in range(len(current) + 1)]

    def path_to_current(self) -> list[TraceNode]:
        """The nodes from the root to the current one."""
        if self.current is None:
            return []
        return [
            self.nodes[self.current[:length]]
            for length in range(len(self.current) + 1)
            if self.current[:length] in self.nodes
        ]

    def _touch(self, key: Key, undo: _UndoList) -> TraceNode | None:
        """The node at ``key``, its old state saved in ``undo`` (each event touches a node once)."""
        node = self.nodes.get(key)
        if node is not None:
            undo.append((key, node.frozen()))
        return node

    def _prune(self, node: TraceNode, event: dict[str, Any], undo: _UndoList) -> None:
        maximizing = node.is_max or self.negamax  # negamax cuts on v ≥ β everywhere
        bound_name, bound = ("β", event.get("beta")) if maximizing else ("α", event.get("alpha"))
        test = "≥" if maximizing else "≤"
        cut_by = f"{bound_name} = {format_value(bound)}"
        note = (
            f"v = {format_value(event['value'])} {test} {cut_by}: "
            f"the remaining {len(event['pruned'])} "
            f"{'move is' if len(event['pruned']) == 1 else 'moves are'} pruned"
        )
        for step in event["pruned"]:
            child_key = node.key + (step_key(step),)
            if child_key not in self.nodes:
                undo.append((child_key, None))
                self.nodes[child_key] = TraceNode(child_key, node.depth + 1, state=PRUNED, cut_by=cut_by, cut_note=note)
                node.children.append(child_key)

    def _forget_below(self, node: TraceNode, undo: _UndoList) -> None:
        """Forget the grandchildren and below: the node's children keep their values."""
        nodes = self.nodes
        for child_key in node.children:
            child = nodes.get(child_key)
            if child is None or not child.children:
                continue
            undo.append((child_key, child.frozen()))
            stack = list(child.children)
            child.children = []
            while stack:
                key = stack.pop()
                gone = nodes.pop(key, None)
                if gone is not None:
                    undo.append((key, gone.frozen()))
                    stack.extend(gone.children)
