"""Painting the drawn tree: one graphics item paints every node and edge.

One item instead of one per node and label: the stepper redraws after every
step, and creating and deleting hundreds of wrapped graphics items per step
costs far more than the 16 ms a step may take. MAX nodes are triangles
pointing up, MIN nodes triangles pointing down; pruned nodes are small, grey
and dashed, with the bound that cut them underneath. On a board each role has
the colour of the mark its player plays (:func:`role_colours`); a textbook
tree has no players and keeps the neutral blue MAX and red MIN.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from tictactoe_qt.gui.board_theme import BoardTheme, blend

from .drawn_nodes import PRUNED, DrawNode
from .role_sides import RoleSides
from .trace_tree import Key

PRUNED_GREY = QColor("#9a9996")
CURRENT = QColor("#e66100")
RIGHT, WRONG = QColor("#26a269"), QColor("#c01c28")
VALUE_COLOUR = QColor("#241f31")
#: Half the height of a node's triangle, in scene units.
SIZE = 20.0
#: Room around the drawing.
MARGIN = 30.0


@dataclass(frozen=True)
class RoleColours:
    """The fill and outline of MAX nodes and of MIN nodes."""

    max_fill: QColor
    max_edge: QColor
    min_fill: QColor
    min_edge: QColor

    def of(self, is_max: bool) -> tuple[QColor, QColor]:
        """``(fill, edge)`` of a MAX (``True``) or MIN node."""
        return (self.max_fill, self.max_edge) if is_max else (self.min_fill, self.min_edge)


#: A tree without players (a textbook tree): the textbook's blue MAX, red MIN.
NEUTRAL = RoleColours(QColor("#dbe7f7"), QColor("#1a5fb4"), QColor("#f9dcdc"), QColor("#c01c28"))
#: How much of the mark's colour tints a node's fill (light, so values stay readable).
FILL_TINT = 0.15


def role_colours(theme: BoardTheme, roles: RoleSides | None) -> RoleColours:
    """Each role in the colour of the mark its player plays on ``theme``'s board
    (:data:`NEUTRAL` without players)."""
    if roles is None:
        return NEUTRAL
    white = QColor("#ffffff")
    max_mark, min_mark = theme.marks[roles.max_seat], theme.marks[roles.min_seat]
    return RoleColours(
        blend(white, max_mark, FILL_TINT), QColor(max_mark), blend(white, min_mark, FILL_TINT), QColor(min_mark)
    )


def triangle(centre: QPointF, up: bool, size: float = SIZE) -> QPainterPath:
    """A triangle around ``centre``, pointing up (MAX) or down (MIN)."""
    x, y = centre.x(), centre.y()
    tip, base = (y - size, y + size * 0.75) if up else (y + size, y - size * 0.75)
    path = QPainterPath(QPointF(x, tip))
    path.lineTo(QPointF(x - size * 1.1, base))
    path.lineTo(QPointF(x + size * 1.1, base))
    path.closeSubpath()
    return path


def node_size(node: DrawNode) -> float:
    return SIZE * (0.7 if node.state == PRUNED else 1.0)


def edge_pen(node: DrawNode, text_colour: QColor) -> QPen:
    """The pen of the edge into ``node``: dashed grey when pruned."""
    if node.state == PRUNED:
        return QPen(PRUNED_GREY, 1.6, Qt.PenStyle.DashLine)
    return QPen(text_colour, 1.4)


class TreeItem(QGraphicsItem):
    """The whole drawn tree as one item."""

    def __init__(self) -> None:
        super().__init__()
        self.nodes: dict[Key, DrawNode] = {}
        self.places: dict[Key, tuple[float, float]] = {}
        self.badges: dict[Key, int] = {}
        self.text_colour = QColor("black")
        self.colours = NEUTRAL
        self._bounds = QRectF()
        self.font = QFont()
        self.font.setPixelSize(13)
        self.small = QFont()
        self.small.setPixelSize(10)

    def set_tree(
        self,
        nodes: dict[Key, DrawNode],
        places: dict[Key, tuple[float, float]],
        badges: dict[Key, int],
        text_colour: QColor,
        colours: RoleColours = NEUTRAL,
    ) -> None:
        """Draw ``nodes`` at ``places``; ``badges`` counts the nodes folded under a node."""
        self.prepareGeometryChange()
        self.nodes, self.places, self.badges = nodes, places, badges
        self.text_colour = text_colour
        self.colours = colours
        if places:
            xs = [x for x, _ in places.values()]
            ys = [y for _, y in places.values()]
            self._bounds = QRectF(
                min(xs) - MARGIN, min(ys) - MARGIN, max(xs) - min(xs) + 2 * MARGIN, max(ys) - min(ys) + 2 * MARGIN + 14
            )
        else:
            self._bounds = QRectF(0, 0, 1, 1)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def key_at(self, point: QPointF) -> Key | None:
        """The node whose triangle holds ``point`` (scene coordinates)."""
        for key, (x, y) in self.places.items():
            size = node_size(self.nodes[key])
            if abs(point.x() - x) <= size * 1.1 and abs(point.y() - y) <= size:
                return key
        return None

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        exposed = option.exposedRect if option is not None else self._bounds
        self._paint_edges(painter)
        for key, (x, y) in self.places.items():
            if exposed.intersects(QRectF(x - 40, y - 40, 80, 90)):
                self._paint_node(painter, self.nodes[key], QPointF(x, y))

    def _paint_edges(self, painter: QPainter) -> None:
        places, nodes = self.places, self.nodes
        painter.setFont(self.small)
        metrics = QFontMetricsF(self.small)
        for key, (x, y) in places.items():
            parent = places.get(key[:-1]) if key else None
            if parent is None:
                continue
            node = nodes[key]
            painter.setPen(edge_pen(node, self.text_colour))
            start, end = QPointF(parent[0], parent[1] + SIZE), QPointF(x, y - node_size(node))
            painter.drawLine(start, end)
            if not node.edge_text:
                continue
            width = metrics.horizontalAdvance(node.edge_text)
            if node.state == PRUNED:  # under the small pruned node: labels never overlap
                painter.setPen(PRUNED_GREY)
                painter.drawText(QPointF(x - width / 2, y + SIZE * 0.7 + metrics.ascent()), node.edge_text)
            else:
                painter.setPen(self.text_colour)
                mid = (start + end) / 2
                left = mid.x() + 4 if x >= parent[0] else mid.x() - width - 4
                painter.drawText(QPointF(left, mid.y() + metrics.ascent() / 2), node.edge_text)

    def _paint_node(self, painter: QPainter, node: DrawNode, centre: QPointF) -> None:
        up = node.is_max
        fill, edge = self.colours.of(up)
        pen = QPen(edge, 1.6)
        if node.state == PRUNED:
            fill, pen = QColor("#f1f1f1"), QPen(PRUNED_GREY, 1.4, Qt.PenStyle.DashLine)
        elif node.state == "idle":
            fill = QColor("#ffffff")
        elif node.state == "open":
            fill = fill.lighter(108)
        if node.current:
            pen = QPen(CURRENT, 4.0)
        painter.setPen(pen)
        painter.setBrush(QBrush(fill))
        painter.drawPath(triangle(centre, up, node_size(node)))
        painter.setFont(self.font)
        metrics = QFontMetricsF(self.font)
        if node.value_text:
            painter.setPen(VALUE_COLOUR)
            width = metrics.horizontalAdvance(node.value_text)
            # The roomy part of a triangle is near its base.
            middle = centre.y() + (SIZE * 0.3 if up else -SIZE * 0.3)
            painter.drawText(QPointF(centre.x() - width / 2, middle + metrics.ascent() / 2 - 1), node.value_text)
        if node.verdict:
            painter.setPen(RIGHT if node.verdict == "right" else WRONG)
            painter.drawText(
                QPointF(centre.x() + SIZE * 1.2, centre.y() - SIZE * 0.6), "✓" if node.verdict == "right" else "✗"
            )
        folded = self.badges.get(node.key)
        if folded:
            painter.setPen(PRUNED_GREY)
            text = f"+{folded}"
            width = metrics.horizontalAdvance(text)
            painter.drawText(QPointF(centre.x() - width / 2, centre.y() + SIZE + metrics.ascent()), text)
