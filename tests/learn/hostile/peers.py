"""Student searches that attack the checking process instead of searching.

Each function has the textbook's ``search(game, state)`` signature; the tests in
``tests/learn/test_hostile_students.py`` run them through ``tictactoe-qt check``.
A process they leave behind carries ``hostile-grandchild`` on its command line.
"""

import os
import signal
import subprocess
import sys
import time

SLEEPER = [sys.executable, "-c", "import time; time.sleep(600)", "hostile-grandchild"]


def first_move(game, state):
    return game.actions(state)[0]


def forks_a_grandchild(game, state):
    subprocess.Popen(SLEEPER)
    return first_move(game, state)


def forks_a_grandchild_in_its_own_session(game, state):
    subprocess.Popen(SLEEPER, start_new_session=True)
    return first_move(game, state)


def forks_and_sleeps(game, state):
    subprocess.Popen(SLEEPER)
    time.sleep(600)


def calls_setsid(game, state):
    os.setsid()
    return first_move(game, state)


def kills_its_own_group(game, state):
    os.killpg(0, signal.SIGTERM)
    time.sleep(600)


def terminates_its_parent(game, state):
    os.kill(os.getppid(), signal.SIGTERM)
    time.sleep(600)


def interrupts_its_parent(game, state):
    os.kill(os.getppid(), signal.SIGINT)
    time.sleep(600)


def hangs_up_its_parents_group(game, state):
    os.killpg(os.getpgid(os.getppid()), signal.SIGHUP)
    time.sleep(600)


def floods_stdout(game, state):
    line = "x" * 1000 + "\n"
    for _ in range(5000):
        sys.stdout.write(line)
    os.write(1, b'{"not": "ours"}\n' * 1000)
    return first_move(game, state)


def floods_stderr(game, state):
    line = "e" * 1000 + "\n"
    for _ in range(5000):
        sys.stderr.write(line)
    os.write(2, b"no newline at all " * 100_000)
    return first_move(game, state)


def exits_mid_search(game, state):
    game.result(state, game.actions(state)[0])
    os._exit(0)


def recurses_forever(game, state):
    return recurses_forever(game, state)


def raises_system_exit(game, state):
    raise SystemExit(3)


def raises_keyboard_interrupt(game, state):
    raise KeyboardInterrupt


class Weird(BaseException):
    pass


def raises_base_exception(game, state):
    raise Weird("not an Exception")


def returns_a_huge_object(game, state):
    return list(range(20_000_000))


def returns_an_unpicklable_object(game, state):
    return lambda: None


class Unpicklable(int):
    def __reduce__(self):
        raise TypeError("you cannot pickle me")


def returns_an_unpicklable_int(game, state):
    row, col = first_move(game, state)
    return Unpicklable(row), Unpicklable(col)


class Liar(int):
    def __eq__(self, other):
        return True

    def __hash__(self):
        return hash(0)


def returns_a_lying_int(game, state):
    return Liar(7), Liar(7)


def replaces_the_record(game, state):
    game.record = "a record"
    return first_move(game, state)


def lies_in_the_record(game, state):
    move = first_move(game, state)
    game.record.parent = None
    game.record.events = [1, 10**9, -5]
    return move


def patches_the_game(game, state):
    type(game).result = lambda self, state, move: state
    move = first_move(game, state)
    game.result(state, move)
    return move


def allocates_a_lot(game, state):
    # bytes() is calloc'd: 500 MB of address space (what the check's limit counts), its
    # pages not written, so the test proves the limit without the CPU of filling them.
    hoard = bytes(500 * 1024 * 1024)
    return first_move(game, state) if hoard else None


not_callable = 42


def forges_a_looping_record(game, state):
    from array import array

    move = first_move(game, state)
    game.result(state, move)
    game.record.parent = array("i", [0, 0, 2])  # node 2 its own parent: a walk up never ends
    return move


calls = []


def answers_once_then_hangs(game, state):
    """The first case is answered; on the next a grandchild starts and the search hangs."""
    calls.append(state)
    if len(calls) > 1:
        subprocess.Popen(SLEEPER)
        time.sleep(600)
    return first_move(game, state)


def double_forks_a_daemon(game, state):
    """A daemon the classic way: its parent exits at once, so it belongs to no one."""
    subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import subprocess, sys; subprocess.Popen(sys.argv[1:], start_new_session=True)",
            *SLEEPER,
        ]
    ).wait()
    return first_move(game, state)


def allocates_too_much(game, state):
    hoard = bytearray(3 << 30)  # refused at once by an address-space limit, never touched
    return first_move(game, state) if hoard else None


def raises_a_huge_message(game, state):
    raise ValueError("megabytes " * 1_000_000)
