"""Game-tree searches. Importing this package registers the search players."""
from . import mcts  # noqa: F401  (registers the mcts player)
from . import perfect_player  # noqa: F401  (registers the perfect player)
from . import alphabeta  # noqa: F401  (registers the alphabeta player)
from . import average  # noqa: F401  (registers the average player)
from . import minimax  # noqa: F401  (registers the minimax player)
