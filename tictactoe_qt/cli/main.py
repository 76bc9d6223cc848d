"""Entry point of the ``tictactoe-qt`` command."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Open the window with no subcommand; otherwise run the subcommand headless."""
    args = sys.argv[1:] if argv is None else argv
    if not args:
        from tictactoe_qt.gui.app import run

        return run()
    raise SystemExit("subcommands are not wired yet")
