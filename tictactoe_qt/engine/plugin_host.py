"""The child process a plugin plays in: ``python -m tictactoe_qt.engine.plugin_host NAME OPTIONS``.

It speaks JSON lines with :class:`~.plugin_player.PluginPlayer`: first
``{"ready": name}`` (or ``{"error": why}``), then for each request
``{"cells": ..., "to_move": ..., "k": ...}`` one answer, ``{"move": [row, col]}``
or ``{"error": why}``. Whatever the plugin prints goes to stderr (the log),
never into the answers.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from typing import Any

from .plugins import discovered_plugins, load_factory


def main(argv: list[str]) -> int:
    name, options = argv[0], json.loads(argv[1])
    answers = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)  # the plugin's print() lands in stderr
    sys.stdout = sys.stderr

    def say(message: dict[str, Any]) -> None:
        answers.write(json.dumps(message) + "\n")
        answers.flush()

    try:
        info = discovered_plugins()[name]
        if info.error:
            raise RuntimeError(info.error)
        bot: Any = load_factory(info)(**options)
    except Exception as error:  # noqa: BLE001 - reported as the plugin's fault
        traceback.print_exc()
        say({"error": f"could not start: {_describe(error)}"})
        return 1
    say({"ready": str(getattr(bot, "name", "") or name)})
    for line in sys.stdin:
        request = json.loads(line)
        try:
            answer = bot.choose_move(request["cells"], request["to_move"], request["k"])
        except Exception as error:  # noqa: BLE001
            traceback.print_exc()
            say({"error": f"raised {_describe(error)}"})
            continue
        if (
            isinstance(answer, (tuple, list)) and len(answer) == 2
            and all(type(part) is int for part in answer)
        ):
            say({"move": list(answer)})
        else:
            say({"bad": _cut(repr(answer))})
    return 0


def _describe(error: BaseException) -> str:
    return _cut(f"{type(error).__name__}: {error}")


def _cut(text: str, limit: int = 120) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
