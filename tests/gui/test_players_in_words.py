"""The window says players in words; their specs stay in tooltips (and files and the CLI).

A user sets up a match in the settings dock, plays a small batch and a small
tournament, and reads the match title, the Runs list, the Report heads and the
tournament's list, cross table and ranking: no spec (``alphabeta:depth=3``)
shows, each is in its tooltip. Tournament players are picked with the settings
dock's own player editor; a spec can still be typed.
"""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit, QPushButton, QSpinBox

from tictactoe_qt.engine.players import PlayerSpec
from tictactoe_qt.gui.player_choices import player_words

#: What a spec looks like on screen: a kind, a colon, an option (``minimax:depth=2``).
SPEC = re.compile(r"\b[a-z]+:[a-z]+=")


@pytest.fixture
def window(shown_window):
    return shown_window((1400, 900))


def choose(window, seat: str, kind: str, depth: int | None = None) -> None:
    combo = window.findChild(QComboBox, f"{seat}Player")
    combo.setCurrentIndex(combo.findData(kind))
    if depth is not None:
        window.findChild(QSpinBox, f"{seat}Depth").setValue(depth)


@pytest.mark.parametrize(
    "spec",
    [
        "alphabeta:depth=3",
        "minimax:depth=1",
        "minimax",
        "average:depth=1-10",
        "perfect:time=2.5",
        "minimax:depth=2,ordering=centre,scoring=textbook,evaluation=zero,form=textbook",
        "engine:path=/opt/brains/pbrain-star",
        "random",
        "human",
    ],
)
def test_every_spec_reads_as_words_that_keep_its_depth(spec) -> None:
    words = player_words(spec)
    parsed = PlayerSpec.parse(spec)
    assert not SPEC.search(words) and "=" not in words, words
    if parsed.depth is not None:
        assert f"{parsed.depth} move" in words
    if parsed.depth_range is not None:
        assert "{} to {} moves ahead".format(*parsed.depth_range) in words
    if parsed.path:
        assert "pbrain-star" in words and "/opt" not in words
    assert player_words(parsed) == words  # a spec or its text: the same words


def test_a_text_that_is_no_spec_comes_back_as_it_is() -> None:
    assert player_words("wizard:depth=3") == "wizard:depth=3"


def test_match_runs_and_report_say_players_in_words(qtbot, window) -> None:
    choose(window, "x", "alphabeta", 3)
    choose(window, "o", "minimax", 2)
    mark = window.findChild(QLineEdit, "xMark")
    mark.setText("🐱")
    mark.textEdited.emit("🐱")
    panel = window.stats_panel
    match = panel.simulate_bar.match_label
    qtbot.waitUntil(lambda: "🐱" in match.text())
    assert match.text().startswith("Match: Alpha-beta, 3 moves ahead (🐱) vs Minimax, 2 moves ahead (O)")
    assert "alphabeta:depth=3" in match.toolTip() and "minimax:depth=2" in match.toolTip()
    panel.findChild(QSpinBox, "simGames").setValue(2)
    with qtbot.waitSignal(panel.simulation_finished, timeout=60_000):
        qtbot.mouseClick(panel.findChild(QPushButton, "simulateButton"), Qt.MouseButton.LeftButton)
    runs = panel.run_list
    qtbot.waitUntil(lambda: runs.topLevelItemCount() == 1)
    item = runs.topLevelItem(0)
    shown = [item.text(column) for column in range(runs.columnCount())]
    assert "Alpha-beta, 3 moves ahead" in shown and "Minimax, 2 moves ahead" in shown
    assert not any(SPEC.search(text) for text in shown), shown
    tips = " ".join(item.toolTip(column) for column in range(runs.columnCount()))
    assert "alphabeta:depth=3" in tips and "minimax:depth=2" in tips
    head = panel.report.horizontalHeaderItem(0)
    assert "Alpha-beta" in head.text() and not SPEC.search(head.text()), head.text()
    assert "alphabeta:depth=3" in head.toolTip()


def test_tournament_players_are_picked_with_the_dock_editor_and_shown_in_words(qtbot, window) -> None:
    view = window.stats_panel.tournament
    view.set_players([])
    editor = view.editor
    assert type(editor) is type(window.settings_dock.sides["x"])  # the dock's own editor
    editor.player.setCurrentIndex(editor.player.findData("minimax"))
    editor.depth_spin.setValue(1)
    view.add_button.click()
    editor.player.setCurrentIndex(editor.player.findData("random"))
    view.add_button.click()
    editor.player.setCurrentIndex(editor.player.findData("human"))
    view.add_button.click()  # refused, in words
    assert "human" in view.message.text()
    view.new_player.setText("alphabeta:depth=2")  # an expert types a spec
    view.new_player.returnPressed.emit()
    assert set(view.selected_players()) == {"minimax:depth=1", "random", "alphabeta:depth=2"}
    listed = [view.player_list.item(i) for i in range(view.player_list.count())]
    ticked = {item.text(): item for item in listed if item.checkState() == Qt.CheckState.Checked}
    assert set(ticked) == {"Minimax, 1 move ahead", "Random", "Alpha-beta, 2 moves ahead"}
    assert [item.toolTip() for item in ticked.values()] == view.selected_players()
    view.player_list.setCurrentItem(ticked["Random"])
    view.remove_button.click()
    assert set(view.selected_players()) == {"minimax:depth=1", "alphabeta:depth=2"}
    assert "random" not in [item.toolTip() for item in listed if item is not ticked["Random"]]
    view.games_per_pairing.setValue(2)
    with qtbot.waitSignal(view.tournament_finished, timeout=60_000):
        assert view.start(seed=1)
    table = view.cross_table
    heads = [table.horizontalHeaderItem(i) for i in range(table.columnCount())]
    assert {h.text().replace("\n", " ") for h in heads} == {"Minimax, 1 move ahead", "Alpha-beta, 2 moves ahead"}
    assert {h.toolTip() for h in heads} == {"minimax:depth=1", "alphabeta:depth=2"}
    names = [view.ranking.item(row, 1) for row in range(view.ranking.rowCount())]
    assert not any(SPEC.search(item.text()) for item in names)
    assert {item.toolTip() for item in names} == {"minimax:depth=1", "alphabeta:depth=2"}
