"""Engines that go at once, in the window: the name probe and the game say so in words."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QComboBox, QLabel, QSpinBox

from tests.gomocup.fake_engines import forker_groups
from tests.gomocup.processes import group_gone

from .status_lines import shown_error


@pytest.fixture
def window(shown_window):
    return shown_window(move_delay=0)


@pytest.fixture
def pick_file(monkeypatch):
    """``pick_file(path)``: the next file dialog answers ``path``."""
    answers: list[str] = []
    monkeypatch.setattr(
        "tictactoe_qt.gui.extra_player_fields.QFileDialog.getOpenFileName",
        lambda *_args, **_kwargs: (answers.pop(0) if answers else "", ""),
    )
    return answers.append


def seat_engine(window, seat: str) -> None:
    for name, value in (("rows", 7), ("cols", 7), ("k", 5)):
        window.findChild(QSpinBox, name).setValue(value)
    combo = window.findChild(QComboBox, f"{seat}Player")
    combo.setCurrentIndex(combo.findData("engine"))


def test_the_name_probe_says_the_engine_exited_at_once(qtbot, window, pick_file, vanishing_engine):
    pick_file(vanishing_engine("missing"))
    seat_engine(window, "o")
    label = window.findChild(QLabel, "oEngineName")
    qtbot.waitUntil(lambda: "exited" in label.text(), timeout=15_000)
    assert label.text().startswith("The engine exited at once (status 127): ")
    assert "not found" in label.text()


def test_a_game_against_an_engine_that_exits_at_once_is_its_forfeit(qtbot, window, pick_file, vanishing_engine):
    pick_file(vanishing_engine("missing"))
    seat_engine(window, "x")
    with qtbot.waitSignal(window.game_over, timeout=30_000) as over:
        window.new_game_action.trigger()
    assert over.args == ["o"]
    seat, reason = window.controller.forfeited
    assert seat == "x" and reason.startswith("pbrain-missing exited at once (status 127): ")
    assert shown_error(window).startswith("X (External engine) forfeits: pbrain-missing exited at once (status 127): ")


def test_a_game_against_an_engine_whose_helper_holds_its_output_is_its_forfeit(
    qtbot, window, pick_file, vanishing_engine
):
    path = vanishing_engine("forker")
    pick_file(path)
    seat_engine(window, "x")
    with qtbot.waitSignal(window.game_over, timeout=30_000) as over:
        window.new_game_action.trigger()
    assert over.args == ["o"]
    assert window.controller.forfeited == ("x", "pbrain-forker exited at once (status 0)")
    groups = forker_groups(path)  # the name probe's run, and the game's
    assert len(groups) >= 2 and [group_gone(pgid) for pgid in groups] == [[]] * len(groups)
