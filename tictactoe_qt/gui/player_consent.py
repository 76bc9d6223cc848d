"""Engines and plugins named by a game file run only once the user agreed.

An external engine is a program and a plugin is Python code run in a host
process: a file (or settings that did not record who chose them) only names
them. Opening a game that seats one asks the user, naming the program or
plugin and the player it would play (:func:`ask_to_run`). The default answer
keeps the game and seats :data:`STAND_IN` there instead, said in a note; so
does an engine path that is not absolute (:func:`engine_path_problem`), without
asking. A player the user allowed is marked :data:`ALLOWED_FROM_FILE`, so it
reaches the saved settings only after that answer.
"""

from __future__ import annotations

import os
from dataclasses import replace

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from tictactoe_qt.engine import excerpt
from tictactoe_qt.engine.game import engine_path_problem
from tictactoe_qt.engine.players import PlayerSpec, discovered_plugins
from tictactoe_qt.gui.game_settings import ALLOWED_FROM_FILE, CHOSEN_IN_DOCK, SEATS, GameSettings, SideSettings
from tictactoe_qt.gui.player_choices import kind_label, uses_extra

#: The built-in player seated where an engine or plugin is not allowed to run.
STAND_IN = "perfect"
#: Characters of a program's path a question or note quotes at most.
PATH_LIMIT = 200


def _tr(text: str) -> str:
    return QCoreApplication.translate("PlayerConsent", text)


def who(settings: GameSettings, seat: str) -> str:
    """A player as the dock's titles say it: "Player O", with its mark when the user chose one."""
    mark = settings.side(seat).mark
    player = _tr("Player {0}").format(seat.upper())
    return player if mark == seat.upper() else _tr("{0} (mark {1})").format(player, mark)


def runs_what(side: SideSettings) -> str:
    """What would run for ``side``: "the program '/opt/pbrain-x'" or "the plugin 'greedy' (…)"."""
    if side.kind == "engine":
        text = _tr("the program {0}").format(excerpt(side.extra, PATH_LIMIT))
        real = os.path.realpath(side.extra) if os.path.isabs(side.extra) else side.extra
        # Links and "..": say which file would really run.
        return text if real == side.extra else _tr("{0} (that is {1})").format(text, excerpt(real, PATH_LIMIT))
    info = discovered_plugins().get(side.kind)
    package = info.distribution if info is not None and info.distribution else ""
    text = _tr("the plugin {0}").format(excerpt(side.kind, PATH_LIMIT))
    return _tr("{0}, Python code from the package {1}").format(text, excerpt(package)) if package else text


def stand_in(side: SideSettings) -> SideSettings:
    """:data:`STAND_IN` in ``side``'s seat, with its mark (the engine's name is not kept)."""
    return SideSettings(STAND_IN, mark=side.mark)


def ask_to_run(parent: QWidget | None, file_name: str, lines: list[str]) -> bool:
    """Ask whether the players in ``lines`` may run; True only for "Run them"."""
    box = question_box(parent, file_name, lines)
    box.exec()
    return box.clickedButton() is box.button(QMessageBox.StandardButton.Yes)


def question_box(parent: QWidget | None, file_name: str, lines: list[str]) -> QMessageBox:
    """The question of :func:`ask_to_run`, not shown yet; "Use built-in players" is the default."""
    box = QMessageBox(parent)
    box.setObjectName("runPlayersQuestion")
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(_tr("Run programs named by this game?"))
    box.setTextFormat(Qt.TextFormat.PlainText)  # paths and names are shown as they are
    text = _tr("Opening the game {0} would run code on this computer:").format(excerpt(file_name, PATH_LIMIT))
    box.setText(
        "\n\n".join(
            [
                text,
                *(f"• {line}" for line in lines),
                _tr(
                    "Run it only if you trust it: a program can do anything you "
                    'can. "Use built-in players" keeps the game, with {0} '
                    "playing there instead."
                ).format(kind_label(STAND_IN)),
            ]
        )
    )
    box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
    box.button(QMessageBox.StandardButton.Yes).setText(_tr("Run them"))
    box.button(QMessageBox.StandardButton.No).setText(_tr("Use built-in players"))
    box.setDefaultButton(QMessageBox.StandardButton.No)
    box.setEscapeButton(QMessageBox.StandardButton.No)
    return box


def allowed_from_file(parent: QWidget | None, file_name: str, settings: GameSettings) -> tuple[GameSettings, list[str]]:
    """A game file's ``settings`` with only the engines and plugins the user allows, and
    one note for each player seated instead (asks when there is anything to allow)."""
    refused = {
        seat: problem
        for seat in SEATS
        if settings.side(seat).kind == "engine"
        and (problem := engine_path_problem(PlayerSpec("engine", path=settings.side(seat).extra or "?"))) is not None
    }
    asked = [seat for seat in SEATS if uses_extra(settings.side(seat).kind) and seat not in refused]
    lines = [
        _tr("{0} would be played by {1}").format(who(settings, seat), runs_what(settings.side(seat))) for seat in asked
    ]
    allowed = bool(asked) and ask_to_run(parent, file_name, lines)
    notes = []
    for seat in SEATS:
        side = settings.side(seat)
        if seat in asked and allowed:
            settings = settings.with_side(seat, replace(side, origin=ALLOWED_FROM_FILE))
        elif seat in asked or seat in refused:
            why = refused.get(seat) or _tr("it was not allowed to run")
            notes.append(
                _tr("{0}: {1} plays instead of {2}: {3}.").format(
                    who(settings, seat), kind_label(STAND_IN), runs_what(side), why
                )
            )
            settings = settings.with_side(seat, stand_in(side))
    return settings, notes


def trusted_on_restore(settings: GameSettings) -> tuple[GameSettings, list[str]]:
    """Restored ``settings`` keeping only the engines and plugins someone chose or allowed
    (older versions saved a file's engine without asking), and a note for each other one."""
    notes = []
    for seat in SEATS:
        side = settings.side(seat)
        if uses_extra(side.kind) and side.origin not in (CHOSEN_IN_DOCK, ALLOWED_FROM_FILE):
            notes.append(
                _tr(
                    "{0}: {1} plays instead of {2}, which was not chosen in the settings; choose it there to play it."
                ).format(who(settings, seat), kind_label(STAND_IN), runs_what(side))
            )
            settings = settings.with_side(seat, stand_in(side))
    return settings, notes
