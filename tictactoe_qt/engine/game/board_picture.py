"""A board as a small SVG picture, for notebooks (``Board._repr_svg_``): stdlib only."""

from __future__ import annotations

from typing import Protocol

from .coordinates import Cell

#: Side of one cell in the picture, in pixels; big boards get smaller cells.
CELL = 40
MAX_SIDE = 400
X_COLOUR, O_COLOUR, GRID, WIN = "#1f5fbf", "#c0392b", "#555", "#f2c14e"


class Drawable(Protocol):
    """What the picture needs of a board: its size, marks and winning line."""

    def mark_at(self, row: int, col: int) -> str | None: ...

    def winning_line(self) -> tuple[Cell, ...]: ...


def board_svg(board: Drawable, rows: int, cols: int) -> str:
    """The grid, its marks (X blue crosses, O red rings) and a won game's line highlighted."""
    cell = max(12, min(CELL, MAX_SIDE // max(rows, cols)))
    width, height = cols * cell, rows * cell
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width + 2}" '
        f'height="{height + 2}" viewBox="-1 -1 {width + 2} {height + 2}">',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="white" stroke="{GRID}"/>',
    ]
    for move in board.winning_line():
        row, col = move.row, move.col
        parts.append(f'<rect x="{col * cell}" y="{row * cell}" width="{cell}" height="{cell}" fill="{WIN}"/>')
    for r in range(1, rows):
        parts.append(f'<line x1="0" y1="{r * cell}" x2="{width}" y2="{r * cell}" stroke="{GRID}"/>')
    for c in range(1, cols):
        parts.append(f'<line x1="{c * cell}" y1="0" x2="{c * cell}" y2="{height}" stroke="{GRID}"/>')
    pad = cell // 5
    for r in range(rows):
        for c in range(cols):
            mark = board.mark_at(r, c)
            x, y = c * cell, r * cell
            if mark == "x":
                parts.append(
                    f'<path d="M{x + pad},{y + pad} L{x + cell - pad},{y + cell - pad} '
                    f'M{x + cell - pad},{y + pad} L{x + pad},{y + cell - pad}" '
                    f'stroke="{X_COLOUR}" stroke-width="{max(2, cell // 12)}"/>'
                )
            elif mark == "o":
                parts.append(
                    f'<circle cx="{x + cell / 2}" cy="{y + cell / 2}" '
                    f'r="{cell / 2 - pad}" fill="none" stroke="{O_COLOUR}" '
                    f'stroke-width="{max(2, cell // 12)}"/>'
                )
    parts.append("</svg>")
    return "".join(parts)
