"""A deep copy of a game, made quicker than one msgpack round trip of the whole state.

Cards are most of a state (~110 small structs): decoding them is two thirds of a round trip, while a
card's fields are all immutable (strings, numbers, None), so a shallow copy of each card is a deep one;
likewise the zones are lists of card ids, and the log a list of strings. Everything else goes through
msgpack as before (tasks, mods, the numbers...).
"""

from __future__ import annotations

import msgspec

from .state import QuasarState

_encode = msgspec.msgpack.encode
_decode = msgspec.msgpack.Decoder(QuasarState).decode
_replace = msgspec.structs.replace


def without_cards(state: QuasarState) -> QuasarState:
    """A deep copy of ``state`` with no cards (the caller fills :attr:`QuasarState.cards`). The zones
    (lists of card ids, strings) are copied list by list: three times quicker than decoding them; so is
    the log (strings: a list copy is a deep one)."""
    out = _decode(_encode(_replace(state, cards={}, zones={}, log=[])))
    out.log = list(state.log)
    out.zones = {key: list(ids) for key, ids in state.zones.items()}
    return out


copy_card = _replace
"""A copy of one card (called directly: a Python wrapper around it cost as much again)."""


def copy_state(state: QuasarState) -> QuasarState:
    """A deep copy of ``state``: what ``decode(encode(state))`` gives, in a third of the time."""
    out = without_cards(state)
    out.cards = {cid: _replace(card) for cid, card in state.cards.items()}
    return out
