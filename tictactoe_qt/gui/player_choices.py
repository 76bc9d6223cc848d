"""The player types and difficulty presets the settings dock offers.

Later features append to :data:`PLAYER_CHOICES` (e.g. MCTS); every combo box
is filled from it. :func:`capped_depth` keeps a depth-first search from being
asked for a tree it could never finish on a big board.

This module owns what a player of the dock really plays with:
:func:`player_spec` keeps only the options its type uses and caps the depth for
the board, for games, watched series and batches alike, and :func:`depth_text`
and :func:`depth_cap_note` are the only words for a depth.

Minimax, Alpha-beta and Average carry their search options (a random depth
range, the textbook options) in the settings' ``extra`` text, written as in a
spec: ``depth=1-10,ordering=centre,...`` (:func:`search_extra`). The settings'
``depth`` then holds the range's upper end, the deepest the player looks.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from tictactoe_qt.engine.game import GameConfig, geometry_for
from tictactoe_qt.engine.players import (
    DEFAULT_TIME,
    DEPTH_RANGE_KINDS,
    OPTIONS,
    PLUGIN_OPTIONS,
    TEXTBOOK_KINDS,
    PlayerSpec,
    PlayerSpecError,
    TextbookOptions,
    discovered_plugins,
)


@dataclass(frozen=True)
class PlayerChoice:
    """One entry of the player type combo box."""

    kind: str
    label: str  # untranslated; shown through QCoreApplication.translate
    #: A plugin's own name, shown as is (not translated).
    plugin: bool = False
    #: Why a plugin cannot play (it is listed, disabled, with this as its tooltip).
    error: str | None = None

    def text(self) -> str:
        """The translated label."""
        if self.plugin:
            suffix = QCoreApplication.translate("PlayerChoice", " (broken)") if self.error else ""
            return QCoreApplication.translate("PlayerChoice", "Plugin: {0}").format(self.label) + suffix
        return QCoreApplication.translate("PlayerChoice", self.label)


PLAYER_CHOICES: list[PlayerChoice] = [
    PlayerChoice("human", str(QT_TRANSLATE_NOOP("PlayerChoice", "Human"))),
    PlayerChoice("random", str(QT_TRANSLATE_NOOP("PlayerChoice", "Random"))),
    PlayerChoice("minimax", str(QT_TRANSLATE_NOOP("PlayerChoice", "Minimax"))),
    PlayerChoice("alphabeta", str(QT_TRANSLATE_NOOP("PlayerChoice", "Alpha-beta"))),
    PlayerChoice("average", str(QT_TRANSLATE_NOOP("PlayerChoice", "Average"))),
    PlayerChoice("perfect", str(QT_TRANSLATE_NOOP("PlayerChoice", "Perfect"))),
    PlayerChoice("engine", str(QT_TRANSLATE_NOOP("PlayerChoice", "External engine…"))),
]
# Installed Python plugins follow the built-in players; a broken one is listed with its error.
PLAYER_CHOICES += [
    PlayerChoice(info.name, info.name, plugin=True, error=info.error)
    for info in sorted(discovered_plugins().values(), key=lambda info: info.name)
]


@dataclass(frozen=True)
class Preset:
    """A difficulty level for casual players, mapped onto a player type."""

    key: str
    label: str
    kind: str
    depth: int | None = None
    time: float = 1.0

    def text(self) -> str:
        """The translated label."""
        return QCoreApplication.translate("Preset", self.label)


PRESETS: list[Preset] = [
    Preset("easy", str(QT_TRANSLATE_NOOP("Preset", "Easy")), "random"),
    Preset("medium", str(QT_TRANSLATE_NOOP("Preset", "Medium")), "alphabeta", depth=2),
    Preset("hard", str(QT_TRANSLATE_NOOP("Preset", "Hard")), "alphabeta", depth=4),
    Preset("unbeatable", str(QT_TRANSLATE_NOOP("Preset", "Unbeatable")), "perfect", time=1.0),
]


def choice_for(kind: str) -> PlayerChoice | None:
    """The combo entry for ``kind``, if the dock offers it."""
    return next((choice for choice in PLAYER_CHOICES if choice.kind == kind), None)


def kind_label(kind: str) -> str:
    """The translated name of a player type (the kind itself if unknown)."""
    choice = choice_for(kind)
    return choice.text().rstrip("…") if choice else kind


def uses_depth(kind: str) -> bool:
    """True when the player type takes a maximum depth."""
    return "depth" in OPTIONS.get(kind, {}) and kind != "perfect"


def uses_time(kind: str) -> bool:
    """True when the player type takes a time budget (a limit, for engines and plugins)."""
    return "time" in OPTIONS.get(kind, PLUGIN_OPTIONS if is_plugin(kind) else {})


def is_plugin(kind: str) -> bool:
    """True when ``kind`` is an installed plugin."""
    choice = choice_for(kind)
    return choice is not None and choice.plugin


def uses_extra(kind: str) -> bool:
    """True when the player type takes free text: an engine's path, a plugin's options."""
    return kind == "engine" or is_plugin(kind)


def uses_depth_range(kind: str) -> bool:
    """True when the player type can draw a random depth for each move (``depth=A-B``)."""
    return kind in DEPTH_RANGE_KINDS


def uses_textbook(kind: str) -> bool:
    """True when the player type takes the textbook options (ordering, scoring, ...)."""
    return kind in TEXTBOOK_KINDS


def search_extra(kind: str, depth_range: tuple[int, int] | None = None, textbook: TextbookOptions | None = None) -> str:
    """The ``extra`` text of a search player's options; what ``kind`` does not use is dropped."""
    if not uses_depth_range(kind):
        return ""
    return PlayerSpec(
        kind, depth_range=depth_range, textbook=textbook if uses_textbook(kind) else None
    ).search_option_text()


def search_options(kind: str, extra: str) -> PlayerSpec:
    """``kind`` with the search options written in ``extra`` (no depth, the default time).

    Raises:
        PlayerSpecError: ``extra`` is not search options ``kind`` takes.
    """
    spec = PlayerSpec.parse(f"{kind}:{extra}" if extra.strip() else kind)
    if spec.depth is not None:
        raise PlayerSpecError(f"a fixed depth belongs in the depth field, not in {extra[:40]!r}")
    return PlayerSpec(kind, depth_range=spec.depth_range, textbook=spec.textbook)


def matching_preset(kind: str, depth: int | None, extra: str = "") -> Preset | None:
    """The preset these settings equal, if any (the time budget is not compared).

    Presets play the engine's own search at a fixed depth, so a random depth or
    textbook options (``extra``) match none.
    """
    if uses_depth_range(kind) and extra.strip():
        return None
    for preset in PRESETS:
        if preset.kind == kind and (not uses_depth(kind) or preset.depth == depth):
            return preset
    return None


#: About how long a move may take, and the pure-Python cost of one position per
#: line of the board (the open-lines evaluation looks at every line). Measured:
#: 0.15-0.3 microseconds per line, from 3x3 (8 lines) to 15x15 k=5 (572 lines).
MOVE_SECONDS = 1.5
SECONDS_PER_NODE_LINE = 0.3e-6
#: Alpha-beta with move ordering visits far fewer positions than the full
#: tree; b**(3d/4) of b**d is a safe estimate.
_TREE_EXPONENT = {"minimax": 1.0, "average": 1.0, "alphabeta": 0.75}
#: The textbook search (traced, counted) costs about as much per position and
#: line as the engine's on big boards (0.2-0.3 microseconds on 7x7; twice that
#: on 3x3, where full minimax still takes about 2 s from the empty board), but
#: alpha-beta in reading order prunes less: measured b**(0.84 d) on 7x7.
_TEXTBOOK_EXPONENT = {"alphabeta": 0.85}


def capped_depth(
    kind: str, depth: int | None, empty_cells: int, line_count: int = 8, textbook: bool = False
) -> int | None:
    """The depth a depth-first search can afford from ``empty_cells`` empty cells.

    ``line_count`` is the number of k-in-a-row lines of the board (``len(geometry.lines)``);
    ``textbook`` is for the slower traced search that the textbook options choose.
    Returns ``depth`` unchanged when it is affordable (``None`` = to the end),
    otherwise the deepest affordable depth (at least 1).
    """
    exponent = _TREE_EXPONENT.get(kind)
    if exponent is None:
        return depth
    if textbook:
        exponent = _TEXTBOOK_EXPONENT.get(kind, exponent)
    budget = MOVE_SECONDS / (SECONDS_PER_NODE_LINE * max(line_count, 1))
    wanted = empty_cells if depth is None else min(depth, empty_cells)
    positions, affordable = 1.0, 0
    for ply in range(wanted):
        positions *= empty_cells - ply
        if positions**exponent > budget:
            break
        affordable = ply + 1
    if affordable >= wanted:
        return depth
    return max(1, affordable)


def player_spec(
    kind: str, depth: int | None, time: float, config: GameConfig | None = None, extra: str = ""
) -> PlayerSpec:
    """The spec a player of the dock plays with: what the dock shows, nothing hidden.

    Options the player type does not use (the depth of Perfect, the time of
    Minimax) are dropped, so a value left in a hidden field is never carried
    over. With ``config`` the depth is capped for that board, as
    :func:`capped_depth` says. ``extra`` is an external engine's path, a
    plugin's own options (``depth=3,style=sharp``), or a search player's
    options (``depth=1-10,ordering=centre,...``, :func:`search_extra`); a depth
    range there replaces ``depth``, and is capped at its upper end.

    Raises:
        PlayerSpecError: an engine without a path, or plugin or search options
            that do not parse.
    """
    if kind == "engine":
        if not extra.strip():
            raise PlayerSpecError("choose the engine's program with External engine…")
        return PlayerSpec("engine", time=time, path=extra.strip())
    if is_plugin(kind):
        spec = PlayerSpec.parse(f"{kind}:{extra}" if extra.strip() else kind)
        return PlayerSpec(kind, time=time, options=spec.options)
    depth = depth if uses_depth(kind) else None
    time = time if uses_time(kind) else DEFAULT_TIME
    options = search_options(kind, extra) if uses_depth_range(kind) else PlayerSpec(kind)
    depth_range = options.depth_range
    if depth_range is not None:
        depth = None
    if config is not None and uses_depth(kind):
        lines = len(geometry_for(config).lines)
        textbook = options.textbook is not None
        if depth_range is not None:
            # Past the board's cells every depth searches to the end: the same player.
            wanted = min(depth_range[1], config.cells)
            high = capped_depth(kind, wanted, config.cells, lines, textbook) or 1
            depth_range = (min(depth_range[0], high), high)
        else:
            depth = capped_depth(kind, depth, config.cells, lines, textbook)
    return PlayerSpec(kind, depth=depth, time=time, depth_range=depth_range, textbook=options.textbook)


def depth_text(depth: int | None) -> str:
    """How far a search looks, in the words the dock and the status bar use.

    A depth counts single moves (plies), so ``alphabeta:depth=3`` "looks 3 moves ahead".
    """
    tr = QCoreApplication.translate
    if depth is None:
        return tr("PlayerChoice", "to the end")
    if depth == 1:
        return tr("PlayerChoice", "1 move ahead")
    return tr("PlayerChoice", "{0} moves ahead").format(depth)


def depth_cap_note(kind: str, wanted: int | None, config: GameConfig, extra: str = "") -> str:
    """Why and how far ``kind`` looks on ``config``'s board; "" when ``wanted`` is affordable.

    With a depth range in ``extra``, ``wanted`` is its upper end.
    """
    if not uses_depth(kind):
        return ""
    try:
        spec = player_spec(kind, wanted, DEFAULT_TIME, config, extra)
    except PlayerSpecError:
        spec = player_spec(kind, wanted, DEFAULT_TIME, config)
    tr = QCoreApplication.translate
    if spec.depth_range is not None:
        low, high = spec.depth_range
        if wanted is None or high >= min(wanted, config.cells):
            return ""
        return tr(
            "PlayerChoice", "{0} can't look {1} on a {2}x{3} board; it draws a depth from {4} to {5} each move."
        ).format(kind_label(kind), depth_text(wanted), config.rows, config.cols, low, high)
    used = spec.depth
    if used == wanted:
        return ""
    return tr("PlayerChoice", "{0} can't look {1} on a {2}x{3} board; it looks {4} (depth {5}).").format(
        kind_label(kind), depth_text(wanted), config.rows, config.cols, depth_text(used), used
    )


def player_words(spec: PlayerSpec | str) -> str:
    """A player in the window's words: ``alphabeta:depth=3`` is "Alpha-beta, 3 moves ahead".

    The one place the window turns a spec into words (the match, the runs, the
    tournament); the spec itself stays in files, the CLI and tooltips. A text
    that is no spec comes back as it is.
    """
    if isinstance(spec, str):
        try:
            parsed = PlayerSpec.parse(spec)
        except PlayerSpecError:
            return spec
        return _spec_words(parsed)
    return _spec_words(spec)


def _spec_words(spec: PlayerSpec) -> str:
    tr = QCoreApplication.translate
    if spec.kind == "engine":
        program = os.path.basename(spec.path or "") or spec.path or ""
        parts = [tr("PlayerChoice", "External engine {0}").format(program).strip()]
    else:
        parts = [kind_label(spec.kind)]
    if spec.is_plugin and spec.options:
        parts.append(",".join(f"{name}={value}" for name, value in spec.options))
    if spec.depth_range is not None:
        parts.append(tr("PlayerChoice", "{0} to {1} moves ahead, drawn each move").format(*spec.depth_range))
    elif uses_depth(spec.kind):
        parts.append(depth_text(spec.depth))
    if spec.iterations is not None:
        parts.append(tr("PlayerChoice", "{0} playouts").format(spec.iterations))
    if spec.textbook is not None:
        parts.append(tr("PlayerChoice", "textbook search"))
    if spec.time != DEFAULT_TIME:
        parts.append(tr("PlayerChoice", "{0:g} s a move").format(spec.time))
    return ", ".join(parts)
