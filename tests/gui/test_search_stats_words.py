"""The status bar's "X played · 32 nodes · depth 8 · 433 µs" says what its words mean,
in a tooltip on the figures themselves."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QLabel

from tictactoe_qt.gui.stats.watch_series import SPEEDS

from .waits import HANG_MS


def test_the_search_figures_explain_node_depth_and_time(qtbot, shown_window) -> None:
    window = shown_window()
    for seat in "xo":
        combo = window.findChild(QComboBox, f"{seat}Player")
        combo.setCurrentIndex(combo.findData("alphabeta"))
    window.watch_controls.speed_slider.setValue(SPEEDS.index(None))  # step by step
    assert window.watch_series.start(1)
    with qtbot.waitSignal(window.controller.ai_moved, timeout=HANG_MS):
        assert window.watch_series.next_move()
    label = window.findChild(QLabel, "searchStats")
    qtbot.waitUntil(lambda: "nodes" in label.text(), timeout=HANG_MS)
    tip = label.toolTip()
    assert "A node is one position the search looked at" in tip
    assert "depth is how many moves ahead it looked" in tip
    assert "the time is the search's own" in tip
    window.watch_series.stop()
