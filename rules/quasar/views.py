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

from .content import ZONE_KEYS_KEPT, content
from .copies import copy_card, without_cards
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
    """Whether ``seat`` cannot see the face-up, not :attr:`~.state.Card.known` cards of zone ``zone_key``
    (remembered with the content, a bounded number of keys: a typed zone name may reach here)."""
    c = content()
    found = c.hidden_to.get((zone_key, seat))
    if found is None:
        seen = c.zone_of(zone_key).seen
        found = seen == "none" or (seen == "owner" and split_key(zone_key)[1] != seat)
        if len(c.hidden_to) >= ZONE_KEYS_KEPT:
            c.hidden_to.clear()
        c.hidden_to[(zone_key, seat)] = found
    return found


def view(state: QuasarState, seat: int | None) -> QuasarState:
    """A copy of ``state`` as ``seat`` (None: a spectator) may see it.

    Its cards are the visible ones in their order, then one placeholder per hidden card in the order
    met (zones in order, then the box), which is what replacing each hidden card in turn would give.
    A zone holding no face-down, known or progressing card (its ``Card.zone`` says where a card is) is
    all hidden or all shown, so only the other zones are looked at card by card.
    """
    cards = state.cards
    if "x1" in cards:  # a view already: a placeholder's new name may be an old one's (replace in turn)
        return _view_in_turn(state, seat)
    out = without_cards(state)
    mixed = {card.zone for card in cards.values() if card.down or card.known or card.progress}
    hidden_to = content().hidden_to
    hidden: dict[str, Card] = {}
    gone: set[str] = set()
    for key, ids in out.zones.items():
        hides = hidden_to.get((key, seat))
        if hides is None:
            hides = zone_hidden(key, seat)
        if key not in mixed:
            if hides and ids:
                n = len(hidden)
                aliases = ALIASES[n : n + len(ids)] if n + len(ids) <= len(ALIASES) else _aliases(n, len(ids))
                blank = Card(key="", zone=key)
                for alias in aliases:
                    hidden[alias] = copy_card(blank)
                gone.update(ids)
                ids[:] = aliases
        else:
            for i, cid in enumerate(ids):
                card = cards[cid]
                if card.down or (hides and not card.known):
                    alias = f"x{len(hidden) + 1}"
                    hidden[alias] = Card(key="", zone=key, down=card.down, progress=card.progress)
                    gone.add(cid)
                    ids[i] = alias
        name, owner = split_key(key)
        if name == "ranks" and owner != seat:
            rank_of = content().cards
            ids.sort(key=lambda c: rank_of[(hidden[c] if c in hidden else cards[c]).key].rank)
    if "" in mixed:
        for cid, card in cards.items():
            if not card.zone and card.down:
                hidden[f"x{len(hidden) + 1}"] = Card(key="", down=True)
                gone.add(cid)
    out.cards = {cid: copy_card(card) for cid, card in cards.items() if cid not in gone}
    out.cards.update(hidden)
    _hide_choices(out, seat)
    return out


ALIASES = tuple(f"x{n}" for n in range(1, 257))
"""Placeholders' names, made once."""


def _aliases(start: int, count: int) -> tuple[str, ...]:
    return tuple(f"x{n}" for n in range(start + 1, start + count + 1))


def _view_in_turn(state: QuasarState, seat: int | None) -> QuasarState:
    """:func:`view` of a view: each hidden card replaced in turn, as the view was first written."""
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
    _hide_choices(out, seat)
    return out


def _hide_choices(out: QuasarState, seat: int | None) -> None:
    """Other players' secret commits and Rank Card picks."""
    for other in range(len(out.seats)):
        if other != seat:
            if out.commits:
                out.commits[other] = []
            if out.picks:
                out.picks[other] = 0
