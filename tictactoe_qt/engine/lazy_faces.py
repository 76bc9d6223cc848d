"""Faces that import a room's module when one of its names is first used (PEP 562).

Python runs a package's ``__init__`` whenever any module of the package is
imported. A face that imported its whole room would make every module of the
room cost the whole room: a child that answers one minimax search would import
every search, the teaching tools and the Gomocup client. A lazy face exports
the same names (``from tictactoe_qt.engine.search import minimax_search`` works
as before) and lists them twice, on purpose: under ``TYPE_CHECKING`` as plain
imports, for readers, mypy and the import-circle scan, and in one table of
module -> names that :func:`lazy_face` reads at run time. A test holds the two
to each other and to ``__all__``.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping


def lazy_face(
    package: str, modules: Mapping[str, tuple[str, ...]]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of face ``package``.

    Args:
        package: the face's ``__name__``.
        modules: each module (relative to ``package``, e.g. ``".board"``) and the
            names the face takes from it.

    A name is imported from its module on first use and then kept on the face;
    any other public name is the package's submodule of that name, imported
    (as ``import tictactoe_qt.engine`` once made ``tictactoe_qt.engine.game``
    available).
    """
    where = {name: module for module, names in modules.items() for name in names}

    def __getattr__(name: str) -> object:  # noqa: N807 - the module hook's own name
        module = where.get(name)
        if module is not None:
            value = getattr(importlib.import_module(module, package), name)
            setattr(sys.modules[package], name, value)
            return value
        if not name.startswith("_"):
            try:
                return importlib.import_module(f"{package}.{name}")
            except ModuleNotFoundError as error:
                if error.name != f"{package}.{name}":
                    raise
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    def __dir__() -> list[str]:  # noqa: N807 - the module hook's own name
        return sorted(set(vars(sys.modules[package])) | set(where))

    return __getattr__, __dir__
