"""The comparison dock runs every algorithm in the background and reports the engine's numbers."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from PySide6.QtCore import QEventLoop, QTimer

from tests.cli.in_process import run_in_process
from tictactoe_qt.engine.analysis import tie_order
from tictactoe_qt.engine.game import Board, GameConfig, move_text
from tictactoe_qt.engine.search import minimax_search
from tictactoe_qt.engine.text import duration_text, duration_unit
from tictactoe_qt.gui.analysis.comparison_panel import ComparisonDock
from tictactoe_qt.gui.analysis.comparison_table import MOVE
from tictactoe_qt.gui.textbook_options_bar import choices_text

from .panels import open_panel
from .waits import HANG_MS


@pytest.fixture
def dock(qtbot):
    widget = ComparisonDock()
    qtbot.addWidget(widget)
    widget.resize(900, 650)
    widget.perfect_budget = 0.3
    widget.show()
    yield widget
    widget.shutdown()


@pytest.fixture(scope="module")
def compared_3x3(qapp):
    """One dock that has compared the empty 3x3 board (plain minimax's 549,946 nodes),
    shared by the tests that only read its table, texts and size."""
    widget = ComparisonDock()
    widget.resize(900, 650)
    widget.perfect_budget = 0.3
    widget.show()
    widget.set_position(Board())
    loop = QEventLoop()
    widget.comparison_finished.connect(loop.quit)
    QTimer.singleShot(HANG_MS, loop.quit)
    widget.run()
    loop.exec()
    assert not widget.is_running(), "the comparison of the empty 3x3 board did not finish"
    yield widget
    widget.shutdown()
    widget.close()
    widget.deleteLater()


def run_and_wait(qtbot, dock: ComparisonDock, timeout: int = HANG_MS) -> None:
    with qtbot.waitSignal(dock.comparison_finished, timeout=timeout):
        dock.run()


def table_column(dock: ComparisonDock, column: int) -> list[str]:
    return [dock.table.item(row, column).text() for row in range(dock.table.rowCount())]


def test_empty_3x3_reproduces_the_seed_experiment(compared_3x3) -> None:
    dock = compared_3x3
    assert table_column(dock, 0) == [
        "Minimax",
        "Alpha-beta",
        "+ ordering centre",
        "+ table (ordering centre)",
        "Engine α-β + symmetry",
        "Perfect",
    ]
    assert table_column(dock, 1)[:4] == ["549,946", "18,297", "11,758", "2,793"]
    assert dock.rows[0].nodes == minimax_search(Board()).stats.nodes
    caption = dock.options_label.text()
    assert (
        "ordering: centre (none for Alpha-beta), scoring: textbook, evaluation: open-lines, form: textbook" in caption
    )
    assert "ordering none, scoring textbook" in dock.table.item(1, 1).toolTip()
    assert "narrows the window" in dock.table.item(4, 1).toolTip()
    assert "wins first" in dock.table.item(4, 6).text()
    assert set(table_column(dock, 5)) == {"D"}  # short: the tooltip says it in words
    assert dock.table.item(0, 5).toolTip().startswith("draw\n")
    assert "549,946" in dock.summary.text() and "faster" in dock.summary.text()
    assert "agree" in dock.summary.text()
    assert "exactly 549,946" in dock.estimate_label.text()


def test_different_moves_among_equal_ones_are_explained(compared_3x3) -> None:
    """On the empty 3x3 board every move draws; rows that pick different ones say why."""
    dock = compared_3x3
    moves = [row.result.move for row in dock.rows]
    assert len(set(moves)) > 1  # the premise: the rows disagree on the move
    legal = len(Board().legal_moves())
    assert f"All {legal} moves tie (a draw)." in dock.summary.text()  # short: the rows keep their room
    summary = dock.summary.toolTip()  # the whole story
    assert f"All {legal} moves are equally good here (a draw)" in summary
    assert "breaks the tie its own way" in summary
    for number, row in enumerate(dock.rows):
        assert move_text(row.result.move) in summary and tie_order(row) in summary
        tip = dock.table.item(number, MOVE).toolTip()
        assert tip.startswith(
            f"{move_text(row.result.move)}: one of {legal} equal moves; ties go to the first in {tie_order(row)}"
        )


def test_rows_that_agree_say_nothing_of_ties(qtbot, dock) -> None:
    dock.set_position(Board.from_notation("xx./oo./..."))  # one winning move
    run_and_wait(qtbot, dock)
    assert len({row.result.move for row in dock.rows}) == 1
    assert " tie " not in dock.summary.text() and "equally good" not in dock.summary.toolTip()
    assert "ties go" not in dock.table.item(0, MOVE).toolTip()


def test_chart_shows_the_table_numbers_on_a_log_scale(qtbot, dock) -> None:
    dock.set_position(Board.from_notation("x../.o./..."))
    run_and_wait(qtbot, dock)
    assert dock.chart_box.chart.values == [float(row.nodes) for row in dock.rows]
    heights = dock.chart_box.chart.heights
    assert heights[0] == max(heights)  # minimax visits the most positions
    assert min(heights) >= 1  # a decade of room below the smallest bar
    dock.chart_box.metric_choice.setCurrentIndex(2)
    # Times read as the table writes them ('60.6 µs'), on an axis in the longest time's unit.
    unit = duration_unit(max(row.seconds for row in dock.rows))
    assert dock.chart_box.chart.unit == f"time ({unit.name})"
    assert dock.chart_box.chart.values == [row.seconds * unit.per_second for row in dock.rows]
    assert dock.chart_box.chart.texts == table_column(dock, 3) == [duration_text(row.seconds) for row in dock.rows]
    assert dock.chart_box.chart.texts[0] in dock.chart_box.chart.accessibleDescription()


def test_plain_minimax_on_empty_5x5_is_refused_and_explained(qtbot, dock) -> None:
    dock.set_position(Board(GameConfig(5, 5, 4)))
    dock.depth_box.setCurrentIndex(0)  # to the end
    run_and_wait(qtbot, dock)
    assert dock.rows[0].status == "refused"
    note = dock.table.item(0, 6).text()
    assert "refused" in note and "years" in note
    assert "years" in dock.table.item(0, 6).toolTip()
    assert "Refused" in dock.summary.text()


def test_a_tree_too_big_for_a_float_says_more_than_never_inf_or_forever(qtbot, dock) -> None:
    """15x15: the Knuth estimate overflowed to 'about inf positions' and 'about forever'."""
    dock.perfect_budget = 0.1
    dock.set_position(Board(GameConfig(15, 15, 5)))
    dock.depth_box.setCurrentIndex(0)  # to the end
    run_and_wait(qtbot, dock)
    refused = [row for row, data in enumerate(dock.rows) if data.status == "refused"]
    assert len(refused) == 5  # every row but Perfect, which runs under its budget
    shown = [dock.estimate_label.text(), dock.summary.text()]
    shown += [dock.table.item(row, 6).text() for row in refused]
    shown += [dock.table.item(row, 6).toolTip() for row in refused]
    for text in shown:
        assert "inf " not in text and "forever" not in text, text
    assert "the full tree has more than 1.8e+308 positions: more than" in dock.estimate_label.text()
    assert all(dock.table.item(row, 6).text().startswith("refused: it would take more than ") for row in refused)


def test_position_change_cancels_a_running_comparison(qtbot, dock) -> None:
    dock.set_position(Board(GameConfig(5, 5, 4)))
    dock.depth_box.setCurrentIndex(5)  # depth 5: seconds of plain minimax
    dock.capped.setChecked(True)  # never refused, however slow the machine
    dock.cap.setValue(60)
    dock.run()
    assert dock.is_running()
    qtbot.waitUntil(lambda: dock.estimate is not None, timeout=HANG_MS)  # minimax has started
    with qtbot.waitSignal(dock.comparison_finished, timeout=HANG_MS):
        dock.set_position(Board(GameConfig(4, 4, 4)))
    assert any(row.status == "cancelled" for row in dock.rows)
    assert "Stopped" in dock.summary.text()


def test_finished_game_cannot_be_compared(qtbot, dock) -> None:
    dock.set_position(Board.from_notation("xxx/oo./..."))
    assert not dock.run_button.isEnabled()
    dock.run()
    assert not dock.is_running()


def test_screenshot_of_the_3x3_comparison(compared_3x3, tmp_path) -> None:
    dock = compared_3x3
    path = tmp_path / "comparison.png"
    assert dock.grab().save(str(path))
    assert path.stat().st_size > 10_000


def test_the_analysis_views_do_not_import_pyqtgraph() -> None:
    """pyqtgraph takes about a second to import: the window must not wait for it."""
    code = (
        "import sys, tictactoe_qt.gui.analysis.install\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pyqtgraph'))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_moves_are_counted_from_one_like_the_rest_of_the_gui(qtbot, dock) -> None:
    dock.set_position(Board.from_notation("xx./oo./..."))
    run_and_wait(qtbot, dock)
    # X wins on the top row's last cell: engine (0, 2), people's row 1, column 3.
    assert set(table_column(dock, 4)) == {"r1c3"}  # the compact form: the dock is narrow
    assert all("row 1, column 3" in dock.table.item(row, 4).toolTip() for row in range(dock.table.rowCount()))
    assert "counted from 1" in dock.table.horizontalHeaderItem(4).toolTip()


def test_the_preferred_width_fits_every_short_column(compared_3x3) -> None:
    dock = compared_3x3
    header = dock.table.horizontalHeader()
    short_columns = sum(header.sectionSize(c) for c in range(dock.table.columnCount() - 1))
    assert dock.preferred_width() > short_columns
    assert dock.body.minimumSizeHint().width() < dock.preferred_width()


def test_the_controls_fit_the_settings_column_width(dock) -> None:
    assert dock.body.minimumSizeHint().width() <= 390  # wrapped texts, two rows of controls


def test_results_of_an_earlier_position_are_marked_outdated(qtbot, dock) -> None:
    dock.set_position(Board())
    dock.depth_box.setCurrentIndex(dock.depth_box.findData(2))  # what is compared, not how deep
    run_and_wait(qtbot, dock)
    counted = table_column(dock, 1)
    assert not dock.is_outdated() and dock.outdated_label.isHidden()
    assert dock.chart_box.isEnabled()
    dock.set_position(Board.from_notation("x../.../..."))  # a move was played
    assert dock.is_outdated()
    assert dock.outdated_label.isVisible()
    assert "Outdated" in dock.outdated_label.text() and "empty board" in dock.outdated_label.text()
    assert not dock.chart_box.isEnabled() and not dock.summary.isEnabled()  # greyed
    assert table_column(dock, 1) == counted  # still readable, but marked
    dock.set_position(Board())  # New game: back to the compared position
    assert not dock.is_outdated() and dock.outdated_label.isHidden()
    dock.set_position(Board.from_notation("x../.o./..."))
    run_and_wait(qtbot, dock)  # Run compares the current position: the mark goes
    assert not dock.is_outdated() and dock.outdated_label.isHidden()
    assert dock.chart_box.isEnabled()


def test_the_comparison_in_the_window_is_marked_after_a_move(qtbot, click_cell) -> None:
    from PySide6.QtWidgets import QComboBox

    from tictactoe_qt.gui.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    combo = window.findChild(QComboBox, "oPlayer")
    combo.setCurrentIndex(combo.findData("human"))
    window.new_game_action.trigger()
    dock = window.analysis.comparison
    dock.perfect_budget = 0.3
    dock.depth_box.setCurrentIndex(dock.depth_box.findData(2))  # any comparison is marked after a move
    open_panel(qtbot, window, "comparisonDock")
    run_and_wait(qtbot, dock)
    assert not dock.is_outdated()
    click_cell(window.board, 1, 1)
    qtbot.waitUntil(dock.is_outdated, timeout=2000)
    assert dock.outdated_label.isVisible()
    window.new_game_action.trigger()
    qtbot.waitUntil(lambda: not dock.is_outdated(), timeout=2000)
    window.close()


SAMPLE_POSITIONS = [("xx./.../..o", 3), ("x.o/.x./...", 3), ("xo../.x../..o./....", 3), ("xo.x/.x../o.o./....", 4)]


@pytest.mark.parametrize("notation,k", SAMPLE_POSITIONS)
def test_the_textbook_rows_count_what_the_cli_search_counts(qtbot, capsys, dock, notation, k) -> None:
    import itertools
    import json

    from tests.engine.traced_decision import textbook_search
    from tictactoe_qt.engine.players import TextbookOptions

    board = Board.from_notation(notation, k=k)
    depth = None if board.geometry.cells - board.ply <= 9 else 3
    dock.set_position(board)
    dock.depth_box.setCurrentIndex(dock.depth_box.findData(depth))
    combos = list(
        itertools.product(
            ("none", "centre", "wins", "table"),
            ("textbook", "distance"),
            ("zero", "open-lines"),
            ("textbook", "negamax"),
        )
    )
    # Every option set once over the sample positions, and each position a spread of them.
    sample = SAMPLE_POSITIONS.index((notation, k))
    chosen = combos[sample :: len(SAMPLE_POSITIONS)]
    for ordering, scoring, evaluation, form in chosen:
        options = TextbookOptions(ordering, scoring, evaluation, form)
        dock.options_bar.set_options(options)
        run_and_wait(qtbot, dock)
        assert all(word in dock.options_label.text() for word in choices_text(options))
        # The CLI's search (in this process: its own process is tests/cli's) for one option
        # set and one textbook row per position: over the sample positions, each textbook
        # row (algorithm and ordering) once.
        textbook_rows = [data for data in dock.rows if data.options is not None]
        cli_row = textbook_rows[sample % len(textbook_rows)]
        for row in dock.rows:
            if row.options is None or row.status != "done":
                continue
            traced = textbook_search(board, row.variant.algorithm, row.options, depth)
            assert (row.nodes, row.result.stats.cutoffs) == (traced.stats.nodes, traced.stats.cutoffs)
            line = table_column(dock, 0).index(row.title)
            assert dock.table.item(line, 1).text() == f"{traced.stats.nodes:,}"
            assert row.options.label() in dock.table.item(line, 1).toolTip()
            if (ordering, scoring, evaluation, form) != chosen[0] or row is not cli_row:
                continue
            args = [
                "search",
                "--algorithm",
                row.variant.algorithm,
                "--board",
                notation,
                "--k",
                str(k),
                "--ordering",
                row.options.ordering,
                "--scoring",
                scoring,
                "--evaluation",
                evaluation,
                "--form",
                form,
                "--json",
            ]
            if depth is not None:
                args += ["--depth", str(depth)]
            done = run_in_process(capsys, *args)
            assert done.returncode == 0, done.stderr
            cli = json.loads(done.stdout)
            assert (row.nodes, row.result.stats.cutoffs) == (cli["nodes"], cli["cutoffs"])


def test_changing_the_options_marks_the_results_outdated(qtbot, dock) -> None:
    from tictactoe_qt.engine.players import TextbookOptions

    dock.set_position(Board.from_notation("x../.o./..."))
    run_and_wait(qtbot, dock)
    assert not dock.is_outdated()
    dock.options_bar.set_options(TextbookOptions("wins"))
    assert dock.is_outdated() and "other options" in dock.outdated_label.text()
    assert "ordering: centre" in dock.options_label.text()  # what the numbers shown came from
    run_and_wait(qtbot, dock)
    assert not dock.is_outdated() and "ordering: wins" in dock.options_label.text()


def test_a_heuristic_value_says_its_depth_in_the_note(qtbot, dock) -> None:
    """A review saw +43 in the overlay (depth 7) and -105 in Compare for one 7x7 move,
    with nothing in the table saying at what depth Compare's number was read."""
    # Seven empty cells: a 2-ply limit still stops short of the end, and the run to the end is short.
    dock.set_position(Board.from_notation("x../.o./..."))
    dock.depth_box.setCurrentIndex(dock.depth_box.findData(2))
    run_and_wait(qtbot, dock)
    notes = table_column(dock, 6)
    values = table_column(dock, 5)
    heuristic = [
        row
        for row, result in enumerate(dock.rows)
        if result is not None and result.status == "done" and not result.result.exact
    ]
    assert heuristic, values
    for row in heuristic:
        depth = dock.rows[row].result.stats.depth
        assert notes[row].startswith(f"depth {depth}: "), (row, notes[row])
    dock.depth_box.setCurrentIndex(dock.depth_box.findData(None))
    run_and_wait(qtbot, dock)
    assert not any(note.startswith("depth ") for note in table_column(dock, 6))
