"""Regenerate the stepper's screenshots: ``python -m tests.screenshots.stepper [folder]``.

Renders the Search stepper dock offscreen (Fusion style): alpha-beta mid-search
on a real position at a depth limit (E(n)'s open lines on the board), the AIMA
tree stepped to the end (pruned edges dashed), and the exercise after a check.
Pictures go to ``resources/screenshots/`` (or the folder given).
"""

from __future__ import annotations

from .offscreen_app import start_offscreen_app

DOCK_SIZE = (780, 900)
MID_SEARCH = ("alphabeta", "x../.o./...", 3)
AIMA_TREE = "[[3,12,8],[2,4,6],[14,5,2]]"


def main(argv: list[str] | None = None) -> int:
    from PySide6.QtWidgets import QWidget

    from tictactoe_qt.gui.stepper.stepper_dock import StepperDock

    app, out = start_offscreen_app(argv)

    def save(widget: QWidget, name: str) -> None:
        for _ in range(3):
            app.processEvents()
        path = out / f"{name}.png"
        widget.grab().save(str(path))
        print(f"{path}: {path.stat().st_size // 1024} KB")

    dock = StepperDock()
    dock.resize(*DOCK_SIZE)
    dock.show()
    stepper = dock.stepper
    dock.split.setSizes([340, 560])  # room for the small board's open lines
    algorithm, board, depth = MID_SEARCH
    stepper.load(algorithm, board, depth=depth)
    for _ in range(3):  # to the third cut-off, then on to an evaluated leaf
        stepper.run_to_cutoff()
        while stepper.in_long_run:
            app.processEvents()
    while (event := stepper.step()) is not None and event.get("kind") != "evaluation":
        pass
    save(dock, "stepper-mid-search")

    stepper.load_tree(AIMA_TREE)
    while stepper.step() is not None:
        pass
    stepper.back()  # the root's return: the last cut-off's pruned edges are all drawn
    save(dock, "search-tree")

    panel = dock.exercise
    dock.tabs.setCurrentWidget(panel)
    panel.load(AIMA_TREE)
    for key, value in (((), 3), ((0,), 3), ((1,), 2), ((2,), 14)):
        panel.set_value(key, value)
    panel.set_pruned(True, (1, 1))
    panel.set_pruned(True, (1, 2))
    panel.set_pruned(True, (2, 2))
    panel.check()
    panel.select((2,))
    save(dock, "exercise")
    dock.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
