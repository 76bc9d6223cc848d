"""Textbook alpha-beta and minimax, written to the textbook's interface as a student would."""

import math


def search(game, state):
    """Alpha-beta, as the standard AI textbook writes it (with a depth limit when there is one)."""
    player = game.to_move(state)
    limit = game.depth_limit

    def stop(state, depth):
        return game.terminal_test(state) or (limit is not None and depth >= limit)

    def max_value(state, alpha, beta, depth):
        if stop(state, depth):
            return game.utility(state, player)
        v = -math.inf
        for a in game.actions(state):
            v = max(v, min_value(game.result(state, a), alpha, beta, depth + 1))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v

    def min_value(state, alpha, beta, depth):
        if stop(state, depth):
            return game.utility(state, player)
        v = math.inf
        for a in game.actions(state):
            v = min(v, max_value(game.result(state, a), alpha, beta, depth + 1))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    best_score, best_action = -math.inf, None
    for a in game.actions(state):
        v = min_value(game.result(state, a), best_score, math.inf, 1)
        if v > best_score:
            best_score, best_action = v, a
    return best_action


def minimax(game, state):
    """Plain minimax."""
    player = game.to_move(state)

    def value(state, maximizing):
        if game.terminal_test(state):
            return game.utility(state, player)
        scores = [value(game.result(state, a), not maximizing) for a in game.actions(state)]
        return max(scores) if maximizing else min(scores)

    best_score, best_action = -math.inf, None
    for a in game.actions(state):
        v = value(game.result(state, a), False)
        if v > best_score:
            best_score, best_action = v, a
    return best_action


def centre_first(game, state):
    """Alpha-beta that tries the centre first, then the cells nearest it (a move ordering)."""
    player = game.to_move(state)

    def ordered(state):
        return sorted(game.actions(state), key=lambda move: abs(move[0] - 1) + abs(move[1] - 1))

    def value(state, alpha, beta, maximizing):
        if game.terminal_test(state):
            return game.utility(state, player)
        v = -math.inf if maximizing else math.inf
        for a in ordered(state):
            child = value(game.result(state, a), alpha, beta, not maximizing)
            if maximizing:
                v = max(v, child)
                if v >= beta:
                    return v
                alpha = max(alpha, v)
            else:
                v = min(v, child)
                if v <= alpha:
                    return v
                beta = min(beta, v)
        return v

    best_score, best_action = -math.inf, None
    for a in ordered(state):
        v = value(game.result(state, a), best_score, math.inf, False)
        if v > best_score:
            best_score, best_action = v, a
    return best_action
