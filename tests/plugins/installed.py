"""Install the plugin packages of this folder the way pip does, without pip.

pip puts the code on the path and writes a ``<name>-<version>.dist-info`` folder
whose ``entry_points.txt`` lists the package's entry points; that folder is all
``importlib.metadata`` reads to find plugins. :func:`install_plugins` writes it
from each package's own ``pyproject.toml`` and returns the ``PYTHONPATH`` to use.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Collection
from pathlib import Path

PLUGINS = Path(__file__).parent
PACKAGES = ("example_bot", "faulty_bots", "readme_bot")


def install_plugins(site: Path, packages: tuple[str, ...] = PACKAGES, only: Collection[str] | None = None) -> str:
    """Install ``packages`` into ``site``; returns a ``PYTHONPATH`` with them and this repo.

    With ``only``, just the entry points of those names are declared.
    """
    site.mkdir(parents=True, exist_ok=True)
    paths = [str(site)]
    for package in packages:
        folder = PLUGINS / package
        project = tomllib.loads((folder / "pyproject.toml").read_text())["project"]
        dist_info = site / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
        dist_info.mkdir(exist_ok=True)
        (dist_info / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n"
        )
        lines = []
        for group, points in project.get("entry-points", {}).items():
            lines.append(f"[{group}]")
            lines.extend(f"{name} = {target}" for name, target in points.items() if only is None or name in only)
        (dist_info / "entry_points.txt").write_text("\n".join(lines) + "\n")
        paths.append(str(folder))
    repo = str(PLUGINS.parent.parent)
    return os.pathsep.join([*paths, repo])
