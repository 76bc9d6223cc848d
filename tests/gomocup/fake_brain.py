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
* ``deaf``: never answers START;
* ``renju``: answers ``ERROR`` to a START larger than 15, as an engine for the renju board does;
* ``thinker``: thinks before each move, deaf meanwhile, as a single-threaded brain is;
  ``YXSTOP`` is unknown to it. It thinks for its whole turn (``INFO timeout_turn``), or
  for the seconds written in ``PROGRAM.think`` if that file exists (read at each move);
* ``stoppable``: like thinker, but reads its input while thinking and stops on ``YXSTOP``
  (the Yixin extension), answering its move at once;
* ``hasty``: like good, but for HASTY_SECONDS after each move it is still "thinking", as
  Rapfi is for an instant: a command arriving then loses its first word, and the rest
  (``8,6`` of ``TURN 8,6``) is read as a command: ``ERROR Unknown command: 8,6``;
* ``scripted``: answers each move with the next answer in ``PROGRAM.answers`` (raw bytes,
  written as they are; a blank line separates the answers to successive moves), then
  plays as good once they run out;
* ``squareonly``: like good, but answers ``RECTSTART`` with ``ERROR``, as Rapfi does.

Every mode appends each line it receives, and ``think``/``stopped``/``moved`` marks, to
``PROGRAM.log`` (PROGRAM: the second argument), each line ``pid<TAB>what``.
"""

from __future__ import annotations

import os
import queue
import sys
import threading
import time

#: How long a hasty brain drops the first word of a command after answering a move.
HASTY_SECONDS = 1.0


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else "good"
    log_path = sys.argv[2] + ".log" if len(sys.argv) > 2 else None
    think_path = sys.argv[2] + ".think" if len(sys.argv) > 2 else None
    width = height = 0
    turn_ms = 5000
    taken: set[tuple[int, int]] = set()
    last: tuple[int, int] | None = None
    answered_at = float("-inf")
    scripted: list[bytes] = []
    if mode == "scripted" and sys.argv[2:]:
        with open(sys.argv[2] + ".answers", "rb") as answers:
            scripted = answers.read().split(b"\n\n")
    board_lines: list[str] | None = None
    lines: queue.Queue[str | None] = queue.Queue()

    def record(what: str) -> None:
        if log_path is not None:
            with open(log_path, "a") as log:
                log.write(f"{os.getpid()}\t{what}\n")

    def read() -> None:
        for raw in sys.stdin:
            lines.put(raw.strip())
        lines.put(None)

    def say(text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    def think() -> None:
        """Use the whole turn; a stoppable brain listens for YXSTOP meanwhile."""
        seconds = turn_ms / 1000
        if think_path is not None and os.path.exists(think_path):
            with open(think_path) as think_file:
                seconds = float(think_file.read())
        record("think")
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            if mode != "stoppable":
                time.sleep(min(left, 0.01))
                continue
            try:
                line = lines.get(timeout=min(left, 0.01))
            except queue.Empty:
                continue
            record(line)
            if line is None or line.upper() == "END":
                sys.exit(0)
            if line.upper() == "YXSTOP":
                record("stopped")
                return

    def move() -> None:
        nonlocal last, answered_at
        if mode == "scripted" and scripted:
            sys.stdout.buffer.write(scripted.pop(0) + b"\n")
            sys.stdout.flush()
            return
        if mode == "slow":
            time.sleep(30)
        if mode in ("thinker", "stoppable"):
            think()
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
        record(f"moved {cell[0]},{cell[1]}")
        say(f"{cell[0]},{cell[1]}")
        answered_at = time.monotonic()

    threading.Thread(target=read, daemon=True).start()
    while (line := lines.get()) is not None:
        record(line)
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
        if mode == "hasty" and time.monotonic() - answered_at < HASTY_SECONDS:
            line = line.partition(" ")[2]  # the word is lost; the rest reads as a command
            record(f"dropped a word, left {line!r}")
            if not line:
                continue
        word, _, argument = line.partition(" ")
        word = word.upper()
        if word == "START":
            if mode == "deaf":
                continue
            if mode == "renju" and int(argument) > 15:
                say(f"ERROR unsupported size {argument}")
                continue
            width = height = int(argument)
            taken.clear()
            say("OK")
        elif word == "RECTSTART" and mode == "squareonly":
            say("ERROR Rectangular board is not supported.")
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
            key, _, value = argument.partition(" ")
            if key.lower() == "timeout_turn":
                turn_ms = int(value)
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
        elif word == "YXSTOP" and mode == "stoppable":
            pass  # nothing to stop: the move is out already
        elif mode == "hasty":
            say(f"ERROR Unknown command: {word}")
        else:
            say(f"UNKNOWN {word}")


if __name__ == "__main__":
    main()
