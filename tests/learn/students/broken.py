"""Searches that never answer, or answer badly."""


def endless(game, state):
    while True:
        pass


def endless_expansion(game, state):
    move = game.actions(state)[0]
    while True:
        game.result(state, move)


def divides_by_zero(game, state):
    for move in game.actions(state):
        game.result(state, move)
    return len(game.actions(state)) // (len(game.actions(state)) - len(game.actions(state)))


def illegal(game, state):
    return (7, 7)


def nothing(game, state):
    game.actions(state)
