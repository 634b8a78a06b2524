"""Zones and the box: moving cards, creating zones on demand, and who owns a card.

The almanac's rules, as functions:

- a component is in one zone at a time (:func:`move` takes it out of the old zone first), and a
  card in no zone is in the box (:func:`to_box`);
- a zone named by an effect is created when first needed; an unowned zone exists once, an owned one
  once per player ("your warp" makes the player's own instance);
- a card in an owned zone belongs to that zone's owner; in an unowned zone to whoever put it there;
  a card placed by setup or a Result belongs to nobody (:func:`owner`).
"""

from __future__ import annotations

from .content import LIS, ZoneSpec, content
from .held import moved
from .state import Card, QuasarState, owned_key, split_key


def spec(key: str) -> ZoneSpec:
    """The nature of zone ``key`` (listed in zones.toml, or created on demand by an effect)."""
    return content().zone_of(key)


def zone_owner(key: str) -> int | None:
    return split_key(key)[1]


def zone_key(ref: str, player: int | None) -> str:
    """The zone an effect means: ``your X`` is the player's own X, a bare name the single unowned zone.

    ``player`` None (a card nobody owns) cannot have "your" zones: the caller checks that first.
    """
    if ref.startswith("your "):
        if player is None:
            raise ValueError(f"{ref} needs an owner")
        return owned_key(ref[5:], player)
    return ref


def cards_in(state: QuasarState, key: str) -> list[str]:
    """The ids in a zone, top first (an empty list for a zone not created yet; never creates it)."""
    return state.zones.get(key, [])


def player_card(state: QuasarState, cid: str) -> bool:
    """Whether ``cid`` is a Player Card (Lost in Space included). A Draw, and an effect moving cards out
    of a zone, take nothing else: never a Faction or Rank Card lying in a Personal Zone (almanac, Draw).
    A card hidden in a view counts as one."""
    key = state.cards[cid].key
    return not key or content().cards[key].kind in ("player", LIS)


def drawable(state: QuasarState, key: str) -> list[str]:
    """The Player Cards of zone ``key``, in the zone's order (top first)."""
    return [cid for cid in cards_in(state, key) if player_card(state, cid)]


def zone(state: QuasarState, key: str) -> list[str]:
    """The zone's list, created on first use."""
    return state.zones.setdefault(key, [])


def hand(state: QuasarState, seat: int) -> list[str]:
    return cards_in(state, owned_key("hand", seat))


def deck(state: QuasarState, seat: int) -> list[str]:
    return cards_in(state, owned_key("deck", seat))


def key_of(state: QuasarState, cid: str) -> str:
    return state.cards[cid].key


def move(state: QuasarState, cid: str, dest: str, by: int | None, *, bottom: bool = True, down: bool = False) -> None:
    """Put card ``cid`` into zone ``dest`` (on the bottom/end unless ``bottom`` is False).

    It leaves its old zone first, so it is never in two; entering a zone face-up clears its shift
    and Project progress unless it stays face-down.
    """
    card = state.cards[cid]
    if _in_play_zone(card.zone) or _in_play_zone(dest):
        moved(ranks=card.zone.startswith("personal:") or dest.startswith("personal:"))
    if card.zone:
        state.zones[card.zone].remove(cid)
    target = zone(state, dest)
    if bottom:
        target.append(cid)
    else:
        target.insert(0, cid)
    card.zone = dest
    card.by = by
    card.down = down
    card.known = False
    card.shift = 0
    if not down:
        card.progress = 0


def _in_play_zone(key: str) -> bool:
    """Whether a move into or out of zone ``key`` can change the cards in play or the Rank order (what
    :mod:`.held` remembers): the Personal Zones are in play too."""
    return bool(key) and content().zone_of(key).in_play


def to_box(state: QuasarState, cid: str) -> None:
    """Take a card out of every zone: it is in the box (a Lost in Space is back in the supply)."""
    card = state.cards[cid]
    if _in_play_zone(card.zone):
        moved(ranks=card.zone.startswith("personal:"))
    if card.zone:
        state.zones[card.zone].remove(cid)
    card.zone = ""
    card.by = None
    card.down = False
    card.known = False
    card.shift = 0
    card.progress = 0


def owner(state: QuasarState, cid: str) -> int | None:
    """Who owns card ``cid`` now: the owner of its zone, else who put it in its unowned zone."""
    card = state.cards[cid]
    if not card.zone:
        return None
    held = zone_owner(card.zone)
    return held if held is not None else card.by


def in_play(state: QuasarState, cid: str) -> bool:
    """Face-up in a zone whose cards are in play (its nature says so: Personal, Confrontation, Mission,
    and any zone an effect created)."""
    card = state.cards[cid]
    return bool(card.zone) and not card.down and content().zone_of(card.zone).in_play


def lis_supply(state: QuasarState) -> list[str]:
    """Lost in Space cards out of play (in the box), ready to be put in as "new" ones."""
    return [cid for cid, card in state.cards.items() if card.key == LIS and not card.zone]


def new_lis(state: QuasarState, dest: str, by: int | None) -> str | None:
    """Move an out-of-play Lost in Space into ``dest``; None when the supply has run out."""
    supply = lis_supply(state)
    if not supply:
        return None
    move(state, supply[0], dest, by)
    return supply[0]


def add_card(state: QuasarState, key: str, dest: str | None = None, by: int | None = None) -> str:
    """Create a new card instance (at setup) in ``dest``, or in the box."""
    cid = f"c{len(state.cards) + 1}"
    moved()
    state.cards[cid] = Card(key=key)
    if dest is not None:
        move(state, cid, dest, by)
    return cid


def active_projects(state: QuasarState, seat: int) -> list[str]:
    """The player's face-down cards in their Personal Zone."""
    return [cid for cid in cards_in(state, owned_key("personal", seat)) if state.cards[cid].down]
