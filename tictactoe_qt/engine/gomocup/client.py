"""An external Gomocup brain as a child process: we are its manager.

:class:`ExternalEngine` starts the program, keeps it in step with our board
(``TURN`` when it knows the game so far, ``BOARD`` otherwise) and reads its
answers with deadlines. Anything the engine does wrong (overrunning its time,
an illegal or taken cell, garbage, crashing) raises :class:`EngineFault`,
which the caller turns into a lost game: the engine's fault, never ours.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from ..errors import PlayerForfeit
from ..game.board import Board, Move
from ..game.config import MAX_SIZE, GameConfig
from ..players.player_spec import PlayerSpecError
from ..processes import Child, ChildExited, ChildFailed, ChildTimeout
from ..search_result import ShouldStop, never_stop
from .protocol import MAX_LINE, ProtocolError, excerpt, format_move, is_about_line, parse_numbers

#: How long an engine may take to start and answer ``START`` (it may load tables).
START_SECONDS = 10.0
#: Added to every time limit before the engine forfeits: pipes and process switches.
GRACE_SECONDS = 0.5
#: How long ``END`` may take before the process is killed.
END_SECONDS = 0.5
#: After a called-off move: how long the engine may take to answer ``YXSTOP`` and then
#: ``ABOUT`` (proof that it is idle and in step) before it is ended instead.
STOP_SECONDS = 0.3
#: How long an engine that would not stop has between SIGTERM and SIGKILL.
TERMINATE_SECONDS = 0.2
#: How often a wait for the engine checks whether the caller called the move off.
POLL_SECONDS = 0.02
#: Nothing is sent to an engine until this long after its last answer. Rapfi clears
#: its "thinking" flag only after writing its move, and a command arriving meanwhile
#: loses its first word (``TURN 8,6`` reads as ``8,6``: ``ERROR Unknown command``).
#: Measured on a busy 2-core machine, Rapfi against random: no wait lost 44 of 200
#: games, 1 ms 4, 5 ms 1 of 300; 10 ms and 20 ms none of 300. Twice the last bad
#: value is kept, as a busy machine can stall its thread for longer.
SETTLE_SECONDS = 0.02
#: Only these board shapes are played: k=5 from 5x5 to the largest board of the game.
ENGINE_K = 5
MIN_ENGINE_SIZE, MAX_ENGINE_SIZE = 5, MAX_SIZE

Log = Callable[[str], None]


class EngineFault(PlayerForfeit):
    """The engine broke the rules or died; it loses the game. ``str()`` is the reason."""


class EngineUnavailable(PlayerSpecError):
    """The engine cannot be used at all (a bad path, or a board it does not play)."""


class EngineRefusal(EngineFault):
    """The engine answered ``ERROR`` or ``UNKNOWN`` to ``START``: it does not play that board."""


class _CalledOff(Exception):
    """The caller's ``should_stop`` turned true while we waited for the engine."""


def check_engine_path(path: str) -> str:
    """``path`` made absolute, once it names an executable file.

    Raises:
        EngineUnavailable: missing, a folder, or not executable.
    """
    if not path:
        raise EngineUnavailable("an external engine needs a path: engine:path=/path/to/pbrain-x")
    full = os.path.abspath(os.path.expanduser(path))
    if not os.path.exists(full):
        raise EngineUnavailable(f"no engine at {excerpt(full, 120)}")
    if os.path.isdir(full):
        raise EngineUnavailable(f"{excerpt(full, 120)} is a folder, not an engine program")
    if not os.access(full, os.X_OK):
        raise EngineUnavailable(f"{excerpt(full, 120)} is not executable (chmod +x it, or pick the engine's program)")
    return full


def check_engine_board(config: GameConfig) -> None:
    """Raise :class:`EngineUnavailable` unless external engines can play ``config``."""
    if config.k != ENGINE_K or not (
        MIN_ENGINE_SIZE <= min(config.rows, config.cols) and max(config.rows, config.cols) <= MAX_ENGINE_SIZE
    ):
        raise EngineUnavailable(
            f"external engines play five in a row (k=5) on boards from {MIN_ENGINE_SIZE}x"
            f"{MIN_ENGINE_SIZE} to {MAX_ENGINE_SIZE}x{MAX_ENGINE_SIZE}, not {config}"
        )


class ExternalEngine:
    """One running engine process, spoken to over the Gomocup protocol.

    Args:
        path: the engine's program (checked with :func:`check_engine_path`).
        log: receives the engine's ``MESSAGE``/``DEBUG`` lines and its stderr,
            from reader threads; keep it cheap (e.g. append to a list).
        settle_seconds: the quiet time after each answer before the next command
            (:data:`SETTLE_SECONDS`).
    """

    def __init__(self, path: str, log: Log | None = None, settle_seconds: float = SETTLE_SECONDS) -> None:
        self.path = check_engine_path(path)
        self.log: Log = log or (lambda _line: None)
        self.name = os.path.basename(self.path)
        self._child: Child | None = None
        self._config: GameConfig | None = None
        #: The moves the engine has seen, as cell indices; ``None`` after a called-off
        #: move, when its board is not known (the next move starts with ``RESTART``).
        self._known: list[int] | None = []
        self.settle_seconds = settle_seconds
        self._answered_at = 0.0  # time.monotonic() of the engine's last line

    @property
    def is_running(self) -> bool:
        """True while the engine's process runs (a called-off move may have ended it)."""
        return self._child is not None and self._child.is_running

    @property
    def pid(self) -> int | None:
        """The process's id (also its process group's), ``None`` before it started."""
        return self._child.pid if self._child is not None else None

    # -- life cycle -------------------------------------------------------------
    def start(self, config: GameConfig, turn_seconds: float, should_stop: ShouldStop = never_stop) -> bool:
        """Start the process (if needed) and set up a new game on ``config``.

        Returns False, with the process ended, when ``should_stop`` turned true
        meanwhile (a fresh engine may take seconds to load).

        Raises:
            EngineUnavailable: the board is not one engines play.
            EngineFault: the engine would not start or refused the board.
        """
        check_engine_board(config)
        try:
            self._set_up(config, turn_seconds, should_stop)
        except _CalledOff:
            self._end_now("called off while it started")
            return False
        return True

    def _set_up(self, config: GameConfig, turn_seconds: float, should_stop: ShouldStop) -> None:
        if not self.is_running:
            self._spawn()
            self._ask_about(should_stop)
        if config != self._config:
            if config.rows == config.cols:
                command, argument = "START", f"{config.rows}"
            else:
                command, argument = "RECTSTART", f"{config.cols},{config.rows}"
            self._send(f"{command} {argument}")
            self._expect_ok(command, START_SECONDS, should_stop)
            self._config = config
        else:
            self._send("RESTART")
            self._expect_ok("RESTART", START_SECONDS, should_stop)
        turn_ms = max(1, round(turn_seconds * 1000))
        self._send(f"INFO timeout_turn {turn_ms}", "INFO timeout_match 0", "INFO rule 0", "INFO game_type 1")
        self._known = []

    def ask_name(self) -> str:
        """Start the process if needed and return its ``ABOUT`` name (for showing it).

        Raises:
            EngineFault: the engine would not start or answer.
        """
        if not self.is_running:
            self._spawn()
            self._ask_about()
        return self.name

    def close(self) -> None:
        """Say ``END``, and kill the process if it does not exit at once. Safe to repeat."""
        child, self._child = self._child, None
        self._config = None
        if child is not None:
            child.stop(lambda running: running.send("END\r\n"), END_SECONDS)

    def _end_now(self, why: str) -> None:
        """End the process without asking (it is busy); the next move starts a fresh one."""
        child, self._child = self._child, None
        self._config = None
        if child is not None:
            child.kill(TERMINATE_SECONDS)
            self.log(f"ended: {why}")

    # -- play -----------------------------------------------------------------
    def choose(self, board: Board, turn_seconds: float, should_stop: ShouldStop = never_stop) -> Move | None:
        """The engine's move for the side to move on ``board``.

        Returns ``None`` when ``should_stop`` turned true first (Undo, New game):
        the engine is then told to stop thinking (:meth:`_call_off`), or ended
        if it will not, so it never computes for nothing.

        Raises:
            EngineFault: overran ``turn_seconds`` (plus a grace), answered a taken or
                off-board cell or garbage, or died.
        """
        history = board.history
        cols = board.config.cols
        known = self._known
        if known is not None and history[: len(known)] == known and len(history) == len(known) + 1:
            self._send(f"TURN {format_move(Move.from_index(history[-1], cols))}")
        else:
            self._send_position(board)
        try:
            move = self._read_move(board, turn_seconds + GRACE_SECONDS, should_stop)
        except _CalledOff:
            self._call_off()
            return None
        self._known = [*history, move.index(cols)]
        return move

    def _send_position(self, board: Board) -> None:
        """``BEGIN`` on an empty board, else ``BOARD``; after ``RESTART`` if the engine
        holds another game."""
        if self._known != []:
            self._send("RESTART")
            self._expect_ok("RESTART", START_SECONDS)
        if not board.history:
            self._send("BEGIN")
            return
        cols = board.config.cols
        own_side = board.side
        lines = ["BOARD"]
        for ply, index in enumerate(board.history):
            move = Move.from_index(index, cols)
            field = 1 if ply & 1 == own_side else 2
            lines.append(f"{format_move(move)},{field}")
        lines.append("DONE")
        self._send(*lines)

    def _call_off(self) -> None:
        """Stop the thinking of a move nobody wants any more.

        Engines that know the Yixin extension ``YXSTOP`` stop and answer at once;
        ``ABOUT`` then proves the engine idle and in step (an engine that had just
        answered may say ``UNKNOWN`` to ``YXSTOP`` first). An engine that does
        not answer both within :data:`STOP_SECONDS` is still thinking: it is
        ended, and the next move starts a fresh one from ``BOARD``.
        """
        self._known = None  # it may have played the move it was stopped with
        deadline = time.monotonic() + STOP_SECONDS
        try:
            self._send("YXSTOP")
            answer = self._next_answer(deadline, "did not stop")
            if answer.split(" ", 1)[0].upper() in ("ERROR", "UNKNOWN"):
                raise EngineFault("does not know YXSTOP and is still thinking")
            self._send("ABOUT")
            while not is_about_line(self._next_answer(deadline, "did not answer ABOUT")):
                pass  # the UNKNOWN of an engine that had finished before YXSTOP came
        except EngineFault as fault:
            self._end_now(f"a called-off move, and it {fault}")

    def _next_answer(self, deadline: float, overdue: str) -> str:
        """The next line that is not ``MESSAGE``, ``DEBUG`` or ``SUGGEST`` (those are logged)."""
        while True:
            line = self._next_line(deadline, overdue)
            if line.split(" ", 1)[0].upper() not in ("MESSAGE", "DEBUG", "SUGGEST"):
                return line
            self.log(line)

    def _read_move(self, board: Board, seconds: float, should_stop: ShouldStop) -> Move:
        deadline = time.monotonic() + seconds
        while True:
            line = self._next_line(deadline, f"did not answer within {seconds:.1f} s", should_stop)
            word = line.split(" ", 1)[0].upper()
            if word in ("MESSAGE", "DEBUG", "SUGGEST"):
                self.log(line)
                continue
            if word in ("ERROR", "UNKNOWN"):
                raise EngineFault(f"answered '{excerpt(line)}' instead of a move")
            return self._parse_move(line, board)

    @staticmethod
    def _parse_move(line: str, board: Board) -> Move:
        """The move in ``line``; any other answer (junk, unicode digits, a cell off
        the board or taken) is the engine's fault."""
        try:
            x, y = parse_numbers(line, 2)
        except ProtocolError:
            raise EngineFault(f"answered '{excerpt(line)}', which is not a move") from None
        rows, cols = board.config.rows, board.config.cols
        if not (x < cols and y < rows):
            raise EngineFault(f"played {x},{y}, off the {cols}x{rows} board")
        if board.mark_at(y, x) is not None:
            raise EngineFault(f"played {x},{y}, which is already taken")
        return Move(y, x)

    # -- pipes ----------------------------------------------------------------
    def _spawn(self) -> None:
        self._config, self._known = None, []  # a fresh engine knows no game yet
        if self._child is not None:  # one that exited: its group may hold helpers
            self._child.kill(TERMINATE_SECONDS)
        try:
            self._child = Child.start(
                [self.path], cwd=os.path.dirname(self.path), on_stderr=self.log, max_line=MAX_LINE
            )
        except ChildExited as error:
            raise EngineFault(error.reason) from None

    def _ask_about(self, should_stop: ShouldStop = never_stop) -> None:
        """``ABOUT`` as the handshake: the engine's first answer proves it ready."""
        self._send("ABOUT")
        assert self._child is not None
        try:
            line = self._child.ready(START_SECONDS, should_stop)
        except ChildTimeout:
            raise EngineFault(f"did not answer ABOUT within {START_SECONDS:.0f} s") from None
        except ChildExited as error:
            raise EngineFault(error.reason) from None
        if line is None:
            raise _CalledOff()
        for pair in line.split(","):
            key, _, value = pair.strip().partition("=")
            if key.strip().lower() == "name" and value.strip().strip('"'):
                self.name = excerpt(value.strip().strip('"'), 40)

    def _expect_ok(self, command: str, seconds: float, should_stop: ShouldStop = never_stop) -> None:
        deadline = time.monotonic() + seconds
        while True:
            line = self._next_line(deadline, f"did not answer {command} within {seconds:.0f} s", should_stop)
            word = line.split(" ", 1)[0].upper()
            if word in ("MESSAGE", "DEBUG"):
                self.log(line)
                continue
            if word == "OK":
                return
            fault = EngineRefusal if word in ("ERROR", "UNKNOWN") else EngineFault
            raise fault(f"answered '{excerpt(line)}' to {command}")

    def _next_line(self, deadline: float, overdue: str, should_stop: ShouldStop = never_stop) -> str:
        """The engine's next non-empty line, waiting until ``deadline`` at most.

        Raises:
            EngineFault: past the deadline (``overdue`` says what it did not do), or
                the engine closed its output.
            _CalledOff: ``should_stop`` turned true first.
        """
        while True:
            if should_stop():
                raise _CalledOff()
            if time.monotonic() >= deadline or self._child is None:
                raise EngineFault(overdue if self._child is not None else "is not running")
            try:
                line = self._child.read_line(min(deadline, time.monotonic() + POLL_SECONDS))
            except ChildExited as error:
                raise EngineFault(error.reason) from None
            if line is not None and line.strip():
                self._answered_at = time.monotonic()
                return line.strip()

    def _send(self, *lines: str) -> None:
        child = self._child
        if child is None:
            raise EngineFault("is not running")
        settled = self._answered_at + self.settle_seconds - time.monotonic()
        if settled > 0:
            time.sleep(settled)
        try:
            child.send("".join(f"{line}\r\n" for line in lines))
        except ChildFailed as error:
            raise EngineFault(error.reason) from None
