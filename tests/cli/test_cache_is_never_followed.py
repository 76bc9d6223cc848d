"""The solved-positions cache is the program's own file: a symlink in its place is replaced
by the cache, and the file it pointed at keeps its contents."""

from __future__ import annotations

import json

from tictactoe_qt.cli.main import main
from tictactoe_qt.engine import write_text_atomically
from tictactoe_qt.engine.analysis import FILE_NAME

VICTIM_TEXT = '{"mine": "a file the cache must never overwrite"}\n'


def test_analyze_exact_replaces_a_symlinked_cache_file_not_its_target(capsys, isolated_solved_cache, tmp_path):
    victim = tmp_path / "victim.json"
    victim.write_text(VICTIM_TEXT)
    victim.chmod(0o600)
    link = isolated_solved_cache / FILE_NAME
    link.symlink_to(victim)
    assert main(["analyze", "--exact", "--k", "4", "--json", "x.../.o../..x./...."]) == 0
    assert json.loads(capsys.readouterr().out)["exact"] is True
    assert victim.read_text() == VICTIM_TEXT
    assert not link.is_symlink()
    assert json.loads(link.read_text())["format"] == "tictactoe-qt solved positions"
    assert link.stat().st_mode & 0o777 != 0o777  # not a copy of the link's own mode


def test_a_users_own_symlinked_target_still_gets_the_content(tmp_path):
    """Saves and exports go where the user pointed: through their link, as before."""
    (tmp_path / "real.json").write_text("old")
    (tmp_path / "link.json").symlink_to("real.json")
    write_text_atomically(tmp_path / "link.json", "new")
    assert (tmp_path / "real.json").read_text() == "new"
    write_text_atomically(tmp_path / "link.json", "owned", follow_symlinks=False)
    assert (tmp_path / "real.json").read_text() == "new"
    assert not (tmp_path / "link.json").is_symlink()
    assert (tmp_path / "link.json").read_text() == "owned"
