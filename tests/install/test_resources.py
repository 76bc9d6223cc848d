"""Resources are found next to the code, never through the current directory."""

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tictactoe_qt.assets import resource_path, resources_dir

ROOT = Path(__file__).resolve().parents[2]


def test_the_app_icon_and_desktop_file_are_found():
    assert resource_path("icons/tictactoe-qt.svg").read_text().lstrip().startswith("<")
    assert "Exec=tictactoe-qt" in resource_path("tictactoe-qt.desktop").read_text()


def test_resources_are_found_from_any_working_directory(tmp_path):
    code = "from tictactoe_qt.assets import resource_path; print(resource_path('icons/tictactoe-qt.svg'))"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    found = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, check=True
    ).stdout.strip()
    assert Path(found).is_file()
    assert not Path(found).is_relative_to(tmp_path)


def test_a_missing_resource_names_itself():
    with pytest.raises(FileNotFoundError, match="no-such.svg"):
        resource_path("icons/no-such.svg")


def test_the_wheel_carries_every_resource_the_code_uses():
    wheel = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]["targets"]["wheel"]
    shipped = wheel["force-include"]
    for source, target in shipped.items():
        assert (ROOT / source).exists(), source
        assert target == "tictactoe_qt/" + source
    used = {"resources/icons", "resources/tictactoe-qt.desktop"}
    assert used <= set(shipped)
    assert resources_dir().name == "resources"
