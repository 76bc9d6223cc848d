"""A package that calls sys.exit(9) when imported: its bot module cannot be reached without it."""

import sys

from unruly_marker import mark

mark("nested")
sys.exit(9)
