"""The Exercise tab's instruction shows whole in the docked stepper of a 1040x680 window.

Seen in a real window: "Click a node: type the value alpha-beta returns there + Enter,
or press Pruned." wrapped to two lines in the height of one, cut at top and bottom.
"""

from __future__ import annotations

import pytest

from .waits import HANG_MS


@pytest.mark.parametrize("width", [420, 640])
def test_the_instruction_has_the_height_its_lines_need(qtbot, shown_stepper, width) -> None:
    dock = shown_stepper((width, 620))
    dock.tabs.setCurrentWidget(dock.exercise)
    help_label = dock.exercise.help
    qtbot.waitUntil(help_label.isVisible, timeout=HANG_MS)
    qtbot.wait(50)
    assert help_label.height() >= help_label.heightForWidth(help_label.width()), (
        f"{help_label.height()} px tall, its lines need {help_label.heightForWidth(help_label.width())}"
    )
