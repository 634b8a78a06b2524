"""What a seat may see: other players' hands, every Deck, face-down cards and the scenario deck are
hidden; so are other players' secret commits and Rank Card picks until they are revealed.

A hidden card keeps its place in its zone but gets a new, meaningless id (``x1``, ``x2``...) and an
empty key, so neither its identity nor (through a known id) its position in a shuffled deck shows.
The Challenges set aside unseen at setup lie face-down in the box: they are hidden too (they would
tell which Challenges the scenario deck holds). A card everyone saw go onto a face-down pile
(``Card.known``: Challenges a sweep put back) is shown where it lies.

Other players' unused Rank Cards are shown sorted by value, so the order a secret pick counts in
never shows.

A completed Project becomes public. The almanac leaves Projects undefined; our rules completion
(checklist 6.3, Project) says that at 2 Progress the Project completes: it is *revealed*, its owner
gains 1 Glory and the card goes into their Hand. So the table is told which card it was (like a
physical card turned face-up before it joins the hand), and it is then an ordinary hand card, hidden
again like the rest of the hand. A discarded Active Project lands face-up on its owner's Discard Zone,
which everyone sees, so it is named too. While a Project is active, nobody (its owner included) sees it.
"""

from __future__ import annotations

import msgspec

from .content import content
from .state import Card, QuasarState, split_key


def hidden_from(state: QuasarState, cid: str, zone_key: str, seat: int | None) -> bool:
    """Whether ``seat`` (None: a spectator) cannot see card ``cid`` in zone ``zone_key`` ("" is the box)."""
    card = state.cards[cid]
    if card.down:
        return True
    if not zone_key or card.known:
        return False
    return zone_hidden(zone_key, seat)


def zone_hidden(zone_key: str, seat: int | None) -> bool:
    """Whether ``seat`` cannot see the face-up, not :attr:`~.state.Card.known` cards of zone ``zone_key``."""
    seen = content().zone_of(zone_key).seen
    return seen == "none" or (seen == "owner" and split_key(zone_key)[1] != seat)


def view(state: QuasarState, seat: int | None) -> QuasarState:
    """A copy of ``state`` as ``seat`` (None: a spectator) may see it."""
    out = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=QuasarState)
    cards = content().cards
    alias = 0
    for key, ids in out.zones.items():
        name, owner = split_key(key)
        hides = zone_hidden(key, seat)
        for i, cid in enumerate(ids):
            card = state.cards[cid]
            if not (card.down or (hides and not card.known)):
                continue
            alias += 1
            hidden = f"x{alias}"
            old = out.cards.pop(cid)
            out.cards[hidden] = Card(key="", zone=key, down=old.down, progress=old.progress)
            ids[i] = hidden
        if name == "ranks" and owner != seat:
            ids.sort(key=lambda c: cards[out.cards[c].key].rank)
    for cid in [c for c, card in state.cards.items() if not card.zone and card.down]:
        alias += 1
        out.cards.pop(cid)
        out.cards[f"x{alias}"] = Card(key="", down=True)
    for other in range(len(state.seats)):
        if other != seat:
            if out.commits:
                out.commits[other] = []
            if out.picks:
                out.picks[other] = 0
    return out
