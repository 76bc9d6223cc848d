"""The child process a plugin plays in: ``python -m tictactoe_qt.engine.players.plugin_host NAME OPTIONS``.

It speaks JSON lines with :class:`~.plugin_player.PluginPlayer`: first
``{"ready": name}`` (or ``{"error": why}``), then for each request
``{"cells": ..., "to_move": ..., "k": ...}`` one answer: ``{"move": [row, col]}``,
``{"outside": [row_text, col_text]}`` (a cell far off the board, its numbers
as text), ``{"bad": repr_text}`` or ``{"error": why}``. Whatever the plugin
prints goes to stderr (the log), never into the answers.

The plugin is imported here, never in the program that asked for it, and
within :func:`~.plugins.load_seconds`: one that takes longer is answered
``{"error": "did not load within N s"}`` and this process ends. Whatever the
plugin does at import or in a move (raise, ``sys.exit``) becomes one line in
an answer; its own traceback goes to stderr, for its author.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import traceback
from collections.abc import Callable
from typing import Any, NoReturn

from .plugins import discovered_plugins, load_factory, load_seconds

#: Whole numbers past this size are not sent as a move (JSON readers differ on them).
_LARGEST_SENT = 10**12


def main(argv: list[str]) -> int:
    name, options = argv[0], json.loads(argv[1])
    # Our pipes get descriptors of their own; the plugin's print() and input()
    # meet stderr and an empty stdin, never the answers or the requests.
    answers = os.fdopen(os.dup(1), "w", encoding="utf-8")
    requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    sys.stdin = open(os.devnull, encoding="utf-8")
    said = threading.Lock()

    def say(message: dict[str, Any]) -> None:
        with said:
            answers.write(json.dumps(message) + "\n")
            answers.flush()

    def leave(status: int) -> NoReturn:
        """End now: a plugin's threads, or an import still running, must not keep us alive."""
        for stream in (answers, sys.stderr, sys.__stderr__):
            try:
                if stream is not None:
                    stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(status)

    bot, bot_name, failure = _load_in_time(name, options, say, leave)
    if failure is not None:
        say({"error": failure})
        leave(1)
    say({"ready": bot_name})
    for line in requests:
        request = json.loads(line)
        say(_answer(bot, request))
    return 0


def _load_in_time(
    name: str, options: dict[str, str], say: Callable[[dict[str, Any]], None], leave: Callable[[int], NoReturn]
) -> tuple[Any, str, str | None]:
    """Import the plugin, build its bot and read its name, within :func:`load_seconds`.

    Returns:
        ``(bot, its name, None)``, or ``(None, name, why)`` when the plugin is
        broken, raised, or called ``sys.exit`` while loading. One that takes
        longer than the limit is not waited for: this process says so and ends.
    """
    limit = load_seconds()
    decided = threading.Lock()  # held by whoever settles the outcome: the load or the limit

    def give_up() -> None:
        if decided.acquire(blocking=False):
            say({"error": f"did not load within {limit:g} s"})
            leave(1)

    timer = threading.Timer(limit, give_up)
    timer.daemon = True
    timer.start()
    bot: Any = None
    bot_name = name
    failure: str | None = None
    try:
        info = discovered_plugins()[name]
        if info.error:
            failure = f"could not start: {info.error}"
        else:
            bot = load_factory(info)(**options)
            bot_name = str(getattr(bot, "name", "") or name)  # a property is plugin code too
    except KeyboardInterrupt:
        raise
    except SystemExit as stop:
        failure = f"{_exit_text(stop)} while loading"
    except BaseException as error:  # noqa: BLE001 - whatever the plugin raises is its fault
        traceback.print_exc()
        failure = f"could not start: {_describe(error)}"
    if not decided.acquire(blocking=False):
        threading.Event().wait()  # the limit passed just now: give_up is saying so and ending
    timer.cancel()
    return bot, bot_name, failure


def _answer(bot: Any, request: dict[str, Any]) -> dict[str, Any]:
    """The bot's answer to one request, checked; its faults said in one line."""
    cells = request["cells"]
    try:
        answer = bot.choose_move(cells, request["to_move"], request["k"])
    except KeyboardInterrupt:
        raise
    except SystemExit as stop:
        return {"error": f"{_exit_text(stop)} during its move"}
    except BaseException as error:  # noqa: BLE001 - reported as the plugin's fault
        traceback.print_exc()
        return {"error": f"raised {_describe(error)}"}
    try:
        if not (isinstance(answer, (tuple, list)) and len(answer) == 2 and all(type(part) is int for part in answer)):
            return {"bad": _cut(_safe_repr(answer))}
        row, col = int(answer[0]), int(answer[1])
    except KeyboardInterrupt:
        raise
    except BaseException:  # noqa: BLE001 - a pair whose len() or items raise
        return {"bad": _cut(f"something ({type(answer).__name__}) that could not be read")}
    if 0 <= row < len(cells) and 0 <= col < len(cells[0]):
        return {"move": [row, col]}
    if abs(row) < _LARGEST_SENT and abs(col) < _LARGEST_SENT:
        return {"move": [row, col]}  # off the board: the player says so
    return {"outside": [_number_text(row), _number_text(col)]}


def _number_text(number: int) -> str:
    """``number`` in digits, or its length when it is too long to print."""
    if abs(number) < _LARGEST_SENT:
        return str(number)
    digits = int(number.bit_length() * 0.30103) + 1  # log10(2): about right, never printed
    return f"{'-' if number < 0 else ''}a {digits:,}-digit number"


def _exit_text(stop: SystemExit) -> str:
    code = stop.code
    return "called sys.exit()" if code is None else f"called sys.exit({_cut(_safe_repr(code), 40)})"


def _safe_repr(value: object) -> str:
    try:
        return repr(value)
    except KeyboardInterrupt:
        raise
    except BaseException:  # noqa: BLE001 - a repr that raises, or an int too long to print
        return f"something ({type(value).__name__}) that cannot be shown"


def _describe(error: BaseException) -> str:
    try:
        message = str(error)
    except KeyboardInterrupt:
        raise
    except BaseException:  # noqa: BLE001 - an exception whose message itself raises
        message = "(its message cannot be shown)"
    return _cut(f"{type(error).__name__}: {message}")


def _cut(text: str, limit: int = 120) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
