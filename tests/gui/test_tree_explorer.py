"""The game-tree explorer dock: lazy rows, alpha-beta pruning shown, previews on demand."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.cli.in_process import run_in_process
from tests.engine.traced_decision import textbook_search
from tictactoe_qt.engine.game import Board, GameConfig
from tictactoe_qt.engine.players import TextbookOptions
from tictactoe_qt.engine.teaching import trace_alphabeta
from tictactoe_qt.gui.analysis.job_runner import JobRunner
from tictactoe_qt.gui.analysis.tree_explorer_dock import TreeExplorerDock
from tictactoe_qt.gui.analysis.tree_jobs import TreeRequest
from tictactoe_qt.gui.analysis.tree_model import NOTE, PLIES, ROWS_PER_BATCH, VALUE, WINDOW, GameTreeModel

from .waits import HANG_MS


@pytest.fixture
def dock(qtbot):
    widget = TreeExplorerDock()
    qtbot.addWidget(widget)
    widget.resize(760, 720)
    widget.show()
    yield widget
    widget.shutdown()


def root_index(dock: TreeExplorerDock):
    return dock.model.index(0, 0)


def wait_trace(qtbot, dock: TreeExplorerDock) -> None:
    def ready() -> bool:
        return dock.model.summary is not None and dock.model.rowCount(root_index(dock)) > 0

    qtbot.waitUntil(ready, timeout=HANG_MS)


def wait_children(qtbot, dock: TreeExplorerDock, parent) -> None:
    qtbot.waitUntil(lambda: dock.model.rowCount(parent) > 0, timeout=HANG_MS)


def texts(dock, parent, column: int) -> list[str]:
    return [dock.model.index(r, column, parent).data() for r in range(dock.model.rowCount(parent))]


def test_children_appear_lazily_with_values_and_plies(qtbot, dock) -> None:
    dock.set_position(Board.from_notation("xx./oo./..."))
    root = root_index(dock)
    wait_children(qtbot, dock, root)
    moves = texts(dock, root, 0)
    assert len(moves) == 5
    by_move = dict(zip(moves, zip(texts(dock, root, VALUE), texts(dock, root, PLIES))))
    # The engine's notation, plies counting the row's move: the overlay's X1 and O2.
    assert by_move["1. X at row 1, column 3"] == ("X wins in 1 ply", "1")
    assert by_move["1. X at row 3, column 3"] == ("O wins in 2 plies", "2")
    assert not dock.model.hasChildren(dock.model.index(0, 0, root))  # X has won there
    last_child = dock.model.index(4, 0, root)
    assert dock.model.rowCount(last_child) == 0  # nothing below until expanded
    dock.view.expand(last_child)
    wait_children(qtbot, dock, last_child)
    assert dock.model.rowCount(last_child) == 4


def test_alphabeta_mode_greys_pruned_branches_with_the_reason(qtbot, dock) -> None:
    board = Board.from_notation("x../.o./...")
    dock.set_position(board)
    dock.mode.setCurrentIndex(1)
    wait_trace(qtbot, dock)
    root = root_index(dock)
    second = dock.model.index(1, 0, root)
    dock.view.expand(second)
    wait_children(qtbot, dock, second)
    trace = trace_alphabeta(board)  # the default options: reading order, textbook scores
    expected = {path for path in trace.pruned if len(path) == 2 and path[0] == 2}
    shown = set()
    for row in range(dock.model.rowCount(second)):
        index = dock.model.index(row, WINDOW, second)
        item = dock.model.item(index)
        if index.data().startswith("pruned"):
            shown.add(item.path)
            assert index.data(Qt.ItemDataRole.ForegroundRole).alpha() < 255  # greyed out
            assert "cut-off" in index.data(Qt.ItemDataRole.ToolTipRole)
        else:
            assert index.data().startswith("α = ")
            assert index.data(Qt.ItemDataRole.ForegroundRole) is None
    assert shown == expected and shown
    assert "pruned" in dock.status.text()


def test_counts_per_depth_and_tree_facts_are_shown(qtbot, dock) -> None:
    dock.set_position(Board())
    qtbot.waitUntil(lambda: dock.counts.rowCount() == 11, timeout=HANG_MS)
    assert [dock.counts.item(d, 1).text() for d in range(3)] == ["1", "9", "72"]
    assert dock.counts.item(10, 1).text() == "549,946"
    qtbot.waitUntil(lambda: "255,168" in dock.facts.text(), timeout=HANG_MS)
    assert "5,478" in dock.facts.text()


def test_big_board_facts_explain_why_they_are_missing(qtbot, dock) -> None:
    dock.set_position(Board(GameConfig(7, 7, 5)))
    qtbot.waitUntil(lambda: "too large" in dock.facts.text(), timeout=HANG_MS)
    qtbot.waitUntil(lambda: dock.counts.rowCount() > 2, timeout=HANG_MS)


def test_selecting_a_node_previews_its_line_without_changing_the_game(qtbot, dock) -> None:
    board = Board.from_notation("x../.o./...")
    dock.set_position(board)
    root = root_index(dock)
    wait_children(qtbot, dock, root)
    child = dock.model.index(0, 0, root)
    with qtbot.waitSignal(dock.preview_requested) as blocker:
        dock.view.setCurrentIndex(child)
    moves, caption = blocker.args
    assert moves == [((0, 1), "x", 1)]
    assert "unchanged" in caption
    assert dock.board == board
    with qtbot.waitSignal(dock.preview_requested) as blocker:
        dock.view.setCurrentIndex(root)
    assert blocker.args[0] is None


def test_new_position_resets_the_tree(qtbot, dock) -> None:
    dock.set_position(Board())
    wait_children(qtbot, dock, root_index(dock))
    dock.set_position(Board.from_notation("x../.../..."))
    wait_children(qtbot, dock, root_index(dock))
    assert dock.model.rowCount(root_index(dock)) == 8


def test_screenshot_of_alphabeta_mode(qtbot, dock, tmp_path) -> None:
    dock.set_position(Board.from_notation("x../.o./..."))
    dock.mode.setCurrentIndex(1)
    wait_trace(qtbot, dock)
    path = tmp_path / "tree.png"
    assert dock.grab().save(str(path))


def test_a_big_board_lists_its_replies_in_batches(qtbot) -> None:
    runner = JobRunner("testTreeThread")
    model = GameTreeModel(runner)  # no view: nothing fetches behind the test's back
    board = Board(GameConfig(9, 9, 5))
    board.push((4, 4))
    model.set_tree(TreeRequest.for_board(board))
    root = model.index(0, 0)
    try:
        model.fetchMore(root)
        qtbot.waitUntil(lambda: model.rowCount(root) > 0, timeout=HANG_MS)
        assert model.rowCount(root) == ROWS_PER_BATCH < 80
        assert model.index(0, NOTE).data() == "40 more replies below"
        while model.canFetchMore(root):
            model.fetchMore(root)  # what the view does when scrolled to the end
        assert model.rowCount(root) == 80 and not model.index(0, NOTE).data()
        cells = {model.item(model.index(row, 0, root)).path for row in range(80)}
        assert len(cells) == 80 and (4 * 9 + 4,) not in cells
    finally:
        runner.stop()


def test_the_preferred_width_shows_the_tree_columns_and_the_controls_fit_a_narrow_dock(qtbot, dock) -> None:
    header = dock.view.header()
    needed = sum(header.sectionSizeHint(c) for c in range(header.count() - 1))
    assert dock.preferred_width() > needed
    assert dock.body.minimumSizeHint().width() <= 390  # the settings column width


def test_the_tree_counts_what_the_cli_counts_for_the_chosen_options(qtbot, capsys, dock) -> None:
    import json

    board = Board.from_notation("xo../.x../..o./....", k=3)
    dock.set_position(board)
    dock.depth_box.setValue(3)
    for mode, ordering, form in (("alphabeta", "centre", "negamax"), ("alphabeta-tt", "table", "textbook")):
        dock.mode.setCurrentIndex(dock.mode.findData(mode))
        bar = dock.options_bar
        bar.set_options(TextbookOptions(ordering, "distance", "open-lines", form))
        qtbot.waitUntil(
            lambda bar=bar: dock.model.summary is not None and dock.model.request.options == bar.options(),
            timeout=HANG_MS,
        )
        # The CLI's search in this process (its own process is tests/cli's).
        done = run_in_process(
            capsys,
            "search",
            "--algorithm",
            mode,
            "--board",
            board.notation(),
            "--k",
            "3",
            "--depth",
            "3",
            "--ordering",
            ordering,
            "--scoring",
            "distance",
            "--form",
            form,
            "--json",
        )
        assert done.returncode == 0, done.stderr
        cli = json.loads(done.stdout)
        summary = dock.model.summary
        assert (summary.visited, summary.cutoffs) == (cli["nodes"], cli["cutoffs"])
        status = dock.status.text()
        assert f"{cli['nodes']:,} nodes" in status and f"{cli['cutoffs']:,} cut-offs" in status
        label = dock.options_label.text()
        assert f"ordering {ordering}" in label and f"form {form}" in label
        # The search is named as the mode box and the stepper name it, not by its CLI word.
        assert label.startswith(f"Numbers from: {dock.mode.currentText().split(':')[0]}, depth")


def test_with_a_depth_limit_the_value_column_is_depth_limited(qtbot, dock) -> None:
    board = Board.from_notation("x.../.o../..../....", k=3)
    dock.set_position(board)
    dock.depth_box.setValue(2)
    root = root_index(dock)
    qtbot.waitUntil(lambda: dock.model.rowCount(root) > 0 and dock.model.request.depth == 2, timeout=HANG_MS)
    header = dock.model.headerData(VALUE, Qt.Orientation.Horizontal)
    assert header == "Value (depth-limited, 2 plies)"
    tip = dock.model.headerData(VALUE, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert "Not the exact game value" in tip and "E(n)" in tip
    options = dock.options_bar.options()
    explorer_values = [
        int(dock.model.item(dock.model.index(r, 0, root)).child.limited) for r in range(dock.model.rowCount(root))
    ]
    shown = texts(dock, root, VALUE)
    for value, text in zip(explorer_values, shown):
        assert text == ("0" if value == 0 else f"{value:+d} for X")
    assert max(explorer_values) == textbook_search(board, "minimax", options, 2).score
    qtbot.waitUntil(lambda: dock.model.index(0, VALUE).data() not in ("", None), timeout=HANG_MS)
    assert dock.model.index(0, VALUE).data() == f"{max(explorer_values):+d} for X"
    dock.depth_box.setValue(0)  # to the end: the exact values again
    qtbot.waitUntil(lambda: dock.model.request.depth is None, timeout=HANG_MS)
    assert dock.model.headerData(VALUE, Qt.Orientation.Horizontal) == "Minimax value"


def test_a_depth_limit_of_1_reads_1_ply(qtbot, dock) -> None:
    """'1 ply', never '1 plies', in the column head, its tooltip and the line under the tree."""
    dock.set_position(Board.from_notation("x.../.o../..../....", k=3))
    dock.depth_box.setValue(1)
    qtbot.waitUntil(
        lambda: dock.model.rowCount(root_index(dock)) > 0 and dock.model.request.depth == 1, timeout=HANG_MS
    )
    assert dock.model.headerData(VALUE, Qt.Orientation.Horizontal) == "Value (depth-limited, 1 ply)"
    tip = dock.model.headerData(VALUE, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert "stops 1 ply below" in tip
    assert dock.status.text() == (
        "The tree below shows the depth-limited minimax value (1 ply) of every move from here."
    )


def test_minimax_values_name_only_the_options_that_change_them(qtbot, dock) -> None:
    dock.set_position(Board.from_notation("x.../.o../..../....", k=3))
    dock.options_bar.set_options(TextbookOptions("centre", "distance", "zero", "negamax"))
    dock.depth_box.setValue(2)
    qtbot.waitUntil(lambda: dock.model.request is not None and dock.model.request.depth == 2, timeout=HANG_MS)
    # Ordering and form reorder or rewrite the search; the minimax values stay the same.
    assert dock.options_label.text() == (
        "Numbers from: minimax values, depth limit 2; scoring distance, evaluation zero"
    )
    dock.depth_box.setValue(0)
    qtbot.waitUntil(lambda: dock.model.request.depth is None, timeout=HANG_MS)
    assert dock.options_label.text() == (
        "Numbers from: minimax values, to the end: the exact game values, whatever the options"
    )


def test_the_line_about_the_tree_sits_above_the_tree_not_the_counts(qtbot, dock) -> None:
    """The status line describes the tree: it is the widget right above the tree and says
    so, and the node-count table below the tree has no caption that belongs to the tree."""
    dock.set_position(Board.from_notation("x.../.o../..../....", k=3))
    dock.depth_box.setValue(0)  # to the end
    qtbot.waitUntil(lambda: dock.model.request is not None and dock.model.request.depth is None, timeout=HANG_MS)
    assert dock.status.text() == "The tree below shows the exact minimax value of every move from here."
    layout = dock.body.layout()
    order = [layout.itemAt(i).widget() for i in range(layout.count())]
    assert order.index(dock.status) + 1 == order.index(dock.view)
    assert order.index(dock.view) < order.index(dock.counts)
    geometry = dock.status.geometry()
    assert geometry.bottom() <= dock.view.geometry().top()


def test_screenshot_of_the_options_and_a_depth_limited_tree(qtbot, dock, tmp_path) -> None:
    dock.set_position(Board.from_notation("x.../.o../..../....", k=3))
    dock.depth_box.setValue(2)
    dock.mode.setCurrentIndex(1)
    wait_trace(qtbot, dock)
    root = root_index(dock)
    dock.view.expand(dock.model.index(1, 0, root))
    wait_children(qtbot, dock, dock.model.index(1, 0, root))
    path = tmp_path / "tree-options.png"
    assert dock.grab().save(str(path))
