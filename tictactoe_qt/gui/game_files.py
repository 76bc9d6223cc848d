"""Game > Open and Save: the file dialogs, reading and writing game files, and their errors.

The window hands this its controller and settings dock; a bad file or a
failed write changes nothing and says why in a dialog.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Slot
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from tictactoe_qt.engine.game import SavedGameError, read_game_file, write_game_file
from tictactoe_qt.gui.game_controller import GameController
from tictactoe_qt.gui.game_settings import GameSettings
from tictactoe_qt.gui.player_consent import allowed_from_file


class GameFiles(QObject):
    """Opens and saves the controller's game, asking where through file dialogs."""

    def __init__(
        self,
        window: QWidget,
        controller: GameController,
        show_settings: Callable[[GameSettings], None],
        say: Callable[[str], None],
        notice: Callable[[str], None],
        after_dialog: Callable[[], None],
    ) -> None:
        """Args:
        window: the parent of the dialogs.
        controller: the game to save, and to load an opened one into.
        show_settings: shows an opened game's settings in the settings dock.
        say: a status-bar line about the game ("Saved game.json").
        notice: a status-bar line that outlives moves ("Opened game.json.").
        after_dialog: gives the keyboard back to the board once a dialog closed.
        """
        super().__init__(window)
        self._window = window
        self._controller = controller
        self._show_settings = show_settings
        self._say = say
        self._notice = notice
        self._after_dialog = after_dialog

    @Slot()
    def save_as(self) -> None:
        """Ask where, then save."""
        path, _ = QFileDialog.getSaveFileName(
            self._window, self.tr("Save Game"), "game.tttgame.json", self.file_filter()
        )
        self._after_dialog()
        if path:
            self.save(path)

    @Slot()
    def open_from(self) -> None:
        """Ask which file, then open it."""
        path, _ = QFileDialog.getOpenFileName(self._window, self.tr("Open Game"), "", self.file_filter())
        self._after_dialog()
        if path:
            self.open(path)

    def file_filter(self) -> str:
        return self.tr("Tic-tac-toe games (*.tttgame.json *.json);;All files (*)")

    def save(self, path: str | Path) -> bool:
        """Write the current game as JSON, atomically; an error dialog explains a failure.

        A failed save (disk full, no permission, a mark that can't be written)
        leaves any old file at ``path`` as it was.
        """
        try:
            write_game_file(path, self._controller.saved_game())
        except (OSError, SavedGameError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else error
            QMessageBox.critical(
                self._window,
                self.tr("Could not save the game"),
                self.tr("Could not save {0}: {1}.\nNothing was changed.").format(Path(path).name, reason),
            )
            self._after_dialog()
            return False
        self._say(self.tr("Saved {0}").format(Path(path).name))
        return True

    def open(self, path: str | Path) -> bool:
        """Load a game file, asking before its engines or plugins run; a bad one changes nothing."""
        try:
            game = read_game_file(path)
        except SavedGameError as error:
            QMessageBox.critical(
                self._window,
                self.tr("Could not open the game"),
                self.tr("Could not open {0}: {1}.\nThe current game is unchanged.").format(Path(path).name, error),
            )
            self._after_dialog()
            return False
        settings, notes = allowed_from_file(self._window, str(path), GameSettings.from_saved_game(game))
        self._after_dialog()
        self._controller.load_game(game, settings)
        self._show_settings(settings)
        self._notice(" ".join([self.tr("Opened {0}.").format(Path(path).name), *notes]))
        return True
