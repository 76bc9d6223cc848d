"""Saving results: one CSV row per game, a JSON summary, and charts as PNG.

Every file is written atomically (:mod:`tictactoe_qt.engine.atomic_file`): a
failed or interrupted export leaves any old file at that path as it was.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice
from PySide6.QtGui import QImage

from tictactoe_qt.engine.atomic_file import (
    UnwritableTextError, atomic_text_writer, write_bytes_atomically, write_text_atomically,
)

from .run_data import RunData

CSV_COLUMNS = (
    "index", "starter", "winner", "length", "x_seconds", "o_seconds", "x_nodes", "o_nodes",
    "forfeit",
)


class ExportError(OSError):
    """A file that could not be written."""


def write_csv(run: RunData, path: str | Path) -> int:
    """Write one row per game of ``run`` to ``path``; returns the number of rows.

    Columns speak of marks, the players as the user chose them: ``starter``
    is the mark that moved first, ``winner`` the mark that won (or ``draw``),
    and seconds and nodes are X's and O's totals over the game. ``forfeit`` says
    why the loser forfeited (``O forfeits: <reason>``), empty for a game played out.

    Raises:
        ExportError: the file could not be written.
    """
    try:
        with atomic_text_writer(path, newline="") as stream:
            writer = csv.writer(stream)
            writer.writerow(CSV_COLUMNS)
            for position in range(run.games):
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
        "summary": run.summary_dict(),
    }


def write_json(run: RunData, path: str | Path) -> None:
    """Write the run's summary as JSON.

    Raises:
        ExportError: the file could not be written.
    """
    try:
        write_text_atomically(path, json.dumps(summary_document(run), indent=2) + "\n")
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
