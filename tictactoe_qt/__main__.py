"""``python -m tictactoe_qt`` runs the ``tictactoe-qt`` command."""

from tictactoe_qt.cli.main import main

# Guarded: worker processes started with "spawn" import the main module again.
if __name__ == "__main__":
    raise SystemExit(main())
