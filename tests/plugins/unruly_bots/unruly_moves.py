"""Bots that load fine and break the rules in their move."""

import os
import sys


class Bot:
    def __init__(self, move):
        self.move = move

    def choose_move(self, cells, to_move, k):
        return self.move()


class Unprintable(Exception):
    def __str__(self):
        raise RuntimeError("no words")


def far_away(**options):
    return Bot(lambda: (10**5000, 3))


def off_board(**options):
    return Bot(lambda: (12, 3))


def exits_in_move(**options):
    return Bot(lambda: sys.exit(5))


def dies_in_move(**options):
    return Bot(lambda: os._exit(6))


def unprintable_error(**options):
    def move():
        raise Unprintable()

    return Bot(move)
