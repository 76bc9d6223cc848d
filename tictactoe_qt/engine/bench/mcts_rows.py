"""Benchmark rows of our MCTS against OpenSpiel's Python ``MCTSBot``.

They run only where ``open-spiel`` is installed (the optional ``bench`` extra:
``pip install 'tictactoe-qt[bench]'``); elsewhere they are skipped with a
note. Games alternate sides; both players get the same iterations per move.
OpenSpiel's bot is its default: ``solve=True``, ``uct_c=2``, one random
rollout per leaf. An OpenSpiel action is the cell ``row * cols + col``.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
import time
from typing import Any

from ..game.board import Board
from ..game.config import GameConfig
from ..text.durations import duration_text
from .rows import BenchRow
from .search_rows import BenchSettings

#: Iterations per move on 3x3 (each side), and games.
SMALL_ITERATIONS = 1_000
SMALL_GAMES = 100
#: Iterations per move on 7x7 k=5, and games.
BIG_ITERATIONS = 1_000
BIG_GAMES = 40
INSTALL_NOTE = "skipped: open-spiel is not installed (pip install 'tictactoe-qt[bench]')"


def _openspiel_missing(row: BenchRow) -> bool:
    if importlib.util.find_spec("pyspiel") is None:
        row.skipped = True
        row.note = INSTALL_NOTE
        return True
    return False


def _openspiel_bot(config: GameConfig, iterations: int, seed: int) -> tuple[Any, Any]:
    """(game, bot): OpenSpiel's default Python MCTSBot for ``config``."""
    # Imported by name: optional packages, absent where the type checker runs.
    np = importlib.import_module("numpy")
    pyspiel = importlib.import_module("pyspiel")
    mcts = importlib.import_module("open_spiel.python.algorithms.mcts")

    if (config.rows, config.cols, config.k) == (3, 3, 3):
        game = pyspiel.load_game("tic_tac_toe")
    else:
        game = pyspiel.load_game("mnk", {"m": config.cols, "n": config.rows, "k": config.k})
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bot = mcts.MCTSBot(game, 2.0, iterations, evaluator, solve=True, random_state=rng)
    return game, bot


def play_match(config: GameConfig, games: int, iterations: int, seed: int = 11) -> dict[str, int]:
    """``{"wins", "draws", "losses"}`` of our MCTS against OpenSpiel's, sides alternating."""
    from ..search.mcts import MctsTree, mcts_search

    tally = {"wins": 0, "draws": 0, "losses": 0}
    for number in range(games):
        game, bot = _openspiel_bot(config, iterations, seed + number)
        rng = random.Random(seed + number)
        tree = MctsTree()  # our player keeps its tree between moves, as in a game
        ours = number % 2  # our side: X in even games
        board = Board(config)
        state = game.new_initial_state()
        while not board.is_game_over():
            if board.side == ours:
                move = mcts_search(board, iterations=iterations, rng=rng, tree=tree).move
                assert move is not None
                cell = move.row * config.cols + move.col
            else:
                cell = int(bot.step(state))
            board.push_index(cell)
            state.apply_action(cell)
        outcome = board.outcome()
        winner = None if outcome is None else outcome.result
        if winner in (None, "draw"):
            tally["draws"] += 1
        elif winner == "xo"[ours]:
            tally["wins"] += 1
        else:
            tally["losses"] += 1
    return tally


def _match_row(
    settings: BenchSettings, config: GameConfig, games: int, iterations: int, work: str, target: str, goal_met: Any
) -> BenchRow:
    row = BenchRow(work, target)
    if _openspiel_missing(row):
        return row
    if settings.quick:
        games, iterations = 2, min(iterations, 100)
        row.note = f"--quick: {games} games at {iterations} iterations"
    began = time.perf_counter()
    tally = play_match(config, games, iterations)
    row.ours = f"{tally['wins']}-{tally['draws']}-{tally['losses']} (W-D-L)"
    if not settings.quick:
        row.met = goal_met(tally)
        row.note = f"{duration_text(time.perf_counter() - began)}"
    row.figures = {**tally, "games": games, "iterations": iterations}
    return row


def versus_openspiel_3x3(settings: BenchSettings) -> BenchRow:
    return _match_row(
        settings,
        GameConfig(3, 3, 3),
        SMALL_GAMES,
        SMALL_ITERATIONS,
        f"MCTS vs OpenSpiel MCTSBot (solve=True, uct_c=2), 3x3, {SMALL_GAMES} games, "
        f"{SMALL_ITERATIONS:,} iterations each",
        "no loss",
        lambda tally: tally["losses"] == 0,
    )


def versus_openspiel_7x7(settings: BenchSettings) -> BenchRow:
    return _match_row(
        settings,
        GameConfig(7, 7, 5),
        BIG_GAMES,
        BIG_ITERATIONS,
        f"MCTS vs OpenSpiel MCTSBot, 7x7 k=5, {BIG_GAMES} games, {BIG_ITERATIONS:,} iterations each",
        "more wins than losses",
        lambda tally: tally["wins"] > tally["losses"],
    )


def cost_per_iteration(settings: BenchSettings) -> BenchRow:
    from ..search.mcts import mcts_search

    row = BenchRow("MCTS CPU time per iteration, empty 7x7 k=5, against OpenSpiel-py's", "<= 1/5")
    if _openspiel_missing(row):
        return row
    config = GameConfig(7, 7, 5)
    iterations = 200 if settings.quick else 2_000
    began = time.process_time()
    mcts_search(Board(config), iterations=iterations, rng=random.Random(1))
    ours = (time.process_time() - began) / iterations
    game, bot = _openspiel_bot(config, iterations, 1)
    began = time.process_time()
    bot.step(game.new_initial_state())
    theirs = (time.process_time() - began) / iterations
    ratio = ours / theirs
    row.ours = f"{duration_text(ours)} per iteration (1/{1 / ratio:.1f} of OpenSpiel's)"
    row.competent = f"OpenSpiel-py: {duration_text(theirs)} per iteration"
    row.competent_speedup = 1 / ratio
    row.met = ratio <= 0.2
    row.figures = {"our_seconds": ours, "openspiel_seconds": theirs, "ratio": ratio, "iterations": iterations}
    return row
