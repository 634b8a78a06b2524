"""Endure the Stars: redrawing what nobody at the table can see (for the secrets property test).

Every seat sees the same things in Endure (even a survivor's own unrevealed Resolve cards are face
down), so the observer does not matter here. What is hidden, and how it is redrawn:

- radar tokens: the face-down tokens on the map, the spawn pool and the tokens sealed away unrevealed
  all look alike, so their faces are dealt again from the same multiset (on mission C013 only among
  faces with the same number of Sentries); a boss token (only ever put on the map at setup) stays on
  the map, swapped with another face-down token where one could hide it;
- the item, event, Accomplishment, Refuge and boss decks: shuffled again (their contents are fixed by
  what is visible elsewhere);
- unrevealed Resolve cards: their number shows, so each is swapped only with a card of the same number,
  from another survivor's hidden cards or from the Resolve deck.
"""

from __future__ import annotations

from collections import defaultdict

from msgspec.structs import replace

from rules.core import Rng

from .content import content
from .state import EndureState, Radar, ResolveSlot
from .world import etype


def face_down(st: EndureState) -> EndureState:
    """``st`` as everyone sees it: radar faces, the pool, sealed tokens, every deck's order and the
    unrevealed Resolve cards turned over. New lists and records replace only what is turned over; the
    rest is shared with ``st`` (a view is only read), which makes a view several times cheaper than a copy."""
    survivors = [
        replace(s, resolve_cards=[_face_down_slot(r) for r in s.resolve_cards])
        if any(not r.revealed for r in s.resolve_cards)
        else s
        for s in st.survivors
    ]
    return replace(
        st,
        survivors=survivors,
        radar=[replace(t, token="?") for t in st.radar],
        pool=["?"] * len(st.pool),
        radar_sealed=["?"] * len(st.radar_sealed),
        item_deck=["?"] * len(st.item_deck),
        event_deck=["?"] * len(st.event_deck),
        resolve_deck=["?"] * len(st.resolve_deck),
        accomplishment_deck=["?"] * len(st.accomplishment_deck),
        bosses=[replace(b, deck=["?"] * len(b.deck)) for b in st.bosses],
        refuge_deck=["?"] * len(st.refuge_deck),
    )


def _face_down_slot(slot: ResolveSlot) -> ResolveSlot:
    return slot if slot.revealed else replace(slot, card="")


def redraw_hidden(st: EndureState, rng: Rng) -> None:
    """Deal everything face down in ``st`` again, in place, with ``rng``."""
    _redraw_radar(st, rng)
    for deck in (st.item_deck, st.event_deck, st.accomplishment_deck, st.refuge_deck):
        rng.shuffle(deck)
    for boss in st.bosses:
        rng.shuffle(boss.deck)
    _redraw_resolve(st, rng)


def _is_boss(token: str) -> bool:
    return etype(token.partition(" ")[2]).boss


def _redraw_radar(st: EndureState, rng: Rng) -> None:
    mission = content().missions[st.mission]
    # C013 fails as soon as too few Sentries are left, face-down ones counted: that no failure came
    # tells the table something about the numbers on the map, so there a face only trades for another
    # with the same number on it
    keep_numbers = "walkies" in mission.specials
    on_map = [t for t in st.radar if not _is_boss(t.token)]
    places: list[tuple[str, int]] = [("map", i) for i in range(len(on_map))]
    places += [("pool", i) for i in range(len(st.pool))] + [("sealed", i) for i in range(len(st.radar_sealed))]
    faces = [t.token for t in on_map] + st.pool + st.radar_sealed
    groups: dict[str, list[int]] = defaultdict(list)
    for n, face in enumerate(faces):
        groups[face.partition(" ")[0] if keep_numbers else ""].append(n)
    dealt = list(faces)
    for members in groups.values():
        shuffled = [faces[n] for n in members]
        rng.shuffle(shuffled)
        for n, face in zip(members, shuffled, strict=True):
            dealt[n] = face
    pool, sealed = list(st.pool), list(st.radar_sealed)
    for (where, i), face in zip(places, dealt, strict=True):
        if where == "map":
            on_map[i].token = face
        elif where == "pool":
            pool[i] = face
        else:
            sealed[i] = face
    st.pool, st.radar_sealed = pool, sealed
    spots = set(mission.boss_spots)
    for boss in [t for t in st.radar if _is_boss(t.token)]:
        hiding = [t for t in st.radar if not _is_boss(t.token) and (not spots or t.zone in spots)]
        if boss.zone in spots or not spots:
            _swap_face(boss, rng.choice([boss, *hiding]))


def _swap_face(a: Radar, b: Radar) -> None:
    a.token, b.token = b.token, a.token


def _redraw_resolve(st: EndureState, rng: Rng) -> None:
    """Unrevealed Resolve cards and the Resolve deck, exchanged number for number."""
    cards = content().resolve
    hidden: list[ResolveSlot] = [r for s in st.survivors for r in s.resolve_cards if not r.revealed]
    by_number: dict[int, list[str]] = defaultdict(list)
    for key in [r.card for r in hidden] + st.resolve_deck:
        by_number[cards[key].number].append(key)
    for keys in by_number.values():
        rng.shuffle(keys)
    for slot in hidden:
        slot.card = by_number[slot.number].pop()
    rest = [key for keys in by_number.values() for key in keys]
    rng.shuffle(rest)
    st.resolve_deck = rest
