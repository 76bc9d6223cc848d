"""The Runs tab shows every figure column whole in the docked stats panel.

A review saw the Draws column cut off by 4 px (and a horizontal scroll bar)
in the 440-px dock: every column sized to its contents, the players' names
included. The names now share the room left and elide.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox

from tictactoe_qt.gui.stats.run_list import COLUMNS, PLAYER_COLUMNS

from .test_stats_marks import simulate


def assert_figure_columns_whole(qtbot, run_list) -> None:
    """Every column but the players' ends inside the list, as wide as its contents."""
    qtbot.waitUntil(run_list.isVisible)
    header = run_list.header()
    visible = run_list.viewport().width()
    for column in range(len(COLUMNS)):
        if column in PLAYER_COLUMNS:
            continue
        right = header.sectionViewportPosition(column) + header.sectionSize(column)
        assert right <= visible, f"column {column} ends at {right} px of {visible}"
        assert header.sectionSize(column) >= run_list.sizeHintForColumn(column)
    assert not run_list.horizontalScrollBar().isVisible()


def test_every_figure_column_shows_whole_in_the_default_dock(qtbot, shown_window) -> None:
    window = shown_window()
    for seat, player in (("x", "random"), ("o", "minimax")):
        combo = window.findChild(QComboBox, f"{seat}Player")
        combo.setCurrentIndex(combo.findData(player))
    simulate(qtbot, window, games=30)
    panel = window.stats_panel
    panel.tabs.setCurrentWidget(panel.run_list.parentWidget())
    run_list = panel.run_list
    assert_figure_columns_whole(qtbot, run_list)
    item = run_list.topLevelItem(0)
    # The players whole in words, then their specs.
    assert item.toolTip(1).startswith(item.text(1)) and item.toolTip(2).startswith(item.text(2))


def test_a_cancelled_run_keeps_every_figure_column_whole(qtbot, shown_window) -> None:
    """Seen in a real window: a batch cut short by a signal came back as
    '190,536 (cancelled)' in Games, which pushed O wins and Draws behind a scroll bar."""
    from tictactoe_qt.engine.game import GameConfig
    from tictactoe_qt.engine.players import PlayerSpec
    from tictactoe_qt.gui.stats.run_data import RunData

    window = shown_window()
    run = RunData(GameConfig(3, 3, 3), PlayerSpec("random"), PlayerSpec("perfect"), 500_000)
    run.add_endings(bytes([9 << 2, 5 << 2 | 2, 6 << 2 | 2]) * 63_512, 1e-5)  # 190,536 games
    run.finish(cancelled=True)
    panel = window.stats_panel
    panel.show()
    panel.raise_()
    panel.keep_run(run)
    panel.tabs.setCurrentWidget(panel.run_list.parentWidget())
    run_list = panel.run_list
    assert_figure_columns_whole(qtbot, run_list)
    item = run_list.topLevelItem(0)
    assert item.text(4).startswith("190,536")
    assert "Cancelled: 190,536 of 500,000 games were played" in item.toolTip(4)
