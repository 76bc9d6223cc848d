"""The game settings, overlay choice and window layout, stored with QSettings.

:class:`SettingsStore` reads and writes :class:`~tictactoe_qt.gui.game_settings.GameSettings`;
a value that is missing is defaulted silently, and one that is corrupt or
outdated is defaulted too but reported, so the window can say so.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from PySide6.QtCore import QByteArray, QCoreApplication, QSettings

from tictactoe_qt.engine import InvalidConfigError, excerpt
from tictactoe_qt.engine.game import DEFAULT_MARKS, MAX_DEPTH, MAX_NAME_LENGTH, GameConfig, text_length, text_problem
from tictactoe_qt.engine.players import MAX_TIME, MIN_TIME, PlayerSpec, PlayerSpecError
from tictactoe_qt.gui.analysis.overlay_choice import OverlayChoice, checked_depth_limit, checked_view
from tictactoe_qt.gui.color_scheme import SCHEMES
from tictactoe_qt.gui.game_settings import (
    ALLOWED_FROM_FILE,
    CHOSEN_IN_DOCK,
    SEATS,
    GameSettings,
    SideSettings,
    kept_depth,
    mark_problem,
)
from tictactoe_qt.gui.player_choices import choice_for, player_spec, search_options, uses_depth_range, uses_extra

T = TypeVar("T")
SETTINGS_VERSION = 1
#: Longest engine path or plugin option text kept.
MAX_EXTRA_LENGTH = 1000
#: A whole number as the settings file holds it (ASCII digits, no more than fit any limit).
_WHOLE = re.compile(r"\s*[+-]?[0-9]{1,9}\s*")


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
        """The stored settings, and a note for each value reset to its default.

        Total: any value of any key, of any type, gives valid settings that
        the dock can show; nothing here raises for what the file holds.
        """
        problems: list[str] = []
        version = self._value("version", problems)
        if version is not None and _whole_or_none(version) != SETTINGS_VERSION:
            problems.append(f"version {excerpt(version)}")
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
        depth = self._read(problems, f"{seat}/depth", default.depth or 0, _as_depth) or None
        time = self._read(problems, f"{seat}/time", default.time, _as_time)
        mark = self._read(problems, f"{seat}/mark", default.mark, _as_text).strip()
        name = self._read(problems, f"{seat}/name", default.name, _as_text)
        extra = self._read(problems, f"{seat}/extra", "", _as_extra)
        # Who chose an engine or plugin; a missing or unknown one counts as nobody
        # (settings of versions that saved a file's engine without asking).
        origin = self._read(problems, f"{seat}/origin", "", _as_text)
        if origin not in (CHOSEN_IN_DOCK, ALLOWED_FROM_FILE) or not uses_extra(kind):
            origin = ""
        if uses_extra(kind):
            # An engine's path is checked when a game starts: it may be on a drive not mounted yet.
            try:
                spec = player_spec(kind, None, time, extra=extra)
            except PlayerSpecError:
                spec = PlayerSpec("random")
            depth = None
        else:
            extra = self._search_extra(seat, kind, extra, problems)
            try:
                # What the dock shows is what is kept: options the type does not use go.
                spec = player_spec(kind, depth, time, extra=extra)
            except PlayerSpecError:
                problems.append(f"{seat}/depth or {seat}/time")
                spec = player_spec(kind, default.depth, default.time, extra=extra)
            depth, time = kept_depth(spec), spec.time
        if mark_problem(mark) is not None:
            problems.append(f"{seat}/mark")
            mark = default.mark
        name = name.strip()
        if text_problem(name) is not None or text_length(name) > MAX_NAME_LENGTH:
            problems.append(f"{seat}/name")
            name = default.name
        return SideSettings(kind, depth, time, mark, name, extra, origin)

    @staticmethod
    def _search_extra(seat: str, kind: str, extra: str, problems: list[str]) -> str:
        """A search player's stored options, written afresh; "" (and a note) when they are stale."""
        if not uses_depth_range(kind):
            return ""
        try:
            return search_options(kind, extra).search_option_text()
        except PlayerSpecError:
            problems.append(f"{seat}/extra")
            return ""

    def _value(self, key: str, problems: list[str]) -> object:
        """The raw value of ``key``; one Qt cannot convert counts as corrupt (``None``)."""
        try:
            return self.settings.value(key)
        except Exception:  # noqa: BLE001 - any stored type Qt or PySide fails on
            problems.append(key)
            return None

    def _read(self, problems: list[str], key: str, default: T, convert: Callable[[object], T]) -> T:
        raw = self._value(key, problems)
        if raw is None:
            return default
        try:
            return convert(raw)
        except (TypeError, ValueError, OverflowError):
            problems.append(key)
            return default

    def save(self, game: GameSettings, window_state: tuple[QByteArray, QByteArray] | None = None) -> None:
        """Store ``game``, and the window's ``(geometry, state)`` if given, in one write to disk."""
        s = self.settings
        if window_state is not None:
            s.setValue("window/geometry", window_state[0])
            s.setValue("window/state", window_state[1])
        s.setValue("version", SETTINGS_VERSION)
        for seat in SEATS:
            side = game.side(seat)
            s.setValue(f"{seat}/kind", side.kind)
            s.setValue(f"{seat}/depth", side.depth or 0)
            s.setValue(f"{seat}/time", side.time)
            s.setValue(f"{seat}/mark", side.mark)
            s.setValue(f"{seat}/name", side.name)
            s.setValue(f"{seat}/extra", side.extra)
            s.setValue(f"{seat}/origin", side.origin)
        for key in ("rows", "cols", "k", "first"):
            s.setValue(f"board/{key}", getattr(game, key))
        s.sync()

    def cannot_save(self) -> str | None:
        """One line for people when the settings file cannot be written (a failed write,
        or a file or folder without write access), else ``None``."""
        path = self.settings.fileName()
        failed = self.settings.status() == QSettings.Status.AccessError
        if not failed and path:
            # The nearest folder or file that exists: where the next write would land.
            target = path
            while target and not os.path.exists(target) and os.path.dirname(target) != target:
                target = os.path.dirname(target)
            failed = bool(target) and (not os.access(target, os.W_OK) or (target != path and not os.path.isdir(target)))
        if not failed:
            return None
        return (
            f"Settings cannot be saved to {excerpt(path, 120)}: it is not writable, so "
            "changes last only until you close."
        )

    def overlay_choice(self) -> tuple[OverlayChoice, list[str]]:
        """The analysis overlay's stored view, depth limit and switch, and the keys reset.

        Total like :meth:`load`: a view from a newer version, depth 99 or a
        non-number gives that part's default (and a note), never an error.
        """
        problems: list[str] = []
        default = OverlayChoice()
        view = self._read(problems, "overlay/view", default.view, _as_overlay_view)
        depth = self._read(problems, "overlay/depth", 0, _as_depth_limit)
        shown = self._read(problems, "overlay/shown", default.shown, _as_switch)
        return OverlayChoice(view, depth or None, shown), problems

    def save_overlay_choice(self, choice: OverlayChoice) -> None:
        """Store ``choice`` (0 stands for full depth) and write it to disk."""
        self.settings.setValue("overlay/view", choice.view)
        self.settings.setValue("overlay/depth", choice.depth_limit or 0)
        self.settings.setValue("overlay/shown", choice.shown)
        self.settings.sync()

    def theme(self) -> tuple[str, list[str]]:
        """The View > Theme choice (``"system"``, ``"light"`` or ``"dark"``), and the key reset."""
        problems: list[str] = []
        return self._read(problems, "view/theme", "system", _as_theme), problems

    def save_theme(self, key: str) -> None:
        """Store the View > Theme choice and write it to disk."""
        self.settings.setValue("view/theme", key)
        self.settings.sync()

    def window_state(self) -> tuple[QByteArray | None, QByteArray | None]:
        """The saved window geometry and dock/toolbar state, if any."""
        geometry = self.settings.value("window/geometry")
        state = self.settings.value("window/state")
        return (
            geometry if isinstance(geometry, QByteArray) else None,
            state if isinstance(state, QByteArray) else None,
        )


def _whole_or_none(raw: object) -> int | None:
    try:
        return _as_int(raw)
    except ValueError:
        return None


def _as_int(raw: object) -> int:
    """A whole number stored as a number or as plain digits (not ``1.0``, ``abc`` or ``True``)."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    if isinstance(raw, str) and _WHOLE.fullmatch(raw):
        return int(raw)
    raise ValueError(f"not a whole number: {excerpt(raw)}")


def _as_depth(raw: object) -> int:
    depth = _as_int(raw)
    if not 0 <= depth <= MAX_DEPTH:
        raise ValueError(f"depth {depth} is outside 0..{MAX_DEPTH}")
    return depth


def _as_time(raw: object) -> float:
    """Seconds, finite, rounded to what the dock shows (hundredths)."""
    if isinstance(raw, bool) or not isinstance(raw, (int, float, str)):
        raise ValueError(f"not a number: {excerpt(raw)}")
    if isinstance(raw, str) and len(raw) > 32:
        raise ValueError("too long for a number")
    seconds = float(raw)
    if not math.isfinite(seconds) or not MIN_TIME <= round(seconds, 2) <= MAX_TIME:
        raise ValueError(f"time {seconds} is outside {MIN_TIME}..{MAX_TIME}")
    return round(seconds, 2)


def _as_text(raw: object) -> str:
    if not isinstance(raw, str):
        raise ValueError(f"not text: {excerpt(raw)}")
    return raw


def _as_extra(raw: object) -> str:
    text = _as_text(raw)
    if len(text) > MAX_EXTRA_LENGTH or text_problem(text) is not None:
        raise ValueError("not a usable path or option text")
    return text


def _as_kind(raw: object) -> str:
    kind = _as_text(raw)
    if choice_for(kind) is None:
        raise ValueError(f"unknown player type {excerpt(kind)}")
    return kind


def _as_theme(raw: object) -> str:
    theme = _as_text(raw)
    if theme not in SCHEMES:
        raise ValueError(f"unknown theme {excerpt(theme)}")
    return theme


def _as_overlay_view(raw: object) -> str:
    return checked_view(_as_text(raw))


def _as_depth_limit(raw: object) -> int:
    """A depth limit as stored: 0 for full depth, else 1 to the deepest limit offered."""
    depth = _as_int(raw)
    return 0 if depth == 0 else checked_depth_limit(depth) or 0


def _as_switch(raw: object) -> bool:
    """On or off, stored as a boolean or as the text ``true``/``false`` (INI files)."""
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, str) and raw.strip().lower() in ("true", "false"):
        return raw.strip().lower() == "true"
    raise ValueError(f"not on or off: {excerpt(raw)}")


def _as_seat(raw: object) -> str:
    seat = _as_text(raw)
    if seat not in SEATS:
        raise ValueError(f"not a player: {excerpt(seat)}")
    return seat
