"""Compiled modules kept between the test session's Python processes.

With ``PYTHONDONTWRITEBYTECODE`` set, every Python process compiles each module
it imports afresh: the pytest workers rewrite and compile every test module, and
each of the hundreds of programs the tests start (the CLI, the window, engine
and analysis children) compiles the package again, some tenths of a second of
CPU each. With the variable set, the session writes compiled modules instead to
a private folder outside the source tree (``PYTHONPYCACHEPREFIX``), so the tree
stays as clean as the variable keeps it, and the variable's setter pays the
compile once, not once per process. Without the variable nothing changes.
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from pathlib import Path

PREFIX_ENV = "PYTHONPYCACHEPREFIX"
NO_WRITE_ENV = "PYTHONDONTWRITEBYTECODE"


def private_folder() -> Path | None:
    """This user's folder for compiled test modules (mode 0700, owned by us), or None."""
    folder = Path(tempfile.gettempdir()) / f"tictactoe-qt-tests-{os.getuid()}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        info = folder.lstat()
    except OSError:
        return None
    if stat.S_ISLNK(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
        return None  # someone else's or shared: compiled code from it would run as us
    return folder / "pycache"


def keep_compiled_modules() -> None:
    """Write compiled modules to a private folder, here and in every process started later,
    when ``PYTHONDONTWRITEBYTECODE`` would otherwise make each process compile anew."""
    if not os.environ.get(NO_WRITE_ENV) or os.environ.get(PREFIX_ENV):
        return
    folder = private_folder()
    if folder is None:
        return
    del os.environ[NO_WRITE_ENV]
    os.environ[PREFIX_ENV] = str(folder)
    sys.pycache_prefix = str(folder)
    sys.dont_write_bytecode = False
