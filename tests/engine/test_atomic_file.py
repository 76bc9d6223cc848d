"""Atomic writes: a failure or a kill at any moment leaves the old file or the new one, whole."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tictactoe_qt.engine import (
    STALE_SECONDS,
    UnwritableTextError,
    atomic_text_writer,
    write_bytes_atomically,
    write_text_atomically,
)

ROOT = Path(__file__).resolve().parents[2]


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".part"))


def test_write_replaces_the_file_and_keeps_its_permissions(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("old")
    path.chmod(0o640)
    write_text_atomically(path, "new é🐱")
    assert path.read_text(encoding="utf-8") == "new é🐱"
    assert path.stat().st_mode & 0o777 == 0o640
    assert leftovers(tmp_path) == []


def test_a_new_file_gets_the_usual_permissions(tmp_path):
    umask = os.umask(0o022)
    try:
        write_bytes_atomically(tmp_path / "new.csv", b"a,b\n")
    finally:
        os.umask(umask)
    assert (tmp_path / "new.csv").stat().st_mode & 0o777 == 0o644


def test_a_symlink_keeps_pointing_at_the_replaced_file(tmp_path):
    (tmp_path / "real.json").write_text("old")
    (tmp_path / "link.json").symlink_to("real.json")
    write_text_atomically(tmp_path / "link.json", "new")
    assert (tmp_path / "link.json").is_symlink()
    assert (tmp_path / "real.json").read_text() == "new"


def test_an_unencodable_character_is_an_error_before_anything_is_touched(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("old")
    with pytest.raises(UnwritableTextError, match=r"a character that can't be saved \(U\+DCFF\)"):
        write_text_atomically(path, "mark\udcff")
    assert path.read_text() == "old"
    assert leftovers(tmp_path) == []


def test_an_error_while_streaming_keeps_the_old_file(tmp_path):
    path = tmp_path / "games.csv"
    path.write_text("old")
    with pytest.raises(UnicodeEncodeError):
        with atomic_text_writer(path) as stream:
            stream.write("a" * 100_000)
            stream.write("\udcff")
    assert path.read_text() == "old"
    assert leftovers(tmp_path) == []


def test_a_folder_or_a_missing_folder_is_an_os_error(tmp_path):
    with pytest.raises(IsADirectoryError):
        write_text_atomically(tmp_path, "x")
    with pytest.raises(FileNotFoundError):
        write_text_atomically(tmp_path / "no" / "such.json", "x")


def run_python(code: str, *args: str, **kwargs) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kwargs,
    )


LONG_GAME = """
from tictactoe_qt.engine.game import GameConfig, Move
from tictactoe_qt.engine.game import SavedGame, SavedPlayer, write_game_file

def long_game(moves):
    config = GameConfig(19, 19, 19)
    board = SavedGame(config).board()
    for move in (Move(r, c) for r in range(19) for c in range(19)):
        if board.is_game_over() or board.ply == moves:
            break
        board.push(move)
    return SavedGame(config, {"x": SavedPlayer(name="Ada")},
                     tuple(Move.from_index(i, 19) for i in board.history))
"""

FILE_SIZE_LIMIT = (
    LONG_GAME
    + """
import resource, signal, sys
from pathlib import Path
from tictactoe_qt.engine import atomic_text_writer
path = Path(sys.argv[1])
write_game_file(path, long_game(3))
old_size = path.stat().st_size
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # writes past the limit fail with EFBIG
resource.setrlimit(resource.RLIMIT_FSIZE, (old_size + 100, old_size + 100))


def write_csv():
    with atomic_text_writer(path, newline="") as stream:
        for row in range(10_000):
            stream.write(f"{row},x,o,9\\n")


for name, write in [("save", lambda: write_game_file(path, long_game(300))), ("csv", write_csv)]:
    try:
        write()
    except OSError as error:
        print(name, "refused:", error.strerror, flush=True)
    else:
        print(name, "written", flush=True)
"""
)


def test_a_file_size_limit_leaves_the_old_save_intact(tmp_path):
    path = tmp_path / "game.json"
    child = run_python(FILE_SIZE_LIMIT, str(path))
    out, err = child.communicate(timeout=60)
    assert child.returncode == 0, err
    assert out.splitlines() == ["save refused: File too large", "csv refused: File too large"]
    from tictactoe_qt.engine.game import read_game_file

    assert len(read_game_file(path).moves) == 3  # the old save, whole
    assert leftovers(tmp_path) == []


#: Saves the long and the short game in turn until killed, in a writer forked from this
#: process for each line read: the killed writers start in a moment, not an interpreter's
#: start and the engine's import each. Each writer's pid is printed, then how it ended.
SAVE_FOREVER = (
    LONG_GAME
    + """
import os, sys
path = sys.argv[1]
games = [long_game(340), long_game(7)]
write_game_file(path, games[0])
for _ in sys.stdin:
    pid = os.fork()
    if pid == 0:
        print(os.getpid(), flush=True)
        turn = 1
        while True:
            write_game_file(path, games[turn])
            turn = 1 - turn
    _, status = os.waitpid(pid, 0)
    print(os.WTERMSIG(status) if os.WIFSIGNALED(status) else "exited", flush=True)
"""
)


#: Kills in all, in parts that parallel runs (``pytest -n``) spread over the workers.
KILLS, KILL_PARTS = 25, 5


@pytest.mark.slow
@pytest.mark.parametrize("part", range(KILL_PARTS))
def test_killing_the_process_in_the_middle_of_saves_never_leaves_a_broken_file(tmp_path, part):
    from tictactoe_qt.engine.game import read_game_file

    chance = random.Random(9 + part)
    path = tmp_path / "game.json"
    kills, lengths = KILLS // KILL_PARTS, set()
    saver = run_python(SAVE_FOREVER, str(path), stdin=subprocess.PIPE)
    assert saver.stdin is not None and saver.stdout is not None
    try:
        for _ in range(kills):
            saver.stdin.write("save\n")
            saver.stdin.flush()
            writer = int(saver.stdout.readline() or saver.communicate(timeout=30)[1])
            time.sleep(chance.uniform(0.0, 0.05))
            os.kill(writer, signal.SIGKILL)
            assert saver.stdout.readline() == f"{signal.SIGKILL}\n"
            lengths.add(len(read_game_file(path).moves))  # never empty, never cut off
        _, err = saver.communicate(timeout=30)  # no more lines: it ends
        assert saver.returncode == 0, err
    finally:
        if saver.poll() is None:
            saver.kill()
            saver.communicate(timeout=30)
    assert lengths <= {340, 7}
    print(f"{kills} kills: saves seen {sorted(lengths)}, temporary files left {len(leftovers(tmp_path))}")


def test_the_next_save_removes_what_a_killed_writer_left_behind(tmp_path):
    path = tmp_path / "game[1].json"  # glob characters in the name
    stale, fresh = tmp_path / ".game[1].json.0badf00d.part", tmp_path / ".game[1].json.1234abcd.part"
    other = tmp_path / ".other.json.0badf00d.part"
    for part in (stale, fresh, other):
        part.write_text("half a save")
    old = time.time() - STALE_SECONDS - 60
    for part in (stale, other):
        os.utime(part, (old, old))
    write_text_atomically(path, "saved")
    assert not stale.exists()
    assert fresh.exists()  # may be another program saving right now
    assert other.exists()  # another file's
