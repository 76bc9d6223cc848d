"""The drawn search tree: a ``QGraphicsView`` of MAX and MIN nodes, values and pruned edges.

MAX nodes are triangles pointing up, MIN nodes triangles pointing down (the
textbook drawing), each in the colour of the mark its player plays when the tree
searches a board (:meth:`SearchTreeView.set_roles`), blue and red on a textbook
tree; values sit inside. A pruned edge is dashed and grey and
labelled with the bound that cut it. Ctrl+wheel zooms, dragging pans, a
double-click folds or unfolds a node's subtree, and hovering a node tells its
window and, on a board, shows the position. The view follows the current node.
Export writes SVG, PNG or Graphviz DOT, atomically.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QBuffer, QByteArray, QEvent, QIODevice, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QImage, QMouseEvent, QPainter, QWheelEvent
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QFileDialog, QGraphicsScene, QGraphicsView, QToolTip, QWidget

from tictactoe_qt.engine import write_bytes_atomically, write_text_atomically
from tictactoe_qt.gui.board_theme import BoardTheme

from .drawn_nodes import DrawNode, dot_text, layout
from .role_sides import RoleSides
from .trace_tree import Key
from .tree_painting import RoleColours, TreeItem, edge_pen, role_colours

#: Auto-fit never shrinks the drawing below this scale (bigger trees scroll).
MIN_AUTO_SCALE = 0.8
#: ... and never enlarges it past this one (small trees read larger).
MAX_AUTO_SCALE = 1.5


class SearchTreeView(QGraphicsView):
    """Draws :class:`DrawNode` values; reports clicks on nodes."""

    #: The key of a clicked node.
    node_clicked = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("stepperTreeView")
        scene = QGraphicsScene(self)
        # Redrawn often: a BSP index makes clear() cost tens of milliseconds.
        scene.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.setScene(scene)
        self.item = TreeItem()
        scene.addItem(self.item)
        self.places: dict[Key, tuple[float, float]] = {}
        #: Hover text of a node beyond its own (the position on a board), or ``None``.
        self.describe: Callable[[Key], str] | None = None
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.nodes: dict[Key, DrawNode] = {}
        self.collapsed: set[Key] = set()
        #: The players behind MAX and MIN (``None``: a tree without players).
        self.roles: RoleSides | None = None
        self.title = "search tree"
        #: Fit the drawing to the view until the user zooms.
        self.auto_fit = True
        self.setMinimumHeight(90)

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

    def set_roles(self, roles: RoleSides | None) -> None:
        """Colour MAX and MIN nodes as the marks of ``roles``' players (neutral for ``None``)."""
        if roles != self.roles:
            self.roles = roles
            self._redraw()

    def colours(self) -> RoleColours:
        """The node colours the drawing uses now (from the board's theme and :attr:`roles`)."""
        return role_colours(BoardTheme.from_palette(self.palette()), self.roles)

    def fit(self) -> None:
        """Show the whole drawing if it fits at a readable size."""
        rect = self.scene().sceneRect()
        view = self.viewport().rect()
        if rect.isEmpty() or view.isEmpty():
            return
        scale = min(view.width() / rect.width(), view.height() / rect.height(), MAX_AUTO_SCALE)
        scale = max(scale, MIN_AUTO_SCALE)
        self.resetTransform()
        self.scale(scale, scale)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._redraw()  # a dark palette has lighter mark colours

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        if self.auto_fit:
            self.fit()

    def follow(self, key: Key) -> None:
        """Scroll so that the node at ``key`` (or its nearest drawn ancestor) is in view."""
        while key not in self.places and key:
            key = key[:-1]
        place = self.places.get(key)
        if place is not None:
            self.ensureVisible(QRectF(place[0] - 40, place[1] - 40, 80, 90), 40, 40)

    def toggle_collapsed(self, key: Key) -> None:
        """Fold or unfold the subtree below ``key``."""
        if key in self.collapsed:
            self.collapsed.discard(key)
        elif self.nodes.get(key) is not None and self.nodes[key].children:
            self.collapsed.add(key)
        self._redraw()

    def edge_style(self, key: Key) -> Qt.PenStyle | None:
        """The pen style of the edge drawn into ``key`` (``None`` if not drawn)."""
        node = self.nodes.get(key)
        if node is None or not key or key not in self.places or key[:-1] not in self.places:
            return None
        return edge_pen(node, QColor("black")).style()

    def _redraw(self) -> None:
        self.places = layout(self.nodes, self.collapsed)
        badges = {key: _count_below(self.nodes, key) for key in self.collapsed if key in self.places}
        self.item.set_tree(self.nodes, self.places, badges, self.palette().text().color(), self.colours())
        self.scene().setSceneRect(self.item.boundingRect())

    # -- input --------------------------------------------------------------------------
    def key_at(self, pos: QPointF) -> Key | None:
        """The key of the node under a viewport point, or ``None``."""
        return self.item.key_at(self.mapToScene(pos.toPoint()))

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            key = self.key_at(QPointF(event.pos()))  # type: ignore[attr-defined]
            if key is None:
                QToolTip.hideText()
            else:
                QToolTip.showText(event.globalPos(), self.tooltip(key), self.viewport())  # type: ignore[attr-defined]
            return True
        return super().viewportEvent(event)

    def tooltip(self, key: Key) -> str:
        """What hovering the node at ``key`` shows: its role, window, value and position."""
        node = self.nodes[key]
        board = self.describe(key) if self.describe is not None else ""
        return f"{node.tooltip}\n{board}" if board else node.tooltip

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
            colours = self.colours()
            fills = (colours.max_fill.name(), colours.min_fill.name())
            write_text_atomically(path, dot_text(self.nodes, self.title, fills))
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
        image = QImage(
            max(1, int(rect.width() * scale)), max(1, int(rect.height() * scale)), QImage.Format.Format_ARGB32
        )
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


#: The file types a drawn tree exports to, as the save dialog offers them.
EXPORT_FILTERS = "SVG drawing (*.svg);;PNG image (*.png);;Graphviz DOT (*.dot)"


def export_with_dialog(parent: QWidget, view: SearchTreeView, title: str, name: str) -> str:
    """Ask where to save ``view``'s drawing (SVG, PNG or Graphviz DOT), then save it there.

    The stepper's drawn tree and the exercise tree export alike. Returns what
    happened in words for a status line (``""`` when the dialog was cancelled).
    """
    path, _ = QFileDialog.getSaveFileName(parent, title, name, parent.tr(EXPORT_FILTERS))
    if not path:
        return ""
    try:
        view.export(path)
    except (OSError, ValueError) as error:
        return parent.tr("Could not export: {0}").format(error)
    return parent.tr("Exported {0}").format(path)


__all__ = ["EXPORT_FILTERS", "SearchTreeView", "export_with_dialog"]
