"""The drawn search tree: a ``QGraphicsView`` of MAX and MIN nodes, values and pruned edges.

MAX nodes are blue triangles pointing up, MIN nodes red triangles pointing down
(the textbook drawing); values sit inside. A pruned edge is dashed and grey and
labelled with the bound that cut it. Ctrl+wheel zooms, dragging pans, a
double-click folds or unfolds a node's subtree, and hovering a node tells its
window and, on a board, shows the position. The view follows the current node.
Export writes SVG, PNG or Graphviz DOT, atomically.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush, QColor, QFont, QImage, QMouseEvent, QPainter, QPainterPath, QPen, QWheelEvent,
)
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import (
    QGraphicsItem, QGraphicsPathItem, QGraphicsScene, QGraphicsSimpleTextItem, QGraphicsView,
    QWidget,
)

from tictactoe_qt.engine.atomic_file import write_bytes_atomically, write_text_atomically

from .drawn_nodes import PRUNED, DrawNode, dot_text, layout
from .trace_tree import Key

MAX_FILL, MAX_EDGE = QColor("#dbe7f7"), QColor("#1a5fb4")
MIN_FILL, MIN_EDGE = QColor("#f9dcdc"), QColor("#c01c28")
PRUNED_GREY = QColor("#9a9996")
CURRENT = QColor("#e66100")
RIGHT, WRONG = QColor("#26a269"), QColor("#c01c28")
#: Half the width of a node's triangle, in scene units.
SIZE = 20.0
KEY_ROLE = 0
#: Auto-fit never shrinks the drawing below this scale (bigger trees scroll).
MIN_AUTO_SCALE = 0.8


def triangle(centre: QPointF, up: bool, size: float = SIZE) -> QPainterPath:
    """A triangle around ``centre``, pointing up (MAX) or down (MIN)."""
    x, y = centre.x(), centre.y()
    tip, base = (y - size, y + size * 0.75) if up else (y + size, y - size * 0.75)
    path = QPainterPath(QPointF(x, tip))
    path.lineTo(QPointF(x - size * 1.1, base))
    path.lineTo(QPointF(x + size * 1.1, base))
    path.closeSubpath()
    return path


class SearchTreeView(QGraphicsView):
    """Draws :class:`DrawNode` values; reports clicks on nodes."""

    #: The key of a clicked node.
    node_clicked = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("stepperTreeView")
        self.setScene(QGraphicsScene(self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.nodes: dict[Key, DrawNode] = {}
        self.collapsed: set[Key] = set()
        self.title = "search tree"
        self._items: dict[Key, QGraphicsItem] = {}
        self._edges: dict[Key, QGraphicsPathItem] = {}
        self._keys: list[Key] = []
        #: Fit the drawing to the view until the user zooms.
        self.auto_fit = True
        self.setMinimumHeight(160)

    # -- content ------------------------------------------------------------------------
    def show_nodes(self, nodes: dict[Key, DrawNode], follow: bool = True) -> None:
        """Draw ``nodes`` (keyed by path; the root's key is ``()``)."""
        self.nodes = nodes
        self.collapsed &= set(nodes)
        self._redraw()
        if self.auto_fit:
            self.fit()
        current = next((key for key, node in nodes.items() if node.current), None)
        if follow and current is not None:
            self.follow(current)

    def fit(self) -> None:
        """Show the whole drawing if it fits at a readable size (at most full size)."""
        rect = self.scene().sceneRect()
        view = self.viewport().rect()
        if rect.isEmpty() or view.isEmpty():
            return
        scale = min(view.width() / rect.width(), view.height() / rect.height(), 1.0)
        scale = max(scale, MIN_AUTO_SCALE)
        self.resetTransform()
        self.scale(scale, scale)

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        if self.auto_fit:
            self.fit()

    def follow(self, key: Key) -> None:
        """Scroll so that the node at ``key`` (or its nearest drawn ancestor) is in view."""
        while key not in self._items and key:
            key = key[:-1]
        item = self._items.get(key)
        if item is not None:
            self.ensureVisible(item.sceneBoundingRect(), 40, 40)

    def toggle_collapsed(self, key: Key) -> None:
        """Fold or unfold the subtree below ``key``."""
        if key in self.collapsed:
            self.collapsed.discard(key)
        elif self.nodes.get(key) is not None and self.nodes[key].children:
            self.collapsed.add(key)
        self._redraw()

    def edge_item(self, key: Key) -> QGraphicsPathItem | None:
        """The edge drawn into the node at ``key`` (for tests and exports)."""
        return self._edges.get(key)

    def node_item(self, key: Key) -> QGraphicsItem | None:
        return self._items.get(key)

    def _redraw(self) -> None:
        scene = self.scene()
        scene.clear()
        self._items, self._edges = {}, {}
        self._keys: list[Key] = []
        places = layout(self.nodes, self.collapsed)
        text_colour = self.palette().text().color()
        font = QFont(self.font())
        font.setPixelSize(13)
        small = QFont(self.font())
        small.setPixelSize(10)
        for key, (x, y) in places.items():
            if key and key[:-1] in places:
                self._add_edge(scene, key, places[key[:-1]], (x, y), small, text_colour)
        for key, (x, y) in places.items():
            self._add_node(scene, self.nodes[key], QPointF(x, y), font)
        scene.setSceneRect(scene.itemsBoundingRect().adjusted(-30, -30, 30, 30))

    def _add_edge(self, scene: QGraphicsScene, key: Key, start: tuple[float, float],
                  end: tuple[float, float], font: QFont, text_colour: QColor) -> None:
        node = self.nodes[key]
        path = QPainterPath(QPointF(start[0], start[1] + SIZE))
        path.lineTo(QPointF(end[0], end[1] - SIZE))
        pen = QPen(text_colour, 1.4)
        if node.state == PRUNED:
            pen = QPen(PRUNED_GREY, 1.6, Qt.PenStyle.DashLine)
        edge = scene.addPath(path, pen)
        edge.setZValue(-1)
        self._edges[key] = edge
        if node.edge_text and node.state == PRUNED:
            label = scene.addSimpleText(node.edge_text, font)
            label.setBrush(PRUNED_GREY)
            box = label.boundingRect()
            # Under the (small) pruned node: neighbours' labels never overlap there.
            label.setPos(end[0] - box.width() / 2, end[1] + SIZE * 0.7)
        elif node.edge_text:
            label = scene.addSimpleText(node.edge_text, font)
            label.setBrush(PRUNED_GREY if node.state == PRUNED else text_colour)
            mid = QPointF((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
            box = label.boundingRect()
            right = end[0] >= start[0]
            label.setPos(mid.x() + (4 if right else -box.width() - 4), mid.y() - box.height() / 2)

    def _add_node(self, scene: QGraphicsScene, node: DrawNode, centre: QPointF,
                  font: QFont) -> None:
        up = node.is_max
        fill, edge = (MAX_FILL, MAX_EDGE) if up else (MIN_FILL, MIN_EDGE)
        pen = QPen(edge, 1.6)
        if node.state == PRUNED:
            fill, pen = QColor("#f1f1f1"), QPen(PRUNED_GREY, 1.4, Qt.PenStyle.DashLine)
        elif node.state == "idle":
            fill = QColor("#ffffff")
        elif node.state == "open":
            fill = fill.lighter(108)
        if node.current:
            pen = QPen(CURRENT, 4.0)
        size = SIZE * (0.7 if node.state == PRUNED else 1.0)
        item = scene.addPath(triangle(centre, up, size), pen, QBrush(fill))
        item.setData(KEY_ROLE, len(self._keys))  # an index: Qt may turn tuples into lists
        self._keys.append(node.key)
        item.setToolTip(node.tooltip)
        self._items[node.key] = item
        if node.value_text:
            text = QGraphicsSimpleTextItem(node.value_text, item)
            text.setFont(font)
            text.setBrush(QColor("#241f31"))
            box = text.boundingRect()
            # The triangle's roomy part is near its base.
            y = centre.y() + (SIZE * 0.05 if up else -SIZE * 0.55)
            text.setPos(centre.x() - box.width() / 2, y - box.height() / 2 + (2 if up else 0))
        if node.verdict:
            mark = QGraphicsSimpleTextItem("✓" if node.verdict == "right" else "✗", item)
            mark.setFont(font)
            mark.setBrush(RIGHT if node.verdict == "right" else WRONG)
            mark.setPos(centre.x() + SIZE * 0.9, centre.y() - SIZE * 1.3)
        if node.key in self.collapsed:
            badge = QGraphicsSimpleTextItem(f"+{_count_below(self.nodes, node.key)}", item)
            badge.setFont(font)
            badge.setBrush(PRUNED_GREY)
            box = badge.boundingRect()
            badge.setPos(centre.x() - box.width() / 2, centre.y() + SIZE + 2)

    # -- input --------------------------------------------------------------------------
    def key_at(self, pos: QPointF) -> Key | None:
        """The key of the node under a viewport point, or ``None``."""
        for item in self.items(pos.toPoint()):
            while item is not None:
                index = item.data(KEY_ROLE)
                if isinstance(index, int):
                    return self._keys[index]
                item = item.parentItem()
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        key = self.key_at(event.position())
        if key is not None and event.button() == Qt.MouseButton.LeftButton:
            self.node_clicked.emit(key)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        key = self.key_at(event.position())
        if key is not None:
            self.toggle_collapsed(key)
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            factor = 1.15 if event.angleDelta().y() > 0 else 1 / 1.15
            self.auto_fit = False
            self.zoom(factor)
            event.accept()
        else:
            super().wheelEvent(event)

    def zoom(self, factor: float) -> None:
        """Scale the drawing by ``factor`` (kept between 0.1x and 5x)."""
        scale = self.transform().m11() * factor
        if 0.1 <= scale <= 5.0:
            self.scale(factor, factor)

    # -- export -------------------------------------------------------------------------
    def export(self, path: str | Path) -> None:
        """Write the drawing as ``.svg``, ``.png`` or ``.dot`` (by the file's suffix), atomically.

        Raises:
            ValueError: another suffix.
            OSError: the file could not be written (any old file is kept).
        """
        suffix = Path(path).suffix.lower()
        if suffix == ".dot" or suffix == ".gv":
            write_text_atomically(path, dot_text(self.nodes, self.title))
        elif suffix == ".svg":
            write_bytes_atomically(path, self.svg_bytes())
        elif suffix == ".png":
            write_bytes_atomically(path, self.png_bytes())
        else:
            raise ValueError(f"export as .svg, .png or .dot, not {suffix or 'no suffix'!r}")

    def svg_bytes(self) -> bytes:
        rect = self.scene().sceneRect()
        buffer = QBuffer()
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        generator = QSvgGenerator()
        generator.setOutputDevice(buffer)
        generator.setSize(rect.size().toSize())
        generator.setViewBox(QRectF(0, 0, rect.width(), rect.height()))
        generator.setTitle(self.title)
        with QPainter(generator) as painter:
            self.scene().render(painter, QRectF(0, 0, rect.width(), rect.height()), rect)
        return bytes(buffer.data().data())

    def png_bytes(self, scale: float = 2.0) -> bytes:
        rect = self.scene().sceneRect()
        image = QImage(max(1, int(rect.width() * scale)), max(1, int(rect.height() * scale)),
                       QImage.Format.Format_ARGB32)
        image.fill(QColor("white"))
        with QPainter(image) as painter:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            self.scene().render(painter, QRectF(image.rect()), rect)
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        image.save(buffer, "PNG")
        return bytes(data.data())


def _count_below(nodes: dict[Key, DrawNode], key: Key) -> int:
    stack, count = list(nodes[key].children), 0
    while stack:
        child = nodes.get(stack.pop())
        if child is not None:
            count += 1
            stack.extend(child.children)
    return count


__all__: list[Any] = ["SearchTreeView", "triangle"]
