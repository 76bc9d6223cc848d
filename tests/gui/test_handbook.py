"""Help > Handbook (F1) opens the handbook on its first page; links and the contents list
move between pages, and a link to a heading shows that heading."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QKeySequence, QTextCursor
from PySide6.QtWidgets import QApplication

from tictactoe_qt.gui.handbook_dialog import IMAGE_SIZE, HandbookDialog
from tictactoe_qt.handbook import PAGES, page_title

#: Milliseconds a page may take to show (a loaded machine; only a hang reaches it).
WAIT_MS = 20_000


def open_by_f1(window, qtbot) -> HandbookDialog:
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=WAIT_MS)
    qtbot.keyClick(window.board, Qt.Key.Key_F1)
    qtbot.waitUntil(
        lambda: window.findChild(HandbookDialog) is not None and window.findChild(HandbookDialog).isVisible(),
        timeout=WAIT_MS,
    )
    return window.findChild(HandbookDialog)


def link_point(dialog: HandbookDialog, href: str):
    """Where, in the page's viewport, the link to ``href`` is drawn."""
    document = dialog.browser.document()
    block = document.begin()
    while block.isValid():
        fragment_iterator = block.begin()
        while not fragment_iterator.atEnd():
            fragment = fragment_iterator.fragment()
            if fragment.charFormat().anchorHref() == href:
                cursor = QTextCursor(document)
                cursor.setPosition(fragment.position() + fragment.length() // 2)
                return dialog.browser.cursorRect(cursor).center()
            fragment_iterator += 1
        block = block.next()
    raise AssertionError(f"no link to {href} on {dialog.page_name()}")


def test_help_handbook_is_f1_and_comes_first_in_the_help_menu(shown_window):
    window = shown_window()
    assert QKeySequence("F1") in window.handbook_action.shortcuts()
    assert window.help_menu.actions()[0] is window.handbook_action
    assert all(
        QKeySequence("F1") not in action.shortcuts()
        for action in window.findChildren(type(window.handbook_action))
        if action is not window.handbook_action
    )


def test_f1_opens_the_handbook_on_its_first_page(shown_window, qtbot):
    window = shown_window()
    dialog = open_by_f1(window, qtbot)
    assert dialog.page_name() == PAGES[0]
    assert dialog.contents.currentRow() == 0
    assert dialog.contents.count() == len(PAGES)
    assert page_title(PAGES[0]) in dialog.browser.toPlainText()
    window.handbook_action.trigger()  # a second F1 shows the same dialog, not another
    assert len(window.findChildren(HandbookDialog)) == 1


def test_a_link_opens_the_other_page_and_back_returns(shown_window, qtbot):
    window = shown_window()
    dialog = open_by_f1(window, qtbot)
    qtbot.mouseClick(dialog.browser.viewport(), Qt.MouseButton.LeftButton, pos=link_point(dialog, "playing.md"))
    qtbot.waitUntil(lambda: dialog.page_name() == "playing.md", timeout=WAIT_MS)
    assert "Coordinates" in dialog.browser.toPlainText()
    assert dialog.contents.currentRow() == PAGES.index("playing.md")
    qtbot.mouseClick(dialog.back_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.page_name() == PAGES[0], timeout=WAIT_MS)
    assert dialog.contents.currentRow() == 0


def test_a_link_to_a_heading_of_another_page_shows_that_heading(shown_window, qtbot):
    window = shown_window()
    dialog = open_by_f1(window, qtbot)
    dialog.contents.setCurrentRow(PAGES.index("playing.md"))
    qtbot.waitUntil(lambda: dialog.page_name() == "playing.md", timeout=WAIT_MS)
    target = "command-line.md#player-options"
    qtbot.mouseClick(dialog.browser.viewport(), Qt.MouseButton.LeftButton, pos=link_point(dialog, target))
    qtbot.waitUntil(lambda: dialog.page_name() == "command-line.md", timeout=WAIT_MS)
    browser = dialog.browser
    top_line = browser.cursorForPosition(browser.viewport().rect().topLeft()).block().text()
    assert browser.verticalScrollBar().value() > 0
    assert top_line == "Player options"


def test_the_contents_list_opens_every_page(shown_window, qtbot):
    window = shown_window()
    dialog = open_by_f1(window, qtbot)
    for row, name in enumerate(PAGES):
        dialog.contents.setCurrentRow(row)
        qtbot.waitUntil(lambda name=name: dialog.page_name() == name, timeout=WAIT_MS)
        assert page_title(name) in dialog.browser.toPlainText().replace("`", "")


def test_screenshots_are_found_in_the_installed_copy_when_the_checkout_has_none(shown_window, qtbot, tmp_path):
    window = shown_window()
    dialog = open_by_f1(window, qtbot)
    missing = QUrl.fromLocalFile(str(tmp_path / "resources" / "screenshots" / "exercise.png"))
    image = dialog.browser.loadResource(2, missing)  # QTextDocument.ImageResource
    assert not image.isNull() and image.width() <= IMAGE_SIZE.width() and image.height() <= IMAGE_SIZE.height()
    assert not Path(missing.toLocalFile()).exists()


HOSTILE_LINKS = {
    "../secret.txt": "secret.txt",
    "file:///etc/hostname": "file:///etc/hostname",
    "https://example.org/": "https://example.org/",
    "../../outside.md": "outside.md",
    "escape.md": "escape.md",
    "mailto:someone@example.org": "mailto:someone@example.org",
}


def test_links_out_of_the_handbook_go_to_the_system_never_into_the_dialog(qtbot, tmp_path, monkeypatch):
    """A page's links to the web, to files, climbing out with ../ or through a symlink."""
    import shutil

    import tictactoe_qt.gui.handbook_dialog as handbook_dialog
    from tictactoe_qt.handbook import page_path

    pages = tmp_path / "package" / "handbook"
    shutil.copytree(page_path(PAGES[0]).parent, pages)
    (tmp_path / "package" / "secret.txt").write_text("not a page\n")
    (tmp_path / "outside.md").write_text("# Outside\n")
    (pages / "escape.md").symlink_to(tmp_path / "outside.md")
    links = "\n\n".join(f"[link {number}]({href})" for number, href in enumerate(HOSTILE_LINKS))
    (pages / PAGES[0]).write_text(f"# Hostile\n\n{links}\n\n[next](playing.md)\n")
    monkeypatch.setattr(handbook_dialog, "page_path", lambda name: pages / name)
    opened: list[str] = []
    monkeypatch.setattr(handbook_dialog, "open_outside", lambda url: opened.append(url.toString()), raising=False)
    dialog = HandbookDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: "Hostile" in dialog.browser.toPlainText(), timeout=WAIT_MS)
    for href, ending in HOSTILE_LINKS.items():
        qtbot.mouseClick(dialog.browser.viewport(), Qt.MouseButton.LeftButton, pos=link_point(dialog, href))
        qtbot.waitUntil(lambda ending=ending: bool(opened) and opened[-1].endswith(ending), timeout=WAIT_MS)
        assert dialog.page_name() == PAGES[0] and "Hostile" in dialog.browser.toPlainText()
    assert len(opened) == len(HOSTILE_LINKS)
    qtbot.mouseClick(dialog.browser.viewport(), Qt.MouseButton.LeftButton, pos=link_point(dialog, "playing.md"))
    qtbot.waitUntil(lambda: dialog.page_name() == "playing.md", timeout=WAIT_MS)
    assert len(opened) == len(HOSTILE_LINKS)
