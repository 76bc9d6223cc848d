"""The words a :class:`~.service.Service` and its child (:mod:`.serve`) exchange.

Each message is one line: a word, then a pickle in base64 where the word
carries a value. Lines suit the layer's reader (:class:`~.child.Child`).
"""

from __future__ import annotations

import base64
import pickle
from collections.abc import Callable
from typing import Any

#: ``handle(request, should_stop, report) -> answer``, built in the child; an optional
#: ``handle.close()`` runs when the child ends (e.g. to end processes the handler started).
Handler = Callable[[Any, Callable[[], bool], Callable[[object], None]], Any]


def encode(value: object) -> str:
    """``value`` as one line's worth of text (a pickle in base64)."""
    return base64.b64encode(pickle.dumps(value, pickle.HIGHEST_PROTOCOL)).decode("ascii")


def decode(text: str) -> Any:
    """The value :func:`encode` made ``text`` from."""
    return pickle.loads(base64.b64decode(text.encode("ascii"), validate=True))
