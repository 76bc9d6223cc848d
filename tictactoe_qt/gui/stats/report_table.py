"""The seed simulator's report as a table: one column per run, side by side."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem, QWidget

from tictactoe_qt.engine.text import PLIES
from tictactoe_qt.gui.player_choices import player_words
from tictactoe_qt.gui.widget_parts import header_item

from .number_format import format_number, format_percent, format_rate, format_seconds
from .run_snapshot import DRAW, O_WON, X_WON, RunSnapshot, joined_names

Cell = Callable[[RunSnapshot], str]


def _outcome(index: int) -> Cell:
    return lambda s: f"{s.outcomes[index]:,}  ({format_percent(s.outcomes[index], s.games)})"


def _player(side: str, attribute: str, fmt: Callable[[float | None], str]) -> Cell:
    return lambda s: fmt(getattr(s.players[side], attribute))


def _nodes(side: str) -> Cell:
    """Average nodes per move, or ``not reported`` for an engine or plugin that gives no count."""

    def cell(s: RunSnapshot) -> str:
        player = s.players[side]
        return format_number(player.avg_nodes_per_move) if player.nodes_reported else "not reported"

    return cell


def _rate(s: RunSnapshot) -> str:
    return format_rate(s.games_per_second)


def _exact(s: RunSnapshot) -> str:
    if s.exact_rates is None:
        return "\u2013"
    return " / ".join(f"{100 * rate:.1f}%" for rate in s.exact_rates)


def _forfeits(s: RunSnapshot) -> str:
    """X's / O's games lost by forfeit, then the commonest reason."""
    text = f"{s.players['x'].forfeits:,} / {s.players['o'].forfeits:,}"
    if s.forfeit_reasons:
        reason, count = max(s.forfeit_reasons, key=lambda item: item[1])
        text += f"  ({count:,}× {reason})"
    return text


def _games(s: RunSnapshot) -> str:
    text = f"{s.games:,}"
    if s.cancelled:
        text += " (cancelled)"
    elif not s.finished and s.games < s.planned:
        text += f" of {s.planned:,}"
    return text


#: (row title, cell text) in the seed report's order, plus the newer figures. ``{x}`` and
#: ``{o}`` in a title are the players as the runs wrote them (their marks; X and O by default).
#: A title may break over two lines (``\n``) so that the titles stay narrow.
ROWS: tuple[tuple[str, Cell], ...] = (
    ("Games", _games),
    ("{x} wins", _outcome(X_WON)),
    ("{o} wins", _outcome(O_WON)),
    ("Draws", _outcome(DRAW)),
    ("Lost by forfeit ({x} / {o})", _forfeits),
    ("Average game time (moves only)", lambda s: format_seconds(s.avg_game_seconds)),
    ("{x} average move time", _player("x", "avg_move_seconds", format_seconds)),
    ("{o} average move time", _player("o", "avg_move_seconds", format_seconds)),
    ("{x} average own moves to win", _player("x", "avg_moves_to_win", format_number)),
    ("{o} average own moves to win", _player("o", "avg_moves_to_win", format_number)),
    (f"Average game length ({PLIES})", lambda s: format_number(s.avg_game_length)),
    ("{x} average nodes per move", _nodes("x")),
    ("{o} average nodes per move", _nodes("o")),
    ("Exact odds of random play\n({x} / {o} / draw)", lambda s: _exact(s)),
    ("Speed", _rate),
    ("Elapsed", lambda s: format_seconds(s.elapsed_seconds)),
)


def head_text(label: str) -> str:
    """A run's label as its column head, one part a line, so that columns stay narrow:
    ``"#3 random\nvs alphabeta:depth=1\n5x5 k=4"``."""
    return label.replace(" vs ", "\nvs ").replace(", ", "\n")


def run_title(run: RunSnapshot) -> str:
    """The run's label with its players in words (the spec stays in the tooltip):
    ``#3 Random vs Perfect, 3x3 k=3``."""
    x, o = str(run.players["x"].spec), str(run.players["o"].spec)
    return run.label.replace(f"{x} vs {o}", f"{player_words(x)} vs {player_words(o)}", 1)


class ReportTable(QTableWidget):
    """Rows are the report's figures; each column is one run."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(len(ROWS), 0, parent)
        self.setObjectName("statsReport")
        self._titles: list[str] = []
        self._show_titles([])
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setAlternatingRowColors(True)
        self.setWordWrap(False)
        # Columns as wide as their figures and heads, the last one filling any room left:
        # a narrow dock scrolls rather than cutting them (see _fit_columns).
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.horizontalHeader().setMinimumSectionSize(90)
        # By pixel: scrolling by whole columns cannot reach the right of one wider column.
        self.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.setAccessibleName(self.tr("Simulation report"))

    def _show_titles(self, runs: Sequence[RunSnapshot]) -> None:
        """Row titles naming the players as ``runs`` wrote them (their marks)."""
        names = joined_names(run.names for run in runs)
        x, o = names.name_of_mark("x"), names.name_of_mark("o")
        titles = [self.tr(title).format(x=x, o=o) for title, _ in ROWS]
        if titles != self._titles:
            self._titles = titles
            self.setVerticalHeaderLabels(titles)

    def show_runs(self, runs: Sequence[RunSnapshot]) -> None:
        """One column per run, headed by its tag and players."""
        self._show_titles(runs)
        self.setColumnCount(len(runs))
        self.setHorizontalHeaderLabels([head_text(run_title(run)) for run in runs])
        for column, run in enumerate(runs):  # the players' specs
            header_item(self, column).setToolTip(run.label)
        for column, run in enumerate(runs):
            for row, (_, cell) in enumerate(ROWS):
                item = self.item(row, column)
                if item is None:
                    item = QTableWidgetItem()
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                    self.setItem(row, column, item)
                text = cell(run)
                item.setText(text)
                item.setToolTip(text)  # the whole figure, should a narrow dock cut it
        self._fit_columns()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_columns()

    def _fit_columns(self) -> None:
        """Each column as wide as its widest figure or head, never narrower; the last one
        also takes the room left. (A stretched last section would shrink below its
        figures in a narrow dock and cut them instead of scrolling.)"""
        header = self.horizontalHeader()
        widths = [
            max(self.sizeHintForColumn(column), header.sectionSizeHint(column), header.minimumSectionSize())
            for column in range(self.columnCount())
        ]
        if not widths:
            return
        widths[-1] += max(0, self.viewport().width() - sum(widths))
        for column, width in enumerate(widths):
            if header.sectionSize(column) != width:
                header.resizeSection(column, width)

    def text_at(self, title: str, column: int = 0) -> str:
        """The text shown for the figure titled ``title`` (as shown: ``"A wins"``, a title
        over two lines with a space for the break) in ``column``."""
        row = [shown.replace("\n", " ") for shown in self._titles].index(title)
        item = self.item(row, column)
        return item.text() if item is not None else ""
