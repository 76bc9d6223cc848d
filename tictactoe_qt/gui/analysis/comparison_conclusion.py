"""The line under the comparison table: what the rows show, in a sentence or two."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from tictactoe_qt.engine.analysis import ComparisonRow, SizeEstimate, summary, values_agree


def _tr(text: str) -> str:
    return QCoreApplication.translate("ComparisonDock", text)


def conclusion_text(rows: list[ComparisonRow], estimate: SizeEstimate | None, ties: str = "") -> str:
    """The summary of ``rows``: what was refused as too large (with ``estimate``), whether
    the exact searches agree on the value, why they chose different moves when those are
    equally good (``ties``, :meth:`~tictactoe_qt.engine.analysis.ComparisonTies.text`),
    and whether the comparison was stopped."""
    text = summary(rows)
    refused = [row for row in rows if row.status == "refused"]
    if refused and estimate is not None:
        names = ", ".join(row.title for row in refused)
        text = _tr("Refused as too large: {0}. {1}.").format(names, estimate.text().capitalize())
    exact = [r for r in rows if r.result is not None and r.result.exact and r.status == "done"]
    if exact and values_agree(rows):
        text += _tr(" All {0} exact searches agree on the value.").format(len(exact))
    elif exact:
        text += _tr(" The exact searches DISAGREE on the value.")
    if ties:
        text += f" {ties}"
    if any(row.status == "cancelled" for row in rows):
        text += _tr(" Stopped before the end.")
    return text.strip()
