"""The ``tictactoe-qt`` command: the window, or a headless subcommand."""
