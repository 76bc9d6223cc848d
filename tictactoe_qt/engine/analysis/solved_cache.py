"""An on-disk cache of exactly solved positions, so a long proof is paid for once.

``search --exact``, ``analyze --exact`` and the window's "Solve exactly" look a
position up here before they search, and store what they prove. One JSON file,
``solved-positions.json``, in the user's cache folder
(``$XDG_CACHE_HOME/tictactoe-qt/``, else ``~/.cache/tictactoe-qt/``;
:data:`FOLDER_VARIABLE` overrides it). Guarantees:

* **Same answers.** A position is keyed by its board size, ``k`` and its
  symmetry-canonical form (the transposition table's own keys); the stored
  cells are in that canonical orientation and are mapped back on the way out.
* **Versioned.** A file of another :data:`FORMAT_VERSION` is ignored and
  replaced by the next store.
* **Bounded.** At most :data:`MAX_ENTRIES` entries and about :data:`MAX_BYTES`;
  the oldest entries go first.
* **Never broken.** Every store reads the file, merges, and replaces it
  atomically (:mod:`..atomic_file`): two processes storing at once leave one
  of their files whole (the last writer wins). A symlink in the file's place
  is replaced by the file, its target never written. A corrupt or unreadable file is
  ignored with a one-line warning, never a crash; a store that cannot write
  warns the same way.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..atomic_file import write_text_atomically
from ..game.board import Board
from ..search.transposition import symmetry_keys_for

#: Bumped whenever the meaning or layout of an entry changes; other versions are ignored.
FORMAT_VERSION = 1
#: What the file says it is (a file without it is not ours).
FORMAT_NAME = "tictactoe-qt solved positions"
FILE_NAME = "solved-positions.json"
#: Set to a folder to keep the cache there instead (tests, portable installs).
FOLDER_VARIABLE = "TICTACTOE_QT_CACHE_DIR"
#: Entries kept at most (the oldest are dropped first).
MAX_ENTRIES = 5_000
#: Bytes of entries kept at most, about 2 MiB (a 36-cell analysis is about 500).
MAX_BYTES = 2 * 1024 * 1024
#: A file bigger than this is not read at all (it cannot be one we wrote).
MAX_FILE_BYTES = 2 * MAX_BYTES

Warn = Callable[[str], None]


@dataclass(frozen=True)
class SolvedPosition:
    """What an exact solve proved about one position, cells as the position's own.

    Attributes:
        score: the position's exact score for the side to move (see :mod:`..search_result`).
        best: the best move's cell (``row * cols + col``).
        depth: the depth the proof completed (plies to the end).
        pv: the best line's cells, ``best`` first.
        moves: every legal move's exact score for the side to move, by cell, when the
            whole position was analysed (``analyze --exact``); ``None`` otherwise.
    """

    score: int
    best: int
    depth: int
    pv: tuple[int, ...] = ()
    moves: dict[int, int] | None = None


def default_folder() -> Path:
    """The cache folder: :data:`FOLDER_VARIABLE`, else ``$XDG_CACHE_HOME/tictactoe-qt``,
    else ``~/.cache/tictactoe-qt``."""
    chosen = os.environ.get(FOLDER_VARIABLE)
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME")
    if not base or not os.path.isabs(base):  # the XDG spec says to ignore relative paths
        base = os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "tictactoe-qt"


class SolvedCache:
    """The solved-positions file in ``folder`` (see the module notes).

    Args:
        folder: where the file lives; :func:`default_folder` by default.
        warn: called with a one-line message when the file is ignored or cannot be
            written (at most once per problem); by default the messages are only kept
            in :attr:`warnings`.
        max_entries: the entry cap.
        max_bytes: the size cap of the entries, in bytes of JSON.
    """

    def __init__(
        self,
        folder: str | os.PathLike[str] | None = None,
        warn: Warn | None = None,
        max_entries: int = MAX_ENTRIES,
        max_bytes: int = MAX_BYTES,
    ) -> None:
        self.folder = Path(folder) if folder is not None else default_folder()
        self.path = self.folder / FILE_NAME
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        #: Every warning given so far (the window shows the last one).
        self.warnings: list[str] = []
        self._warn = warn
        self._read_signature: tuple[int, int, int] | None = None
        self._read_entries: dict[str, dict[str, Any]] = {}

    # -- public -----------------------------------------------------------------
    def lookup(self, board: Board) -> SolvedPosition | None:
        """The stored answer for ``board`` (or a symmetric twin), in ``board``'s orientation."""
        key, symmetry = self._key(board)
        raw = self._read().get(key)
        if raw is None:
            return None
        back = symmetry_keys_for(board.config).inverses[symmetry]
        try:
            if not all(0 <= cell < len(back) for cell in _cells_of(raw)):
                raise ValueError("a cell off the board")
            solved = SolvedPosition(
                raw["score"],
                back[raw["best"]],
                raw["depth"],
                tuple(back[cell] for cell in raw["pv"]),
                None if raw["moves"] is None else {back[c]: s for c, s in raw["moves"]},
            )
        except (IndexError, KeyError, TypeError, ValueError):
            self._warning(f"ignoring the entry for {board.notation()}: it does not fit the board")
            return None
        empty = board.empty
        if (
            not empty >> solved.best & 1
            or solved.moves is not None
            and (set(solved.moves) != set(board.legal_indices()))
        ):
            self._warning(f"ignoring the entry for {board.notation()}: its moves do not fit")
            return None
        return solved

    def store(self, board: Board, solved: SolvedPosition) -> bool:
        """Add (or replace) ``board``'s answer, dropping the oldest entries past the caps.

        Returns False (after a warning) when the file could not be written.
        """
        key, symmetry = self._key(board)
        there = symmetry_keys_for(board.config).permutations[symmetry]
        entry: dict[str, Any] = {
            "stamp": time.time(),
            "score": solved.score,
            "best": there[solved.best],
            "depth": solved.depth,
            "pv": [there[cell] for cell in solved.pv],
            "moves": None
            if solved.moves is None
            else sorted([there[cell], score] for cell, score in solved.moves.items()),
        }
        entries = dict(self._read())
        entries[key] = entry
        return self._write(self._bounded(entries))

    def clear(self) -> bool:
        """Delete the cache file; True when there was one."""
        try:
            self.path.unlink()
        except FileNotFoundError:
            return False
        return True

    def __len__(self) -> int:
        return len(self._read())

    # -- internals --------------------------------------------------------------
    @staticmethod
    def _key(board: Board) -> tuple[str, int]:
        """``("RxCkK:canonical", symmetry)``: the entry's key and the symmetry that
        takes ``board`` to its canonical form."""
        config = board.config
        keys = symmetry_keys_for(config)
        canonical, symmetry = keys.canonical(keys.pack(*board.bits))
        return f"{config.rows}x{config.cols}k{config.k}:{canonical:x}", symmetry

    def _read(self) -> dict[str, dict[str, Any]]:
        """The file's entries; empty (after a warning) when it is unreadable or corrupt.

        The entries are kept until the file changes (its size, time or inode), so the
        many lookups of one analysis read and parse the file once.
        """
        try:
            with open(self.path, "rb") as stream:
                facts = os.fstat(stream.fileno())
                signature = (facts.st_ino, facts.st_size, facts.st_mtime_ns)
                if signature == self._read_signature:
                    return self._read_entries
                data = stream.read(MAX_FILE_BYTES + 1)
        except FileNotFoundError:
            return {}
        except OSError as error:
            self._warning(f"cannot read it ({error.strerror or error})")
            return {}
        entries = self._parse(data)
        self._read_signature, self._read_entries = signature, entries
        return entries

    def _parse(self, data: bytes) -> dict[str, dict[str, Any]]:
        if len(data) > MAX_FILE_BYTES:
            self._warning(
                f"it is over {MAX_FILE_BYTES:,} bytes, twice the most this cache "
                f"keeps ({MAX_BYTES:,}), so the cache did not write it"
            )
            return {}
        try:
            content = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            self._warning("it is not valid JSON")
            return {}
        if not isinstance(content, dict) or content.get("format") != FORMAT_NAME:
            self._warning("it is not a solved-positions file")
            return {}
        if content.get("version") != FORMAT_VERSION:
            return {}  # another version: ignored quietly, and replaced by the next store
        entries = content.get("entries")
        if not isinstance(entries, dict) or not all(
            isinstance(key, str) and _valid_entry(entry) for key, entry in entries.items()
        ):
            self._warning("its entries are damaged")
            return {}
        return entries

    def _bounded(self, entries: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        """The newest entries that fit both caps."""
        kept: dict[str, dict[str, Any]] = {}
        size = 0
        newest_first = sorted(entries.items(), key=lambda item: -float(item[1]["stamp"]))
        for key, entry in newest_first[: self.max_entries]:
            size += len(key) + len(json.dumps(entry)) + 6
            if size > self.max_bytes:
                break
            kept[key] = entry
        return kept

    def _write(self, entries: dict[str, dict[str, Any]]) -> bool:
        content = {"format": FORMAT_NAME, "version": FORMAT_VERSION, "entries": entries}
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            # The program's own file: a symlink put in its place is replaced, never written through.
            write_text_atomically(self.path, json.dumps(content, separators=(",", ":")), follow_symlinks=False)
            facts = os.stat(self.path)
        except OSError as error:
            self._warning(f"cannot write it ({error.strerror or error})", reading=False)
            return False
        # What this object wrote is what it reads next (a stale view would only miss).
        self._read_signature = (facts.st_ino, facts.st_size, facts.st_mtime_ns)
        self._read_entries = entries
        return True

    def _warning(self, reason: str, reading: bool = True) -> None:
        what = "ignoring" if reading else "not saving to"
        message = f"warning: {what} the solved-positions cache {self.path}: {reason}"
        if message in self.warnings:
            return
        self.warnings.append(message)
        if self._warn is not None:
            self._warn(message)


def _cells_of(entry: dict[str, Any]) -> list[int]:
    """Every cell an entry names."""
    moves = entry["moves"] or []
    return [entry["best"], *entry["pv"], *(cell for cell, _ in moves)]


def _valid_entry(entry: object) -> bool:
    """Whether ``entry`` has the fields and types :meth:`SolvedCache.store` writes."""
    if not isinstance(entry, dict):
        return False
    ints = (entry.get("score"), entry.get("best"), entry.get("depth"))
    if not all(type(value) is int for value in ints):
        return False
    if type(entry.get("stamp")) not in (int, float):
        return False
    pv = entry.get("pv")
    if not isinstance(pv, list) or not all(type(cell) is int for cell in pv):
        return False
    moves = entry.get("moves")
    return (
        moves is None
        or isinstance(moves, list)
        and all(isinstance(pair, list) and len(pair) == 2 and all(type(v) is int for v in pair) for pair in moves)
    )
