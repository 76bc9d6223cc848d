"""The words of the Gomocup protocol: commands in, answers out.

A manager sends one command a line (``START 15``, ``TURN 7,7``, ``INFO
timeout_turn 1000`` ...); the brain answers with ``OK``, a move ``x,y``, or a
``MESSAGE``/``DEBUG``/``ERROR``/``UNKNOWN`` line. ``x`` is the column and ``y``
the row, both from 0.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game.board import Move

#: The longest command line read whole; managers may cut longer ones, so do we.
MAX_LINE = 4096
#: How much of a bad command an error message quotes.
EXCERPT = 60

#: ``BOARD`` field values: our stone, the opponent's, and a continuous-game stone.
OWN, OPPONENT, CONTINUOUS = 1, 2, 3


class ProtocolError(ValueError):
    """A command the brain cannot carry out; the text follows ``ERROR``."""


@dataclass(frozen=True)
class Command:
    """One command line: the upper-cased word and the rest of the line."""

    word: str
    argument: str

    @classmethod
    def parse(cls, line: str) -> Command:
        """Split ``line`` into its command word and argument (``""`` when none)."""
        word, _, argument = line.strip().partition(" ")
        return cls(word.upper(), argument.strip())


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """``text`` on one line, cut to ``limit`` characters with an ellipsis.

    Control and other unprintable characters (a NUL, an escape) are written as
    ``\\x00``-style escapes, so an echo never carries them to the reader.
    """
    head = text[: limit * 4]  # enough to show; a huge line is not copied whole
    flat = " ".join(head.split())
    shown = "".join(char if char.isprintable() else _escaped(char) for char in flat)
    if len(shown) <= limit and len(head) == len(text):
        return shown
    return shown[: limit - 1] + "…"


def _escaped(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def one_line(text: str) -> str:
    """``text`` with line breaks folded, so a message never spans two protocol lines."""
    return " ".join(text.splitlines()) or "-"


def parse_numbers(text: str, count: int) -> tuple[int, ...]:
    """``count`` comma-separated whole numbers, e.g. ``"7,8"`` or ``"7,8,1"``.

    Raises:
        ProtocolError: the text is not exactly that.
    """
    parts = [part.strip() for part in text.split(",", count)]
    if len(parts) != count or not all(_is_number(part) for part in parts):
        raise ProtocolError(f"expected {count} numbers separated by commas, got '{excerpt(text)}'")
    return tuple(int(part) for part in parts)


def _is_number(text: str) -> bool:
    """ASCII digits only: ``"²".isdigit()`` is true, yet ``int("²")`` fails."""
    return 0 < len(text) <= 6 and text.isascii() and text.isdigit()


def parse_point(text: str, rows: int, cols: int) -> Move:
    """The cell of ``"x,y"`` on a ``rows`` x ``cols`` board.

    Raises:
        ProtocolError: not two numbers, or off the board.
    """
    x, y = parse_numbers(text, 2)
    check_on_board(x, y, rows, cols)
    return Move(y, x)


def check_on_board(x: int, y: int, rows: int, cols: int) -> None:
    """Raise :class:`ProtocolError` unless column ``x`` and row ``y`` are on the board."""
    if not (0 <= x < cols and 0 <= y < rows):
        raise ProtocolError(f"{x},{y} is off the {cols}x{rows} board (x is the column, y the row, both from 0)")


def format_move(move: Move) -> str:
    """A move as the protocol writes it: ``column,row``."""
    return f"{move.col},{move.row}"


def about_line(version: str) -> str:
    """The answer to ``ABOUT``: comma-separated ``key="value"`` pairs."""
    return (
        f'name="tictactoe-qt", version="{version}", '
        'author="The tictactoe-qt developers", country="International", '
        'www="https://pypi.org/project/tictactoe-qt/"'
    )


def is_about_line(line: str) -> bool:
    """True for an answer to ``ABOUT`` (``name="...", version="..."``)."""
    return "name=" in line.replace(" ", "").lower()
