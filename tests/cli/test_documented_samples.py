"""Every `$ tictactoe-qt ...` sample in README and the handbook is what the command prints.

Each ```console block is run as written (one shell command per `$` line, in a
scratch folder, with its own solved-positions cache), and each line shown must be
among the lines printed, in order: the same labels and words, with numbers, times
and paths free to differ (they depend on the machine). A JSON line must have the
same keys. `...` in a sample stands for lines left out.
"""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "tictactoe_qt" / "handbook").glob("*.md"))]
#: Seconds a sample may take; only a hang reaches it (the slowest takes a few seconds).
HANG_SECONDS = 120

NUMBER = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?(?:e[-+]?\d+)?")
DURATION = re.compile(r"#\s?(?:µs|us|ms|s)\b")
PATH = re.compile(r"(?<!\S)/\S+")


def console_blocks(document: Path) -> list[str]:
    """The ```console blocks of ``document`` that show a command."""
    text = document.read_text(encoding="utf-8")
    return [block for block in re.findall(r"```console\n(.*?)```", text, re.S) if "$ " in block]


def samples(block: str) -> list[tuple[str, list[str]]]:
    """``(command, lines shown after it)`` for each ``$`` line of a block."""
    pairs: list[tuple[str, list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            pairs.append((line[2:], []))
        elif pairs:
            pairs[-1][1].append(line)
    return pairs


def label(line: str) -> str:
    """A line with what may vary taken out: JSON by its keys, text without numbers, times, paths."""
    try:
        value = json.loads(line)
    except ValueError:
        value = None
    if isinstance(value, dict):
        return "json " + " ".join(value)
    text = DURATION.sub("#", NUMBER.sub("#", PATH.sub("PATH", line)))
    return " ".join(text.split()).removesuffix(",")  # pretty JSON: the last key has no comma


def shim_folder(folder: Path) -> Path:
    """A folder with ``tictactoe-qt`` and ``python`` that run this checkout with this interpreter."""
    folder.mkdir()
    for name, command in (("tictactoe-qt", f'"{sys.executable}" -m tictactoe_qt'), ("python", f'"{sys.executable}"')):
        script = folder / name
        script.write_text(f'#!/bin/sh\nexec {command} "$@"\n')
        script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return folder


CASES = [
    pytest.param(block, id=f"{document.name}-{number}")
    for document in DOCUMENTS
    for number, block in enumerate(console_blocks(document), 1)
]


def test_the_readme_and_the_handbook_have_samples_to_check():
    names = {case.id.rsplit("-", 1)[0] for case in CASES}
    assert {"README.md", "command-line.md"} <= names
    assert any("$ tictactoe-qt count" in case.values[0] for case in CASES)


@pytest.mark.parametrize("block", CASES)
def test_the_sample_shows_what_the_command_prints(block, tmp_path):
    bin_folder = shim_folder(tmp_path / "bin")
    env = {
        **os.environ,
        "PATH": f"{bin_folder}{os.pathsep}{os.environ.get('PATH', '')}",
        "PYTHONPATH": str(ROOT),
        "PYTHONIOENCODING": "utf-8",
        "TICTACTOE_QT_CACHE_DIR": str(tmp_path / "cache"),
    }
    status = 0
    for command, shown in samples(block):
        if command == "echo $?":
            printed = [str(status)]
        else:
            done = subprocess.run(
                ["/bin/sh", "-c", f"{command} 2>&1"],
                cwd=tmp_path,
                env=env,
                capture_output=True,
                text=True,
                timeout=HANG_SECONDS,
            )
            status, printed = done.returncode, done.stdout.splitlines()
        printed_labels = [label(line) for line in printed]
        position = 0
        for line in shown:
            if "..." in line:  # lines (or keys) left out of the sample
                continue
            wanted = label(line)
            assert wanted in printed_labels[position:], (
                f"$ {command}\nshown:   {line!r}\nnot among what it printed:\n" + "\n".join(printed[:40])
            )
            position = printed_labels.index(wanted, position) + 1
