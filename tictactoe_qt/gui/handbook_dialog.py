"""Help > Handbook (F1): the handbook's Markdown pages beside a contents list.

The pages (:mod:`tictactoe_qt.handbook`) are shown by a :class:`QTextBrowser`
from their files, so links between pages, and to a heading of a page
(``command-line.md#player-options``), work as they do on a code host.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QSize, Qt, QUrl, Slot
from PySide6.QtGui import QDesktopServices, QImage, QTextBlock, QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from tictactoe_qt.assets import resource_path
from tictactoe_qt.handbook import PAGES, page_path, page_title

#: Largest a screenshot is shown, in pixels: a page never scrolls sideways for one,
#: and the text around it stays in view.
IMAGE_SIZE = QSize(600, 460)
#: Where the pages' screenshots are: in a checkout ``resources/screenshots``, in a wheel
#: the package's own copy (found by :func:`~tictactoe_qt.assets.resource_path`).
SCREENSHOTS = "screenshots"
#: The one file outside the handbook's folder that its pages link to and that opens in it.
CHANGELOG = "CHANGELOG.md"


def page_url(name: str) -> QUrl:
    """The URL the browser opens for page ``name``."""
    return QUrl.fromLocalFile(str(page_path(name)))


def is_handbook_page(url: QUrl) -> bool:
    """True for a page of the handbook, or the changelog beside it: what opens in the dialog.

    Anything else (the web, a file elsewhere, a page link that climbs out with
    ``../``, a symlink out) goes to the system, as a click in a browser would.
    """
    if not url.isLocalFile():
        return False
    folder = page_path(PAGES[0]).parent.resolve()
    path = Path(url.toLocalFile()).resolve()
    return path.suffix == ".md" and (path.parent == folder or path == folder.parent / CHANGELOG)


def open_outside(url: QUrl) -> None:
    """Hand ``url`` to the system (its web browser, or the viewer for that kind of file)."""
    QDesktopServices.openUrl(url)


def heading_anchor(text: str) -> str:
    """A heading's anchor as code hosts write it: ``"`trace`: one event"`` -> ``"trace-one-event"``."""
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


def heading_block(document: QTextDocument, anchor: str) -> QTextBlock | None:
    """The heading of ``document`` whose anchor is ``anchor`` (None if it has none)."""
    block = document.begin()
    while block.isValid():
        if block.blockFormat().headingLevel() > 0 and heading_anchor(block.text()) == anchor:
            return block
        block = block.next()
    return None


class HandbookBrowser(QTextBrowser):
    """Shows one page: finds its screenshots wherever they were installed, and its anchors."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("handbookPage")
        # Every link comes to doSetSource, which opens only the handbook's pages here.
        self.setOpenExternalLinks(False)

    def loadResource(self, kind: int, name: QUrl | str) -> object:
        """Screenshots come from the shipped copy when the checkout's is absent, at most
        :data:`IMAGE_SIZE`."""
        name = QUrl(name) if isinstance(name, str) else name
        if kind != QTextDocument.ResourceType.ImageResource.value or not name.isLocalFile():
            return super().loadResource(kind, name)
        path = Path(name.toLocalFile())
        if not path.exists():
            try:
                path = resource_path(f"{SCREENSHOTS}/{path.name}")
            except FileNotFoundError:
                return super().loadResource(kind, name)
        image = QImage(str(path))
        if image.width() > IMAGE_SIZE.width() or image.height() > IMAGE_SIZE.height():
            image = image.scaled(
                IMAGE_SIZE, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation
            )
        return image

    def doSetSource(
        self, name: QUrl | str, kind: QTextDocument.ResourceType = QTextDocument.ResourceType.UnknownResource
    ) -> None:
        """Open ``name`` if it is a handbook page (else the system opens it), and show the
        heading its fragment names."""
        name = QUrl(name) if isinstance(name, str) else name
        if not is_handbook_page(name):
            open_outside(name)
            return
        super().doSetSource(name, kind)
        if name.hasFragment():
            self.scroll_to_heading(name.fragment())

    def scroll_to_heading(self, anchor: str) -> None:
        """Show the heading ``anchor`` names at the top (Markdown headings carry no anchors)."""
        block = heading_block(self.document(), anchor)
        if block is not None:
            top = self.document().documentLayout().blockBoundingRect(block).top()
            self.verticalScrollBar().setValue(int(top))


class HandbookDialog(QDialog):
    """The handbook: a contents list of :data:`PAGES` and the page chosen, first page first."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("handbookDialog")
        self.setWindowTitle(self.tr("Handbook"))
        self.contents = QListWidget()
        self.contents.setObjectName("handbookContents")
        for name in PAGES:
            self.contents.addItem(QListWidgetItem(page_title(name)))
        self.browser = HandbookBrowser()
        splitter = QSplitter()
        splitter.addWidget(self.contents)
        splitter.addWidget(self.browser)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([200, 700])
        self.back_button = QPushButton(self.tr("Back"))
        self.forward_button = QPushButton(self.tr("Forward"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        row = QHBoxLayout()
        row.addWidget(self.back_button)
        row.addWidget(self.forward_button)
        row.addStretch(1)
        row.addWidget(buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter, 1)
        layout.addLayout(row)
        self.back_button.clicked.connect(self.browser.backward)
        self.forward_button.clicked.connect(self.browser.forward)
        self.browser.backwardAvailable.connect(self.back_button.setEnabled)
        self.browser.forwardAvailable.connect(self.forward_button.setEnabled)
        self.back_button.setEnabled(False)
        self.forward_button.setEnabled(False)
        self.contents.currentRowChanged.connect(self.open_row)
        self.browser.sourceChanged.connect(self.mark_page)
        self.resize(960, 680)
        self.contents.setCurrentRow(0)

    def page_name(self) -> str:
        """The file name of the page shown (``"index.md"``)."""
        return Path(self.browser.source().toLocalFile()).name

    @Slot(int)
    def open_row(self, row: int) -> None:
        if 0 <= row < len(PAGES) and self.page_name() != PAGES[row]:
            self.browser.setSource(page_url(PAGES[row]))

    @Slot(QUrl)
    def mark_page(self, url: QUrl) -> None:
        """Keep the contents list on the page shown, however it was reached (a link, Back)."""
        name = Path(url.toLocalFile()).name
        if name in PAGES:
            self.contents.blockSignals(True)
            self.contents.setCurrentRow(PAGES.index(name))
            self.contents.blockSignals(False)
        else:  # a file beside the pages (the changelog): no contents entry
            self.contents.clearSelection()
