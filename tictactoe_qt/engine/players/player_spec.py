"""Player specs: ``"minimax:depth=5"``, ``"perfect:time=0.5"``, ``"random"``.

Two more doors: ``engine:path=/path/to/pbrain-x[,time=S]`` plays an external
Gomocup engine, and the name of an installed plugin (see :mod:`.plugins`)
plays that Python bot, e.g. ``mybot:depth=3,style=sharp``. Both take ``time``
as the limit per move (the player forfeits past it, plus a grace); a
plugin's other options go to its factory as strings.

The depth searchers take two more kinds of option. ``depth=A-B`` (minimax,
alphabeta, average) draws a depth from A to B, both included, for each move
from the player's seeded generator: ``minimax:depth=1-10``. The textbook
options ``ordering``, ``scoring``, ``evaluation`` and ``form`` (minimax,
alphabeta; :mod:`.textbook_options`) make the player search exactly as
``tictactoe-qt search`` does with the same options, node for node;
``alphabeta:ordering=table`` searches with a transposition table (the trace's
``alphabeta-tt``). Without them the player keeps the engine's fast search.

An engine's path is everything after ``path=`` up to an optional final
``,time=S``, so paths may hold commas, colons and spaces as they are:
``engine:path=/opt/my,engine:v2/pbrain-x,time=2``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..excerpt import excerpt
from ..game.config import MAX_SIZE
from .plugins import discovered_plugins
from .textbook_options import CHOICES, OptionsError, TextbookOptions

PLAYER_KINDS = ("human", "random", "minimax", "alphabeta", "average", "perfect", "mcts", "engine")
#: The kinds that play without a person (simulations, tournaments, searches).
COMPUTER_KINDS = tuple(kind for kind in PLAYER_KINDS if kind != "human")
#: The textbook search options, with their choices (:class:`TextbookOptions`).
TEXTBOOK_CHOICES = CHOICES
#: The kinds that take the textbook options.
TEXTBOOK_KINDS = ("minimax", "alphabeta")
#: The kinds that take a random depth range, ``depth=A-B``.
DEPTH_RANGE_KINDS = ("minimax", "alphabeta", "average")
#: The deepest depth a range may reach: the cells of the largest board.
MAX_RANGE_DEPTH = MAX_SIZE * MAX_SIZE
_TEXTBOOK_OPTIONS: dict[str, type] = dict.fromkeys(TEXTBOOK_CHOICES, str)
#: Options each kind accepts, with their types.
OPTIONS: dict[str, dict[str, type]] = {
    "human": {},
    "random": {},
    "minimax": {"depth": int, **_TEXTBOOK_OPTIONS},
    "alphabeta": {"depth": int, **_TEXTBOOK_OPTIONS},
    "average": {"depth": int},
    "perfect": {"time": float, "depth": int},
    "mcts": {"iterations": int, "time": float},
    "engine": {"path": str, "time": float},
}
#: Options every plugin takes besides its own (which are free-form strings).
PLUGIN_OPTIONS: dict[str, type] = {"time": float}
_ENGINE_TAIL = re.compile(
    r"\s*(?:time=(?P<before>[^,]*),\s*)?path=(?P<path>.*?)(?:,\s*time=(?P<after>[0-9.eE+-]+))?\s*",
    re.IGNORECASE | re.DOTALL,
)
_DEPTH_RANGE = re.compile(r"(?P<low>[0-9]{1,9})\s*-\s*(?P<high>[0-9]{1,9})")
_ALIASES = {"alpha-beta": "alphabeta", "ab": "alphabeta", "alpha_beta": "alphabeta"}
MIN_TIME, MAX_TIME = 0.05, 60.0
DEFAULT_TIME = 1.0


class PlayerSpecError(ValueError):
    """A player spec that names no player or has a bad option."""


@dataclass(frozen=True)
class PlayerSpec:
    """Which player, with its options. ``depth=None`` means unlimited."""

    kind: str = "perfect"
    depth: int | None = None
    time: float = DEFAULT_TIME
    iterations: int | None = None
    #: The external engine's program (``engine`` only).
    path: str | None = None
    #: A plugin's own options, as ``(name, value)`` strings in the order given.
    options: tuple[tuple[str, str], ...] = ()
    #: ``depth=A-B``: a depth drawn from A to B (both included) for each move.
    depth_range: tuple[int, int] | None = None
    #: The textbook search options; ``None`` keeps the engine's own, faster search.
    textbook: TextbookOptions | None = None

    def __post_init__(self) -> None:
        if self.kind not in PLAYER_KINDS and self.kind not in discovered_plugins():
            raise PlayerSpecError(f"unknown player {excerpt(self.kind)}; choose from {', '.join(all_kinds())}")
        if self.kind == "engine" and not self.path:
            raise PlayerSpecError("an external engine needs its program: engine:path=/path/to/pbrain-x")
        if self.depth is not None and self.depth < 1:
            raise PlayerSpecError(f"depth must be 1 or more (or unlimited), got {self.depth}")
        if not MIN_TIME <= self.time <= MAX_TIME:
            raise PlayerSpecError(f"time must be from {MIN_TIME} to {MAX_TIME} s, got {self.time}")
        if self.iterations is not None and self.iterations < 1:
            raise PlayerSpecError(f"iterations must be 1 or more, got {self.iterations}")
        if self.depth_range is not None:
            self._check_depth_range(self.depth_range)
        if self.textbook is not None:
            self._check_textbook(self.textbook)

    def _check_depth_range(self, depth_range: tuple[int, int]) -> None:
        low, high = depth_range
        shown = f"depth={low}-{high}"
        if self.kind not in DEPTH_RANGE_KINDS:
            raise PlayerSpecError(f"{shown}: a random depth is for {', '.join(DEPTH_RANGE_KINDS)}, not {self.kind}")
        if self.depth is not None:
            raise PlayerSpecError(f"{shown}: give one depth or one range, not both")
        if low < 1:
            raise PlayerSpecError(f"{shown}: a depth range starts at 1 or more (0 means unlimited)")
        if low > high:
            raise PlayerSpecError(f"{shown} runs backwards (write the smaller depth first: depth={high}-{low})")
        if high > MAX_RANGE_DEPTH:
            raise PlayerSpecError(
                f"{shown} goes past {MAX_RANGE_DEPTH}, the cells of the largest board ({MAX_SIZE}x{MAX_SIZE})"
            )

    def _check_textbook(self, textbook: TextbookOptions) -> None:
        if self.kind not in TEXTBOOK_KINDS:
            raise PlayerSpecError(
                f"ordering, scoring, evaluation and form are for {' and '.join(TEXTBOOK_KINDS)}, not {self.kind}"
            )
        if self.kind == "minimax" and textbook.ordering == "table":
            raise PlayerSpecError("the table ordering needs a transposition table: use alphabeta:ordering=table")

    @property
    def search_algorithm(self) -> str:
        """The traced search the textbook options run: ``alphabeta-tt`` for the table ordering."""
        if self.kind == "alphabeta" and self.textbook is not None and self.textbook.ordering == "table":
            return "alphabeta-tt"
        return self.kind

    @classmethod
    def parse(cls, text: str, *, computer_only: bool = False) -> PlayerSpec:
        """Parse ``kind[:opt=value[,opt=value]]``; ``depth=0`` or ``inf`` mean unlimited.

        ``depth=A-B`` is a random depth per move; ``ordering=...`` and the other
        textbook options choose the traced search (see the module's docstring).

        Args:
            text: the spec.
            computer_only: refuse ``human`` (and list only computer players in
                errors), for games nobody sits at.

        Raises:
            PlayerSpecError: an unknown kind or option, a bad value, or a human
                where only computer players may play.
        """
        head, _, tail = text.strip().partition(":")
        kind = _ALIASES.get(head.lower().strip(), head.lower().strip())
        kinds = COMPUTER_KINDS if computer_only else PLAYER_KINDS
        if computer_only and kind == "human":
            raise PlayerSpecError(human_refused())
        if kind == "engine":
            return cls._parse_engine(text, tail)
        if kind not in kinds and kind in discovered_plugins():
            return cls._parse_plugin(text, kind, tail)
        if kind not in kinds:
            choices = all_kinds(computer_only)
            raise PlayerSpecError(
                f"unknown player {excerpt(head)} in {excerpt(text)}; choose from {', '.join(choices)}"
            )
        values: dict[str, object] = {}
        textbook: dict[str, str] = {}
        for item in filter(None, (part.strip() for part in tail.split(","))):
            name, eq, raw = item.partition("=")
            name = name.strip().lower()
            if not eq or name not in OPTIONS[kind]:
                allowed = ", ".join(OPTIONS[kind]) or "none"
                raise PlayerSpecError(f"bad option {excerpt(item)} for {kind} in {excerpt(text)}; options: {allowed}")
            raw = raw.strip().lower()
            range_match = _DEPTH_RANGE.fullmatch(raw) if name == "depth" else None
            try:
                if name in TEXTBOOK_CHOICES:
                    textbook[name] = raw
                elif name == "depth" and raw in ("0", "inf", "unlimited", "none"):
                    values[name] = None
                elif range_match is not None:
                    values["depth_range"] = (int(range_match["low"]), int(range_match["high"]))
                else:
                    values[name] = OPTIONS[kind][name](raw)
            except ValueError:
                raise PlayerSpecError(f"bad value {excerpt(raw)} for {name} in {excerpt(text)}") from None
        try:
            if textbook:
                values["textbook"] = TextbookOptions.parse(**textbook)
            return cls(kind, **values)  # type: ignore[arg-type]
        except (OptionsError, PlayerSpecError) as error:
            raise PlayerSpecError(f"{error} in {excerpt(text)}") from None

    @classmethod
    def _parse_engine(cls, text: str, tail: str) -> PlayerSpec:
        match = _ENGINE_TAIL.fullmatch(tail)
        if match is None or not match["path"].strip():
            raise PlayerSpecError(f"an external engine is engine:path=/path/to/pbrain-x[,time=S], not {excerpt(text)}")
        raw_time = match["before"] if match["before"] is not None else match["after"]
        time = DEFAULT_TIME if raw_time is None else _float_option("time", raw_time, text)
        return cls("engine", time=time, path=match["path"].strip())

    @classmethod
    def _parse_plugin(cls, text: str, kind: str, tail: str) -> PlayerSpec:
        time = DEFAULT_TIME
        options: list[tuple[str, str]] = []
        for item in filter(None, (part.strip() for part in tail.split(","))):
            name, eq, raw = item.partition("=")
            name = name.strip()
            if not eq or not name.isidentifier():
                raise PlayerSpecError(
                    f"bad option {excerpt(item)} for {kind} in {excerpt(text)}; options are name=value"
                )
            if name.lower() == "time":
                time = _float_option("time", raw, text)
            else:
                options.append((name, raw.strip()))
        return cls(kind, time=time, options=tuple(options))

    @property
    def is_plugin(self) -> bool:
        """True for an installed Python plugin (not a built-in kind)."""
        return self.kind not in PLAYER_KINDS

    def require_computer(self) -> PlayerSpec:
        """This spec, checked to name a computer player.

        Raises:
            PlayerSpecError: it names a human.
        """
        if self.kind == "human":
            raise PlayerSpecError(human_refused())
        return self

    def __str__(self) -> str:
        time_text = f",time={self.time:g}" if self.time != DEFAULT_TIME else ""
        if self.kind == "engine":
            return f"engine:path={self.path}{time_text}"
        if self.is_plugin:
            opts = [f"{name}={value}" for name, value in self.options]
            if time_text:
                opts.append(time_text[1:])
            return self.kind + (":" + ",".join(opts) if opts else "")
        opts = []
        if "depth" in OPTIONS[self.kind] and self.depth is not None:
            opts.append(f"depth={self.depth}")
        if self.search_option_text():
            opts.append(self.search_option_text())
        if "time" in OPTIONS[self.kind] and self.time != DEFAULT_TIME:
            opts.append(f"time={self.time:g}")
        if self.iterations is not None:
            opts.append(f"iterations={self.iterations}")
        return self.kind + (":" + ",".join(opts) if opts else "")

    def search_option_text(self) -> str:
        """The random depth range and the textbook options as spec text ("" when none).

        E.g. ``depth=1-10,ordering=centre,scoring=textbook,evaluation=open-lines,form=textbook``:
        every textbook option is written out, so the text never reads as the fast search.
        """
        opts = []
        if self.depth_range is not None:
            opts.append(f"depth={self.depth_range[0]}-{self.depth_range[1]}")
        if self.textbook is not None:
            opts += [f"{name}={value}" for name, value in self.textbook.as_dict().items()]
        return ",".join(opts)


def all_kinds(computer_only: bool = False) -> tuple[str, ...]:
    """The built-in kinds (without ``human`` when ``computer_only``), then installed plugins."""
    builtins = COMPUTER_KINDS if computer_only else PLAYER_KINDS
    return builtins + tuple(sorted(discovered_plugins()))


def _float_option(name: str, raw: str, text: str) -> float:
    try:
        return float(raw.strip())
    except ValueError:
        raise PlayerSpecError(f"bad value {excerpt(raw.strip())} for {name} in {excerpt(text)}") from None


def human_refused() -> str:
    """The message for a human where only computer players can play."""
    return f"human players can only play in the window; choose a computer player: {', '.join(COMPUTER_KINDS)}"
