"""What the drawn tree draws, worked out without Qt: nodes, their places, and Graphviz DOT.

:func:`from_trace` turns the stepper's :class:`TraceTree` into :class:`DrawNode`
values; the exercise builds them from its own tree. :func:`layout` places them
(leaves side by side, each parent centred over its children) and
:func:`dot_text` writes them for Graphviz.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from tictactoe_qt.engine.text import window_text

from .move_names import step_short
from .role_sides import RoleSides, role_word
from .trace_tree import DONE, OPEN, PRUNED, Key, TraceTree, format_value

#: Horizontal room per leaf and vertical room per level, in scene units.
SLOT_WIDTH = 54.0
LEVEL_HEIGHT = 86.0


@dataclass
class DrawNode:
    """One node to draw."""

    key: Key
    depth: int
    children: list[Key] = field(default_factory=list)
    #: ``open``, ``done``, ``pruned`` (greyed, dashed edge) or ``idle`` (not reached yet).
    state: str = DONE
    value_text: str = ""
    #: Label of the edge from the parent: the move, or the bound that pruned it.
    edge_text: str = ""
    cut_by: str = ""
    tooltip: str = ""
    current: bool = False
    #: Exercise marks: ``"right"``, ``"wrong"`` or ``""``.
    verdict: str = ""

    @property
    def is_max(self) -> bool:
        return self.depth % 2 == 0


def from_trace(tree: TraceTree, board_moves: bool = True, roles: RoleSides | None = None) -> dict[Key, DrawNode]:
    """The shown part of a trace as draw nodes (edges named by moves on a board).

    ``roles`` names the players behind MAX and MIN in the tooltips (a board's trace).
    """
    drawn: dict[Key, DrawNode] = {}
    for key, node in tree.nodes.items():
        step_text = step_short(key[-1]) if key and board_moves else ""
        drawn[key] = DrawNode(
            key=key,
            depth=node.depth,
            children=[child for child in node.children if child in tree.nodes],
            state=node.state,
            value_text=format_value(node.value) if node.state != PRUNED else "",
            edge_text=node.cut_by if node.state == PRUNED else step_text,
            cut_by=node.cut_by,
            tooltip=_tooltip(node, roles),
            current=key == tree.current,
        )
    return drawn


def _tooltip(node: Any, roles: RoleSides | None) -> str:
    role = role_word(node.is_max, roles)
    if node.state == PRUNED:
        text = f"{role} node, pruned: {node.cut_note}"
    else:
        state = "being searched" if node.state == OPEN else "returned"
        text = f"{role} node, {state}"
        if node.value is not None:
            text += f", value {format_value(node.value)}"
        if node.alpha is not None:
            text += f", window {window_text(format_value(node.alpha), format_value(node.beta))}"
        if node.leaf_kind == "evaluation":
            text += " (E(n) at the depth limit)"
        elif node.leaf_kind == "table":
            text += " (from the transposition table)"
    return text


def visible(nodes: dict[Key, DrawNode], collapsed: Iterable[Key] = ()) -> list[Key]:
    """The keys drawn, depth first, skipping the descendants of collapsed nodes."""
    folded = set(collapsed)
    order: list[Key] = []
    if () not in nodes:
        return order
    stack: list[Key] = [()]
    while stack:
        key = stack.pop()
        order.append(key)
        if key not in folded:
            stack.extend(reversed([c for c in nodes[key].children if c in nodes]))
    return order


def layout(nodes: dict[Key, DrawNode], collapsed: Iterable[Key] = ()) -> dict[Key, tuple[float, float]]:
    """Each drawn node's centre: leaves in order one slot apart, parents over their children."""
    folded = set(collapsed)
    places: dict[Key, tuple[float, float]] = {}
    next_slot = [0.0]

    def place(key: Key) -> float:
        node = nodes[key]
        kids = [] if key in folded else [c for c in node.children if c in nodes]
        if kids:
            xs = [place(child) for child in kids]
            x = (xs[0] + xs[-1]) / 2
        else:
            x = next_slot[0] * SLOT_WIDTH
            next_slot[0] += 1
        places[key] = (x, node.depth * LEVEL_HEIGHT)
        return x

    if () in nodes:
        place(())
    return places


def dot_text(
    nodes: dict[Key, DrawNode], title: str = "search tree", fills: tuple[str, str] = ("#dbe7f7", "#f9dcdc")
) -> str:
    """The tree in Graphviz DOT: MAX nodes as triangles, MIN as inverted ones, pruned dashed.

    ``fills`` are the MAX and MIN fill colours (``#rrggbb``), as the drawing has them.
    """
    ids = {key: f"n{index}" for index, key in enumerate(visible(nodes))}
    lines = [
        f"digraph {_quote(title)} {{",
        '  node [fontname="Helvetica", style=filled];',
        '  edge [fontname="Helvetica", fontsize=10];',
    ]
    for key, name in ids.items():
        node = nodes[key]
        shape = "triangle" if node.is_max else "invtriangle"
        colour = fills[0] if node.is_max else fills[1]
        style = "filled"
        if node.state == PRUNED:
            colour, style = "#eeeeee", "dashed"
        label = node.value_text + (" ✓" if node.verdict == "right" else " ✗" if node.verdict == "wrong" else "")
        lines.append(f'  {name} [shape={shape}, label={_quote(label)}, fillcolor="{colour}", style={_quote(style)}];')
    for key, name in ids.items():
        if key and key[:-1] in ids:
            node = nodes[key]
            attributes = [f"label={_quote(node.edge_text)}"] if node.edge_text else []
            if node.state == PRUNED:
                attributes += ["style=dashed", 'color="#888888"']
            extra = f" [{', '.join(attributes)}]" if attributes else ""
            lines.append(f"  {ids[key[:-1]]} -> {name}{extra};")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


__all__ = ["DONE", "DrawNode", "OPEN", "PRUNED", "dot_text", "from_trace", "layout", "visible"]
