"""Calls sys.exit(7) as soon as it is imported."""

import sys

from unruly_marker import mark

mark("quits")
sys.exit(7)


def make_bot(**options):
    raise AssertionError("never reached")
