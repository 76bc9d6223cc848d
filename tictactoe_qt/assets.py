"""Find the app's resources (icons, marks, the .desktop file).

An installed wheel carries them in ``tictactoe_qt/resources``; a source
checkout keeps them in the top-level ``resources/``. Both are found relative to
this file, never through the current directory.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent
_CANDIDATES = (_PACKAGE_DIR / "resources", _PACKAGE_DIR.parent / "resources")


def resources_dir() -> Path:
    """The folder that holds the resources."""
    for candidate in _CANDIDATES:
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"no resources folder at {', '.join(map(str, _CANDIDATES))}")


def resource_path(name: str) -> Path:
    """The path of resource ``name`` (e.g. ``"icons/tictactoe-qt.svg"``)."""
    path = resources_dir() / name
    if not path.exists():
        raise FileNotFoundError(f"missing resource {name!r} in {path.parent}")
    return path
