"""Saving results: one CSV row per game, a JSON summary, and charts as PNG.

Every file is written atomically (:mod:`tictactoe_qt.engine.atomic_file`): a
failed or interrupted export leaves any old file at that path as it was.
A run saved as CSV and JSON reads back whole (:func:`read_run`): the recovery
of unsaved runs (:mod:`.run_recovery`) keeps them in this same format.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QBuffer, QIODevice
from PySide6.QtGui import QImage

from tictactoe_qt.engine import (
    UnwritableTextError,
    atomic_text_writer,
    excerpt,
    write_bytes_atomically,
    write_text_atomically,
)
from tictactoe_qt.engine.game import GameConfig, Seating
from tictactoe_qt.engine.players import PlayerSpec
from tictactoe_qt.engine.text import SideNames

from .run_data import MAX_GAMES, RunData
from .run_snapshot import SIDES, GameRow

CSV_COLUMNS = ("index", "starter", "winner", "length", "x_seconds", "o_seconds", "x_nodes", "o_nodes", "forfeit")


class ExportError(OSError):
    """A file that could not be written."""


class WriteStopped(ExportError):
    """A write given up on request (:func:`write_csv`'s ``should_stop``): the file was not written."""


#: :func:`write_csv` asks ``should_stop`` once every this many rows.
STOP_CHECK_ROWS = 64


class RunFileError(ValueError):
    """Saved run files that cannot be read back; the message names the file and quotes it."""


def write_csv(
    run: RunData, path: str | Path, *, follow_symlinks: bool = True, should_stop: Callable[[], bool] | None = None
) -> int:
    """Write one row per game of ``run`` to ``path``; returns the number of rows.

    Columns speak of marks, the players as the user chose them: ``starter``
    is the mark that moved first, ``winner`` the mark that won (or ``draw``),
    and seconds and nodes are X's and O's totals over the game (nodes empty when
    that player did not report them: engines, plugins). ``forfeit`` says
    why the loser forfeited (``O forfeits: <reason>``), empty for a game played out.
    ``follow_symlinks=False`` (the program's own files) replaces a symlink at ``path``
    instead of writing its target. ``should_stop`` returning True gives the write up
    (a million rows take seconds), leaving the file as it was.

    Raises:
        ExportError: the file could not be written.
        WriteStopped: ``should_stop`` returned True.
    """
    try:
        with atomic_text_writer(path, newline="", follow_symlinks=follow_symlinks) as stream:
            writer = csv.writer(stream)
            writer.writerow(CSV_COLUMNS)
            for position in range(run.games):
                if should_stop is not None and position % STOP_CHECK_ROWS == 0 and should_stop():
                    raise WriteStopped(f"writing {path} was given up")
                row = run.row(position)
                writer.writerow(
                    (
                        row.index,
                        row.starter,
                        row.winner or "draw",
                        row.length,
                        f"{row.x_seconds:.9f}",
                        f"{row.o_seconds:.9f}",
                        row.x_nodes,
                        row.o_nodes,
                        row.forfeit or "",
                    )
                )
    except WriteStopped:
        raise
    except OSError as error:
        raise ExportError(f"cannot write {path}: {error.strerror or error}") from error
    return run.games


def summary_document(run: RunData) -> dict[str, object]:
    """The JSON summary: the run's settings plus the ``simulate --json`` figures."""
    return {
        "run": run.number,
        "x": str(run.x_spec),
        "o": str(run.o_spec),
        "size": run.config.size_text,
        "k": run.config.k,
        "seed": run.seed,
        "first": run.first,
        "swap": run.swap,
        "cancelled": run.cancelled,
        "watched": run.watched,
        "planned": run.planned,
        "marks": {"x": run.names.x, "o": run.names.o},
        "summary": run.summary_dict(),
    }


def write_json(run: RunData, path: str | Path, *, follow_symlinks: bool = True) -> None:
    """Write the run's summary as JSON (``follow_symlinks`` as for :func:`write_csv`).

    Raises:
        ExportError: the file could not be written.
    """
    try:
        write_text_atomically(path, json.dumps(summary_document(run), indent=2) + "\n", follow_symlinks=follow_symlinks)
    except (OSError, UnwritableTextError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise ExportError(f"cannot write {path}: {reason}") from error


def save_png(image: QImage, path: str | Path) -> None:
    """Save ``image`` as a PNG file, whole or not at all (encoded first, then written atomically).

    Raises:
        ExportError: the image could not be saved.
    """
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise ExportError(f"cannot save an image to {path}")
    try:
        write_bytes_atomically(path, bytes(buffer.data().data()))
    except OSError as error:
        raise ExportError(f"cannot save an image to {path}: {error.strerror or error}") from error


def save_charts(images: dict[str, QImage], folder: str | Path, prefix: str = "") -> list[Path]:
    """Save each chart picture as ``<folder>/<prefix><name>.png``; returns the paths written."""
    folder = Path(folder)
    paths = []
    for name, image in images.items():
        path = folder / f"{prefix}{name}.png"
        save_png(image, path)
        paths.append(path)
    return paths


def read_run(csv_path: str | Path, json_path: str | Path) -> RunData:
    """The finished run saved by :func:`write_csv` and :func:`write_json` (its number unset).

    Raises:
        RunFileError: a file is missing, unreadable, or not a saved run; nothing half-read is kept.
    """
    document = _read_summary(Path(json_path))
    run = _run_of(document, Path(json_path).name)
    csv_path = Path(csv_path)
    try:
        with open(csv_path, encoding="utf-8", newline="") as stream:
            reader = csv.reader(stream)
            header = next(reader, None)
            if header is None or tuple(header) != CSV_COLUMNS:
                raise RunFileError(f"{csv_path.name} does not start with the game columns: {excerpt(header)}")
            for record in reader:
                run.add(_game_row(record, csv_path.name, reader.line_num))
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise RunFileError(f"cannot read {csv_path.name}: {_reason(error)}") from error
    games = document["summary"].get("games") if isinstance(document.get("summary"), dict) else None
    if games != run.games:
        raise RunFileError(f"{csv_path.name} holds {run.games:,} games, its summary says {excerpt(games)}")
    summary = document["summary"]
    run.workers = _whole(summary.get("workers", 1), "workers", Path(json_path).name, MAX_WORKERS)
    elapsed = summary.get("elapsed_seconds", 0.0)
    if not isinstance(elapsed, (int, float)) or isinstance(elapsed, bool) or not 0 <= elapsed <= MAX_SECONDS:
        raise RunFileError(f"{Path(json_path).name}: elapsed_seconds is not a time: {excerpt(elapsed)}")
    run.finish(cancelled=run.cancelled, elapsed_seconds=float(elapsed))
    return run


#: Most worker processes a run can say it had (a cluster's included) and most seconds it
#: can have taken (a year): past these a count is not one the program wrote.
MAX_WORKERS = 100_000
MAX_SECONDS = 366 * 24 * 3600


def _read_summary(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RunFileError(f"cannot read {path.name}: {_reason(error)}") from error
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise RunFileError(
            f"{path.name} is not JSON ({error.msg}, line {error.lineno}, column {error.colno}): {excerpt(text)}"
        ) from None
    if not isinstance(document, dict) or not isinstance(document.get("summary"), dict):
        raise RunFileError(f"{path.name} is not a run summary: {excerpt(text)}")
    return document


def _run_of(document: dict[str, Any], name: str) -> RunData:
    """An empty run with the settings a summary document gives."""
    try:
        config = GameConfig.parse(str(document["size"]), _whole(document["k"], "k", name))
        x_spec, o_spec = PlayerSpec.parse(str(document["x"])), PlayerSpec.parse(str(document["o"]))
        first = document.get("first", "x")
        if first not in SIDES:
            raise RunFileError(f"{name}: the first mover is not x or o: {excerpt(first)}")
        seed = document.get("seed")
        marks = document.get("marks")
        marks = marks if isinstance(marks, dict) else {}
        names = SideNames.of(Seating.of(first), {m: str(marks[m]) for m in SIDES if marks.get(m)})
        run = RunData(
            config,
            x_spec,
            o_spec,
            _whole(document.get("planned", 0), "planned", name, MAX_GAMES),
            seed=_whole(seed, "seed", name) if seed is not None else None,
            swap=document.get("swap") is True,
            first=first,
            names=names,
        )
    except KeyError as error:
        raise RunFileError(f"{name} lacks the run setting {error}") from None
    except ValueError as error:  # a bad size, k or player spec
        if isinstance(error, RunFileError):
            raise
        raise RunFileError(f"{name}: {error}") from None
    run.cancelled = document.get("cancelled") is True
    watched = document.get("watched", False)
    if not isinstance(watched, bool):
        raise RunFileError(f"{name}: watched is not true or false: {excerpt(watched)}")
    run.watched = watched
    return run


def _game_row(record: list[str], name: str, line: int) -> GameRow:
    """One CSV record as a game (see :func:`write_csv` for the columns)."""
    try:
        index, starter, winner, length, x_seconds, o_seconds, x_nodes, o_nodes, forfeit = record
        if starter not in SIDES or winner not in (*SIDES, "draw"):
            raise ValueError
        return GameRow(
            int(index),
            starter,
            None if winner == "draw" else winner,  # type: ignore[arg-type]
            int(length),
            float(x_seconds),
            float(o_seconds),
            _nodes(x_nodes),
            _nodes(o_nodes),
            forfeit or None,
        )
    except ValueError:
        raise RunFileError(f"{name} line {line} is not a game: {excerpt(','.join(record))}") from None


def _nodes(cell: str) -> int | None:
    """A nodes cell: empty when the player did not report its count."""
    return None if cell == "" else int(cell)


def _whole(value: object, key: str, name: str, most: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RunFileError(f"{name}: {key} is not a whole number: {excerpt(value)}")
    if most is not None and not 0 <= value <= most:
        raise RunFileError(f"{name}: {key} is not from 0 to {most:,}: {excerpt(value)}")
    return value


def _reason(error: BaseException) -> str:
    return (error.strerror if isinstance(error, OSError) and error.strerror else str(error)) or type(error).__name__
