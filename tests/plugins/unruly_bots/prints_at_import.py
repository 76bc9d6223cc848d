"""Talks on stdout while it is imported and while it plays, then plays the first free cell."""

import sys

from unruly_marker import mark

mark("chatty")
print('{"hello": "from chatty at import"}')
sys.stdout.write("not json either\n")
sys.__stdout__.write("straight to the real stdout\n")
sys.__stdout__.flush()


class FirstFree:
    name = "Chatty"

    def choose_move(self, cells, to_move, k):
        print("chatty thinking")
        return next((r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == ".")


def make_bot(**options):
    return FirstFree()
