"""The Search stepper as scripts and students drive it: the contract, the buttons, the view."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from tests.cli.in_process import run_in_process
from tictactoe_qt.engine.teaching import TraceTooLarge
from tictactoe_qt.gui.main_window import MainWindow
from tictactoe_qt.gui.stepper.search_stepper import SearchStepper

AIMA_TREE = "[[3,12,8],[2,4,6],[14,5,2]]"


@pytest.fixture
def window(qtbot):
    win = MainWindow()
    qtbot.addWidget(win)
    win.resize(1200, 860)
    win.show()
    dock = win.analysis.stepper
    dock.show()
    dock.raise_()
    yield win
    win.close()


@pytest.fixture
def dock(shown_stepper):
    return shown_stepper()


def cli_events(capsys, *argv: str) -> list[dict]:
    """The events ``trace --json`` prints, the CLI run in this process (its own process
    is tests/cli's)."""
    done = run_in_process(capsys, "trace", "--json", *argv)
    assert done.returncode == 0, done.stderr
    *events, summary = [json.loads(line) for line in done.stdout.splitlines()]
    assert summary["summary"] is True
    return events


def as_json(events: list[dict]) -> list[dict]:
    """The events as ``trace --json`` prints them, read back."""
    return [json.loads(json.dumps(event)) for event in events]


def step_all(stepper) -> list[dict]:
    shown = []
    while (event := stepper.step()) is not None:
        shown.append(event)
    return shown


def click(qtbot, parent, name: str) -> None:
    button = parent.findChild(QPushButton, name)
    assert button is not None, name
    assert button.isEnabled(), f"{name} is disabled"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


# -- the scripting contract ------------------------------------------------------------------
def test_aima_tree_steps_to_value_3_with_the_known_prunes(window):
    stepper = window.search_stepper
    stepper.load_tree(AIMA_TREE)
    events = step_all(stepper)
    assert stepper.step() is None
    root_return = events[-1]
    assert root_return["event"] == "return" and root_return["path"] == []
    assert root_return["value"] == 3
    cutoffs = [e for e in events if e["event"] == "cutoff"]
    assert [(c["path"], c["pruned"]) for c in cutoffs] == [([1], [1, 2])]
    entered = {tuple(e["path"]) for e in events if e["event"] == "enter"}
    assert (1, 1) not in entered and (1, 2) not in entered and (2, 2) in entered
    assert stepper.events() == events


def test_back_undoes_one_step_at_a_time(window):
    stepper = window.search_stepper
    stepper.load_tree(AIMA_TREE)
    first = [stepper.step() for _ in range(6)]
    assert stepper.back() == first[4]
    assert stepper.events() == first[:5]
    assert stepper.back() == first[3]
    assert stepper.step() == first[4]  # the same event again
    assert stepper.events() == first[:5]
    for _ in range(5):
        stepper.back()
    assert stepper.events() == [] and stepper.back() is None


@pytest.mark.parametrize(
    "argv, load",
    [
        (["--algorithm", "alphabeta", "--tree", AIMA_TREE], ("tree", AIMA_TREE)),
        (
            ["--algorithm", "alphabeta", "--board", "x../.o./...", "--depth", "3"],
            ("board", "alphabeta", "x../.o./...", {"depth": 3}),
        ),
        (["--algorithm", "minimax", "--board", "xo./.x./o.."], ("board", "minimax", "xo./.x./o..", {})),
        (
            [
                "--algorithm",
                "alphabeta-tt",
                "--board",
                "x.o/.../...",
                "--ordering",
                "table",
                "--form",
                "negamax",
                "--scoring",
                "distance",
            ],
            ("board", "alphabeta-tt", "x.o/.../...", {"ordering": "table", "form": "negamax", "scoring": "distance"}),
        ),
    ],
)
def test_events_match_the_cli_trace_json(capsys, argv, load):
    """The contract's events are the CLI's. Stepped on the stepper object alone: the window's
    ``search_stepper`` is one of these, and its dock redraws the tree after every step,
    which made the longest trace here take seconds without proving more about events."""
    stepper = SearchStepper()
    if load[0] == "tree":
        stepper.load_tree(load[1])
    else:
        stepper.load(load[1], load[2], **load[3])
    shown = step_all(stepper)
    assert as_json(stepper.events()) == cli_events(capsys, *argv)
    assert stepper.events() == shown


def test_bad_inputs_are_refused_in_words(window):
    stepper = window.search_stepper
    with pytest.raises(ValueError, match="unknown algorithm"):
        stepper.load("minmax", ".../.../...")
    with pytest.raises(ValueError, match="not a nested list|empty"):
        stepper.load_tree("[[3, 12,")


def test_a_too_big_search_is_refused_with_an_estimate(window):
    stepper = window.search_stepper
    with pytest.raises(TraceTooLarge, match=r"more than [\d,]+ events.*limit of 2,000,000"):
        stepper.load("minimax", "..../..../..../....")


# -- the dock ------------------------------------------------------------------------------------
def test_buttons_step_back_run_and_run_to_the_end(qtbot, window):
    dock = window.analysis.stepper
    stepper = window.search_stepper
    stepper.load_tree(AIMA_TREE)
    click(qtbot, dock, "stepperStep")
    click(qtbot, dock, "stepperStep")
    assert [e["event"] for e in stepper.events()] == ["enter", "enter"]
    assert "Nodes 2" in dock.counts.text()
    click(qtbot, dock, "stepperBack")
    assert len(stepper.events()) == 1
    stepper.set_speed(200)
    click(qtbot, dock, "stepperRun")
    qtbot.waitUntil(lambda: len(stepper.events()) >= 5, timeout=5000)
    click(qtbot, dock, "stepperPause")
    paused_at = len(stepper.events())
    qtbot.wait(50)
    assert len(stepper.events()) == paused_at
    click(qtbot, dock, "stepperToCutoff")
    qtbot.waitUntil(lambda: not stepper.running, timeout=5000)
    assert stepper.events()[-1]["event"] == "cutoff"
    assert "pruned" in dock.caption.text() and "Cut-off, v = 2 ≤ α = 3" in dock.caption.text()
    click(qtbot, dock, "stepperToEnd")
    qtbot.waitUntil(lambda: not stepper.running, timeout=5000)
    assert stepper.session.finished and stepper.step() is None
    assert "Nodes 11 · cut-offs 1" in dock.counts.text()


def test_step_over_and_out_finish_subtrees(qtbot, dock):
    stepper = dock.stepper
    stepper.load_tree(AIMA_TREE)
    stepper.step()
    stepper.step()  # entered the first MIN node
    click(qtbot, dock, "stepperStepOver")
    qtbot.waitUntil(lambda: not stepper.running, timeout=5000)
    last = stepper.events()[-1]
    assert (last["event"], last["path"], last["value"]) == ("return", [0], 3)
    stepper.step()  # alpha at the root
    stepper.step()  # enter [1]
    stepper.step()  # enter [1, 0]
    click(qtbot, dock, "stepperStepOut")
    qtbot.waitUntil(lambda: not stepper.running, timeout=5000)
    last = stepper.events()[-1]
    assert (last["event"], last["path"]) == ("return", [1, 0])


def test_the_view_shows_path_counts_pseudocode_and_the_position(qtbot, dock):
    stepper = dock.stepper
    stepper.load("alphabeta", "x../.o./...", depth=2)
    while (event := stepper.step())["event"] != "leaf":
        pass
    assert event.get("kind") == "evaluation"
    assert "row 1, column 2 → row 1, column 3" in dock.path.text()  # counted from 1
    assert "depth 2" in dock.counts.text()
    assert "E(n) = open lines for X (MAX) − open lines for O (MIN)" in dock.caption.text()
    assert "EVAL" in dock.code.currentItem().text()
    board = dock.board.board
    assert board is not None and board.notation() == "xxo/.o./..."
    max_lines, min_lines = dock.board.open_line_count()
    assert max_lines - min_lines == event["value"]  # E(n) from the drawn lines
    assert dock.board.snapshot().accepts_input is False
    # The game's board is never changed by stepping.
    dock.grab()


def test_stepping_never_changes_the_game(window):
    window.controller.play(1, 1)
    before = window.position()
    stepper = window.search_stepper
    stepper.load("alphabeta", before, depth=2)
    for _ in range(30):
        stepper.step()
    assert window.position() == before


def test_search_this_position_sizes_in_the_background_and_loads(qtbot, window):
    dock = window.analysis.stepper
    dock.choices.algorithm.setCurrentIndex(dock.choices.algorithm.findData("alphabeta"))
    window.controller.play(1, 1)
    qtbot.waitUntil(lambda: window.position() != "..././...", timeout=5000)
    click(qtbot, dock, "stepperLoad")
    qtbot.waitUntil(lambda: dock.stepper.session is not None, timeout=10_000)
    assert dock.stepper.setup.board.notation() == window.position()
    assert "Size:" in dock.status.text()


def test_search_this_position_refuses_a_big_board_with_the_estimate(qtbot, dock):
    from tictactoe_qt.engine.game import Board

    dock.set_position(Board.from_notation("..../..../..../...."))
    dock.choices.algorithm.setCurrentIndex(dock.choices.algorithm.findData("minimax"))
    click(qtbot, dock, "stepperLoad")
    qtbot.waitUntil(lambda: "Refused" in dock.status.text(), timeout=10_000)
    assert "more than" in dock.status.text() and "events" in dock.status.text()
    assert dock.stepper.session is None


def _fits(label) -> bool:
    """The label's whole text, wrapped at word breaks, fits inside it."""
    from PySide6.QtCore import QRect

    room = label.contentsRect()
    flags = Qt.TextFlag.TextWordWrap if label.wordWrap() else Qt.TextFlag.TextSingleLine
    needed = label.fontMetrics().boundingRect(QRect(0, 0, room.width(), 10_000), flags, label.text())
    return needed.width() <= room.width() and needed.height() <= room.height()


def test_the_counts_line_is_never_cut_off_in_a_narrow_dock(qtbot, shown_stepper):
    dock = shown_stepper((380, 900))
    assert dock.counts.text().startswith("Choose a search")
    qtbot.waitUntil(lambda: _fits(dock.counts), timeout=2000)
    dock.stepper.load("alphabeta", "x../.o./...", depth=2)
    dock.stepper.step()
    qtbot.waitUntil(lambda: _fits(dock.counts), timeout=2000)


def test_a_pseudocode_line_cut_short_shows_whole_in_its_tooltip(qtbot, shown_stepper):
    dock = shown_stepper((440, 900))
    dock.stepper.load("alphabeta", "x../.o./...", form="negamax")
    code = dock.code
    metrics = code.fontMetrics()
    rows = [code.item(row) for row in range(code.count())]
    cut = [item for item in rows if metrics.horizontalAdvance(item.text()) > code.viewport().width()]
    assert cut  # the longest lines do not fit beside the board in a 440-pixel dock
    assert all(item.toolTip() == item.text() for item in rows)
