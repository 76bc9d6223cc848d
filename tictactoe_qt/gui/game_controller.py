"""The one object that owns the current game.

Views send it user intents (a cell clicked, undo, hint, new game) and follow
its signals. AI moves and hints are computed by a :class:`SearchThread`; an
answer that comes back for a position that is no longer on the board (after
New Game, Undo, Redo or loading a game) is dropped. When AI moves are asked
for (their pace, Pause and single steps) is :class:`~.ai_turns.AiTurns`'s part,
hints are :class:`~.hints.Hints`'s.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QObject, Signal, Slot

from tictactoe_qt.engine import SearchResult
from tictactoe_qt.engine.game import Board, Move, SavedGame, Seating
from tictactoe_qt.engine.players import Player, PlayerSpec, PlayerSpecError, check_playable, make_player
from tictactoe_qt.gui import game_texts
from tictactoe_qt.gui.ai_turns import AiTurns
from tictactoe_qt.gui.board_snapshot import BoardSnapshot
from tictactoe_qt.gui.game_settings import SEATS, GameSettings, SideSettings
from tictactoe_qt.gui.hints import Hints
from tictactoe_qt.gui.player_choices import depth_cap_note, kind_label, player_spec
from tictactoe_qt.gui.search_worker import FORFEIT_PREFIX, SearchRequest, SearchThread, runs_in_engine_process


class GameController(QObject):
    """Plays one game at a time between two seats, ``"x"`` and ``"o"``.

    The board always moves its side 0 first; :attr:`seating` (the engine's
    :class:`Seating`) says which seat plays it. Signals and views speak of
    seats, the marks the user chose, and never translate on their own.
    """

    #: Start the engine process as soon as a game with an engine player starts.
    auto_warm_up = True

    snapshot_changed = Signal(object)  # BoardSnapshot
    #: Turn, undo/redo or thinking state changed: views re-read the controller.
    state_changed = Signal()
    game_started = Signal()
    thinking_started = Signal(str)  # seat
    thinking_stopped = Signal()
    #: ``(seat, result)`` after an AI move, with its SearchResult.
    ai_moved = Signal(str, object)
    move_played = Signal(str, int, int)  # seat, row, col
    #: A short hint for the status bar ("That cell is taken").
    message = Signal(str)
    #: Something went wrong (a failed search, a missing player type).
    error = Signal(str)
    game_over = Signal(str)  # "x", "o" or "draw"
    hint_ready = Signal(int, int)

    def __init__(self, settings: GameSettings | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.settings = settings or GameSettings()
        self.board = Board(self.settings.config())
        self.players: dict[str, Player | None] = {"x": None, "o": None}
        self.last_result: SearchResult | None = None
        self.dropped_results = 0
        self._redo: list[int] = []
        #: ``(seat, reason)`` once an external engine or plugin forfeited this game.
        self.forfeited: tuple[str, str] | None = None
        self._search = SearchThread(self)
        self._search.worker.finished.connect(self._on_search_finished)
        self._search.worker.failed.connect(self._on_search_failed)
        self._turns = AiTurns(self._search, self._ai_to_move, self._move_request, self)
        self._turns.thinking_started.connect(self.thinking_started)
        self._turns.thinking_stopped.connect(self.thinking_stopped)
        self._turns.state_changed.connect(self.state_changed)
        self._hints = Hints(self._search, lambda: self.board, self)
        self._hints.found.connect(self._on_hint_found)
        self._hints.message.connect(self.message)
        self._hints.error.connect(self.error)
        #: The moves once :attr:`last_result`'s move was played: it is the last move while they are.
        self._last_result_history: list[int] | None = None

    # -- reading -------------------------------------------------------------
    @property
    def seating(self) -> Seating:
        """Which seat moves first in the current game."""
        return Seating.of(self.settings.first)

    def seat_of_side(self, side: int) -> str:
        """The seat that plays engine side ``side`` (0 moves first)."""
        return self.seating.mark_of_side(side)

    @property
    def seat_to_move(self) -> str | None:
        """The seat to move, or ``None`` when the game is over."""
        if self.forfeited is not None or self.board.is_game_over():
            return None
        return self.seat_of_side(self.board.side)

    def is_human(self, seat: str) -> bool:
        return self.players[seat] is None

    @property
    def human_count(self) -> int:
        return sum(self.is_human(seat) for seat in SEATS)

    @property
    def is_thinking(self) -> bool:
        return self._turns.is_thinking

    def display_name(self, seat: str) -> str:
        """How the status bar and banner call a player."""
        return game_texts.display_name(self, seat)

    def result(self) -> str | None:
        """``"x"``, ``"o"`` or ``"draw"`` once the game is over (a forfeit ends it too)."""
        if self.forfeited is not None:
            return "o" if self.forfeited[0] == "x" else "x"
        outcome = self.board.outcome()
        if outcome is None:
            return None
        return self.seating.mark_of(outcome.winner) or "draw"

    def result_text(self) -> str:
        """A sentence for the game-over banner."""
        return game_texts.result_text(self)

    def turn_text(self) -> str:
        """What the status bar says about whose turn it is."""
        return game_texts.turn_text(self)

    def last_move_search(self) -> tuple[str, SearchResult] | None:
        """``(seat, result)`` of the search that chose the last move on the board, or
        ``None`` when that move was a human's (or no move is on the board)."""
        if self.last_result is None or self._last_result_history != self.board.history:
            return None
        return self.seat_of_side((len(self.board.history) - 1) & 1), self.last_result

    def can_undo(self) -> bool:
        """True when there is a human move to take back."""
        history = self.board.history
        return any(self.is_human(self.seat_of_side(ply & 1)) for ply in range(len(history)))

    def can_redo(self) -> bool:
        return bool(self._redo) and self.human_count > 0

    def can_hint(self) -> bool:
        seat = self.seat_to_move
        return seat is not None and self.is_human(seat)

    def snapshot(self) -> BoardSnapshot:
        """The picture the board widget paints."""
        seat, hint = self.seat_to_move, self._hints.move
        return BoardSnapshot.of_game(
            self.board,
            self.seating,
            {s: self.settings.side(s).mark for s in SEATS},
            seat,
            accepts_input=seat is not None and self.is_human(seat),
            hint=(hint.row, hint.col) if hint else None,
        )

    # -- starting games --------------------------------------------------------
    @Slot()
    def new_game(self, settings: GameSettings | None = None) -> None:
        """Start a game from ``settings`` (or the current ones)."""
        settings = self.settings if settings is None else settings
        self._begin(Board(settings.config()), settings)

    def load_game(self, game: SavedGame, settings: GameSettings | None = None) -> None:
        """Continue a saved game (already validated by :meth:`SavedGame.from_json`), with
        its own settings or ``settings`` (the players the user allowed to run)."""
        self._begin(game.board(), settings or GameSettings.from_saved_game(game))

    def saved_game(self) -> SavedGame:
        """The current game, for saving."""
        return self.settings.saved_game(self.board)

    def apply_cosmetics(self, settings: GameSettings) -> None:
        """Take marks and names from ``settings`` now; they don't change the game."""
        sides = {
            seat: replace(self.settings.side(seat), mark=settings.side(seat).mark, name=settings.side(seat).name)
            for seat in SEATS
        }
        self.settings = replace(self.settings, x=sides["x"], o=sides["o"])
        self.snapshot_changed.emit(self.snapshot())
        self.state_changed.emit()

    # -- watching AI-vs-AI (pace, pause, one step): see AiTurns ---------------------
    def set_move_delay(self, seconds: float) -> None:
        """The pause between two AI moves, so AI-vs-AI games are watchable."""
        self._turns.set_move_delay(seconds)

    @property
    def is_paused(self) -> bool:
        return self._turns.is_paused

    def set_paused(self, paused: bool) -> None:
        """Hold AI moves after the current one (watch mode), or let them go on."""
        self._turns.set_paused(paused)

    def step(self) -> bool:
        """While paused, let the AI to move make exactly one move; False if it can't."""
        return self._turns.step()

    def shutdown(self) -> None:
        """Cancel any search and stop the worker thread."""
        self._turns.forget()
        self._hints.forget()
        self._search.stop()

    def _build_players(self) -> None:
        self._hints.forget_player()
        self._search.forget_players()  # the last game's external engines end here
        for seat in SEATS:
            self.players[seat] = self._make_player(seat, self.settings.side(seat))
        if self.auto_warm_up and any(p is not None and runs_in_engine_process(p) for p in self.players.values()):
            self._search.warm_up()  # the engine process starts while the human thinks

    def _make_player(self, seat: str, side: SideSettings) -> Player | None:
        if side.is_human:
            return None
        note = depth_cap_note(side.kind, side.depth, self.board.config, side.extra)
        if note:
            self.message.emit(self.tr("{0}: {1}").format(seat.upper(), note))
        try:
            spec = player_spec(side.kind, side.depth, side.time, self.board.config, side.extra)
            # An engine's program and board shape, up front; it is started only to play
            # (never on this thread), so a board it refuses shows as its first move's forfeit.
            check_playable(self.board.config, spec, ask_engines=False)
            return make_player(spec)
        except PlayerSpecError as error:
            self.error.emit(
                self.tr("{0}: {1} is not available ({2}); Random plays instead.").format(
                    seat.upper(), kind_label(side.kind), error
                )
            )
            return make_player(PlayerSpec("random"))

    def _begin(self, board: Board, settings: GameSettings) -> None:
        """Drop the old game's searches, then play ``board`` under ``settings``."""
        self._invalidate()
        self.settings = settings
        self.board = board
        self._build_players()
        self._redo.clear()
        self.last_result = None
        self._hints.forget()
        self.game_started.emit()
        self.snapshot_changed.emit(self.snapshot())
        self.state_changed.emit()
        self._advance(after_ai=False)

    # -- playing -----------------------------------------------------------------
    @Slot(int, int)
    def play(self, row: int, col: int) -> bool:
        """A human's click on a cell. Illegal clicks only produce a message."""
        seat = self.seat_to_move
        if seat is None:
            self.message.emit(self.tr("The game is over. Start a new game to play again."))
            return False
        if not self.is_human(seat):
            name = self.display_name(seat)
            self.message.emit(self.tr("Please wait: it's {0}'s turn.").format(name))
            return False
        move = Move(row, col)
        if not (0 <= row < self.board.config.rows and 0 <= col < self.board.config.cols):
            self.message.emit(self.tr("That cell is off the board."))
            return False
        if not self.board.is_legal(move):
            self.message.emit(self.tr("That cell is taken: choose an empty one."))
            return False
        self._hints.cancel()
        self._redo.clear()
        self._push(move)
        self._advance(after_ai=False)
        return True

    @Slot()
    def undo(self) -> None:
        """Take back moves until it is a human's turn again, after a human move."""
        if not self.can_undo():
            return
        self._invalidate()
        while True:
            self._redo.append(self.board.history[-1])
            self.board.pop()
            if self.is_human(self.seat_of_side(self.board.side)):
                break
        self._changed()
        self._advance(after_ai=False)

    @Slot()
    def redo(self) -> None:
        """Replay undone moves up to the next human turn."""
        if not self.can_redo():
            return
        self._invalidate()
        while self._redo:
            self.board.push_index(self._redo.pop())
            if self.board.is_game_over() or self.is_human(self.seat_of_side(self.board.side)):
                break
        self._changed()
        self._advance(after_ai=False)

    @Slot()
    def request_hint(self) -> None:
        """Ask the perfect engine for the best move of the human to move."""
        if not self.can_hint():
            self.message.emit(self.tr("Hints are for a human's turn."))
            return
        self._hints.request()

    def _push(self, move: Move) -> None:
        seat = self.seat_of_side(self.board.side)
        self.board.push(move)
        self._hints.move = None
        self.move_played.emit(seat, move.row, move.col)
        self._changed()

    def _ai_to_move(self) -> str | None:
        """The AI seat to move, or ``None`` on a human's turn or once the game is over."""
        seat = self.seat_to_move
        return None if seat is None or self.is_human(seat) else seat

    def _move_request(self) -> SearchRequest | None:
        """The search for the move of the AI to move, on a copy of the board."""
        seat = self._ai_to_move()
        player = self.players[seat] if seat is not None else None
        return None if player is None else SearchRequest(self.board.copy(), player)

    @Slot(object)
    def _on_hint_found(self, move: Move) -> None:
        self.snapshot_changed.emit(self.snapshot())
        self.hint_ready.emit(move.row, move.col)

    def _changed(self) -> None:
        self.snapshot_changed.emit(self.snapshot())
        self.state_changed.emit()

    def _advance(self, after_ai: bool) -> None:
        """Announce the end, or let an AI move (after a pause between AI moves)."""
        result = self.result()
        if result is not None:
            self.state_changed.emit()
            self.game_over.emit(result)
            return
        seat = self.seat_of_side(self.board.side)
        if not self.is_human(seat):
            self._turns.schedule(seat, after_ai)

    @Slot(object, object)
    def _on_search_finished(self, request: SearchRequest, result: SearchResult) -> None:
        if self._hints.take_result(request, result):
            return
        if not self._turns.take(request):
            self.dropped_results += 1
            return
        seat = self.seat_of_side(self.board.side)
        self.thinking_stopped.emit()
        if result.move is None or not self.board.is_legal(result.move):
            self.error.emit(self.tr("{0} returned an illegal move {1!r}.").format(self.display_name(seat), result.move))
            self.state_changed.emit()
            return
        self.last_result = result
        self._last_result_history = [*self.board.history, result.move.index(self.board.config.cols)]
        self._redo.clear()
        self._push(result.move)
        self.ai_moved.emit(seat, result)
        self._advance(after_ai=True)

    @Slot(object, str)
    def _on_search_failed(self, request: SearchRequest, message: str) -> None:
        if self._hints.take_failure(request, message):
            return
        if not self._turns.take(request):
            self.dropped_results += 1
            return
        self.thinking_stopped.emit()
        seat = self.seat_of_side(self.board.side)
        _, forfeit, reason = message.partition(FORFEIT_PREFIX)
        if forfeit:  # an external engine or plugin broke the rules: it loses the game
            self.forfeited = (seat, reason)
            self.error.emit(self.tr("{0} forfeits: {1}.").format(self.display_name(seat), reason))
            self._advance(after_ai=True)
            return
        self.error.emit(
            self.tr("{0} could not move: {1}. Undo or start a new game.").format(self.display_name(seat), message)
        )
        self.state_changed.emit()

    def _invalidate(self) -> None:
        """Forget every running search: their answers are for another position."""
        self.forfeited = None  # a new game, Undo or Redo: a forfeit no longer stands
        was_thinking = self.is_thinking
        self._turns.forget()
        self._search.cancel_all()
        self._hints.forget()
        if was_thinking:
            self.thinking_stopped.emit()
