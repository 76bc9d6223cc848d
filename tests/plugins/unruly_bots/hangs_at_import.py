"""Never finishes importing: it waits for an event nobody sets."""

import threading

from unruly_marker import mark

mark("stalls")
threading.Event().wait()


def make_bot(**options):
    raise AssertionError("never reached")
