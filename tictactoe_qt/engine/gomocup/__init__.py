"""The Gomocup ("pbrain") protocol: the plain text protocol gomoku managers speak.

Coordinates on the wire are ``x,y`` = column,row, counted from 0. See
:mod:`.protocol` for the words, :mod:`.clock` for the time limits and
:mod:`.brain` for our engine speaking it as a brain.
"""

from .brain import Brain, run_brain
from .clock import TimeControl
from .protocol import ProtocolError

__all__ = ["Brain", "ProtocolError", "TimeControl", "run_brain"]
