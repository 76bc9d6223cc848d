"""The status bar and the Watch bar write an AI move's time the same way, and a fast move
never reads as zero (it once read "0.00 s" in one and "121 µs" in the other)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QComboBox

from tictactoe_qt.engine import SearchResult, SearchStats
from tictactoe_qt.engine.text import duration_text
from tictactoe_qt.gui.stats.watch_series import SPEEDS, move_stats_text
from tictactoe_qt.gui.status_panel import describe_search

from .waits import HANG_MS


@pytest.fixture
def window(shown_window):
    return shown_window()


def status_time(window) -> str:
    """The time at the end of the status bar's "X played · 1 node · 121 µs"."""
    return window.status_panel.stats.text().rsplit(" · ", 1)[-1]


def watch_time(window) -> str:
    """The time at the end of the Watch bar's "X: 1 node, 121 µs" (in full, if elided)."""
    label = window.watch_controls.move_label
    return (label.toolTip() or label.text()).rsplit(", ", 1)[-1]


def test_both_bars_write_each_ai_move_time_alike(qtbot, window) -> None:
    for seat in "xo":
        combo = window.findChild(QComboBox, f"{seat}Player")
        combo.setCurrentIndex(combo.findData("random"))
    window.watch_controls.speed_slider.setValue(SPEEDS.index(None))  # step by step
    assert window.watch_series.start(1)
    for _ in range(2):  # one move by each side
        with qtbot.waitSignal(window.controller.ai_moved, timeout=HANG_MS) as moved:
            assert window.watch_series.next_move()
        seconds = moved.args[1].stats.elapsed_seconds
        expected = duration_text(seconds)
        qtbot.waitUntil(lambda expected=expected: watch_time(window) == expected, timeout=HANG_MS)
        assert status_time(window) == watch_time(window) == expected
        assert seconds > 0 and not expected.startswith("0 ")
        assert "0.00 s" not in window.status_panel.stats.text()
        if seconds < 1e-3:  # a random move takes microseconds on any machine seen so far
            assert expected.endswith(" µs")
    window.watch_series.stop()


@pytest.mark.parametrize(
    ("seconds", "text"), [(0.000121, "121 µs"), (0.0009996, "1 ms"), (0.41, "410 ms"), (75.0, "1 min 15 s")]
)
def test_a_given_time_reads_the_same_in_both_bars(seconds: float, text: str) -> None:
    result = SearchResult(
        "alphabeta", None, 0.0, False, stats=SearchStats(nodes=1234, depth=3, elapsed_seconds=seconds)
    )
    assert describe_search(result) == f"1,234 nodes · depth 3 · {text}"
    assert move_stats_text("X", result) == f"X: 1,234 nodes, depth 3, {text}"
