"""The game settings, their defaults and validation, stored with QSettings.

:class:`GameSettings` is the single typed description of the next game; the
dock edits it and the controller starts games from it. :class:`SettingsStore`
reads and writes it; a value that is missing is defaulted silently, and one
that is corrupt or outdated is defaulted too but reported, so the window can
say so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TypeVar

from PySide6.QtCore import QByteArray, QCoreApplication, QSettings

from tictactoe_qt.engine import (
    Board, GameConfig, InvalidConfigError, Mark, Move, PlayerSpec, PlayerSpecError,
)
from tictactoe_qt.engine.player_spec import MAX_TIME, MIN_TIME
from tictactoe_qt.engine.saved_game import (
    MAX_MARK_LENGTH, MAX_NAME_LENGTH, SavedGame, SavedPlayer,
)
from tictactoe_qt.gui.player_choices import choice_for

T = TypeVar("T")
SETTINGS_VERSION = 1
SEATS = ("x", "o")
DEFAULT_MARKS = {"x": "X", "o": "O"}


def mark_problem(text: str, other_mark: str | None = None) -> str | None:
    """Why ``text`` can't be a mark, or ``None`` when it can."""
    tr = QCoreApplication.translate
    mark = text.strip()
    if not mark:
        return tr("Settings", "A mark can't be empty.")
    if len(mark) > MAX_MARK_LENGTH:
        return tr("Settings", "A mark has at most {0} characters.").format(MAX_MARK_LENGTH)
    if other_mark is not None and mark.casefold() == other_mark.strip().casefold():
        return tr("Settings", "The two players need different marks.")
    return None


@dataclass(frozen=True)
class SideSettings:
    """One player's settings. ``depth=None`` means unlimited."""

    kind: str = "human"
    depth: int | None = None
    time: float = 1.0
    mark: str = "X"
    name: str = ""

    def spec(self) -> PlayerSpec:
        """The engine spec (without any depth cap)."""
        return PlayerSpec(self.kind, depth=self.depth, time=self.time)

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


@dataclass(frozen=True)
class GameSettings:
    """Everything the next game is started from."""

    x: SideSettings = field(default_factory=lambda: SideSettings("human", mark="X"))
    o: SideSettings = field(default_factory=lambda: SideSettings("perfect", mark="O"))
    rows: int = 3
    cols: int = 3
    k: int = 3
    #: The player who moves first, ``"x"`` or ``"o"``.
    first: str = "x"

    def side(self, seat: str) -> SideSettings:
        """The settings of player ``"x"`` or ``"o"``."""
        return self.x if seat == "x" else self.o

    def with_side(self, seat: str, side: SideSettings) -> GameSettings:
        """A copy with player ``seat`` replaced."""
        return replace(self, x=side) if seat == "x" else replace(self, o=side)

    def config(self) -> GameConfig:
        return GameConfig(self.rows, self.cols, self.k)

    @classmethod
    def from_saved_game(cls, game: SavedGame) -> GameSettings:
        """The settings a saved game was played with."""
        sides = {}
        for seat in SEATS:
            saved = game.players.get(seat, SavedPlayer(PlayerSpec("human")))
            spec = saved.spec
            sides[seat] = SideSettings(
                spec.kind, spec.depth, spec.time, saved.mark or DEFAULT_MARKS[seat], saved.name
            )
        config = game.config
        return cls(sides["x"], sides["o"], config.rows, config.cols, config.k, game.first)

    def saved_game(self, board: Board) -> SavedGame:
        """``board``'s game played with these settings, for saving."""
        players = {
            seat: SavedPlayer(side.spec(), side.name, side.mark)
            for seat in SEATS for side in [self.side(seat)]
        }
        moves = tuple(Move.from_index(i, board.config.cols) for i in board.history)
        first: Mark = "o" if self.first == "o" else "x"
        return SavedGame(board.config, players, moves, first)

    def game_rules(self) -> tuple[object, ...]:
        """The fields that change how a game is played (not marks or names)."""
        return (
            self.rows, self.cols, self.k, self.first,
            self.x.kind, self.x.depth, self.x.time, self.o.kind, self.o.depth, self.o.time,
        )


class SettingsStore:
    """Typed access to the app's QSettings.

    Args:
        settings: the QSettings to use; by default the application's (or, when
            the application has no name, ``tictactoe-qt``'s user settings).
    """

    def __init__(self, settings: QSettings | None = None) -> None:
        if settings is None:
            if QCoreApplication.applicationName() and QCoreApplication.organizationName():
                settings = QSettings()
            else:
                settings = QSettings("tictactoe-qt", "tictactoe-qt")
        self.settings = settings

    def load(self) -> tuple[GameSettings, list[str]]:
        """The stored settings, and a note for each value reset to its default."""
        s = self.settings
        problems: list[str] = []
        version = s.value("version")
        if version is not None and _as_int(version) != SETTINGS_VERSION:
            problems.append(f"version {version!r}")
            return GameSettings(), problems
        defaults = GameSettings()
        sides = {seat: self._load_side(seat, defaults.side(seat), problems) for seat in SEATS}
        if sides["x"].mark.casefold() == sides["o"].mark.casefold():
            problems.append("o/mark")
            sides = {seat: replace(sides[seat], mark=DEFAULT_MARKS[seat]) for seat in SEATS}
        rows = self._read(problems, "board/rows", defaults.rows, _as_int)
        cols = self._read(problems, "board/cols", defaults.cols, _as_int)
        k = self._read(problems, "board/k", defaults.k, _as_int)
        first = self._read(problems, "board/first", defaults.first, _as_seat)
        try:
            GameConfig(rows, cols, k)
        except InvalidConfigError:
            problems.append("board size")
            rows, cols, k = defaults.rows, defaults.cols, defaults.k
        return GameSettings(sides["x"], sides["o"], rows, cols, k, first), problems

    def _load_side(self, seat: str, default: SideSettings, problems: list[str]) -> SideSettings:
        kind = self._read(problems, f"{seat}/kind", default.kind, _as_kind)
        depth = self._read(problems, f"{seat}/depth", default.depth or 0, _as_int) or None
        time = self._read(problems, f"{seat}/time", default.time, _as_float)
        mark = self._read(problems, f"{seat}/mark", default.mark, str)
        name = self._read(problems, f"{seat}/name", default.name, str)[:MAX_NAME_LENGTH]
        try:
            PlayerSpec(kind, depth=depth, time=time)
        except PlayerSpecError:
            problems.append(f"{seat}/depth or {seat}/time")
            depth, time = default.depth, default.time
        if mark_problem(mark) is not None:
            problems.append(f"{seat}/mark")
            mark = default.mark
        return SideSettings(kind, depth, min(max(time, MIN_TIME), MAX_TIME), mark.strip(), name)

    def _read(self, problems: list[str], key: str, default: T, convert: Callable[[object], T]) -> T:
        raw = self.settings.value(key)
        if raw is None:
            return default
        try:
            return convert(raw)
        except (TypeError, ValueError):
            problems.append(key)
            return default

    def save(self, game: GameSettings) -> None:
        """Store ``game`` (written to disk by ``sync``)."""
        s = self.settings
        s.setValue("version", SETTINGS_VERSION)
        for seat in SEATS:
            side = game.side(seat)
            s.setValue(f"{seat}/kind", side.kind)
            s.setValue(f"{seat}/depth", side.depth or 0)
            s.setValue(f"{seat}/time", side.time)
            s.setValue(f"{seat}/mark", side.mark)
            s.setValue(f"{seat}/name", side.name)
        for key in ("rows", "cols", "k", "first"):
            s.setValue(f"board/{key}", getattr(game, key))
        s.sync()

    def window_state(self) -> tuple[QByteArray | None, QByteArray | None]:
        """The saved window geometry and dock/toolbar state, if any."""
        geometry = self.settings.value("window/geometry")
        state = self.settings.value("window/state")
        return (
            geometry if isinstance(geometry, QByteArray) else None,
            state if isinstance(state, QByteArray) else None,
        )

    def save_window_state(self, geometry: QByteArray, state: QByteArray) -> None:
        self.settings.setValue("window/geometry", geometry)
        self.settings.setValue("window/state", state)
        self.settings.sync()


def _as_int(raw: object) -> int:
    if isinstance(raw, bool):
        raise ValueError(raw)
    return int(str(raw))


def _as_float(raw: object) -> float:
    if isinstance(raw, bool):
        raise ValueError(raw)
    return float(str(raw))


def _as_kind(raw: object) -> str:
    kind = str(raw)
    if choice_for(kind) is None:
        raise ValueError(f"unknown player type {kind!r}")
    return kind


def _as_seat(raw: object) -> str:
    if raw not in SEATS:
        raise ValueError(raw)
    return str(raw)
