"""Round-robin tournament: pick players, play in the background, show a heat map and ranking."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QColor, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tictactoe_qt.engine.game import GameConfig
from tictactoe_qt.engine.play import TournamentResult
from tictactoe_qt.engine.players import PlayerSpec, PlayerSpecError, check_playable, discovered_plugins
from tictactoe_qt.gui.game_settings import SideSettings
from tictactoe_qt.gui.player_choices import player_spec, player_words
from tictactoe_qt.gui.side_editor import SideEditor

from .background import BackgroundTask
from .chart_style import is_dark
from .count_progress_bar import CountProgressBar
from .tournament_worker import TournamentRequest, TournamentWorker

DEFAULT_PLAYERS = ("random", "average", "minimax:depth=2", "alphabeta:depth=4", "perfect")
#: Below this width the controls go above the results instead of beside them.
NARROW_WIDTH = 600
#: The width the results need beside the controls: a five-player cross table and the ranking.
RESULTS_MIN_WIDTH = 560
#: Room around a cross-table column's name.
HEADER_PADDING = 14
RANKING_COLUMNS = ("Rank", "Player", "Points", "Won", "Drawn", "Lost", "Score")


def heat_color(share: float, dark: bool) -> QColor:
    """Red for 0 (all lost) through a neutral middle to green for 1 (all won)."""
    low, mid, high = (
        ((150, 45, 40), (70, 70, 70), (35, 130, 70)) if dark else ((226, 92, 80), (246, 240, 205), (66, 170, 95))
    )
    start, end, t = (low, mid, share * 2) if share < 0.5 else (mid, high, share * 2 - 1)
    return QColor(*(round(a + (b - a) * t) for a, b in zip(start, end)))


def wrapped_name(spec: str) -> str:
    """A player in words on several lines, one part a line (``Minimax,`` / ``2 moves ahead``)."""
    return player_words(spec).replace(", ", ",\n")


def readable_text(background: QColor) -> QColor:
    """Black or white, whichever contrasts more with ``background``."""
    luminance = 0.299 * background.red() + 0.587 * background.green() + 0.114 * background.blue()
    return QColor("black") if luminance > 150 else QColor("white")


class TournamentView(QWidget):
    """Tournament controls, cross-table heat map and ranking."""

    tournament_finished = Signal(object)

    def __init__(self, config_source: Callable[[], GameConfig], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tournamentView")
        self._config_source = config_source
        self.task = BackgroundTask("tournament", self)
        self.task.progress.connect(self._on_progress)
        self.task.finished.connect(self._on_finished)
        self.task.failed.connect(self._on_failed)
        self.task.running_changed.connect(self._on_running_changed)
        self.result: TournamentResult | None = None
        self._build()

    def _build(self) -> None:
        self.player_list = QListWidget(objectName="tournamentPlayers")
        self.player_list.setAccessibleName(self.tr("Tournament players"))
        for spec in DEFAULT_PLAYERS:
            self._add_player_item(spec)
        for plugin in discovered_plugins().values():  # installed Python bots, ready to tick
            if not plugin.broken:
                self._add_player_item(plugin.name, checked=False)
        # The settings dock's player editor (type, depth, time, program or options),
        # without a mark or a name: a tournament entry is picked as a player is.
        self.editor = SideEditor("tournament")
        self.editor.setTitle(self.tr("Player to add"))
        self.editor.hide_identity()
        self.editor.set_side(SideSettings("alphabeta", 3))
        self.add_button = QPushButton(self.tr("Add"), objectName="tournamentAdd")
        self.add_button.setToolTip(self.tr("Add the player above to the list, ticked"))
        self.add_button.clicked.connect(self.add_player_from_editor)
        self.remove_button = QPushButton(self.tr("Remove"), objectName="tournamentRemove")
        self.remove_button.setToolTip(self.tr("Remove the selected player from the list"))
        self.remove_button.clicked.connect(self.remove_selected_player)
        self.new_player = QLineEdit(objectName="tournamentNewPlayer")
        self.new_player.setPlaceholderText(self.tr("e.g. minimax:depth=4 or engine:path=/path/to/pbrain-x"))
        self.new_player.returnPressed.connect(self.add_player_from_text)
        add_spec_button = QPushButton(self.tr("Add spec"), objectName="tournamentAddSpec")
        add_spec_button.clicked.connect(self.add_player_from_text)
        self.games_per_pairing = QSpinBox(objectName="tournamentGames")
        self.games_per_pairing.setRange(2, 100_000)
        self.games_per_pairing.setValue(20)
        self.games_per_pairing.setToolTip(self.tr("Games each pair plays, split between both colours"))
        self.run_button = QPushButton(self.tr("Run tournament"), objectName="tournamentButton")
        self.run_button.clicked.connect(self.start)
        self.cancel_button = QPushButton(self.tr("Cancel"), objectName="tournamentCancel")
        self.cancel_button.clicked.connect(self.task.cancel)
        self.cancel_button.setEnabled(False)
        self.progress_bar = CountProgressBar(objectName="tournamentProgress")
        self.progress_bar.setFormat("%v / %m games")
        self.message = QLabel(objectName="tournamentMessage")
        self.message.setWordWrap(True)

        list_buttons = QHBoxLayout()
        list_buttons.addStretch(1)
        list_buttons.addWidget(self.add_button)
        list_buttons.addWidget(self.remove_button)
        add_row = QHBoxLayout()
        add_row.addWidget(QLabel(self.tr("Advanced: type a spec:")))
        add_row.addWidget(self.new_player, 1)
        add_row.addWidget(add_spec_button)
        games_row = QHBoxLayout()
        games_row.addWidget(QLabel(self.tr("Games per pairing:")))
        games_row.addWidget(self.games_per_pairing)
        buttons = QHBoxLayout()
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        # The players (list and editor) scroll in a short dock rather than being
        # squeezed flat; the run controls under them always show.
        players = QWidget()
        player_column = QVBoxLayout(players)
        player_column.setContentsMargins(0, 0, 0, 0)
        player_column.addWidget(QLabel(self.tr("Players (tick to enter):")))
        player_column.addWidget(self.player_list, 1)
        player_column.addWidget(self.editor)
        player_column.addLayout(list_buttons)
        player_column.addLayout(add_row)
        players.setMinimumHeight(players.minimumSizeHint().height())
        self.players_area = QScrollArea(objectName="tournamentPlayersArea")
        self.players_area.setWidgetResizable(True)
        self.players_area.setFrameShape(QFrame.Shape.NoFrame)
        self.players_area.setWidget(players)
        self._players = players
        controls = QWidget()
        column = QVBoxLayout(controls)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.players_area, 1)
        column.addLayout(games_row)
        column.addLayout(buttons)
        column.addWidget(self.progress_bar)
        column.addWidget(self.message)

        self.cross_table = QTableWidget(objectName="tournamentCrossTable")
        self.cross_table.setAccessibleName(self.tr("Cross table: row player's score against column player"))
        self.ranking = QTableWidget(0, len(RANKING_COLUMNS), objectName="tournamentRanking")
        self.ranking.setHorizontalHeaderLabels([self.tr(c) for c in RANKING_COLUMNS])
        for table in (self.cross_table, self.ranking):
            table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
            table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
            table.verticalHeader().setVisible(table is self.cross_table)
        self.ranking.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.ranking.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.cross_table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.cross_table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        results = QWidget()
        result_column = QVBoxLayout(results)
        result_column.setContentsMargins(0, 0, 0, 0)
        self.cross_title = QLabel(
            self.tr("Cross table: the row player's score against the column player (+won =drawn \u2212lost)")
        )
        result_column.addWidget(self.cross_title)
        result_column.addWidget(self.cross_table, 3)
        result_column.addWidget(QLabel(self.tr("Ranking by points (win 1, draw \u00bd)")))
        result_column.addWidget(self.ranking, 2)

        self.cross_title.setWordWrap(True)
        splitter = self._splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(controls)
        splitter.addWidget(results)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 3)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(splitter)

    def resizeEvent(self, event: QResizeEvent) -> None:
        # Side by side only when the player controls show whole beside readable results:
        # squeezed to their share of the splitter, they hid behind a horizontal scroll bar.
        area = self.players_area
        controls = self._players.minimumSizeHint().width() + area.verticalScrollBar().sizeHint().width()
        wide = event.size().width() >= max(NARROW_WIDTH, controls + RESULTS_MIN_WIDTH)
        orientation = Qt.Orientation.Horizontal if wide else Qt.Orientation.Vertical
        if orientation != self._splitter.orientation():
            self._splitter.setOrientation(orientation)
            if wide:  # the results take the room the controls don't need (until a drag)
                self._splitter.setSizes([controls, event.size().width() - controls])
        self._splitter.setStretchFactor(1, 3 if wide else 1)
        area.setMinimumWidth(controls if wide else 0)
        super().resizeEvent(event)

    def _add_player_item(self, spec: str, checked: bool = True) -> None:
        """List ``spec``: in words, with the spec itself in the tooltip and the item's data."""
        item = QListWidgetItem(player_words(spec))
        item.setData(Qt.ItemDataRole.UserRole, spec)
        item.setToolTip(spec)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
        self.player_list.addItem(item)

    def _listed(self) -> list[str]:
        return [self.player_list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.player_list.count())]

    def selected_players(self) -> list[str]:
        """The ticked players' specs, in list order."""
        items = (self.player_list.item(i) for i in range(self.player_list.count()))
        return [item.data(Qt.ItemDataRole.UserRole) for item in items if item.checkState() == Qt.CheckState.Checked]

    def set_players(self, specs: list[str]) -> None:
        """Tick exactly ``specs``, adding the ones not listed yet."""
        listed = self._listed()
        for spec in specs:
            if spec not in listed:
                self._add_player_item(spec)
        for i in range(self.player_list.count()):
            item = self.player_list.item(i)
            ticked = item.data(Qt.ItemDataRole.UserRole) in specs
            item.setCheckState(Qt.CheckState.Checked if ticked else Qt.CheckState.Unchecked)

    def _add_spec(self, spec: PlayerSpec) -> None:
        if spec.kind == "human":
            raise PlayerSpecError("humans cannot play in a tournament")
        self.set_players(self.selected_players() + [str(spec)])
        self.message.clear()

    @Slot()
    def add_player_from_editor(self) -> None:
        """Add (ticked) the player the editor shows, or explain why it can't play."""
        side = self.editor.side()
        try:
            self._add_spec(player_spec(side.kind, side.depth, side.time, extra=side.extra))
        except PlayerSpecError as error:
            self.message.setText(str(error))

    @Slot()
    def remove_selected_player(self) -> None:
        """Take the selected player off the list."""
        row = self.player_list.currentRow()
        if row >= 0:
            self.player_list.takeItem(row)

    @Slot()
    def add_player_from_text(self) -> None:
        """Add the typed spec, or explain why it is not a player."""
        text = self.new_player.text().strip()
        try:
            self._add_spec(PlayerSpec.parse(text))
        except PlayerSpecError as error:
            self.message.setText(str(error))
            return
        self.new_player.clear()

    @Slot()
    def start(self, seed: int | None = None) -> bool:
        """Start the tournament; returns False (with a message) when it cannot run."""
        if self.task.is_running():
            return False
        try:
            request = TournamentRequest(
                self._config_source(),
                tuple(PlayerSpec.parse(s) for s in self.selected_players()),
                self.games_per_pairing.value(),
                seed if isinstance(seed, int) else None,
            )
            check_playable(request.config, *request.players)  # an engine's program and board
        except ValueError as error:
            self.message.setText(str(error))
            return False
        players = len(request.players)
        self.progress_bar.setRange(0, request.games_per_pairing * players * (players - 1) // 2)
        self.progress_bar.setValue(0)
        self.message.setText(self.tr("Playing on %s...") % request.config)
        self.task.start(TournamentWorker(request))
        return True

    def shutdown(self) -> None:
        self.task.shutdown()

    @Slot(bool)
    def _on_running_changed(self, running: bool) -> None:
        self.run_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)

    @Slot(object)
    def _on_progress(self, progress: object) -> None:
        done, total = cast(tuple[int, int], progress)
        self.progress_bar.setMaximum(total)
        self.progress_bar.setValue(done)

    @Slot(object)
    def _on_finished(self, result: object) -> None:
        assert isinstance(result, TournamentResult)
        self.result = result
        self.progress_bar.setValue(result.games_played)
        self.show_result(result)
        status = self.tr("Cancelled after %s games.") if result.cancelled else self.tr("Finished: %s games.")
        self.message.setText(status % f"{result.games_played:,}")
        self.tournament_finished.emit(result)

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        self.message.setText(self.tr("Tournament failed: %s") % message)

    def show_result(self, result: TournamentResult) -> None:
        """Fill the heat map and the ranking."""
        names = list(result.players)
        size = len(names)
        dark = is_dark(self.palette())
        self.cross_table.clear()
        self.cross_table.setRowCount(size)
        self.cross_table.setColumnCount(size)
        for index, name in enumerate(names):
            # Whole names, wrapped after each option's punctuation to leave the cells room.
            for set_header in (self.cross_table.setHorizontalHeaderItem, self.cross_table.setVerticalHeaderItem):
                header_item = QTableWidgetItem(wrapped_name(name))
                header_item.setToolTip(name)
                set_header(index, header_item)
        header = self.cross_table.horizontalHeader()
        metrics = header.fontMetrics()
        widest = max(
            (metrics.horizontalAdvance(line) for n in names for line in wrapped_name(n).split("\n")), default=0
        )
        header.setMinimumSectionSize(widest + HEADER_PADDING)
        # Rows keep their two lines (name and score) in a short dock: the table scrolls instead.
        rows = self.cross_table.verticalHeader()
        rows.setMinimumSectionSize(2 * rows.fontMetrics().lineSpacing() + HEADER_PADDING // 2)
        for row in range(size):
            for col in range(size):
                item = QTableWidgetItem()
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                score = result.score(row, col)
                if row == col or score.share is None:
                    item.setText("\u2013" if row == col else "")
                else:
                    background = heat_color(score.share, dark)
                    item.setBackground(background)
                    item.setForeground(readable_text(background))
                    item.setText(f"{100 * score.share:.0f}%\n+{score.wins} ={score.draws} \u2212{score.losses}")
                    item.setToolTip(
                        self.tr("%s against %s: %d won, %d drawn, %d lost")
                        % (player_words(names[row]), player_words(names[col]), score.wins, score.draws, score.losses)
                    )
                self.cross_table.setItem(row, col, item)
        standings = result.standings()
        self.ranking.setRowCount(len(standings))
        for row, standing in enumerate(standings):
            share = standing.points / standing.games if standing.games else 0.0
            values = (
                str(standing.rank),
                player_words(standing.player),
                f"{standing.points:g}",
                str(standing.wins),
                str(standing.draws),
                str(standing.losses),
                f"{100 * share:.0f}%",
            )
            for col, text in enumerate(values):
                item = QTableWidgetItem(text)
                if col != 1:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                else:
                    item.setToolTip(standing.player)  # the spec
                self.ranking.setItem(row, col, item)
