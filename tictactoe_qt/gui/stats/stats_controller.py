"""The stats side's controller: it owns the runs, as the game controller owns the game.

It plays simulation batches (one at a time, in a :class:`BackgroundTask`),
counts watched series, keeps finished runs (:class:`KeptRuns`), writes them to
the user's files, and keeps the unsaved ones for recovery (:class:`RunRecovery`).
The stats panel is its view: it paints what the signals say and reports the
user's actions here. Nothing here touches a widget.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal, Slot

from tictactoe_qt.engine.game import GameConfig, Mark
from tictactoe_qt.engine.players import PlayerSpec
from tictactoe_qt.engine.text import BOARD_NAMES, SideNames

from .background import BackgroundTask
from .export import ExportError, write_csv, write_json
from .kept_runs import KeptRuns
from .match import Match, default_match
from .number_format import format_seconds
from .run_data import RunData
from .run_recovery import RunRecovery
from .run_snapshot import GameRow, RunSnapshot

if TYPE_CHECKING:  # the batch machinery itself is imported when a batch starts
    from .chunk_pool import ChunkPool
    from .cluster_link import ClusterPool

#: Batches up to this size play in the batch thread: starting worker processes costs more.
SMALL_BATCH = 1000


class StatsController(QObject):
    """Owns the batch task, the live run, the watched series, the kept runs and their files."""

    #: The engine summary (``simulate --json`` keys) of each finished batch.
    simulation_finished = Signal(dict)
    #: A run was kept (numbered, in :attr:`kept`).
    run_added = Signal(object)
    #: Runs were forgotten (a list of them).
    runs_removed = Signal(list)
    #: The set of unsaved runs may have changed (one kept, saved or removed).
    unsaved_changed = Signal()
    #: Something to tell the user in the status bar.
    message = Signal(str)
    #: Why a batch cannot start, to show under the Simulate bar until the match changes.
    problem = Signal(str)
    #: Why an export failed, to show under the Simulate bar.
    export_failed = Signal(str)
    #: The runs to show changed (the live run began, ended or counted a watched game):
    #: views redraw now.
    shown_changed = Signal()
    #: A batch started, with the games it will play.
    batch_started = Signal(int)
    #: The snapshot of a batch under way (several a second).
    batch_progress = Signal(object)
    #: A batch ended: the games kept and one line saying how it went.
    batch_ended = Signal(int, str)
    #: Whether a batch runs.
    running_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        #: The kept runs (plain data: read them, change them only through this controller).
        self.kept = KeptRuns()
        self._match_source: Callable[[], Match] = default_match
        #: The run under way (a batch or a watched series), as last counted.
        self.live: RunSnapshot | None = None
        self._watch_run: RunData | None = None
        self.batch = BackgroundTask("simulation batch", self)
        self.batch.progress.connect(self._on_batch_progress)
        self.batch.finished.connect(self._on_batch_finished)
        self.batch.failed.connect(self._on_batch_failed)
        self.batch.running_changed.connect(self.running_changed)
        #: Keeps unsaved runs through a signal or a crash (:meth:`start_recovery`).
        self.recovery: RunRecovery | None = None

    # The match to simulate ---------------------------------------------------

    def set_match_source(self, source: Callable[[], Match]) -> None:
        """Where batches read the board, players and first mover (normally the settings dock)."""
        self._match_source = source

    def match(self) -> Match:
        """What 'Simulate' would play now.

        Raises:
            ValueError: the source cannot give a match (e.g. a bad board).
        """
        return self._match_source()

    # Batches -----------------------------------------------------------------

    def start_simulation(
        self,
        games: int,
        seed: int | None,
        swap: bool,
        pool: ChunkPool | ClusterPool | None = None,
        place_problem: str | None = None,
    ) -> bool:
        """Start a batch of ``games`` games of :meth:`match`; False (with a :attr:`problem`)
        if it cannot.

        Args:
            pool: plays the chunks (a cluster's); None picks the app's own worker
                processes for a big batch, the batch thread for a small one.
            place_problem: why the batch cannot run where the user chose (no
                cluster connected), said after any problem with the match itself.
        """
        if self.batch.is_running():
            return False
        # Imported here: the window need not wait for the batch machinery at start-up.
        from .batch_worker import BatchRequest, BatchWorker
        from .chunk_pool import shared_pool

        try:
            match = self.match()
            request = BatchRequest(
                match.config, match.x_spec, match.o_spec, games, seed, swap, match.first, match.names
            )
        except ValueError as error:
            self._say_problem(str(error))
            return False
        if place_problem is not None:
            self._say_problem(place_problem)
            return False
        if pool is None and request.games > SMALL_BATCH:
            pool = shared_pool()
        self.batch_started.emit(request.games)
        self.batch.start(BatchWorker(request, pool))
        # Show the empty run now, while the workers start: the charts take their
        # new axes and labels before the games pour in.
        self.live = request.new_run().snapshot()
        self.shown_changed.emit()
        return True

    @Slot()
    def cancel_simulation(self) -> None:
        self.batch.cancel()

    def is_simulating(self) -> bool:
        return self.batch.is_running()

    @Slot(object)
    def _on_batch_progress(self, snapshot: object) -> None:
        assert isinstance(snapshot, RunSnapshot)
        self.live = snapshot
        self.batch_progress.emit(snapshot)

    @Slot(object)
    def _on_batch_finished(self, run: object) -> None:
        assert isinstance(run, RunData)
        self.live = None
        if run.games == 0:  # cancelled before any game ended: nothing to keep or chart
            text = self.tr("Cancelled before any game finished")
            self.batch_ended.emit(0, text)
            self.message.emit(text)
            self.shown_changed.emit()
            self.simulation_finished.emit(run.summary_dict())
            return
        self.keep_run(run)
        snapshot = run.snapshot()
        state = self.tr("Cancelled") if run.cancelled else self.tr("Done")
        text = self.tr("%s: %s games in %s (%s games/s)") % (
            state,
            f"{snapshot.games:,}",
            format_seconds(snapshot.elapsed_seconds),
            f"{snapshot.games_per_second:,.0f}",
        )
        if run.failure is not None:  # its workers or cluster went away: say so, keep the games
            text = self.tr("%s; the %s games finished before are kept") % (
                run.failure[:1].upper() + run.failure[1:],
                f"{snapshot.games:,}",
            )
        self.batch_ended.emit(snapshot.games, text)
        self.message.emit(text)
        self.simulation_finished.emit(run.summary_dict())

    @Slot(str)
    def _on_batch_failed(self, message: str) -> None:
        self.live = None
        text = self.tr("Simulation failed: %s") % message
        self.batch_ended.emit(0, text)
        self.message.emit(text)

    # Watched series ------------------------------------------------------------

    def begin_watched_series(
        self,
        config: GameConfig,
        x_spec: PlayerSpec,
        o_spec: PlayerSpec,
        games: int,
        first: Mark = "x",
        names: SideNames = BOARD_NAMES,
    ) -> None:
        """Start counting games that are being watched on the board (``first`` moves first;
        the players written by ``names``, their marks)."""
        self._watch_run = RunData(config, x_spec, o_spec, games, first=first, names=names, watched=True)

    def add_watched_game(self, row: GameRow) -> None:
        """Count one watched game (the views redraw at once)."""
        if self._watch_run is None:
            return
        self._watch_run.add(row)
        self.live = self._watch_run.snapshot()
        self.shown_changed.emit()

    def end_watched_series(self, cancelled: bool = False) -> RunData | None:
        """Keep the watched games as a run (if any were played)."""
        run, self._watch_run = self._watch_run, None
        self.live = None
        if run is None or run.games == 0:
            self.shown_changed.emit()
            return None
        run.finish(cancelled=cancelled)
        self.keep_run(run)
        return run

    # Kept runs -----------------------------------------------------------------

    def keep_run(self, run: RunData) -> None:
        """Keep a finished run (numbering it) and show it."""
        self.kept.add(run)
        self.run_added.emit(run)
        self.unsaved_changed.emit()
        self.shown_changed.emit()

    def remove_runs(self, numbers: Sequence[int]) -> None:
        """Forget the runs numbered ``numbers``."""
        self._forget(self.kept.remove(numbers))

    @Slot()
    def clear_runs(self) -> None:
        """Forget every run."""
        self._forget(self.kept.clear())

    def _forget(self, runs: list[RunData]) -> None:
        self.runs_removed.emit(runs)
        self.unsaved_changed.emit()
        self.shown_changed.emit()

    def latest_run(self) -> RunData | None:
        return self.kept.latest()

    def unsaved_runs(self) -> list[RunData]:
        """The kept runs not yet written to any file (closing the window would lose them),
        newest first."""
        return self.kept.unsaved()

    def mark_saved(self, *runs: RunData) -> None:
        """Note that ``runs`` were written to the user's files."""
        self.kept.mark_saved(runs)
        self.unsaved_changed.emit()

    # Files -------------------------------------------------------------------------

    def export_results(self, path: str | Path) -> int:
        """Write the latest run as CSV, one row per game; returns the rows written.

        Raises:
            ExportError: there is no run yet, or the file cannot be written.
        """
        run = self.latest_run()
        if run is None:
            raise ExportError("no simulation has finished yet: nothing to export")
        rows = write_csv(run, path)
        self.mark_saved(run)
        return rows

    def write(self, action: Callable[[], object], path: str | Path) -> bool:
        """Run one export ``action`` writing ``path``; say how it went (a failure is a
        :attr:`export_failed`, never raised). True if it was written."""
        try:
            action()
        except ExportError as error:
            self.message.emit(str(error))
            self.export_failed.emit(str(error))
            return False
        self.message.emit(self.tr("Saved %s") % path)
        return True

    def save_runs(self, runs: Sequence[RunData], folder: str | Path) -> bool:
        """Write each run into ``folder`` as ``runN.csv`` and ``runN.json``; True once all are.

        Files already there are kept: a name in use gets a number (``run1 (2).csv``).
        The runs written are marked saved, even when a later one fails.
        """
        written: list[RunData] = []

        def write_all() -> None:
            for run in runs:
                write_csv(run, free_path(Path(folder), f"run{run.number}", ".csv"))
                write_json(run, free_path(Path(folder), f"run{run.number}", ".json"))
                written.append(run)

        try:
            return self.write(write_all, folder)
        finally:
            self.mark_saved(*written)

    def _say_problem(self, text: str) -> None:
        self.problem.emit(text)
        self.message.emit(text)

    # Recovery and closing --------------------------------------------------------------

    def start_recovery(self, root: Path | None = None) -> RunRecovery:
        """Keep the unsaved runs for recovery (in ``root``, normally the user's data
        folder), and bring back those of earlier sessions. Connect :attr:`message` first:
        the recovery may speak at once."""
        recovery = RunRecovery(self.kept, root, self)
        recovery.message.connect(self.message)
        recovery.restored.connect(self._keep_restored)
        self.unsaved_changed.connect(recovery.sync)
        self.recovery = recovery
        return recovery

    @Slot(object)
    def _keep_restored(self, run: object) -> None:
        assert isinstance(run, RunData)
        self.keep_run(run)

    def shutdown(self) -> None:
        """Stop and wait for the batch (before the window closes); the recovery folder gets
        the finished part of a batch stopped here (see :mod:`.run_recovery`)."""
        unfinished = self.batch.shutdown()
        if self.recovery is not None:
            self.recovery.close(unfinished if isinstance(unfinished, RunData) else None)


def free_path(folder: Path, stem: str, suffix: str) -> Path:
    """``folder/stem+suffix``, or ``stem (2)``, ``stem (3)``... when that file exists."""
    path = folder / f"{stem}{suffix}"
    number = 2
    while path.exists():
        path = folder / f"{stem} ({number}){suffix}"
        number += 1
    return path
