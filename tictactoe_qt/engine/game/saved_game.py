"""Saved games: a JSON file with the rules, both players and the move list.

The format is small and readable::

    {"format": "tictactoe-qt/game", "version": 1,
     "config": {"rows": 3, "cols": 3, "k": 3}, "first": "x",
     "players": {"x": {"spec": "human", "name": "Ada", "mark": "X"},
                 "o": {"spec": "perfect:time=0.5", "name": "", "mark": "O"}},
     "moves": [[1, 1], [0, 0]]}

An engine's path is absolute: writing makes it so, and a file holding a
relative one (or ``~``) is read, but :func:`engine_path_problem` refuses that
player. ``first`` names the player who moved first; the engine's side ``x`` is always
the first mover, so ``moves`` alternate starting with that player. Loading
checks every field and replays every move before anything else sees the
game, so a file can never hold an impossible game; its errors are worded for
people and quote at most a short excerpt of the file. Files are read up to
:data:`MAX_FILE_BYTES` and written atomically (:mod:`..atomic_file`).
"""

from __future__ import annotations

import json
import os
import reprlib
import stat
import unicodedata
from dataclasses import dataclass, field, replace
from typing import Any

from ..atomic_file import UnwritableTextError, write_text_atomically
from ..errors import InvalidConfigError
from ..players.player_spec import PlayerSpec, PlayerSpecError
from .board import MARKS, Board, Mark, Move
from .config import MAX_SIZE, GameConfig
from .json_nesting import too_deep_at

FORMAT = "tictactoe-qt/game"
VERSION = 1
#: Longest mark and name, in UTF-16 units as text fields count (see :func:`text_length`).
MAX_MARK_LENGTH = 8
MAX_NAME_LENGTH = 40
#: The deepest search a player may ask for: every cell of the largest board.
MAX_DEPTH = MAX_SIZE * MAX_SIZE
#: The largest game file read. The longest game (19x19) takes about 12 kB.
MAX_FILE_BYTES = 1_000_000
#: A game file nests three levels deep (players > side > fields, moves > move);
#: deeper text is refused before parsing, in the program's own words on every Python.
MAX_JSON_NESTING = 32
#: Each player's mark when the file leaves it empty.
DEFAULT_MARKS: dict[str, str] = {"x": "X", "o": "O"}

#: The board's fields in a game file, and what each means.
_CONFIG_FIELDS = {"rows": "number of rows", "cols": "number of columns", "k": "marks in a row to win"}
_EXCERPT = reprlib.Repr()
_EXCERPT.maxstring = _EXCERPT.maxother = 40
_EXCERPT.maxlist = _EXCERPT.maxdict = 4
_EXCERPT.maxlevel = 2
_EXCERPT_LENGTH = 60


class SavedGameError(ValueError):
    """A game file that cannot be read or written, in words for people."""


@dataclass(frozen=True)
class SavedPlayer:
    """One seat: who plays it, and how it is shown."""

    spec: PlayerSpec = field(default_factory=lambda: PlayerSpec("human"))
    name: str = ""
    mark: str = ""


@dataclass(frozen=True)
class SavedGame:
    """A game in progress or finished, as stored in a file."""

    config: GameConfig = field(default_factory=GameConfig)
    players: dict[str, SavedPlayer] = field(default_factory=dict)
    moves: tuple[Move, ...] = ()
    first: Mark = "x"

    def board(self) -> Board:
        """Replay the moves on a fresh board (checked path).

        Raises:
            SavedGameError: a move is off the board, on a taken cell or after the end.
        """
        board = Board(self.config)
        rows, cols = self.config.rows, self.config.cols
        if len(self.moves) > self.config.cells:
            raise SavedGameError(
                f"the file lists {len(self.moves)} moves, but a {rows}x{cols} board has only {self.config.cells} cells"
            )
        for number, move in enumerate(self.moves, start=1):
            if not (0 <= move.row < rows and 0 <= move.col < cols):
                raise SavedGameError(
                    f"move {number}, {_excerpt([move.row, move.col])} in the file, is off the "
                    f"{rows}x{cols} board (the file counts rows and columns from 0)"
                )
            where = f"move {number}, {cell_words(move)},"
            if board.is_game_over():
                raise SavedGameError(f"{where} comes after the game was already over")
            if board.mark_at(move.row, move.col) is not None:
                raise SavedGameError(f"{where} is on a taken cell")
            board.push(move)
        return board

    def as_dict(self) -> dict[str, Any]:
        """The JSON object of the file."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "config": {"rows": self.config.rows, "cols": self.config.cols, "k": self.config.k},
            "first": self.first,
            "players": {
                seat: {"spec": str(_absolute_engine(player.spec)), "name": player.name, "mark": player.mark}
                for seat, player in sorted(self.players.items())
            },
            "moves": [[move.row, move.col] for move in self.moves],
        }

    def to_json(self) -> str:
        """The file's text."""
        return json.dumps(self.as_dict(), indent=2, ensure_ascii=False) + "\n"

    @classmethod
    def from_json(cls, text: str) -> SavedGame:
        """Read a game file's text, checking every field and move.

        Raises:
            SavedGameError: the text is not a valid game file.
        """
        if too_deep_at(text, MAX_JSON_NESTING) is not None:
            raise SavedGameError(
                f"it is not a game file: its JSON is nested too deeply (more than {MAX_JSON_NESTING} levels)"
            )
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise SavedGameError(
                f"it is not valid JSON: {error.msg[:60]} (line {error.lineno}, column {error.colno})"
            ) from None
        except ValueError as error:  # e.g. a number of more than 4,300 digits
            raise SavedGameError(f"it is not valid JSON: {_excerpt_text(str(error))}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SavedGameError(f"it is not a tictactoe-qt game: 'format' must be {FORMAT!r}")
        if "version" not in data:
            raise SavedGameError(f"its 'version' is missing; this program reads version {VERSION}")
        version = data["version"]
        if not _is_whole(version) or version != VERSION:
            raise SavedGameError(
                f"it is a game file of version {_json_excerpt(version)}; this program reads version {VERSION}"
            )
        game = cls(
            config=_read_config(data.get("config")),
            players=_read_players(data.get("players")),
            moves=_read_moves(data.get("moves")),
            first=_read_first(data.get("first", "x")),
        )
        game.board()  # validates the move list
        return game


def read_game_file(path: str | os.PathLike[str]) -> SavedGame:
    """Read and check a game file, refusing one larger than :data:`MAX_FILE_BYTES`.

    Raises:
        SavedGameError: the file cannot be read or is not a valid game.
    """
    try:
        # Non-blocking: opening a named pipe must not wait for a writer.
        with open(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as stream:
            facts = os.fstat(stream.fileno())
            if not stat.S_ISREG(facts.st_mode):
                raise SavedGameError("it is not a file (a folder, device or pipe)")
            if facts.st_size > MAX_FILE_BYTES:
                raise SavedGameError(_too_big(facts.st_size))
            data = stream.read(MAX_FILE_BYTES + 1)  # in case it grew meanwhile
    except OSError as error:
        raise SavedGameError(f"it can't be read: {error.strerror or error}") from None
    if len(data) > MAX_FILE_BYTES:
        raise SavedGameError(_too_big(len(data), at_least=True))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SavedGameError(f"it is not a text file (byte {error.start + 1} is not UTF-8)") from None
    return SavedGame.from_json(text)


def write_game_file(path: str | os.PathLike[str], game: SavedGame) -> None:
    """Write ``game`` to ``path`` atomically: the old file stays whole on any failure.

    Raises:
        SavedGameError: a name or mark holds a character that can't be saved;
            nothing was written.
        OSError: the file could not be written (disk full, no permission...).
    """
    for seat, player in sorted(game.players.items()):
        for what, text in (("mark", player.mark), ("name", player.name)):
            problem = text_problem(text)
            if problem is not None:
                raise SavedGameError(f"player {seat.upper()}'s {what} can't be saved: {problem}")
    try:
        write_text_atomically(path, game.to_json())
    except UnwritableTextError as error:
        raise SavedGameError(str(error)) from None


def engine_path_problem(spec: PlayerSpec) -> str | None:
    """Why a saved game's engine is refused, or ``None``: files name engines by absolute path.

    A relative path or ``~`` would name a different program in each folder the
    game is opened from, so it is never resolved.
    """
    if spec.kind != "engine" or spec.path is None:
        return None
    if spec.path.startswith("~") or not os.path.isabs(spec.path):
        return (
            "its path is not absolute, and saved games name engines by their full path "
            "(it is never looked up from the current folder)"
        )
    return None


def _absolute_engine(spec: PlayerSpec) -> PlayerSpec:
    """``spec`` with an engine's path made absolute, as files hold them."""
    if spec.kind != "engine" or spec.path is None or not engine_path_problem(spec):
        return spec
    return replace(spec, path=os.path.abspath(os.path.expanduser(spec.path)))


def cell_words(move: Move) -> str:
    """A cell for people: ``row 1, column 3`` (counted from 1)."""
    return f"row {move.row + 1}, column {move.col + 1}"


def text_length(text: str) -> int:
    """The length of a mark or name as text fields count it: UTF-16 units (an emoji is 2)."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def text_problem(text: str) -> str | None:
    """Why ``text`` can't be a mark or name (control or broken characters), or ``None``."""
    for char in text:
        category = unicodedata.category(char)
        if category == "Cs":
            return f"it holds a broken character (U+{ord(char):04X})"
        if category == "Cc":
            return f"it holds a control character (U+{ord(char):04X})"
    return None


def _too_big(size: int, at_least: bool = False) -> str:
    return (
        f"it is {'at least ' if at_least else ''}{_size_text(size)}; "
        f"game files are at most {_size_text(MAX_FILE_BYTES)}"
    )


def _size_text(size: int) -> str:
    if size >= 1_000_000:
        return f"{size / 1_000_000:.1f} MB"
    if size >= 1_000:
        return f"{size / 1_000:.1f} kB"
    return f"{size} bytes"


def _excerpt(value: object) -> str:
    """A short one-line quote of a value from the file."""
    return _excerpt_text(_EXCERPT.repr(value))


def _json_excerpt(value: object) -> str:
    """A value read from the file, quoted as the file writes it (``null``, ``true``, ``"3"``)."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return _excerpt(value)
    return _excerpt_text(text)


def _excerpt_text(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= _EXCERPT_LENGTH else text[: _EXCERPT_LENGTH - 1] + "…"


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _read_config(raw: object) -> GameConfig:
    if not isinstance(raw, dict):
        raise SavedGameError("'config' must be an object with rows, cols and k")
    values: list[int] = []
    for name, meaning in _CONFIG_FIELDS.items():
        if name not in raw:
            raise SavedGameError(f"the board's {meaning} ('{name}' in 'config') is missing")
        value = raw[name]
        if not _is_whole(value):
            raise SavedGameError(
                f"the board's {meaning} ('{name}' in 'config') must be a whole number, not {_json_excerpt(value)}"
            )
        values.append(value)
    try:
        return GameConfig(*values)
    except InvalidConfigError as error:
        raise SavedGameError(f"the board size is impossible: {_excerpt_text(str(error))}") from None


def _read_players(raw: object) -> dict[str, SavedPlayer]:
    if raw is None:
        return {}
    if not isinstance(raw, dict) or not set(raw) <= set(MARKS):
        raise SavedGameError("'players' must be an object with keys 'x' and 'o'")
    players = {seat: _read_player(seat, entry) for seat, entry in raw.items()}
    shown = {seat: players.get(seat, SavedPlayer()).mark or DEFAULT_MARKS[seat] for seat in MARKS}
    if shown["x"].casefold() == shown["o"].casefold():
        raise SavedGameError(f"both players have the mark {_excerpt(shown['x'])}; each player needs its own mark")
    return players


def _read_player(seat: str, entry: object) -> SavedPlayer:
    who = f"player {seat.upper()}"
    if not isinstance(entry, dict):
        raise SavedGameError(f"{who} must be an object, got {_excerpt(entry)}")
    spec, name, mark = entry.get("spec", "human"), entry.get("name", ""), entry.get("mark", "")
    if not isinstance(spec, str) or not isinstance(name, str) or not isinstance(mark, str):
        raise SavedGameError(f"{who}: spec, name and mark must be text")
    try:
        parsed = PlayerSpec.parse(spec)
    except PlayerSpecError:
        raise SavedGameError(f"{who}: {_excerpt(spec)} is not a player this program knows") from None
    if parsed.depth is not None and parsed.depth > MAX_DEPTH:
        raise SavedGameError(f"{who}: depth {_excerpt(parsed.depth)} is more than {MAX_DEPTH}")
    mark, name = mark.strip(), name.strip()
    if text_length(mark) > MAX_MARK_LENGTH or text_length(name) > MAX_NAME_LENGTH:
        raise SavedGameError(
            f"{who}: marks have at most {MAX_MARK_LENGTH} characters "
            f"and names at most {MAX_NAME_LENGTH} (an emoji counts as 2)"
        )
    for what, text in (("mark", mark), ("name", name)):
        problem = text_problem(text)
        if problem is not None:
            raise SavedGameError(f"{who}'s {what} can't be shown: {problem}")
    return SavedPlayer(parsed, name, mark)


def _read_moves(raw: object) -> tuple[Move, ...]:
    if not isinstance(raw, list):
        raise SavedGameError("'moves' must be a list of [row, column] pairs")
    moves = []
    for number, item in enumerate(raw, start=1):
        if not isinstance(item, list) or len(item) != 2 or not all(_is_whole(v) for v in item):
            raise SavedGameError(f"move {number} must be a pair [row, column] of whole numbers, got {_excerpt(item)}")
        moves.append(Move(item[0], item[1]))
    return tuple(moves)


def _read_first(raw: object) -> Mark:
    for mark in MARKS:
        if raw == mark:
            return mark
    raise SavedGameError(f"'first' must be 'x' or 'o', got {_excerpt(raw)}")
