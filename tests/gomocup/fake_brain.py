"""A small Gomocup brain for tests that can misbehave on request.

Usage: ``python fake_brain.py MODE`` where MODE is one of

* ``good``: plays the first free cell in reading order (x then y), instantly;
* ``slow``: like good, but sleeps 30 s before every move;
* ``taken``: answers a cell that is already taken (from its second move on);
* ``offboard``: answers a cell off the board;
* ``garbage``: answers a line that is not a move;
* ``error``: answers ``ERROR`` instead of a move;
* ``crash``: exits with status 3 when asked for a move;
* ``chatty``: says MESSAGE, DEBUG and stderr lines before each move;
* ``deaf``: never answers START.
"""

from __future__ import annotations

import sys
import time


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else "good"
    width = height = 0
    taken: set[tuple[int, int]] = set()
    last: tuple[int, int] | None = None
    board_lines: list[str] | None = None

    def say(text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    def move() -> None:
        nonlocal last
        if mode == "slow":
            time.sleep(30)
        if mode == "crash":
            sys.exit(3)
        if mode == "garbage":
            say("I think I will play somewhere nice")
            return
        if mode == "error":
            say("ERROR out of ideas")
            return
        if mode == "offboard":
            say(f"{width},{height}")
            return
        if mode == "taken" and last is not None:
            say(f"{last[0]},{last[1]}")
            return
        if mode == "chatty":
            say("MESSAGE thinking hard")
            say("DEBUG depth 1")
            print("a note on stderr", file=sys.stderr, flush=True)
        cell = next((x, y) for y in range(height) for x in range(width) if (x, y) not in taken)
        taken.add(cell)
        last = cell
        say(f"{cell[0]},{cell[1]}")

    for raw in sys.stdin:
        line = raw.strip()
        if board_lines is not None:
            if line.upper() == "DONE":
                for entry in board_lines:
                    x, y, _ = (int(v) for v in entry.split(","))
                    taken.add((x, y))
                board_lines = None
                move()
            else:
                board_lines.append(line)
            continue
        word, _, argument = line.partition(" ")
        word = word.upper()
        if word == "START":
            if mode == "deaf":
                continue
            width = height = int(argument)
            taken.clear()
            say("OK")
        elif word == "RECTSTART":
            width, height = (int(v) for v in argument.split(","))
            taken.clear()
            say("OK")
        elif word == "RESTART":
            taken.clear()
            say("OK")
        elif word == "ABOUT":
            say(f'name="fake {mode}", version="1.0", author="tests", country="Nowhere"')
        elif word == "INFO":
            pass
        elif word == "BEGIN":
            move()
        elif word == "TURN":
            x, y = (int(v) for v in argument.split(","))
            taken.add((x, y))
            move()
        elif word == "BOARD":
            taken.clear()
            board_lines = []
        elif word == "END":
            return
        else:
            say(f"UNKNOWN {word}")


if __name__ == "__main__":
    main()
