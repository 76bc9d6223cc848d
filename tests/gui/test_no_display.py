"""`tictactoe-qt` with no display says what to do in one line, instead of Qt's abort.

Without DISPLAY, WAYLAND_DISPLAY and QT_QPA_PLATFORM, Qt's xcb plugin aborts the
program (SIGABRT) with a message naming xcb-cursor0, even where that library is
installed. Run as a user would: the command in a child process.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tictactoe_qt.gui.display_check import DISPLAY_VARIABLES, missing_display

ROOT = Path(__file__).resolve().parents[2]
#: Seconds only a hang reaches (the line comes before Qt is even started).
HANG_SECONDS = 60


def headless_environment(tmp_path: Path) -> dict[str, str]:
    environ = {name: value for name, value in os.environ.items() if name not in DISPLAY_VARIABLES}
    return {**environ, "PYTHONPATH": str(ROOT), "HOME": str(tmp_path),
            "XDG_CONFIG_HOME": str(tmp_path / "config")}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland systems only")
def test_the_window_without_a_display_prints_one_line_and_exits_1(tmp_path):
    result = subprocess.run([sys.executable, "-m", "tictactoe_qt"], cwd=tmp_path,
                            env=headless_environment(tmp_path), capture_output=True, text=True,
                            timeout=HANG_SECONDS)
    assert result.returncode == 1, (result.returncode, result.stderr[-500:])
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("tictactoe-qt: No display found")
    assert "QT_QPA_PLATFORM=offscreen" in lines[0]
    assert "xcb" not in result.stderr and result.stdout == ""


def test_the_subcommands_it_points_to_work_without_a_display(tmp_path):
    result = subprocess.run([sys.executable, "-m", "tictactoe_qt", "--help"], cwd=tmp_path,
                            env=headless_environment(tmp_path), capture_output=True, text=True,
                            timeout=HANG_SECONDS)
    assert result.returncode == 0 and "subcommands" in result.stdout


@pytest.mark.parametrize("variable", DISPLAY_VARIABLES)
def test_any_display_or_chosen_platform_lets_the_window_open(variable):
    assert missing_display({variable: "anything"}, "linux") == ""
    assert missing_display({variable: ""}, "linux") != ""  # set but empty: no display


@pytest.mark.parametrize("platform", ["darwin", "win32"])
def test_macos_and_windows_always_have_a_display(platform):
    assert missing_display({}, platform) == ""
