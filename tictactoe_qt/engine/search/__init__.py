"""Game-tree searches. Importing this package registers the search players."""
from . import (
    alphabeta,  # noqa: F401  (registers the alphabeta player)
    average,  # noqa: F401  (registers the average player)
    mcts,  # noqa: F401  (registers the mcts player)
    minimax,  # noqa: F401  (registers the minimax player)
    perfect_player,  # noqa: F401  (registers the perfect player)
)
