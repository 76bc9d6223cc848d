"""Atomic file writes: the old file stays whole until the new one is complete on disk.

Every file the program writes for its user (saved games, exported CSV, JSON
and PNG) goes through here. The new content is written to a hidden temporary
file in the same folder, flushed and ``fsync``-ed, then renamed over the old
file (a rename within one file system is atomic on POSIX and Windows). A kill,
a full disk or a file-size limit at any moment leaves either the old file or
the new one, never an empty or cut-off file. Text is encoded before anything
is touched, so a character that cannot be written is an error, not a lost file.

A user's own target that is a symlink keeps pointing at its file, which gets the
new content (the user chose that path). Files the program owns (its caches,
recovery files) pass ``follow_symlinks=False``: the rename then replaces a
symlink at ``path`` itself, and whatever it pointed at is never written.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import os
import stat
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

#: Permissions of a new file before the umask, as ``open()`` would create it.
_NEW_FILE_MODE = 0o666
#: A temporary file this old was left by a killed writer (no export takes this long).
STALE_SECONDS = 600.0


class UnwritableTextError(ValueError):
    """Text holding a character that cannot be encoded (e.g. a lone surrogate)."""


def encode_text(text: str, encoding: str = "utf-8") -> bytes:
    """``text`` encoded strictly.

    Raises:
        UnwritableTextError: a character cannot be encoded; the message names it.
    """
    try:
        return text.encode(encoding)
    except UnicodeEncodeError as error:
        bad = error.object[error.start : error.end]
        codes = " ".join(f"U+{ord(char):04X}" for char in bad[:4])
        raise UnwritableTextError(f"the text holds a character that can't be saved ({codes})") from None


def write_text_atomically(
    path: str | os.PathLike[str], text: str, encoding: str = "utf-8", *, follow_symlinks: bool = True
) -> None:
    """Replace ``path`` with ``text`` atomically (encoded first, see :func:`encode_text`).

    ``follow_symlinks=False`` replaces a symlink at ``path`` instead of its target
    (the program's own files; see the module notes).

    Raises:
        UnwritableTextError: ``text`` cannot be encoded; the file is untouched.
        OSError: the file could not be written; the old file is untouched.
    """
    write_bytes_atomically(path, encode_text(text, encoding), follow_symlinks=follow_symlinks)


def write_bytes_atomically(path: str | os.PathLike[str], data: bytes, *, follow_symlinks: bool = True) -> None:
    """Replace ``path`` with ``data`` atomically (``follow_symlinks`` as for text).

    Raises:
        OSError: the file could not be written; the old file is untouched.
    """
    with atomic_binary_writer(path, follow_symlinks=follow_symlinks) as stream:
        stream.write(data)


@contextlib.contextmanager
def atomic_text_writer(
    path: str | os.PathLike[str], encoding: str = "utf-8", newline: str | None = None, *, follow_symlinks: bool = True
) -> Iterator[IO[str]]:
    """A text stream whose content replaces ``path`` when the ``with`` block ends normally.

    For content written piece by piece (a CSV of a million rows). An exception
    in the block, including an encoding error, discards the new content.
    ``follow_symlinks=False`` replaces a symlink at ``path`` instead of its target.

    Raises:
        OSError: the file could not be written; the old file is untouched.
    """
    with _replacing(path, follow_symlinks) as (descriptor, _name):
        # errors="strict": an unencodable character raises inside the block.
        with open(descriptor, "w", encoding=encoding, newline=newline, closefd=False) as stream:
            yield stream


@contextlib.contextmanager
def atomic_binary_writer(path: str | os.PathLike[str], *, follow_symlinks: bool = True) -> Iterator[IO[bytes]]:
    """A binary stream whose content replaces ``path`` when the ``with`` block ends normally.

    ``follow_symlinks=False`` replaces a symlink at ``path`` instead of its target.

    Raises:
        OSError: the file could not be written; the old file is untouched.
    """
    with _replacing(path, follow_symlinks) as (descriptor, _name):
        with open(descriptor, "wb", closefd=False) as stream:
            yield stream


def temporary_name(path: str | os.PathLike[str]) -> str:
    """The glob pattern of the temporary files for ``path`` (hidden, same folder)."""
    return f".{glob.escape(Path(path).name)}.*.part"


@contextlib.contextmanager
def _replacing(path: str | os.PathLike[str], follow_symlinks: bool = True) -> Iterator[tuple[int, str]]:
    """A new temporary file beside ``path``, renamed over it if the block ends normally.

    Through a symlink the target is replaced, unless ``follow_symlinks`` is False:
    then the link itself is (a rename never writes through a link).
    """
    if follow_symlinks:
        target = Path(os.path.realpath(path))
    else:  # the folder may be reached through links (the user's set-up); the name may not
        target = Path(os.path.realpath(os.path.dirname(os.path.abspath(path)))) / Path(path).name
    if target.is_dir() and not target.is_symlink():
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    descriptor, temporary = _create_beside(target)
    try:
        try:
            yield descriptor, temporary
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        with contextlib.suppress(OSError):
            kept = target.lstat()  # keep the old permissions (never a link's target's)
            if not stat.S_ISLNK(kept.st_mode):
                os.chmod(temporary, stat.S_IMODE(kept.st_mode))
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(target.parent)
    _remove_stale_parts(target)


def _remove_stale_parts(target: Path) -> None:
    """Delete temporary files of ``target`` that a killed process left behind."""
    now = time.time()
    for part in target.parent.glob(temporary_name(target)):
        with contextlib.suppress(OSError):
            if now - part.lstat().st_mtime > STALE_SECONDS:
                part.unlink()


def _create_beside(target: Path) -> tuple[int, str]:
    """Create a new, empty, hidden file in ``target``'s folder (permissions as ``open()``)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):
        name = str(target.parent / f".{target.name}.{os.urandom(4).hex()}.part")
        try:
            return os.open(name, flags, _NEW_FILE_MODE), name
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(target))


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); best effort elsewhere."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
