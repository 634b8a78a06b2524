"""What is worked out once per position of a loaded game and then shared.

The reply's buttons, the narration of the next action, autocomplete and the next button press all
need the deciding seat's legal moves, and whether the table may see them. Each is computed once per
position and kept in the loaded game's memo (``GameService.position_memo``), which is emptied
whenever the state changes. Without a memo (a position that is not the loaded game's current one)
everything is simply computed.
"""

from __future__ import annotations

from typing import Any

from rules.core import Action, BaseState, GameSystem

Memo = dict[Any, Any]
"""What was computed for one position of one game, by key."""


def legal_moves(system: GameSystem, state: BaseState, seat: int, memo: Memo | None = None) -> list[Action]:
    """``legal(state, seat)``, once per position."""
    if memo is None:
        return system.legal(state, seat)
    key = ("legal", seat)
    if key not in memo:
        memo[key] = system.legal(state, seat)
    return memo[key]


def public_moves(system: GameSystem, state: BaseState, seat: int, memo: Memo | None = None) -> list[Action] | None:
    """``public_choices(state, seat)`` (None: the seat chooses in private), once per position."""
    key = ("public", seat)
    if memo is not None and key in memo:
        return memo[key]
    moves = system.public_choices(state, seat, legal_moves(system, state, seat, memo))
    if memo is not None:
        memo[key] = moves
    return moves
