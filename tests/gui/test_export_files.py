"""Exports are written atomically: a failed export leaves the old file whole (real limits, subprocess)."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

EXPORT_AT_A_FILE_SIZE_LIMIT = textwrap.dedent(
    """
    import resource, signal, sys
    from pathlib import Path
    from tictactoe_qt.engine.game import GameConfig
    from tictactoe_qt.engine.players import PlayerSpec
    from tictactoe_qt.gui.stats.export import ExportError, write_csv, write_json
    from tictactoe_qt.gui.stats.run_data import RunData

    def run(games):
        data = RunData(GameConfig(), PlayerSpec("random"), PlayerSpec("random"), games)
        data.add_endings(bytes([5 << 2 | 1]) * games, 1e-6)  # X wins in 5 moves
        data.finish()
        return data

    folder = Path(sys.argv[1])
    write_csv(run(3), folder / "games.csv")
    write_json(run(3), folder / "run.json")
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # writes past the limit fail with EFBIG
    resource.setrlimit(resource.RLIMIT_FSIZE, (300, 300))
    for name, write in [("csv", lambda: write_csv(run(20_000), folder / "games.csv")),
                        ("json", lambda: write_json(run(20_000), folder / "run.json"))]:
        try:
            write()
        except ExportError as error:
            print(name, "refused:", error, flush=True)
        else:
            print(name, "written", flush=True)
    """
)


def test_exports_at_a_file_size_limit_keep_the_old_files(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, "-c", EXPORT_AT_A_FILE_SIZE_LIMIT, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 2 and all("refused" in line and "File too large" in line for line in lines)
    with open(tmp_path / "games.csv", newline="", encoding="utf-8") as stream:
        assert len(list(csv.DictReader(stream))) == 3  # the old export, whole
    assert json.loads((tmp_path / "run.json").read_text())["summary"]["games"] == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.csv", "run.json"]
