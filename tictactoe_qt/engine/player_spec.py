"""Player specs: ``"minimax:depth=5"``, ``"perfect:time=0.5"``, ``"random"``."""

from __future__ import annotations

from dataclasses import dataclass

from .excerpt import excerpt

PLAYER_KINDS = ("human", "random", "minimax", "alphabeta", "average", "perfect", "mcts")
#: The kinds that play without a person (simulations, tournaments, searches).
COMPUTER_KINDS = tuple(kind for kind in PLAYER_KINDS if kind != "human")
#: Options each kind accepts, with their types.
OPTIONS: dict[str, dict[str, type]] = {
    "human": {},
    "random": {},
    "minimax": {"depth": int},
    "alphabeta": {"depth": int},
    "average": {"depth": int},
    "perfect": {"time": float, "depth": int},
    "mcts": {"iterations": int, "time": float},
}
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

    def __post_init__(self) -> None:
        if self.kind not in PLAYER_KINDS:
            raise PlayerSpecError(
                f"unknown player {excerpt(self.kind)}; choose from {', '.join(PLAYER_KINDS)}"
            )
        if self.depth is not None and self.depth < 1:
            raise PlayerSpecError(f"depth must be 1 or more (or unlimited), got {self.depth}")
        if not MIN_TIME <= self.time <= MAX_TIME:
            raise PlayerSpecError(f"time must be from {MIN_TIME} to {MAX_TIME} s, got {self.time}")
        if self.iterations is not None and self.iterations < 1:
            raise PlayerSpecError(f"iterations must be 1 or more, got {self.iterations}")

    @classmethod
    def parse(cls, text: str, *, computer_only: bool = False) -> PlayerSpec:
        """Parse ``kind[:opt=value[,opt=value]]``; ``depth=0`` or ``inf`` mean unlimited.

        Args:
            text: the spec.
            computer_only: refuse ``human`` (and list only computer players in
                errors), for games nobody sits at.

        Raises:
            PlayerSpecError: an unknown kind or option, a bad value, or a human
                where only computer players may play.
        """
        head, _, tail = text.strip().partition(":")
        kind = _ALIASES.get(head.lower(), head.lower())
        kinds = COMPUTER_KINDS if computer_only else PLAYER_KINDS
        if computer_only and kind == "human":
            raise PlayerSpecError(human_refused())
        if kind not in kinds:
            raise PlayerSpecError(
                f"unknown player {excerpt(head)} in {excerpt(text)}; choose from {', '.join(kinds)}"
            )
        values: dict[str, object] = {}
        for item in filter(None, (part.strip() for part in tail.split(","))):
            name, eq, raw = item.partition("=")
            name = name.strip().lower()
            if not eq or name not in OPTIONS[kind]:
                allowed = ", ".join(OPTIONS[kind]) or "none"
                raise PlayerSpecError(
                    f"bad option {excerpt(item)} for {kind} in {excerpt(text)}; options: {allowed}"
                )
            raw = raw.strip().lower()
            try:
                if name == "depth" and raw in ("0", "inf", "unlimited", "none"):
                    values[name] = None
                else:
                    values[name] = OPTIONS[kind][name](raw)
            except ValueError:
                raise PlayerSpecError(f"bad value {excerpt(raw)} for {name} in {excerpt(text)}") from None
        return cls(kind, **values)  # type: ignore[arg-type]

    def require_computer(self) -> PlayerSpec:
        """This spec, checked to name a computer player.

        Raises:
            PlayerSpecError: it names a human.
        """
        if self.kind == "human":
            raise PlayerSpecError(human_refused())
        return self

    def __str__(self) -> str:
        opts = []
        if "depth" in OPTIONS[self.kind] and self.depth is not None:
            opts.append(f"depth={self.depth}")
        if "time" in OPTIONS[self.kind] and self.time != DEFAULT_TIME:
            opts.append(f"time={self.time:g}")
        if self.iterations is not None:
            opts.append(f"iterations={self.iterations}")
        return self.kind + (":" + ",".join(opts) if opts else "")


def human_refused() -> str:
    """The message for a human where only computer players can play."""
    return (
        "human players can only play in the window; "
        f"choose a computer player: {', '.join(COMPUTER_KINDS)}"
    )
