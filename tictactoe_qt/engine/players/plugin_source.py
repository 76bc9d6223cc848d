"""What can be known about a plugin's module without running any of its code.

Listing plugins must never import them: an import runs the plugin's code,
which may print, exit, or never return. :func:`module_facts` asks the import
system's finders where the module is (finding runs no module code, not even a
parent package's ``__init__``), then reads its source with :mod:`ast`: the
first line of its docstring, and whether it parses at all. Anything it cannot
tell (a compiled module, a finder that fails) stays unknown, and the plugin's
host process finds out when the plugin plays.
"""

from __future__ import annotations

import ast
import importlib.util
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.machinery import ModuleSpec

#: Source files larger than this are not parsed (their docstring stays unknown).
MAX_SOURCE_BYTES = 256 << 10
#: The longest description kept, in characters.
MAX_ABOUT_CHARS = 100


@dataclass(frozen=True)
class ModuleFacts:
    """A module as seen from the file system: where it is, what it says, why it cannot load."""

    #: Its source file, when it has one.
    file: str | None = None
    #: The first line of its docstring.
    about: str | None = None
    #: Why importing it must fail (not found, a syntax error); ``None`` when not known to fail.
    error: str | None = None


def module_facts(module_name: str) -> ModuleFacts:
    """Find ``module_name`` (dotted) and read its source, without importing anything."""
    try:
        spec, missing = _find(module_name.strip())
    except Exception:  # noqa: BLE001 - a finder that fails: leave it to the real import
        return ModuleFacts()
    if spec is None:
        return ModuleFacts(error=missing)
    origin = spec.origin if spec.has_location else None
    if not origin or not origin.endswith(".py"):
        return ModuleFacts(file=origin)
    return _read_source(origin)


def _find(dotted: str) -> tuple[ModuleSpec | None, str]:
    """The spec of ``dotted``, each package on the way located but not imported.

    Returns:
        ``(spec, "")``, or ``(None, why)`` in the words ``import`` would use.
    """
    spec: ModuleSpec | None = None
    path: Sequence[str] | None = None
    parts = dotted.split(".")
    for index in range(len(parts)):
        name = ".".join(parts[: index + 1])
        if index and path is None:
            parent = ".".join(parts[:index])
            return None, f"ModuleNotFoundError: No module named {name!r}; {parent!r} is not a package"
        loaded = sys.modules.get(name)
        spec = getattr(loaded, "__spec__", None) if loaded is not None else None
        if spec is None:
            spec = _find_spec(name, path)
        if spec is None:
            return None, f"ModuleNotFoundError: No module named {name!r}"
        locations = spec.submodule_search_locations
        path = list(locations) if locations is not None else None
    return spec, ""


def _find_spec(name: str, path: Sequence[str] | None) -> ModuleSpec | None:
    """Ask each finder on ``sys.meta_path``, as ``import`` does, but load nothing."""
    if path is None:
        return importlib.util.find_spec(name)  # top level: imports no parent
    for finder in sys.meta_path:
        find_spec = getattr(finder, "find_spec", None)
        if find_spec is not None:
            spec: ModuleSpec | None = find_spec(name, path)
            if spec is not None:
                return spec
    return None


def _read_source(file: str) -> ModuleFacts:
    try:
        if os.path.getsize(file) > MAX_SOURCE_BYTES:
            return ModuleFacts(file=file)
        with open(file, "rb") as stream:
            source = importlib.util.decode_source(stream.read())
    except (OSError, UnicodeDecodeError, SyntaxError, LookupError):
        return ModuleFacts(file=file)  # unreadable here: the real import will say why
    try:
        tree = ast.parse(source, filename=os.path.basename(file))
    except (SyntaxError, ValueError) as error:
        return ModuleFacts(file=file, error=_one_line(f"SyntaxError: {error}"))
    except (RecursionError, MemoryError):
        return ModuleFacts(file=file)
    docstring = ast.get_docstring(tree) or ""
    first = next((line.strip() for line in docstring.splitlines() if line.strip()), "")
    return ModuleFacts(file=file, about=_one_line(first, MAX_ABOUT_CHARS) or None)


def _one_line(text: str, limit: int = 160) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
