"""Which effects are active, and what the rules are now: the precedence of effects over base rules.

Only face-up cards in play (Personal, Confrontation and Mission Zones) have active effects. A rule
(hand size, may a player draw, may they shift...) starts from its base value; then the changes made
by triggered effects apply, then those of required effects, then constant effects, so when two
changes conflict the higher style wins: Constant > Required > Triggered > base rules.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .content import LIS, Content, content
from .effects import Effect
from .held import ACTIVES, MEMO, STATE
from .rank import lowest_ranked, rank_order, team_leader
from .state import QuasarState, split_key
from .values import Value
from .zones import active_projects, owner, zone_key

PRECEDENCE = {"triggered": 1, "required": 2, "constant": 3}
"""Higher wins a conflict; base rules are 0."""

FIRST_ZONES = ("mission", "confront", "personal")
"""The order effects of in-play cards are found in: these zones first, then every other zone whose
nature says its cards are in play (a listed one or one an effect created), by name."""

BASE_DRAW_ZONES = ("warp", "your stockpile")
"""Besides their Deck, players may always draw from the Warp Zone and their own Stockpile (6.3)."""


@dataclass(slots=True)
class Active:
    """An effect of a card in play (read only; not frozen, since a frozen dataclass is four times slower
    to make and every rule question makes a few dozen)."""

    card: str
    index: int
    effect: Effect
    owner: int | None

    @property
    def src(self) -> str:
        return f"{self.key}#{self.index}"

    key: str = ""


def in_play_cards(state: QuasarState) -> list[str]:
    """Every face-up card in a zone that is in play: the Mission Zone first, then Confrontation, then
    Personal Zones, then any other in-play zone (by name, so the order never depends on history)."""
    c = content()
    cards = state.cards
    out = []
    for key in in_play_zones(state):
        for cid in state.zones[key]:
            card = cards[cid]
            if not card.down and card.zone and (card.zone == key or c.zone_of(card.zone).in_play):
                out.append(cid)
    return out


def in_play_zones(state: QuasarState) -> tuple[str, ...]:
    return play_order(tuple(state.zones))


def play_order(zone_keys: tuple[str, ...]) -> tuple[str, ...]:
    """The in-play zones among ``zone_keys``, in :func:`in_play_cards`' order. Worked out once per set of
    keys (a game creates few zones) and remembered with the content, a bounded number of them."""
    c = content()
    found = c.play_orders.get(zone_keys)
    if found is None:
        rank = {name: i for i, name in enumerate(FIRST_ZONES)}
        keys = [key for key in zone_keys if c.zone_of(key).in_play]
        keys.sort(key=lambda k: (rank.get(split_key(k)[0], len(rank)), split_key(k)[0], k))
        if len(c.play_orders) >= PLAY_ORDERS_KEPT:
            c.play_orders.clear()
        found = c.play_orders[zone_keys] = tuple(keys)
    return found


PLAY_ORDERS_KEPT = 256
"""Most sets of zone keys :func:`play_order` remembers."""


def active(state: QuasarState) -> Iterator[Active]:
    """The effects of the cards in play, in :func:`in_play_cards`' order (read the state only while
    iterating). Walked once per position while the engine holds it (:mod:`.held`)."""
    slot = MEMO.slot
    if slot[STATE] is not state:
        return _walk(state)
    found = slot[ACTIVES]
    if found is None:
        found = slot[ACTIVES] = tuple(_walk(state))
    return iter(found)


def _walk(state: QuasarState) -> Iterator[Active]:
    """:func:`active`, found afresh: a card's owner is taken once per card, as :func:`.zones.owner` says,
    from the zone at hand."""
    c = content()
    defs = c.cards
    made = c.actives
    cards = state.cards
    for zone in in_play_zones(state):
        held = split_key(zone)[1]
        for cid in state.zones[zone]:
            card = cards[cid]
            where = card.zone
            if card.down or not where or (where != zone and not c.zone_of(where).in_play):
                continue
            key = card.key
            if defs[key].effects:
                zone_owner = held if where == zone else split_key(where)[1]
                who = zone_owner if zone_owner is not None else card.by
                found = made.get((cid, key, who))
                if found is None:
                    found = _made(c, cid, key, who)
                yield from found


ACTIVES_KEPT = 4096
"""Most (card id, key, owner) whose :class:`Active` effects are remembered (a game has a few dozen)."""


def _made(c: Content, cid: str, key: str, who: int | None) -> tuple[Active, ...]:
    """The effects of card ``cid`` (``key``, owned by ``who``) as :class:`Active` ones, made once: every rule
    question walks them, and an ``Active`` is never changed, so the same ones serve every state."""
    if len(c.actives) >= ACTIVES_KEPT:
        c.actives.clear()
    found = c.actives[(cid, key, who)] = tuple(
        Active(cid, index, effect, who, key) for index, effect in enumerate(c.cards[key].effects)
    )
    return found


def simple_holds(state: QuasarState, condition: str, player: int | None) -> bool:
    """Conditions that need no Confrontation: morale_low, solo, multiplayer, has_project, energy."""
    if condition == "morale_low":
        return state.morale <= state.morale_start // 2
    if condition == "solo":
        return len(state.seats) == 1
    if condition == "multiplayer":
        return len(state.seats) > 1
    if condition == "has_project":
        return player is not None and bool(active_projects(state, player))
    if condition == "energy":
        return state.energy > 0
    raise ValueError(f"{condition} needs the Confrontation (rules/quasar/targets.py)")


def single(state: QuasarState, who: str, owner_seat: int | None) -> list[int]:
    """The players a selector that needs no values picks: you, each_player, the Team Leader..."""
    if who == "you":
        return [] if owner_seat is None else [owner_seat]
    if who == "each_player":
        return rank_order(state)
    if who == "team_leader":
        return [team_leader(state)]
    if who == "lowest_ranked":
        return [lowest_ranked(state)]
    if who == "highest_ranked":
        return [team_leader(state)]
    raise ValueError(f"{who} needs values")


def _constant_changes(state: QuasarState, rule: str, player: int) -> Iterator[tuple[int, str, object]]:
    for a in active(state):
        e = a.effect
        if e.style != "constant" or e.when or not any(r.rule == rule for r in e.rules):
            continue
        if not all(simple_holds(state, c, a.owner) for c in e.conditions):
            continue
        if player not in single(state, e.who, a.owner):
            continue
        for r in e.rules:
            if r.rule == rule:
                yield PRECEDENCE["constant"], r.op, r.value


def _lasting_changes(state: QuasarState, rule: str, player: int) -> Iterator[tuple[int, str, object]]:
    for mod in state.mods:
        if mod.player != player:
            continue
        for r in content().effect(mod.src).rules:
            if r.rule == rule:
                yield PRECEDENCE[mod.style], r.op, r.value


def rule(state: QuasarState, name: str, player: int, base: object) -> object:
    """The value of rule ``name`` for ``player``: base, then changes by rising precedence."""
    changes = sorted(
        [*_lasting_changes(state, name, player), *_constant_changes(state, name, player)], key=lambda c: c[0]
    )
    value = set(base) if isinstance(base, tuple) else base
    for _, op, amount in changes:
        if op == "add":
            value = int(value) + int(amount)  # type: ignore[arg-type, call-overload]
        elif op == "set":
            value = amount
        elif op == "allow":
            value = {*value, amount}  # type: ignore[misc]
    return value


def hand_size(state: QuasarState, player: int) -> int:
    base = content().base_hand_size(len(state.seats))
    return max(0, int(rule(state, "hand_size", player, base)))  # type: ignore[call-overload]


def can_draw(state: QuasarState, player: int) -> bool:
    return bool(rule(state, "can_draw", player, True))


def can_shift(state: QuasarState, player: int) -> bool:
    return bool(rule(state, "can_shift", player, True))


def draw_bonus(state: QuasarState, player: int) -> int:
    return int(rule(state, "draw_bonus", player, 0))  # type: ignore[call-overload]


def draw_zones(state: QuasarState, player: int) -> list[str]:
    """Zones (as effects name them) the player may draw from besides the one a Draw names."""
    allowed = rule(state, "draw_from", player, BASE_DRAW_ZONES)
    return sorted(allowed)  # type: ignore[call-overload]


def base_value(state: QuasarState, cid: str) -> Value:
    return content().cards[state.cards[cid].key].value


def value_of(state: QuasarState, cid: str) -> Value:
    """A card's value now: printed value, Shift and value changes; Lost in Space has none, ever."""
    card = state.cards[cid]
    if card.key == LIS:
        return None
    printed = content().cards[card.key].value
    if printed is None:
        return None
    bonus = 0
    if card.zone == "confront":
        seat = owner(state, cid)
        for a in active(state):
            e = a.effect
            if e.style != "constant" or e.when:
                continue
            if not all(simple_holds(state, c, a.owner) for c in e.conditions):
                continue
            for r in e.rules:
                if r.rule != "value":
                    continue
                if (r.scope == "self" and a.card == cid) or (r.scope == "yours" and a.owner == seat):
                    bonus += int(r.value)
    return max(0, printed + card.shift + bonus)


def boon_extras(state: QuasarState, player: int) -> list[Active]:
    """Extra Boon outcomes offered by in-play cards: one in a Personal Zone to its owner only."""
    out = []
    for a in active(state):
        if a.effect.style != "constant" or a.effect.when != "boon":
            continue
        zone = state.cards[a.card].zone
        if ":" in zone and a.owner != player:
            continue
        out.append(a)
    return out


def hold_level(state: QuasarState, key: str) -> int:
    """How strongly a rule now keeps every card in zone ``key``: the highest precedence among the holds
    on it (0: none). A hold wins against a move made by an effect of that precedence or lower."""
    level = 0
    for mod in state.mods:
        for r in content().effect(mod.src).rules:
            if r.rule == "hold" and zone_key(str(r.value), mod.player) == key:
                level = max(level, PRECEDENCE[mod.style])
    return level


def expire(state: QuasarState, until: str) -> None:
    """Drop the lasting changes that end now (``challenge`` at Cleanup, ``act`` at Act Cleanup)."""
    state.mods = [m for m in state.mods if m.until != until]
