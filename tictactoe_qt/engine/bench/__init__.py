"""The benchmark behind ``tictactoe-qt bench``: issue 3's table beside the textbook search."""
