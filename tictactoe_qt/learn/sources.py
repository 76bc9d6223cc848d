"""A search function as a file the checking process can load.

The student's code runs in a child process, which loads it from a file. A
function from a module file is loaded from that file; one typed in a notebook
or at the prompt is written to a temporary file with what it uses: the
functions and classes of the same session it names, the modules it imports,
and plain constants.
"""

from __future__ import annotations

import inspect
import math
import os
import tempfile
import textwrap
import types
from collections.abc import Callable
from typing import Any

PLAIN = (int, float, str, bool, bytes, type(None))


class SourceError(ValueError):
    """The function's source cannot be found (one line, saying what to do instead)."""


def function_file(function: Callable[..., Any]) -> tuple[str, str, bool]:
    """``(path, name, temporary)``: where the child finds ``function``; remove a temporary file.

    Raises:
        SourceError: it has no source (a builtin, or typed where Python keeps none).
    """
    module = inspect.getmodule(function)
    name = getattr(function, "__qualname__", getattr(function, "__name__", ""))
    path = getattr(module, "__file__", None)
    if module is not None and module.__name__ != "__main__" and path and "<" not in name:
        return path, name, False
    source = session_source(function)
    handle, temporary = tempfile.mkstemp(prefix="your_search_", suffix=".py")
    with os.fdopen(handle, "w", encoding="utf-8") as file:
        file.write(source)
    return temporary, function.__name__, True


def session_source(function: Callable[..., Any]) -> str:
    """The source of ``function`` and of what it uses from its session, as one module.

    Raises:
        SourceError: a function or class it uses has no source.
    """
    parts: list[str] = []
    imports: list[str] = []
    seen: set[str] = set()

    def add(obj: Any, name: str) -> None:
        if name in seen:
            return
        seen.add(name)
        try:
            source = textwrap.dedent(inspect.getsource(obj))
        except (OSError, TypeError):
            raise SourceError(
                f"the source of {name!r} cannot be found; save your search in a .py file and check the file"
            ) from None
        code = getattr(obj, "__code__", None)
        names = _names(code) if code is not None else _class_names(obj)
        space = getattr(obj, "__globals__", None) or vars(inspect.getmodule(obj) or types)
        for used in sorted(names):
            if used in seen or used not in space:
                continue
            value = space[used]
            if isinstance(value, types.ModuleType):
                seen.add(used)
                imports.append(f"import {value.__name__} as {used}")
            elif isinstance(value, PLAIN) or (isinstance(value, tuple) and all(isinstance(v, PLAIN) for v in value)):
                seen.add(used)
                imports.append(f"{used} = {_literal(value)}")
            elif inspect.isfunction(value) or inspect.isclass(value):
                home = getattr(value, "__module__", "__main__")
                if home not in ("__main__", None) and "<" not in value.__qualname__:
                    seen.add(used)
                    imports.append(f"from {home} import {value.__qualname__} as {used}")
                else:
                    add(value, used)
        parts.append(source)

    add(function, function.__name__)
    return "\n".join(imports) + "\n\n\n" + "\n\n".join(parts) + "\n"


def _literal(value: Any) -> str:
    """Python text for a plain constant; ``math.inf`` is written ``float('inf')``."""
    if isinstance(value, float) and not math.isfinite(value):
        return f"float({str(value)!r})"
    if isinstance(value, tuple):
        return "(" + "".join(f"{_literal(item)}, " for item in value) + ")"
    return repr(value)


def _names(code: types.CodeType) -> set[str]:
    found = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            found |= _names(const)
    return found


def _class_names(cls: Any) -> set[str]:
    found: set[str] = set()
    for value in vars(cls).values():
        code = getattr(value, "__code__", None)
        if code is not None:
            found |= _names(code)
    return found
