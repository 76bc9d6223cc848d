"""Saving results: one CSV row per game, a JSON summary, and charts as PNG."""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path

from PySide6.QtGui import QImage

from .run_data import RunData

CSV_COLUMNS = ("index", "starter", "winner", "length", "x_seconds", "o_seconds", "x_nodes", "o_nodes")


class ExportError(OSError):
    """A file that could not be written."""


def write_csv(run: RunData, path: str | Path) -> int:
    """Write one row per game of ``run`` to ``path``; returns the number of rows.

    ``winner`` is ``x``, ``o`` or ``draw``; seconds and nodes are each player's
    totals over the game.

    Raises:
        ExportError: the file could not be written.
    """
    try:
        with open(path, "w", newline="", encoding="utf-8") as stream:
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
        Path(path).write_text(json.dumps(summary_document(run), indent=2) + "\n", encoding="utf-8")
    except OSError as error:
        raise ExportError(f"cannot write {path}: {error.strerror or error}") from error


def save_png(image: QImage, path: str | Path) -> None:
    """Save ``image`` as a PNG file, whole or not at all (a temporary file renamed over ``path``).

    Raises:
        ExportError: the image could not be saved.
    """
    path = Path(path)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        saved = image.save(str(temporary), "PNG")
        if saved:
            with open(temporary, "rb+") as stream:
                os.fsync(stream.fileno())
            os.replace(temporary, path)
    except OSError as error:
        raise ExportError(f"cannot save an image to {path}: {error.strerror or error}") from error
    finally:
        temporary.unlink(missing_ok=True)
    if not saved:
        raise ExportError(f"cannot save an image to {path}")


def save_charts(images: dict[str, QImage], folder: str | Path, prefix: str = "") -> list[Path]:
    """Save each chart picture as ``<folder>/<prefix><name>.png``; returns the paths written."""
    folder = Path(folder)
    paths = []
    for name, image in images.items():
        path = folder / f"{prefix}{name}.png"
        save_png(image, path)
        paths.append(path)
    return paths
