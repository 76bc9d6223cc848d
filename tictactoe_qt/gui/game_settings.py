"""The typed description of the next game: both players, the board, who moves first.

:class:`GameSettings` is what the dock edits, the controller starts games from
and :class:`~tictactoe_qt.gui.settings_store.SettingsStore` keeps between runs.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from PySide6.QtCore import QCoreApplication

from tictactoe_qt.engine.game import (
    DEFAULT_MARKS,
    MAX_MARK_LENGTH,
    Board,
    GameConfig,
    Mark,
    Move,
    SavedGame,
    SavedPlayer,
    text_length,
    text_problem,
)
from tictactoe_qt.engine.players import PlayerSpec, PlayerSpecError
from tictactoe_qt.gui.player_choices import player_spec, uses_depth_range, uses_extra

#: The two seats, X's and O's, as every game setting and view keys them (marks are separate).
SEATS = ("x", "o")
#: :attr:`SideSettings.origin` of an engine or plugin the user chose in the settings dock.
CHOSEN_IN_DOCK = "dock"
#: :attr:`SideSettings.origin` of one a game file named and the user allowed to run.
ALLOWED_FROM_FILE = "file"


def kept_depth(spec: PlayerSpec) -> int | None:
    """The depth :class:`SideSettings` keeps for ``spec``: its own, or its range's upper end."""
    return spec.depth if spec.depth_range is None else spec.depth_range[1]


def mark_problem(text: str, other_mark: str | None = None) -> str | None:
    """Why ``text`` can't be a mark, or ``None`` when it can."""
    tr = QCoreApplication.translate
    mark = text.strip()
    if not mark:
        return tr("Settings", "A mark can't be empty.")
    if text_length(mark) > MAX_MARK_LENGTH:
        return tr("Settings", "A mark has at most {0} characters.").format(MAX_MARK_LENGTH)
    if text_problem(mark) is not None:
        return tr("Settings", "A mark can't hold control or broken characters.")
    if other_mark is not None and mark.casefold() == other_mark.strip().casefold():
        return tr("Settings", "The two players need different marks.")
    return None


@dataclass(frozen=True)
class SideSettings:
    """One player's settings. ``depth=None`` means unlimited (with a range: its upper end)."""

    kind: str = "human"
    depth: int | None = None
    time: float = 1.0
    mark: str = "X"
    name: str = ""
    #: An external engine's path, a plugin's own options (``depth=3,style=sharp``), or
    #: a search player's options (``depth=1-10,ordering=centre,...``; see player_choices).
    extra: str = ""
    #: Who chose an engine or plugin (code that runs): :data:`CHOSEN_IN_DOCK`,
    #: :data:`ALLOWED_FROM_FILE`, or "" when nobody did (a file just opened, old settings).
    origin: str = ""

    def spec(self) -> PlayerSpec:
        """The engine spec (without any depth cap); Random for an engine with no program yet."""
        if uses_extra(self.kind):
            try:
                return player_spec(self.kind, self.depth, self.time, extra=self.extra)
            except PlayerSpecError:
                return PlayerSpec("random")
        plain = PlayerSpec(self.kind, depth=self.depth, time=self.time)
        if uses_depth_range(self.kind) and self.extra:
            try:
                return player_spec(self.kind, self.depth, self.time, extra=self.extra)
            except PlayerSpecError:
                return plain
        return plain

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
        """The settings a saved game was played with; nobody has allowed its engines or
        plugins yet (``origin`` "", see :mod:`.player_consent`)."""
        sides = {}
        for seat in SEATS:
            saved = game.players.get(seat, SavedPlayer(PlayerSpec("human")))
            spec = saved.spec
            extra = (
                spec.path or ",".join(f"{name}={value}" for name, value in spec.options) or spec.search_option_text()
            )
            sides[seat] = SideSettings(
                spec.kind, kept_depth(spec), spec.time, saved.mark or DEFAULT_MARKS[seat], saved.name, extra or ""
            )
        config = game.config
        return cls(sides["x"], sides["o"], config.rows, config.cols, config.k, game.first)

    def saved_game(self, board: Board) -> SavedGame:
        """``board``'s game played with these settings, for saving."""
        players = {seat: SavedPlayer(side.spec(), side.name, side.mark) for seat in SEATS for side in [self.side(seat)]}
        moves = tuple(Move.from_index(i, board.config.cols) for i in board.history)
        first: Mark = "o" if self.first == "o" else "x"
        return SavedGame(board.config, players, moves, first)

    def game_rules(self) -> tuple[object, ...]:
        """The fields that change how a game is played (not marks or names)."""
        return (
            self.rows,
            self.cols,
            self.k,
            self.first,
            self.x.kind,
            self.x.depth,
            self.x.time,
            self.x.extra,
            self.o.kind,
            self.o.depth,
            self.o.time,
            self.o.extra,
        )
