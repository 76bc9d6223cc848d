"""Which player is MAX and which is MIN in a traced position, for colours and words.

Plain Python. The traced board knows the side to move at the root (MAX); the
game's :class:`~tictactoe_qt.engine.text.side_names.SideNames` (the one owner of
mark<->side) says which player plays it and how it is written. The views
colour MAX and MIN nodes with those players' mark colours and name them in
legends and tooltips. A textbook tree has no players: it has no
:class:`RoleSides` and keeps neutral colours.
"""

from __future__ import annotations

from dataclasses import dataclass

from tictactoe_qt.engine.game import Mark, other
from tictactoe_qt.engine.text import SideNames


@dataclass(frozen=True)
class RoleSides:
    """The players behind MAX and MIN.

    Attributes:
        max_seat: the player (``"x"``/``"o"``, the seat whose colour it has) who is MAX.
        min_seat: the player who is MIN.
        max_name: how MAX's player is written (``"O"``, ``"🐶"``).
        min_name: how MIN's player is written.
    """

    max_seat: Mark
    min_seat: Mark
    max_name: str
    min_name: str

    @classmethod
    def of(cls, max_side: Mark, names: SideNames) -> RoleSides:
        """MAX is the board's side ``max_side`` (the side to move at the root)."""
        min_side = other(max_side)
        return cls(names.mark(max_side), names.mark(min_side), names.name(max_side), names.name(min_side))

    def seat(self, is_max: bool) -> Mark:
        """The player of a MAX (``True``) or MIN node."""
        return self.max_seat if is_max else self.min_seat

    def role(self, is_max: bool) -> str:
        """``"MAX (O)"``: the role and the player it is."""
        return f"MAX ({self.max_name})" if is_max else f"MIN ({self.min_name})"

    def player(self, is_max: bool) -> str:
        """``"O (MAX)"``: the player, then the role it has in the tree."""
        return f"{self.max_name} (MAX)" if is_max else f"{self.min_name} (MIN)"

    def legend(self) -> tuple[str, str]:
        """The two legend entries: ``("MAX = O (to move)", "MIN = X")``."""
        return f"MAX = {self.max_name} (to move)", f"MIN = {self.min_name}"


def role_word(is_max: bool, roles: RoleSides | None) -> str:
    """``"MAX"``/``"MIN"``, with the player when the tree has players."""
    if roles is None:
        return "MAX" if is_max else "MIN"
    return roles.role(is_max)


def player_word(is_max: bool, roles: RoleSides | None) -> str:
    """``"O (MAX)"`` when the tree has players, else ``"MAX"``/``"MIN"``."""
    if roles is None:
        return "MAX" if is_max else "MIN"
    return roles.player(is_max)


__all__ = ["RoleSides", "player_word", "role_word"]
