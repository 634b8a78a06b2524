"""What a seat may see: other players' hands, every Deck, face-down cards and the scenario deck are
hidden; so are other players' secret commits and Rank Card picks until they are revealed.

A hidden card keeps its place in its zone but gets a new, meaningless id (``x1``, ``x2``...) and an
empty key, so neither its identity nor (through a known id) its position in a shuffled deck shows.
"""

from __future__ import annotations

import msgspec

from .content import content
from .state import Card, QuasarState, split_key


def hidden_from(state: QuasarState, cid: str, zone_key: str, seat: int | None) -> bool:
    card = state.cards[cid]
    if card.down:
        return True
    name, owner = split_key(zone_key)
    seen = content().zones[name].seen
    return seen == "none" or (seen == "owner" and owner != seat)


def view(state: QuasarState, seat: int | None) -> QuasarState:
    """A copy of ``state`` as ``seat`` (None: a spectator) may see it."""
    out = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=QuasarState)
    cards = content().cards
    alias = 0
    for key, ids in out.zones.items():
        name, owner = split_key(key)
        for i, cid in enumerate(ids):
            if not hidden_from(state, cid, key, seat):
                continue
            alias += 1
            hidden = f"x{alias}"
            old = out.cards.pop(cid)
            out.cards[hidden] = Card(key="", zone=key, down=old.down, progress=old.progress)
            ids[i] = hidden
        if name == "ranks" and owner != seat:
            ids.sort(key=lambda c: cards[out.cards[c].key].rank)
    for other in range(len(state.seats)):
        if other != seat:
            if out.commits:
                out.commits[other] = []
            if out.picks:
                out.picks[other] = 0
    return out
