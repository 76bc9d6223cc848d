"""The batch and tournament progress bars write their counts as every other figure in the
window does, with thousands separators.

Seen in a real window: the bar read "127596 / 300000 games (42%)" over
"31,467 games/s", and "1000 / 1000 games (100%)" over "Done: 1,000 games"."""

from __future__ import annotations

from PySide6.QtWidgets import QProgressBar

from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.gui.stats.simulate_bar import SimulateBar
from tictactoe_qt.gui.stats.tournament_view import TournamentView

from .test_run_recovery import random_players, simulate


def test_a_finished_batch_reads_with_thousands_separators(qtbot, shown_window) -> None:
    window = shown_window()
    random_players(window)
    simulate(qtbot, window, 1500)
    bar = window.stats_panel.findChild(QProgressBar, "simProgress")
    assert bar.text() == "1,500 / 1,500 games (100%)"


def test_a_running_batch_reads_with_thousands_separators(qtbot) -> None:
    bar = SimulateBar()
    qtbot.addWidget(bar)
    bar.start_progress(300_000)
    bar.show_progress(127_596, 300_000, 31_467.0, 5.5)
    assert bar.progress_bar.text() == "127,596 / 300,000 games (42%)"


def test_the_tournament_bar_reads_with_thousands_separators(qtbot) -> None:
    view = TournamentView(lambda: GameConfig(3, 3, 3))
    qtbot.addWidget(view)
    view.progress_bar.setRange(0, 12_000)
    view.progress_bar.setValue(4_321)
    assert view.progress_bar.text() == "4,321 / 12,000 games"
