"""What is worked out once per position of a loaded game and then shared.

The reply's buttons, the narration of the next action, autocomplete and the next button press all
need the deciding seat's legal moves, and whether the table may see them. Each is computed once per
position and kept in the loaded game's memo (``GameService.position_memo``), which is emptied
whenever the state changes. Without a memo (a position that is not the loaded game's current one)
everything is simply computed.
"""

from __future__ import annotations

from typing import Any

import msgspec

from rules.core import Action, BaseState, GameSystem, Prompt

Memo = dict[Any, Any]
"""What was computed for one position of one game, by key."""


def prompts_of(system: GameSystem, state: BaseState, memo: Memo | None = None) -> list[Prompt]:
    """``pending(state)``, once per position (each caller gets a list of its own)."""
    if memo is None:
        return system.pending(state)
    prompts = memo.get("pending")
    if prompts is None:
        prompts = memo["pending"] = system.pending(state)
    return list(prompts)


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


def public_view(system: GameSystem, state: BaseState, memo: Memo | None = None) -> BaseState:
    """``view(state, None)``, what everyone may see, once per position (callers only read it)."""
    if memo is None:
        return system.view(state, None)
    shown = memo.get("view")
    if shown is None:
        shown = memo["view"] = system.view(state, None)
    return shown


def pack_memo(memo: Memo) -> Memo:
    """What is worth keeping of a position's memo while its game is packed: each seat's legal moves
    (packed bytes, when they survive packing unchanged) and whether the table may see them."""
    kept: Memo = {}
    for key, value in memo.items():
        if key[0] != "legal":
            continue
        packed = msgspec.msgpack.encode(value)
        if msgspec.msgpack.decode(packed) != value:  # something packing would change (a tuple, say)
            continue
        kept[key] = packed
        public = memo.get(("public", key[1]), False)
        if public is None or public is value:
            kept[("public", key[1])] = public is value
    return kept


def unpack_memo(kept: Memo) -> Memo:
    """The memo of a game taken out of packing (see :func:`pack_memo`)."""
    memo: Memo = {}
    for key, value in kept.items():
        if key[0] == "legal":
            memo[key] = msgspec.msgpack.decode(value)
    for key, value in kept.items():
        if key[0] == "public" and ("legal", key[1]) in memo:
            memo[key] = memo[("legal", key[1])] if value else None
    return memo
