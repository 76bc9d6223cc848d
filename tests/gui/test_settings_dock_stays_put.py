"""The settings dock stays put under the mouse and shows every word whole.

Driven as a user meets it at the default window size: player types, depths,
a random depth, board sizes, a clash of marks and the 'applies to the next game'
notice come and go, and no control of the dock moves; both player groups share
one label column; no label, button, spin box or combo box is cut short.
"""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QStyle,
    QStyleOptionComboBox,
    QWidget,
)

from tictactoe_qt.gui.extra_player_fields import ElidedLabel
from tictactoe_qt.gui.game_settings import GameSettings, SideSettings

from .settings_steps import choose
from .waits import settled

DEFAULT_SIZE = (1040, 680)
BUILT_IN = ("human", "random", "minimax", "alphabeta", "average", "perfect")


@pytest.fixture
def window(qtbot, shown_window):
    shown = shown_window(DEFAULT_SIZE)
    settle(qtbot, shown)  # the dock column took its width
    return shown


def spin(window, name: str) -> QSpinBox:
    return window.findChild(QSpinBox, name)


def places(window) -> dict[QWidget, QRect]:
    """Where each visible widget of the settings dock is, in window coordinates."""
    dock = window.settings_dock
    return {
        child: QRect(child.mapTo(window, QPoint(0, 0)), child.size())
        for child in dock.findChildren(QWidget)
        if child.isVisible()
    }


def settle(qtbot, window) -> None:
    """Until the layout stopped changing (a fixed pause guessed the machine's speed)."""
    settled(qtbot, lambda: places(window))


def moved(before: dict[QWidget, QRect], after: dict[QWidget, QRect]) -> list[str]:
    """The widgets shown both times whose place changed, named for the failure message."""
    return [
        f"{w.objectName() or type(w).__name__} {getattr(w, 'text', lambda: '')()!r}: {before[w]} -> {after[w]}"
        for w in before.keys() & after.keys()
        if before[w] != after[w]
    ]


def test_notices_coming_and_going_move_no_control(qtbot, window) -> None:
    dock = window.settings_dock
    choose(window, "o", "human")
    window.new_game_action.trigger()
    settle(qtbot, window)
    quiet = places(window)
    notes = [dock.findChild(QLabel, name) for name in ("xNote", "oNote", "boardNote")]
    assert not any(note.text() for note in notes)
    window.controller.play(1, 1)  # a move: now changes wait for the next game
    choose(window, "o", "minimax")
    spin(window, "oDepth").setValue(0)
    spin(window, "rows").setValue(15)  # O can't look to the end on 15x4
    spin(window, "cols").setValue(4)
    spin(window, "k").setValue(5)  # "Lines of 5 fit only along the longer side."
    mark = window.findChild(QLineEdit, "xMark")
    mark.setText("O")  # a clash of marks
    mark.textEdited.emit("O")
    qtbot.waitUntil(lambda: dock.pending.isVisible())
    settle(qtbot, window)
    assert all(note.isVisible() and note.text() for note in notes), [n.text() for n in notes]
    assert moved(quiet, places(window)) == []
    for name, value in (("cols", 15), ("k", 3), ("oDepth", 1)):  # the notes go again
        spin(window, name).setValue(value)
    mark.setText("X")
    mark.textEdited.emit("X")
    dock.new_game_requested.emit()  # the game takes the settings: the notice goes
    qtbot.waitUntil(lambda: dock.pending.isHidden())
    settle(qtbot, window)
    assert not any(note.text() for note in notes), [n.text() for n in notes]
    assert moved(quiet, places(window)) == []


@pytest.mark.parametrize("seat", ["x", "o"])
def test_player_types_and_depths_move_no_control(qtbot, window, seat, tmp_path) -> None:
    settle(qtbot, window)
    before = places(window)
    program = tmp_path / "pbrain-fake"
    program.write_text(f"#!{sys.executable}\n")
    program.chmod(0o755)
    steps = [*BUILT_IN, "engine", *reversed(BUILT_IN)]
    for kind in steps:
        if kind == "engine":  # as a game file would name one: no file dialog, nothing started
            settings = window.settings_dock.settings()
            window.settings_dock.set_settings(
                settings.with_side(seat, SideSettings("engine", mark=seat.upper(), extra=str(program)))
            )
        else:
            choose(window, seat, kind)
        settle(qtbot, window)
        after = places(window)
        assert moved(before, after) == [], kind
        before = after
        if kind in ("minimax", "alphabeta", "average"):
            for value in (0, 1, 9):
                spin(window, f"{seat}Depth").setValue(value)
                settle(qtbot, window)
                assert moved(before, places(window)) == [], (kind, value)
            depth = window.settings_dock.sides[seat].depth_field
            depth.random.setChecked(True)
            settle(qtbot, window)
            # Only the depth box's own spin boxes change: "to" makes room for "from".
            spins = set(depth.spins.findChildren(QWidget))
            assert moved({w: r for w, r in before.items() if w not in spins}, places(window)) == [], (kind, "random")
            window.settings_dock.sides[seat].depth_field.random.setChecked(False)
            settle(qtbot, window)
            before = places(window)


@pytest.mark.parametrize("seat", ["x", "o"])
def test_with_the_textbook_options_open_player_types_move_no_control(qtbot, window, seat) -> None:
    choose(window, seat, "alphabeta")
    window.settings_dock.sides[seat].textbook.enabled.setChecked(True)  # opens its rows
    settle(qtbot, window)
    before = places(window)
    for kind in [*BUILT_IN, "alphabeta", *reversed(BUILT_IN)]:
        choose(window, seat, kind)
        settle(qtbot, window)
        after = places(window)
        assert moved(before, after) == [], kind
        before = after


@pytest.mark.parametrize("x_kind", BUILT_IN)
def test_both_players_fields_start_at_one_x(qtbot, window, x_kind) -> None:
    choose(window, "x", x_kind)
    for o_kind in BUILT_IN:
        choose(window, "o", o_kind)
        settle(qtbot, window)
        lefts = {
            seat: (
                window.findChild(QComboBox, f"{seat}Player").mapTo(window, QPoint(0, 0)).x(),
                window.findChild(QLineEdit, f"{seat}Mark").mapTo(window, QPoint(0, 0)).x(),
            )
            for seat in "xo"
        }
        assert lefts["x"] == lefts["o"], (x_kind, o_kind, lefts)
        assert lefts["x"][0] == lefts["x"][1]  # the label column is one column


def shown_text(widget: QWidget) -> str:
    return widget.text().replace("&&", "\0").replace("&", "").replace("\0", "&")  # type: ignore[attr-defined]


def cut_texts(window) -> list[str]:
    """Every visible label, button, spin box and combo box of the dock whose text is cut."""
    dock = window.settings_dock
    viewport = dock.scroll_area.viewport()
    cut = []
    for widget in dock.findChildren(QWidget):
        if not widget.isVisible():
            continue
        metrics = widget.fontMetrics()
        shown = QRect(widget.mapTo(viewport, QPoint(0, 0)), widget.size())
        if viewport.isAncestorOf(widget) and not (
            viewport.rect().left() <= shown.left() and shown.right() <= viewport.rect().right()
        ):
            cut.append(f"{widget.objectName() or type(widget).__name__} is out of the dock's width")
        if isinstance(widget, ElidedLabel):
            if widget.text() and widget.shown_text() != widget.text() and not widget.toolTip():
                cut.append(f"{widget.objectName()} {widget.text()!r} is cut and has no tooltip")
        elif isinstance(widget, QLabel) and widget.text():
            if widget.wordWrap():
                room = widget.contentsRect()
                needed = widget.heightForWidth(room.width())
                if needed > room.height():
                    cut.append(f"{widget.objectName()} {widget.text()!r}: {needed} > {room.height()}")
            elif metrics.horizontalAdvance(shown_text(widget)) > widget.contentsRect().width():
                cut.append(f"{widget.objectName()} {widget.text()!r}")
        elif isinstance(widget, QAbstractButton) and widget.text():
            if widget.sizeHint().width() > widget.width():
                cut.append(f"{widget.objectName()} {widget.text()!r}")
        elif isinstance(widget, QComboBox):
            option = QStyleOptionComboBox()
            widget.initStyleOption(option)
            field = widget.style().subControlRect(
                QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, widget
            )
            if metrics.horizontalAdvance(widget.currentText()) > field.width():
                cut.append(f"{widget.objectName()} {widget.currentText()!r}")
        elif isinstance(widget, QAbstractSpinBox):
            editor = widget.findChild(QLineEdit)
            # The line edit's own margins: 2 px each side.
            if metrics.horizontalAdvance(widget.text()) > editor.width() - 4:
                cut.append(f"{widget.objectName()} {widget.text()!r}: {editor.width()}")
    return cut


def test_no_text_in_the_dock_is_cut_at_the_default_size(qtbot, window, tmp_path) -> None:
    dock = window.settings_dock
    program = tmp_path / "pbrain-a-rather-long-engine-name"
    program.write_text(f"#!{sys.executable}\n")
    program.chmod(0o755)
    textbook = "ordering=centre,scoring=distance,evaluation=open-lines,form=negamax"
    states = [
        GameSettings(
            SideSettings("engine", mark="X", extra=str(program)),
            SideSettings("alphabeta", 4, mark="O", extra=f"depth=1-4,{textbook}"),
            15,
            15,
            5,
        ),
        GameSettings(),
        GameSettings(SideSettings("minimax", None, mark="X"), SideSettings("alphabeta", 9, mark="O")),
        GameSettings(SideSettings("average", 12, mark="X"), SideSettings("random", mark="O"), 15, 5, 5),
        GameSettings(
            SideSettings("minimax", 10, mark="X", extra="depth=1-10"),
            SideSettings("alphabeta", 10, mark="O", extra="depth=9-10"),
            15,
            15,
            5,
        ),
        GameSettings(SideSettings("perfect", time=12.5, mark="X"), SideSettings("human", mark="O"), 5, 15, 5, "o"),
    ]
    for settings in states:
        dock.set_settings(settings)
        settle(qtbot, window)
        assert cut_texts(window) == [], settings
    dock.set_pending(True)
    settle(qtbot, window)
    assert cut_texts(window) == []
