"""Alpha-beta as students often get it a little wrong, one way per function.

``alphabeta(...)`` below is one search with switches; each public function is
one student's version of it.
"""

import math


def _alphabeta(game, state, restart=False, strict=False, prune=True, depth_shift=0, min_prunes_on_beta=False):
    player = game.to_move(state)
    limit = game.depth_limit

    def stop(state, depth):
        if game.terminal_test(state):
            return True
        return limit is not None and depth >= limit + depth_shift

    def max_value(state, alpha, beta, depth):
        if stop(state, depth):
            return game.utility(state, player)
        v = -math.inf
        for a in game.actions(state):
            v = max(v, min_value(game.result(state, a), alpha, beta, depth + 1))
            if prune and (v > beta if strict else v >= beta):
                return v
            alpha = max(alpha, v)
        return v

    def min_value(state, alpha, beta, depth):
        if stop(state, depth):
            return game.utility(state, player)
        v = math.inf
        for a in game.actions(state):
            v = min(v, max_value(game.result(state, a), alpha, beta, depth + 1))
            if min_prunes_on_beta:
                if v >= beta:  # the planted bug: max_value's test, pasted here
                    return v
            elif prune and (v < alpha if strict else v <= alpha):
                return v
            beta = min(beta, v)
        return v

    best_score, best_action = -math.inf, None
    for a in game.actions(state):
        alpha = -math.inf if restart else best_score
        v = min_value(game.result(state, a), alpha, math.inf, 1)
        if v > best_score:
            best_score, best_action = v, a
    return best_action


def window_restart(game, state):
    return _alphabeta(game, state, restart=True)


def strict_pruning(game, state):
    return _alphabeta(game, state, strict=True)


def no_pruning(game, state):
    return _alphabeta(game, state, prune=False)


def depth_off_by_one(game, state):
    return _alphabeta(game, state, depth_shift=1)


def planted_bug(game, state):
    return _alphabeta(game, state, min_prunes_on_beta=True)
