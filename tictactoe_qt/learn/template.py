"""Your alpha-beta search, to check with ``tictactoe-qt check THIS_FILE``.

Copy this file (``tictactoe-qt check --template my_search.py``), fill in the two
places marked TODO, and check it. As it stands it never prunes, and the check
says so: "plain minimax (alpha-beta with no pruning visits the same nodes)".

``game`` is the standard AI textbook's (AIMA's) interface:

* ``game.actions(state)``: the legal moves, in order;
* ``game.result(state, move)``: the position after ``move`` (a node entered);
* ``game.terminal_test(state)``: whether the game is over there;
* ``game.utility(state, player)``: +1 a win for ``player``, 0 a draw, -1 a loss
  (at a depth limit: an estimate of an unfinished position);
* ``game.to_move(state)``: whose turn it is;
* ``game.depth_limit``: plies to search before calling ``utility`` (``None``: to the end).
"""

import math


def search(game, state):
    """The best move for the side to move in ``state``."""
    player = game.to_move(state)

    def cutoff(state, depth):
        limit = game.depth_limit
        return game.terminal_test(state) or (limit is not None and depth >= limit)

    def max_value(state, alpha, beta, depth):
        if cutoff(state, depth):
            return game.utility(state, player)
        v = -math.inf
        for move in game.actions(state):
            v = max(v, min_value(game.result(state, move), alpha, beta, depth + 1))
            # TODO: return v at once if it reaches beta (v >= beta)
            alpha = max(alpha, v)
        return v

    def min_value(state, alpha, beta, depth):
        if cutoff(state, depth):
            return game.utility(state, player)
        v = math.inf
        for move in game.actions(state):
            v = min(v, max_value(game.result(state, move), alpha, beta, depth + 1))
            # TODO: return v at once if it reaches alpha (v <= alpha)
            beta = min(beta, v)
        return v

    best_value, best_move = -math.inf, None
    for move in game.actions(state):
        value = min_value(game.result(state, move), best_value, math.inf, 1)
        if value > best_value:
            best_value, best_move = value, move
    return best_move
