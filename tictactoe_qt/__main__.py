"""``python -m tictactoe_qt`` runs the ``tictactoe-qt`` command."""

from tictactoe_qt.cli.main import main

raise SystemExit(main())
