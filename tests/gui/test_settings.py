"""Settings persist between runs; corrupt or outdated values fall back to defaults, with a note."""

from __future__ import annotations

import textwrap

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QByteArray, QPoint, QSettings
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QComboBox, QLineEdit, QSpinBox

from tictactoe_qt.engine.game import MAX_DEPTH, MAX_NAME_LENGTH, MAX_SIZE, text_length, text_problem
from tictactoe_qt.gui.game_settings import GameSettings, SideSettings, mark_problem
from tictactoe_qt.gui.main_window import MainWindow
from tictactoe_qt.gui.player_choices import choice_for
from tictactoe_qt.gui.settings_dock import SettingsDock
from tictactoe_qt.gui.settings_store import SettingsStore

from .fresh_process import run_script, settings_env, settings_file


def ini_store(folder) -> SettingsStore:
    return SettingsStore(QSettings(str(folder / "test.ini"), QSettings.Format.IniFormat))


def test_settings_round_trip(tmp_path):
    settings = GameSettings(
        SideSettings("minimax", depth=4, mark="🐱", name="Ada"),
        SideSettings("perfect", time=0.25, mark="Z", name=""),
        rows=6,
        cols=7,
        k=4,
        first="o",
    )
    ini_store(tmp_path).save(settings)
    loaded, problems = ini_store(tmp_path).load()
    assert loaded == settings
    assert problems == []


def test_options_a_player_type_does_not_use_are_not_carried_over(tmp_path):
    """A Minimax time or a depth under Perfect would be hidden in the dock: they are dropped."""
    ini_store(tmp_path).save(
        GameSettings(
            SideSettings("minimax", depth=4, time=2.5, mark="X"), SideSettings("perfect", depth=5, time=0.25, mark="O")
        )
    )
    loaded, problems = ini_store(tmp_path).load()
    assert (loaded.x.depth, loaded.x.time) == (4, SideSettings().time)
    assert (loaded.o.depth, loaded.o.time) == (None, 0.25)
    assert problems == []


def test_missing_settings_are_the_defaults_without_complaint(tmp_path):
    loaded, problems = ini_store(tmp_path).load()
    assert loaded == GameSettings()
    assert problems == []


def test_corrupt_values_fall_back_to_defaults_and_are_reported(tmp_path):
    raw = QSettings(str(tmp_path / "test.ini"), QSettings.Format.IniFormat)
    raw.setValue("version", 1)
    raw.setValue("x/kind", "banana")
    raw.setValue("x/depth", "deep")
    raw.setValue("o/time", "-3")
    raw.setValue("o/mark", "   ")
    raw.setValue("board/rows", "4")
    raw.setValue("board/cols", "100")
    raw.setValue("board/first", "z")
    raw.sync()
    loaded, problems = ini_store(tmp_path).load()
    defaults = GameSettings()
    assert loaded.x.kind == defaults.x.kind
    assert loaded.x.depth == defaults.x.depth
    assert loaded.o.time == defaults.o.time
    assert loaded.o.mark == "O"
    assert (loaded.rows, loaded.cols, loaded.k) == (defaults.rows, defaults.cols, defaults.k)
    assert loaded.first == "x"
    for key in ("x/kind", "x/depth", "o/mark", "board/first", "board size"):
        assert any(key in problem for problem in problems), key


def test_settings_from_another_version_are_reset(tmp_path):
    raw = QSettings(str(tmp_path / "test.ini"), QSettings.Format.IniFormat)
    raw.setValue("version", 99)
    raw.setValue("board/rows", 5)
    raw.sync()
    loaded, problems = ini_store(tmp_path).load()
    assert loaded == GameSettings()
    assert problems


def test_equal_marks_are_reset(tmp_path):
    raw = QSettings(str(tmp_path / "test.ini"), QSettings.Format.IniFormat)
    raw.setValue("x/mark", "A")
    raw.setValue("o/mark", "a")
    raw.sync()
    loaded, problems = ini_store(tmp_path).load()
    assert (loaded.x.mark, loaded.o.mark) == ("X", "O")
    assert problems


def test_window_remembers_the_dock_between_runs(qtbot):
    first = MainWindow()
    qtbot.addWidget(first)
    first.findChild(QComboBox, "oPlayer").setCurrentIndex(first.findChild(QComboBox, "oPlayer").findData("alphabeta"))
    first.findChild(QSpinBox, "oDepth").setValue(3)
    first.findChild(QSpinBox, "rows").setValue(5)
    first.findChild(QSpinBox, "k").setValue(4)
    first.close()
    second = MainWindow()
    qtbot.addWidget(second)
    assert second.findChild(QComboBox, "oPlayer").currentData() == "alphabeta"
    assert second.findChild(QSpinBox, "oDepth").value() == 3
    assert second.findChild(QSpinBox, "rows").value() == 5
    assert second.findChild(QSpinBox, "k").value() == 4
    assert second.position() == ".../.../.../.../..."  # the new game uses them: 5 rows
    assert second.findChild(QLineEdit, "xMark").text() == "X"


def test_window_says_when_settings_were_reset(qtbot):
    QSettings().setValue("x/kind", "banana")
    QSettings().sync()
    window = MainWindow()
    qtbot.addWidget(window)
    assert "reset" in window.statusBar().currentMessage()
    assert window.findChild(QComboBox, "xPlayer").currentData() == "human"


# -- any value of any key: the reader is total --------------------------------------------

KEYS = [
    "version",
    "x/kind",
    "x/depth",
    "x/time",
    "x/mark",
    "x/name",
    "o/kind",
    "o/depth",
    "o/time",
    "o/mark",
    "o/name",
    "board/rows",
    "board/cols",
    "board/k",
    "board/first",
    "x/extra",
    "o/extra",
]


def assert_usable(loaded: GameSettings, dock: SettingsDock) -> None:
    """Valid for the engine, and shown by the dock exactly as loaded."""
    loaded.config()  # a possible board
    for seat in "xo":
        side = loaded.side(seat)
        side.spec()  # a possible player
        assert side.depth is None or 1 <= side.depth <= MAX_DEPTH
        assert choice_for(side.kind) is not None
        assert text_problem(side.name) is None and text_length(side.name) <= MAX_NAME_LENGTH
    assert mark_problem(loaded.x.mark, loaded.o.mark) is None
    assert loaded.first in ("x", "o")
    dock.set_settings(loaded)
    assert dock.settings() == loaded


@pytest.fixture(scope="module")
def dock(qapp):
    dock = SettingsDock()
    yield dock
    dock.deleteLater()


#: The values the issue found, and their neighbours, as the settings file holds them.
CORRUPT_LINES = [
    "version=abc",
    "version=1.0",
    "version=",
    "version=@Invalid()",
    "version=1e0",
    "version=0x1",
    "version=99999999999999999999",
    "version=true",
    "version=1, 1",
    "version=@ByteArray(1)",
    "o/depth=999999999999",
    "o/depth=-1",
    f"x/depth={MAX_DEPTH + 1}",
    "x/depth=1.5",
    "x/depth=" + "9" * 5000,
    "o/depth=inf",
    "o/depth=@Variant(\\0\\0\\0\\x1a\\0\\0\\0\\x1\\0\\0\\0\\x2)",
    "x/time=nan",
    "x/time=inf",
    "x/time=-inf",
    "x/time=1e309",
    "x/time=0",
    "x/time=61",
    "x/time=0.001",
    "x/time=" + "1" * 5000,
    "x/time=@Invalid()",
    "x/time=0x10",
    "x/kind=",
    "x/kind=HUMAN",
    "x/kind=human, random",
    "x/kind=@ByteArray(human)",
    "x/kind=mcts:iterations=5",
    "x/mark=",
    "x/mark=\\x7",
    "x/mark=a\\nb",
    "x/mark=ABCDEFGHIJ",
    "x/mark=\\xd800",
    "x/mark=🐱🐱🐱🐱🐱",
    "x/mark=a, b",
    "x/mark=@Invalid()",
    "x/mark=o",
    "x/name=" + "n" * 300,
    "x/name=\\0",
    "x/name=a, b, c",
    "x/name=@ByteArray(x)",
    "board/rows=2",
    f"board/rows={MAX_SIZE + 1}",
    "board/rows=3.0",
    "board/cols=-19",
    "board/k=0",
    f"board/k={MAX_SIZE + 1}",
    "board/first=X",
    "board/first=",
    "board/first=x, o",
    "board/first=@Invalid()",
    "window/geometry=@ByteArray(garbage)",
    "window/state=@ByteArray(\\0\\0\\0\\xff)",
    "window/geometry=abc",
    "window/state=1",
]


@pytest.mark.parametrize("line", CORRUPT_LINES)
def test_each_corrupt_value_resets_to_its_default_with_a_note(tmp_path, dock, line):
    key = line.split("=", 1)[0]
    section, name = key.split("/") if "/" in key else ("General", key)
    (tmp_path / "test.ini").write_text(f"[{section}]\n{name}={line.split('=', 1)[1]}\n", encoding="utf-8")
    loaded, problems = ini_store(tmp_path).load()
    assert_usable(loaded, dock)
    if not key.startswith("window/") and "@Invalid()" not in line:  # Qt's "no value"
        assert problems, line


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(
    st.dictionaries(
        st.sampled_from(KEYS + ["extra/key"]),
        st.text(max_size=14)
        | st.sampled_from(
            [
                "1",
                "0",
                "3",
                "x",
                "o",
                "human",
                "random",
                "2.5",
                "@Invalid()",
                "minimax",
                "alphabeta",
                "depth=1-10",
                "ordering=table",
                "depth=9-2,form=negamax",
            ]
        )
        | st.integers().map(str)
        | st.floats().map(str),
        max_size=8,
    )
)
def test_any_text_in_the_settings_file_loads_usable_settings(tmp_path_factory, dock, values):
    folder = tmp_path_factory.mktemp("ini")
    lines = ["[General]"]
    for key, value in values.items():
        section, _, name = key.rpartition("/")
        lines.append(f"[{section or 'General'}]\n{name}={_ini_escape(value)}")
    (folder / "test.ini").write_text("\n".join(lines) + "\n", encoding="utf-8")
    loaded, _problems = ini_store(folder).load()
    assert_usable(loaded, dock)


def _ini_escape(value: str) -> str:
    return "".join(c if c.isprintable() and c not in '\\;"' else f"\\x{ord(c):x}" for c in value) or '""'


any_value = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**63 - 1)
    | st.floats()
    | st.text(max_size=10)
    | st.binary(max_size=6)
    | st.sampled_from([QByteArray(b"\x00\xff"), QPoint(1, 2), QColor("red")]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=2),
    max_leaves=5,
)


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(st.dictionaries(st.sampled_from(KEYS), any_value, max_size=6))
def test_any_stored_type_loads_usable_settings(tmp_path_factory, dock, values):
    path = tmp_path_factory.mktemp("typed") / "test.ini"
    raw = QSettings(str(path), QSettings.Format.IniFormat)
    for key, value in values.items():
        raw.setValue(key, value)
    raw.sync()
    loaded, _problems = SettingsStore(QSettings(str(path), QSettings.Format.IniFormat)).load()
    assert_usable(loaded, dock)


# -- what a user meets: the window opens ----------------------------------------------------

#: Whole settings files a user may have, each with values the reader must reset (the
#: fifth is not INI at all).
WHOLE_FILES = [
    "[General]\nversion=abc\n",
    "[General]\nversion=1.0\n",
    "[General]\nversion=1\n[o]\ndepth=999999999999\n",
    "[General]\nversion=1\n[x]\ndepth=-5\ntime=nan\nmark=\\xd83d\n[board]\nrows=1e3\n",
    "\0\xff garbage [[[ =\n",
    "[window]\ngeometry=@ByteArray(xyz)\nstate=@ByteArray(\\0\\0\\0\\xff\\0\\0\\0\\x1)\n"
    "[x]\nkind=@Variant(\\0\\0\\0\\x1a\\0\\0\\0\\x1\\0\\0\\0\\x2)\n",
]


@pytest.mark.parametrize("content", WHOLE_FILES)
def test_the_window_opens_whatever_the_settings_file_holds(qtbot, settings_path, content):
    settings_path.parent.mkdir(parents=True, exist_ok=True)
    settings_path.write_text(content, encoding="utf-8", errors="surrogateescape")
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    if "garbage" not in content:
        assert "were reset to their defaults" in window.statusBar().currentMessage()
    window.close()
    # Closing wrote clean settings: the next window has nothing to reset.
    again = MainWindow()
    qtbot.addWidget(again)
    assert "reset" not in again.statusBar().currentMessage()


#: The program as a user starts it (``app.run``); prints whether its window showed and
#: the status bar, then closes it.
OPEN_WINDOW = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    app = QApplication(["tictactoe-qt"])
    from tictactoe_qt.gui import app as gui_app

    def report():
        window = next(w for w in app.topLevelWidgets() if type(w).__name__ == "MainWindow")
        print("shown", window.isVisible(), "|", window.statusBar().currentMessage(), flush=True)
        window.close()
        app.quit()

    QTimer.singleShot(0, report)
    sys.exit(gui_app.run([]))
    """
)


def test_the_program_opens_on_the_settings_file_it_finds_and_writes_it_clean(tmp_path):
    """The door itself, in fresh processes (QSettings caches its file's path per process):
    the file in the user's settings folder, with values that must be reset."""
    path = settings_file(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text(WHOLE_FILES[-1], encoding="utf-8")
    env = settings_env(tmp_path)
    shown = next(line for line in run_script(OPEN_WINDOW, env).splitlines() if line.startswith("shown"))
    assert shown.startswith("shown True")
    assert "were reset to their defaults" in shown
    # Closing wrote clean settings: the next start has nothing to reset.
    assert "reset" not in run_script(OPEN_WINDOW, env)
