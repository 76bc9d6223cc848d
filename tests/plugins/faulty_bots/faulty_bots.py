"""Plugins that break the rules on purpose, one per way a plugin can lose by forfeit."""

import os
import time


class Bot:
    def __init__(self, fault, **options):
        self.fault = fault
        self.name = f"faulty {fault}"

    def choose_move(self, cells, to_move, k):
        free = [(r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == "."]
        print(f"thinking about {len(free)} free cells")  # must land in the log, not the answers
        if self.fault == "raises":
            raise ValueError("no idea what to do")
        if self.fault == "taken":
            taken = [(r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v != "."]
            return taken[0] if taken else (-1, 0)
        if self.fault == "nonsense":
            return "the middle one"
        if self.fault == "sleeps":
            time.sleep(30)
        if self.fault == "exits":
            os._exit(4)
        return free[0]


def raises(**options):
    return Bot("raises", **options)


def taken(**options):
    return Bot("taken", **options)


def nonsense(**options):
    return Bot("nonsense", **options)


def sleeps(**options):
    return Bot("sleeps", **options)


def exits(**options):
    return Bot("exits", **options)
