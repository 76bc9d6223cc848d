"""The drawn search tree: shapes, pruned edges, zoom, folding, following, and exports."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QImage

AIMA_TREE = "[[3,12,8],[2,4,6],[14,5,2]]"


@pytest.fixture
def dock(shown_stepper):
    widget = shown_stepper()
    widget.stepper.load_tree(AIMA_TREE)
    while widget.stepper.step() is not None:
        pass
    return widget


def test_pruned_edges_are_dashed_and_labelled_with_the_bound(dock):
    view = dock.tree_view
    assert view.edge_style((1, 1)) == Qt.PenStyle.DashLine
    assert view.edge_style((1, 2)) == Qt.PenStyle.DashLine
    assert view.edge_style((1, 0)) == Qt.PenStyle.SolidLine
    assert view.edge_style((2, 2)) == Qt.PenStyle.SolidLine  # searched: not pruned
    assert view.nodes[(1, 1)].edge_text == "α = 3"
    assert view.nodes[()].value_text == "3" and view.nodes[(1,)].value_text == "2"
    assert view.nodes[()].is_max and not view.nodes[(1,)].is_max


def test_the_view_follows_the_stepper_and_hover_tells_the_window(dock):
    stepper = dock.stepper
    stepper.load_tree(AIMA_TREE)
    for _ in range(4):
        stepper.step()
    current = [key for key, node in dock.tree_view.nodes.items() if node.current]
    assert current == [(0, 0)]
    assert "MAX node" in dock.tree_view.tooltip((0, 0))
    assert "window α = −∞, β = +∞" in dock.tree_view.tooltip((0,))


def test_board_nodes_show_their_position_on_hover(dock):
    dock.stepper.load("alphabeta", "xo./.x./o..")
    for _ in range(3):
        dock.stepper.step()
    key = ((0, 2),)  # the first move, row 1 column 3
    assert key in dock.tree_view.nodes
    assert dock.tree_view.tooltip(key).endswith("X O X\n. X .\nO . .")  # the players' marks


def test_clicking_a_node_reports_it_and_double_click_folds(qtbot, dock):
    view = dock.tree_view
    x, y = view.places[(0,)]
    point = view.mapFromScene(QPointF(x, y))
    with qtbot.waitSignal(view.node_clicked) as clicked:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert clicked.args == [(0,)]
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert (0,) in view.collapsed and (0, 0) not in view.places
    assert view.item.badges[(0,)] == 3
    view.toggle_collapsed((0,))
    assert (0, 0) in view.places


def test_ctrl_wheel_zooms(qtbot, dock):
    view = dock.tree_view
    before = view.transform().m11()
    view.zoom(1.5)
    assert view.transform().m11() == pytest.approx(before * 1.5)
    view.zoom(100)  # past the limit: ignored
    assert view.transform().m11() == pytest.approx(before * 1.5)


def test_exports_write_valid_svg_png_and_dot(dock, tmp_path):
    view = dock.tree_view
    view.export(tmp_path / "tree.svg")
    view.export(tmp_path / "tree.png")
    view.export(tmp_path / "tree.dot")
    svg = ElementTree.parse(tmp_path / "tree.svg").getroot()
    assert svg.tag.endswith("svg")
    assert "stroke-dasharray" in (tmp_path / "tree.svg").read_text() or "dash" in (tmp_path / "tree.svg").read_text()
    image = QImage(str(tmp_path / "tree.png"))
    assert not image.isNull() and image.width() > 200
    dot = (tmp_path / "tree.dot").read_text()
    assert dot.startswith("digraph ") and dot.rstrip().endswith("}")
    assert dot.count("->") == 12 and dot.count("style=dashed") >= 2
    assert 'label="α = 3"' in dot and "shape=invtriangle" in dot
    with pytest.raises(ValueError, match="svg, .png or .dot"):
        view.export(tmp_path / "tree.txt")
    assert not (tmp_path / "tree.txt").exists()


def test_a_failed_export_keeps_the_old_file(dock, tmp_path, monkeypatch):
    target = tmp_path / "tree.dot"
    target.write_text("old")
    monkeypatch.setattr("tictactoe_qt.gui.stepper.tree_view.dot_text", lambda *a: "\udcff not encodable")
    with pytest.raises(ValueError):
        dock.tree_view.export(target)
    assert target.read_text() == "old"


def test_export_button_saves_the_chosen_file(qtbot, dock, tmp_path, monkeypatch):
    target = tmp_path / "chosen.svg"
    monkeypatch.setattr(
        "tictactoe_qt.gui.stepper.tree_view.QFileDialog.getSaveFileName", lambda *a, **k: (str(target), "")
    )
    qtbot.mouseClick(dock.export_button, Qt.MouseButton.LeftButton, pos=QPoint(5, 5))
    assert target.exists() and "Exported" in dock.status.text()
