"""The engine's lazy faces export what they list, from the modules they list, and import nothing first.

Each lazy face (:mod:`tictactoe_qt.engine.lazy_faces`) names its names twice: plain
imports under ``TYPE_CHECKING`` (what readers, mypy and the import-circle scan see) and
the table read at run time. The two must agree with each other and with ``__all__``.
"""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tictactoe_qt.engine.players import COMPUTER_KINDS, PLAYER_FACTORIES, make_player

ENGINE = Path(importlib.import_module("tictactoe_qt.engine").__file__ or "").parent
ROOT = ENGINE.parent.parent


def lazy_faces() -> list[str]:
    """Every face of the engine that calls ``lazy_face``."""
    found = []
    for init in sorted(ENGINE.rglob("__init__.py")):
        if "lazy_face(" in init.read_text(encoding="utf-8"):
            parts = init.parent.relative_to(ROOT).parts
            found.append(".".join(parts))
    return found


FACES = lazy_faces()


def source_of(face: str) -> ast.Module:
    path = ROOT.joinpath(*face.split(".")) / "__init__.py"
    return ast.parse(path.read_text(encoding="utf-8"))


def resolved(face: str, module: str, level: int) -> str:
    """The absolute name of ``module`` imported ``level`` dots up from package ``face``."""
    base = face.split(".")
    return ".".join(base[: len(base) - level + 1] + ([module] if module else []))


def checked_imports(tree: ast.Module, face: str) -> dict[str, str]:
    """Name -> module of the imports under ``if TYPE_CHECKING:``."""
    names: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for statement in node.body:
                assert isinstance(statement, ast.ImportFrom), ast.unparse(statement)
                for alias in statement.names:
                    names[alias.name] = resolved(face, statement.module or "", statement.level)
    return names


def eager_imports(tree: ast.Module, face: str) -> dict[str, str]:
    """Name -> module of what the face imports at once (``lazy_face`` itself, and the
    names spelled as their own module)."""
    return {
        alias.name: resolved(face, node.module or "", node.level)
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.level
        for alias in node.names
    }


def eager_names(tree: ast.Module, face: str) -> set[str]:
    """The names of ``__all__`` the face imports at once."""
    return set(eager_imports(tree, face)) - {"lazy_face"}


def table(tree: ast.Module, face: str) -> dict[str, str]:
    """Name -> module of the table handed to ``lazy_face``."""
    calls = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "lazy_face"
    ]
    assert len(calls) == 1
    modules = ast.literal_eval(calls[0].args[1])
    names: dict[str, str] = {}
    for module, listed in modules.items():
        level = len(module) - len(module.lstrip("."))
        for name in listed:
            assert name not in names, f"{face}: {name} listed twice"
            names[name] = resolved(face, module.lstrip("."), level)
    return names


def test_the_engine_and_its_rooms_have_lazy_faces() -> None:
    rooms = ("game", "players", "search", "teaching", "teaching.trace", "processes", "gomocup")
    assert {"tictactoe_qt.engine", *(f"tictactoe_qt.engine.{room}" for room in rooms)} <= set(FACES)


@pytest.mark.parametrize("face", FACES)
def test_a_lazy_face_lists_the_same_names_for_readers_and_at_run_time(face: str) -> None:
    tree = source_of(face)
    lazy = table(tree, face)
    assert checked_imports(tree, face) == lazy
    exported = importlib.import_module(face).__all__
    assert sorted(exported) == sorted(set(lazy) | eager_names(tree, face))
    assert len(exported) == len(set(exported))


@pytest.mark.parametrize("face", FACES)
def test_every_name_of_a_lazy_face_is_its_modules_object(face: str) -> None:
    module = importlib.import_module(face)
    lazy = table(source_of(face), face)
    for name in module.__all__:
        value = getattr(module, name)
        if name in lazy:
            assert value is getattr(importlib.import_module(lazy[name]), name), f"{face}.{name}"
        assert not isinstance(value, type(sys)), f"{face}.{name} is a module, not the name it exports"
    assert set(module.__all__) <= set(dir(module))


@pytest.mark.parametrize("face", FACES)
def test_no_lazy_name_is_spelled_as_a_module_of_its_room(face: str) -> None:
    # The import machinery sets a package's attribute to a submodule on its first
    # import: a lazily exported name spelled the same would then be the module.
    folder = ROOT.joinpath(*face.split("."))
    modules = {path.stem for path in folder.glob("*.py")} | {path.parent.name for path in folder.glob("*/__init__.py")}
    assert sorted(set(table(source_of(face), face)) & modules) == []


PROBE = """
import importlib, json, sys
for face in sys.argv[1:]:
    importlib.import_module(face)
print(json.dumps(sorted(name for name in sys.modules if name.startswith("tictactoe_qt.engine"))))
"""


def test_importing_the_faces_imports_none_of_their_rooms_modules() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE, *FACES], capture_output=True, text=True, timeout=60)
    loaded = set(json.loads(done.stdout.strip().splitlines()[-1]))
    eager = {module for face in FACES for module in eager_imports(source_of(face), face).values()}
    assert sorted(loaded - set(FACES) - eager) == []


def test_the_registry_builds_every_computer_kind_from_the_module_that_declares_it() -> None:
    assert sorted(PLAYER_FACTORIES) == sorted(COMPUTER_KINDS)
    for kind in COMPUTER_KINDS:
        spec = f"engine:path={sys.executable}" if kind == "engine" else kind  # an engine starts on its first move
        assert make_player(spec).spec.kind == kind
