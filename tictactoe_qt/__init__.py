"""tictactoe-qt: play, watch and understand tic-tac-toe and m,n,k-games."""

__version__ = "0.10.0"
