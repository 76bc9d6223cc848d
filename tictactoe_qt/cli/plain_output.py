"""Output for terminals that cannot write every character the reports use.

The reports write ``µs``, ``α``/``β``, ``∞``, ``≤``, ``…`` and so on. A
terminal or pipe whose encoding lacks them (``PYTHONIOENCODING=ascii``, a
latin-1 locale) raised ``UnicodeEncodeError`` at the first such character,
after the work was done. :func:`use_plain_fallback` makes the standard
streams write plain words for these symbols instead (``us``, ``alpha``,
``beta``, ``inf``, ``<=``, ``...``) and ``?`` for any other character the
encoding lacks; text the encoding can write is left as it is.
"""

from __future__ import annotations

import codecs
import io
import sys

#: The codec error handler's name (registered when this module is imported).
ERRORS = "tictactoe-qt-plain"
#: Plain-ASCII stand-ins for the symbols the reports use.
PLAIN_WORDS = {
    "µ": "u",  # micro sign: "3.4 µs" -> "3.4 us"
    "μ": "u",  # Greek mu, the same unit prefix
    "α": "alpha",
    "β": "beta",
    "∞": "inf",
    "−": "-",
    "≤": "<=",
    "≥": ">=",
    "←": "<-",
    "→": "->",
    "·": ".",
    "…": "...",
    "×": "x",
    "–": "-",
    "—": "-",
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
}
#: For any other character the stream's encoding lacks.
UNKNOWN = "?"


def plain_words(error: UnicodeError) -> tuple[str, int]:
    """Codec error handler: the unencodable characters as :data:`PLAIN_WORDS` (else ``?``)."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start : error.end]
    return "".join(PLAIN_WORDS.get(char, UNKNOWN) for char in text), error.end


codecs.register_error(ERRORS, plain_words)


def use_plain_fallback() -> None:
    """Let ``sys.stdout`` and ``sys.stderr`` write what their encoding lacks as plain words.

    Streams that are not text files of the standard kind (a test's capture,
    say) are left alone.
    """
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors=ERRORS)
