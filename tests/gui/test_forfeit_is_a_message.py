"""A forfeit is a game's outcome, said in the window: nothing on stderr looks like a crash."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QComboBox, QSpinBox

from .status_lines import shown_error


@pytest.mark.parametrize("mode", ["offboard", "crash"])
def test_an_engine_forfeit_prints_no_traceback(qtbot, shown_window, monkeypatch, capfd, fake_engine, mode):
    path = fake_engine(mode)
    monkeypatch.setattr(
        "tictactoe_qt.gui.extra_player_fields.QFileDialog.getOpenFileName", lambda *args, **kwargs: (path, "")
    )
    window = shown_window(move_delay=0)
    for name, value in (("rows", 7), ("cols", 7), ("k", 5)):
        window.findChild(QSpinBox, name).setValue(value)
    combo = window.findChild(QComboBox, "xPlayer")
    with qtbot.waitSignal(window.game_over, timeout=30_000) as over:
        combo.setCurrentIndex(combo.findData("engine"))
        window.new_game_action.trigger()
    assert over.args == ["o"]
    assert shown_error(window).startswith("X (External engine) forfeits: fake")
    window.close()
    err = capfd.readouterr().err
    assert "Traceback" not in err and "PlayerForfeit" not in err, err
