"""Our engine as a Gomocup brain: the perfect player behind the protocol's commands.

:class:`Brain` turns one command line into answers and knows nothing of
pipes; :func:`run_brain` connects it to stdin and stdout with a reader
thread, so ``END`` (or the manager closing the pipe) stops a search at once.
"""

from __future__ import annotations

import os
import queue
import re
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from typing import IO

from ..game.board import Board, Move
from ..game.config import MAX_SIZE, MIN_SIZE, GameConfig
from ..search.perfect import PerfectSearcher
from .clock import TimeControl
from .protocol import (
    CONTINUOUS,
    MAX_LINE,
    OPPONENT,
    OWN,
    Command,
    ProtocolError,
    about_line,
    check_on_board,
    excerpt,
    format_move,
    one_line,
    parse_numbers,
    parse_point,
)

#: k when the manager does not say (gomoku: five in a row).
DEFAULT_K = 5
#: Rule bits of ``INFO rule`` that we cannot play: exactly five, continuous game, renju, caro.
_UNSUPPORTED_RULES = {1: "exactly five", 2: "continuous game", 4: "renju", 8: "caro"}
#: Command lines read ahead of the one being carried out, at most (each up to MAX_LINE).
_MAX_QUEUED_LINES = 1024
#: Past the budget, how long a search may run before the brain stops it regardless.
_HARD_STOP_GRACE = 0.25

Write = Callable[[str], None]


class Brain:
    """The protocol's state: the board, the time limits and the searcher.

    Args:
        write: sends one answer line to the manager.
        version: what ``ABOUT`` reports.
        k: marks in a row that win until ``INFO k`` says otherwise.
        stop: set from outside (``END`` or end of input) to stop a search at once.
        hurry: set from outside on ``YXSTOP`` (the Yixin extension): the search in
            progress ends and answers its best move so far. ``YXSTOP`` itself,
            once its turn in the command queue comes, clears it.
    """

    def __init__(
        self,
        write: Write,
        version: str,
        k: int = DEFAULT_K,
        stop: threading.Event | None = None,
        hurry: threading.Event | None = None,
    ) -> None:
        self.write = write
        self.version = version
        self.k = k
        self.clock = TimeControl()
        self.stop = stop or threading.Event()
        self.hurry = hurry or threading.Event()
        self.finished = False
        self.size: tuple[int, int] | None = None  # (rows, cols)
        self.board: Board | None = None
        self._searcher: PerfectSearcher | None = None
        self._board_lines: list[str] | None = None  # collecting BOARD ... DONE
        self._board_refused = False  # more stones than cells came: the rest waits for DONE

    # -- the command loop's one entry ----------------------------------------
    def handle(self, line: str) -> None:
        """Carry out one command line, writing its answers."""
        line = line.strip()
        if self._board_lines is not None:
            self._collect_board_line(self._board_lines, line)
            return
        if not line:
            return
        command = Command.parse(line)
        handler = self._handlers().get(command.word)
        if handler is None:
            self.write(f"UNKNOWN {one_line(excerpt(command.word))} is not a command this brain knows")
            return
        self._answer(lambda: handler(command.argument))

    def _handlers(self) -> dict[str, Callable[[str], None]]:
        return {
            "START": self._start,
            "RECTSTART": self._rectstart,
            "RESTART": self._restart,
            "BEGIN": self._begin,
            "TURN": self._turn,
            "BOARD": self._board,
            "INFO": self._info,
            "ABOUT": lambda _: self.write(about_line(self.version)),
            "END": self._end,
            "YXSTOP": lambda _: self.hurry.clear(),  # no answer: the move was the answer
            "TAKEBACK": self._takeback,
            "PLAY": self._play,
        }

    def _answer(self, action: Callable[[], None]) -> None:
        try:
            action()
        except ValueError as error:  # ProtocolError and every engine error
            self.write(f"ERROR {one_line(str(error))}")

    # -- game set-up ----------------------------------------------------------
    def _start(self, argument: str) -> None:
        (size,) = parse_numbers(argument, 1)
        self._set_size(size, size)

    def _rectstart(self, argument: str) -> None:
        width, height = parse_numbers(argument, 2)
        self._set_size(height, width)

    def _set_size(self, rows: int, cols: int) -> None:
        for name, value in (("width", cols), ("height", rows)):
            if not MIN_SIZE <= value <= MAX_SIZE:
                raise ProtocolError(
                    f"unsupported {name} {value}: this brain plays boards from {MIN_SIZE} to {MAX_SIZE} cells a side"
                )
        self.size = (rows, cols)
        self._new_game()
        self.write("OK")

    def _restart(self, _: str) -> None:
        self._need_size()
        self._new_game()
        self.write("OK")

    def _new_game(self) -> None:
        self.board = None
        if self._searcher is not None:
            self._searcher.new_game()

    def _need_size(self) -> tuple[int, int]:
        if self.size is None:
            raise ProtocolError("no board yet: send START or RECTSTART first")
        return self.size

    def _current_board(self) -> Board:
        """The game's board, made on its first move with the k in force then."""
        if self.board is None:
            rows, cols = self._need_size()
            self.board = Board(self._config(rows, cols))
        return self.board

    def _config(self, rows: int, cols: int) -> GameConfig:
        if self.k > max(rows, cols):
            raise ProtocolError(f"{self.k} in a row cannot fit on a {cols}x{rows} board; send INFO k with a smaller k")
        return GameConfig(rows, cols, self.k)

    # -- moves ----------------------------------------------------------------
    def _begin(self, _: str) -> None:
        board = self._current_board()
        if board.ply:
            raise ProtocolError("BEGIN needs an empty board; send RESTART first")
        self._think()

    def _turn(self, argument: str) -> None:
        board = self._current_board()
        self._place(board, parse_point(argument, board.config.rows, board.config.cols))
        self._think()

    def _play(self, argument: str) -> None:
        board = self._current_board()
        move = parse_point(argument, board.config.rows, board.config.cols)
        self._place(board, move)
        self.write(format_move(move))

    def _place(self, board: Board, move: Move) -> None:
        if board.is_game_over():
            raise ProtocolError(f"the game is already over; no move at {format_move(move)}")
        if board.mark_at(move.row, move.col) is not None:
            raise ProtocolError(f"{format_move(move)} is already taken")
        board.push(move)

    def _takeback(self, argument: str) -> None:
        board = self._current_board()
        move = parse_point(argument, board.config.rows, board.config.cols)
        if not board.history or board.history[-1] != move.index(board.config.cols):
            raise ProtocolError(f"{format_move(move)} is not the last move, so it cannot be taken back")
        board.pop()
        self.write("OK")

    def _board(self, _: str) -> None:
        self._need_size()
        self._board_lines = []
        self._board_refused = False

    def _collect_board_line(self, lines: list[str], line: str) -> None:
        """One line inside ``BOARD ... DONE``: kept up to the board's cells, refused past them.

        A board holds at most rows x cols stones; past that one ``ERROR`` answers
        the block, the lines are dropped and the rest is ignored up to ``DONE``.
        """
        if line.upper() == "DONE":
            self._board_lines = None
            if self._board_refused:
                self._board_refused = False
            else:
                self._answer(lambda: self._play_board(lines))
            return
        if not line or self._board_refused:
            return
        rows, cols = self._need_size()
        if len(lines) < rows * cols:
            lines.append(line)
            return
        lines.clear()
        self._board_refused = True
        self.write(
            f"ERROR BOARD lists more than the {rows * cols} stones a {cols}x{rows} board "
            "holds; the block is ignored up to DONE"
        )

    def _play_board(self, lines: list[str]) -> None:
        rows, cols = self._need_size()
        own: list[tuple[int, int]] = []
        theirs: list[tuple[int, int]] = []
        seen: set[tuple[int, int]] = set()
        for line in lines:
            x, y, field = parse_numbers(line, 3)
            check_on_board(x, y, rows, cols)
            if (x, y) in seen:
                raise ProtocolError(f"BOARD names {x},{y} twice")
            seen.add((x, y))
            if field == OWN:
                own.append((x, y))
            elif field == OPPONENT:
                theirs.append((x, y))
            elif field == CONTINUOUS:
                raise ProtocolError("continuous games (field 3) are not supported")
            else:
                raise ProtocolError(f"unknown field {field} in BOARD line '{excerpt(line)}'")
        if len(own) == len(theirs):
            first, second = own, theirs
        elif len(theirs) == len(own) + 1:
            first, second = theirs, own
        else:
            raise ProtocolError(
                f"BOARD has {len(own)} own stones and {len(theirs)} of the opponent's: "
                "it must be our move, so they are equal or the opponent has one more"
            )
        grid = [["."] * cols for _ in range(rows)]
        for stones, mark in ((first, "x"), (second, "o")):
            for x, y in stones:
                grid[y][x] = mark
        notation = "/".join("".join(row) for row in grid)
        self.board = Board.from_notation(notation, self._config(rows, cols).k)
        self._think()

    def _think(self) -> None:
        board = self._current_board()
        if board.is_game_over():
            raise ProtocolError("the game is already over: no move to make")
        searcher = self._searcher
        if searcher is None or searcher.config != board.config:
            searcher = self._searcher = PerfectSearcher(board.config)
        empties = board.config.cells - board.ply
        budget = self.clock.budget(empties)
        hard_stop = time.perf_counter() + budget + _HARD_STOP_GRACE
        stop, hurry = self.stop, self.hurry

        def should_stop() -> bool:
            return stop.is_set() or hurry.is_set() or time.perf_counter() > hard_stop

        result = searcher.search(board.copy(), budget, None, should_stop)
        if stop.is_set():
            return  # END arrived while thinking: the manager wants no answer
        if result.move is None:
            raise ProtocolError("the search found no move")
        board.push(result.move)
        self.write(format_move(result.move))

    # -- settings and the end ---------------------------------------------------
    def _info(self, argument: str) -> None:
        key, _, value = argument.partition(" ")
        key = key.lower()
        if key in ("timeout_turn", "timeout_match", "time_left"):
            number = _whole_number(key, value)
            if key == "time_left":
                self.clock.time_left = number
            else:
                setattr(self.clock, key, number)
        elif key == "k":
            self._set_k(_whole_number(key, value))
        elif key == "rule":
            rule = _whole_number(key, value)
            unsupported = [name for bit, name in _UNSUPPORTED_RULES.items() if rule & bit]
            if unsupported:
                self.write(
                    f"MESSAGE rule {rule} ({', '.join(unsupported)}) is not supported; "
                    "playing freestyle: five or more in a row wins"
                )
        # Other keys (max_memory, game_type, evaluate, folder, ...) are ignored, as asked.

    def _set_k(self, k: int) -> None:
        if not MIN_SIZE <= k <= MAX_SIZE:
            raise ProtocolError(f"k must be from {MIN_SIZE} to {MAX_SIZE}, got {k}")
        self.k = k
        if self.board is not None and self.board.ply:
            self.write("MESSAGE the new k applies from the next game")

    def _end(self, _: str) -> None:
        self.finished = True
        self.stop.set()


def _whole_number(key: str, value: str) -> int:
    text = value.strip()
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()) or len(text) > 12:  # not '²', not '٣'
        raise ProtocolError(f"INFO {key} needs a whole number, got '{excerpt(text)}'")
    return max(int(text), 0)


def run_brain(stdin: IO[bytes], stdout: IO[str], version: str, k: int = DEFAULT_K) -> int:
    """Speak the protocol over ``stdin``/``stdout`` until ``END`` or end of input.

    A reader thread queues the lines, so ``END`` or a closed pipe stops a search
    in progress (once every earlier command has been taken up), and ``YXSTOP``
    makes it answer at once; answers go out one line each, flushed at once.
    """
    stop, hurry = threading.Event(), threading.Event()
    # Bounded: a manager that floods us while we think waits on its pipe instead.
    lines: queue.Queue[str | None] = queue.Queue(maxsize=_MAX_QUEUED_LINES)

    def read() -> None:
        for line in _input_lines(stdin):
            word = line.strip().upper()
            if word == "END":
                stop_when_idle()
            elif word == "YXSTOP":
                hurry.set()  # before it is queued, so its own handling clears it after
            lines.put(line)
        stop_when_idle()
        lines.put(None)

    def stop_when_idle() -> None:
        # END or a closed pipe stops the search in progress, but only when every
        # earlier command has been taken up: those still get their answers.
        if lines.empty():
            stop.set()

    def write(text: str) -> None:
        stdout.write(text + "\n")
        stdout.flush()

    threading.Thread(target=read, name="brain-input", daemon=True).start()
    brain = Brain(write, version, k, stop, hurry)
    while not brain.finished:
        line = lines.get()
        if line is None:
            break
        try:
            brain.handle(line)
        except Exception as error:  # noqa: BLE001 - a bug of ours must not kill the brain mid-match
            traceback.print_exc(file=sys.stderr)
            write(f"ERROR internal error: {one_line(excerpt(repr(error), 200))}")
    return 0


def _input_lines(stdin: IO[bytes]) -> Iterator[str]:
    """The lines of ``stdin``, read straight from its file descriptor.

    Raw reads hold no buffer lock, so the brain can exit while this thread still
    waits for input (a buffered read would abort the interpreter at exit).
    Lines longer than :data:`MAX_LINE` are cut, as the protocol allows.
    """
    fd = stdin.fileno()
    pending = b""
    while chunk := os.read(fd, 65536):
        pending += chunk
        *complete, pending = re.split(rb"\r\n|\n|\r", pending)
        for raw in complete:
            yield raw[:MAX_LINE].decode("utf-8", "replace")
        if len(pending) > MAX_LINE:
            pending = pending[:MAX_LINE]
    if pending:
        yield pending.decode("utf-8", "replace")
