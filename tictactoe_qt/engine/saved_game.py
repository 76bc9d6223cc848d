"""Saved games: a JSON file with the rules, both players and the move list.

The format is small and readable::

    {"format": "tictactoe-qt/game", "version": 1,
     "config": {"rows": 3, "cols": 3, "k": 3}, "first": "x",
     "players": {"x": {"spec": "human", "name": "Ada", "mark": "X"},
                 "o": {"spec": "perfect:time=0.5", "name": "", "mark": "O"}},
     "moves": [[1, 1], [0, 0]]}

``first`` names the player who moved first; the engine's side ``x`` is always
the first mover, so ``moves`` alternate starting with that player. Loading
replays every move on the checked path, so a file can never hold an
impossible game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .board import MARKS, Board, Mark, Move
from .config import GameConfig
from .errors import IllegalMoveError, InvalidConfigError
from .player_spec import PlayerSpec, PlayerSpecError

FORMAT = "tictactoe-qt/game"
VERSION = 1
MAX_MARK_LENGTH = 8
MAX_NAME_LENGTH = 40


class SavedGameError(ValueError):
    """A game file that cannot be read: bad JSON, a missing field or an illegal move."""


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
        for number, move in enumerate(self.moves, start=1):
            try:
                board.push(move)
            except IllegalMoveError as error:
                raise SavedGameError(f"move {number} is illegal: {error}") from None
        return board

    def as_dict(self) -> dict[str, Any]:
        """The JSON object of the file."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "config": {"rows": self.config.rows, "cols": self.config.cols, "k": self.config.k},
            "first": self.first,
            "players": {
                seat: {"spec": str(player.spec), "name": player.name, "mark": player.mark}
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
        try:
            data = json.loads(text)
        except ValueError as error:
            raise SavedGameError(f"not a JSON file: {error}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SavedGameError(f"not a tictactoe-qt game: 'format' must be {FORMAT!r}")
        if data.get("version") != VERSION:
            raise SavedGameError(
                f"unsupported game file version {data.get('version')!r}; expected {VERSION}"
            )
        game = cls(
            config=_read_config(data.get("config")),
            players=_read_players(data.get("players")),
            moves=_read_moves(data.get("moves")),
            first=_read_first(data.get("first", "x")),
        )
        game.board()  # validates the move list
        return game


def _read_config(raw: object) -> GameConfig:
    if not isinstance(raw, dict):
        raise SavedGameError("'config' must be an object with rows, cols and k")
    values: list[int] = []
    for name in ("rows", "cols", "k"):
        value = raw.get(name)
        if not isinstance(value, int) or isinstance(value, bool):
            raise SavedGameError(f"'config' needs whole numbers rows, cols and k, got {raw!r}")
        values.append(value)
    try:
        return GameConfig(*values)
    except InvalidConfigError as error:
        raise SavedGameError(f"bad 'config': {error}") from None


def _read_players(raw: object) -> dict[str, SavedPlayer]:
    if raw is None:
        return {}
    if not isinstance(raw, dict) or not set(raw) <= set(MARKS):
        raise SavedGameError("'players' must be an object with keys 'x' and 'o'")
    players = {}
    for seat, entry in raw.items():
        if not isinstance(entry, dict):
            raise SavedGameError(f"player {seat!r} must be an object, got {entry!r}")
        spec, name, mark = entry.get("spec", "human"), entry.get("name", ""), entry.get("mark", "")
        if not isinstance(spec, str) or not isinstance(name, str) or not isinstance(mark, str):
            raise SavedGameError(f"player {seat!r}: spec, name and mark must be text")
        try:
            parsed = PlayerSpec.parse(spec)
        except PlayerSpecError as error:
            raise SavedGameError(f"player {seat!r}: {error}") from None
        if len(mark) > MAX_MARK_LENGTH or len(name) > MAX_NAME_LENGTH:
            raise SavedGameError(
                f"player {seat!r}: marks have at most {MAX_MARK_LENGTH} characters "
                f"and names at most {MAX_NAME_LENGTH}"
            )
        players[seat] = SavedPlayer(parsed, name.strip(), mark.strip())
    return players


def _read_moves(raw: object) -> tuple[Move, ...]:
    if not isinstance(raw, list):
        raise SavedGameError("'moves' must be a list of [row, col] pairs")
    moves = []
    for number, item in enumerate(raw, start=1):
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in item)
        ):
            raise SavedGameError(f"move {number} must be [row, col] (0-based), got {item!r}")
        moves.append(Move(item[0], item[1]))
    return tuple(moves)


def _read_first(raw: object) -> Mark:
    for mark in MARKS:
        if raw == mark:
            return mark
    raise SavedGameError(f"'first' must be 'x' or 'o', got {raw!r}")
