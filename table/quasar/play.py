"""The decision commands: each turns what a player typed (card names, values, players, any case) into
the engine's action and plays it with :meth:`Table.act`. A name that fits nothing is refused with the
names that would fit; the engine refuses what the rules forbid."""

from __future__ import annotations

from rules.core import Action, RuleError
from rules.quasar.content import content
from rules.quasar.options import boon_outcomes
from rules.quasar.state import QuasarState, owned_key
from rules.quasar.zones import cards_in, hand

from ..commands import Ctx, Table
from ..replies import Reply
from .names import find_card, find_cards, find_players, first_slots, norm, shown
from .seat import context, legal, state

ZONE_WORDS = {
    "deck": "deck",
    "warp": "warp",
    "stockpile": "stockpile",
    "discard": "discard",
    "hand": "hand",
    "personal": "personal",
}


def hand_keys(st: QuasarState, seat: int) -> list[str]:
    return [st.cards[c].key for c in hand(st, seat)]


def slots_for(keys_in_hand: list[str], wanted: list[str]) -> list[int]:
    """Hand positions (1-based) for the wanted cards: the first copies of identical cards."""
    slots = first_slots(keys_in_hand, wanted)
    if slots is None:
        key = next(k for k in wanted if wanted.count(k) > keys_in_hand.count(k))
        many = keys_in_hand.count(key)
        raise RuleError(f"You hold {many} {content().cards[key].name}: you cannot commit more.")
    return slots


async def rank(table: Table, ctx: Ctx, card: str) -> Reply:
    """Pick a Rank Card by the number /quasar hand shows for it (its Rank value, ``4``) or by its name;
    the table sees only that you picked. A number you do not hold is refused by the rules, with the
    numbers you do."""
    sc = await context(table, ctx)
    seat, st = sc.require_seat(), state(sc)
    wanted = card.strip().lstrip("#")
    if wanted.isdigit():
        return await table.act(ctx, {"type": "rank", "rank": int(wanted)})
    keys = [st.cards[c].key for c in cards_in(st, owned_key("ranks", seat))]
    key = find_card(wanted, keys, "unused Rank Card")
    return await table.act(ctx, {"type": "rank", "rank": content().cards[key].rank})


async def commit(table: Table, ctx: Ctx, cards: str) -> Reply:
    """Commit cards of your hand in secret: one (two alone) plus any Overcommit cards."""
    sc = await context(table, ctx)
    seat, st = sc.require_seat(), state(sc)
    mine = hand_keys(st, seat)
    if not mine:
        raise RuleError("Your hand is empty: a new Lost in Space will confront for you.")
    words = cards.replace("#", " ").split()
    if words and all(w.isdigit() for w in words):  # positions, as /quasar hand numbers them
        return await table.act(ctx, {"type": "commit", "cards": sorted(int(w) for w in words)})
    wanted = find_cards(cards, mine, "card in your hand")
    return await table.act(ctx, {"type": "commit", "cards": slots_for(mine, wanted)})


async def stall(table: Table, ctx: Ctx) -> Reply:
    """Keep your hand and confront with a new Lost in Space instead."""
    return await table.act(ctx, {"type": "stall"})


def _shift_amount(text: str) -> int:
    raw = text.strip().replace(" ", "")
    if not raw.lstrip("+-").isdigit():
        raise RuleError(f"A shift is a number up or down, like +2 or -1, not '{text[:20]}'.")
    return int(raw)


async def use(
    table: Table, ctx: Ctx, card: str, target: str | None = None, shift: str | None = None, effect: int | None = None
) -> Reply:
    """Use a triggered effect of one of your cards in play (a Shift names its target and amount)."""
    sc = await context(table, ctx)
    uses = [a for a in legal(sc) if a["type"] == "use"]
    if not uses:
        raise RuleError("None of your cards can be used now.")
    key = find_card(card, [a["card"] for a in uses], "card you can use now")
    action: Action = {"type": "use", "card": key}
    mine = [a for a in uses if a["card"] == key]
    if effect is not None:
        action["effect"] = effect
    elif any("effect" in a for a in mine):
        numbers = sorted({a["effect"] for a in mine if "effect" in a})
        raise RuleError(f"{content().cards[key].name} has several effects: say which with effect:{numbers[0]}.")
    if any("target" in a for a in mine):
        targets = [a["target"] for a in mine if "target" in a]
        if not target:
            raise RuleError(f"Say which confronting card to Shift: {shown(targets)}.")
        if not shift:
            raise RuleError("Say how far to Shift, e.g. shift:+2 or shift:-1.")
        action["target"] = find_card(target, targets, "confronting card you may Shift")
        action["amount"] = _shift_amount(shift)
    elif target or shift:
        raise RuleError(f"{content().cards[key].name} does not Shift: use it without target or shift.")
    return await table.act(ctx, action)


async def pass_(table: Table, ctx: Ctx) -> Reply:
    """Pass: use no effect now, or pay no more of a Demand."""
    return await table.act(ctx, {"type": "pass"})


async def boon(table: Table, ctx: Ctx, take: str) -> Reply:
    """Choose a Boon's outcome: glory, lesson, project, or an extra one a card offers."""
    sc = await context(table, ctx)
    seat, st = sc.require_seat(), state(sc)
    outcomes = boon_outcomes(st, seat)
    wanted = norm(take)
    aliases = {"lessons": "lesson", "learn": "lesson", "gain-glory": "glory", "start-a-project": "project"}
    wanted = aliases.get(wanted, wanted)
    for o in outcomes:
        if wanted in (o.key, norm(o.label), norm(content().cards[o.key].name) if o.card else o.key):
            return await table.act(ctx, {"type": "boon", "outcome": o.key})
    choices = ", ".join(o.key if not o.card else f"{o.key} ({o.label})" for o in outcomes)
    raise RuleError(f"'{take.strip()[:30]}' is not a Boon you can choose. Choose: {choices}.")


async def draw(table: Table, ctx: Ctx, zone: str, card: str | None = None, count: int | None = None) -> Reply:
    """Take the next card of a Draw: from your deck (``count`` takes several at once) or a card of
    the Warp Zone or your Stockpile (a face-down card by its place: ``#1``)."""
    sc = await context(table, ctx)
    draws = [a for a in legal(sc) if a["type"] == "draw"]
    if not draws:
        raise RuleError("You have no Draw to make now.")
    word = ZONE_WORDS.get(norm(zone))
    zones = sorted({a["from"] for a in draws})
    if word not in zones:
        raise RuleError(f"You cannot draw from '{zone.strip()[:20]}' now. Draw from: {', '.join(zones)}.")
    action: Action = {"type": "draw", "from": word}
    named = [a["card"] for a in draws if a["from"] == word and "card" in a]
    slots = [int(a["slot"]) for a in draws if a["from"] == word and "slot" in a]
    place = (card or "").strip().lstrip("#")
    if slots and place.isdigit():  # a face-down card, by its place (#1 is the first)
        action["slot"] = int(place)
    elif named or slots:
        if not card:
            hidden = f" or a face-down card by place (#1 to #{max(slots)})" if slots else ""
            raise RuleError(f"Say which card of the {word}: {shown(named)}{hidden}.")
        action["card"] = find_card(card, named, f"card in the {word}")
    elif card:
        raise RuleError(f"The {word} is drawn from the top: leave out card.")
    if count is not None and count > 1:
        action["count"] = count
    return await table.act(ctx, action)


async def discard(table: Table, ctx: Ctx, card: str) -> Reply:
    """Discard a card of your hand (down to your Hand Size, or when an effect says so)."""
    sc = await context(table, ctx)
    seat, st = sc.require_seat(), state(sc)
    key = find_card(card, hand_keys(st, seat), "card in your hand")
    return await table.act(ctx, {"type": "discard", "card": key})


async def pay(table: Table, ctx: Ctx, card: str) -> Reply:
    """Pay 1 of a Demand: discard a card of your hand, or spend 1 Energy (``energy``)."""
    sc = await context(table, ctx)
    seat, st = sc.require_seat(), state(sc)
    if norm(card) == "energy":
        return await table.act(ctx, {"type": "pay", "with": "energy"})
    key = find_card(card, hand_keys(st, seat), "card in your hand (or energy)")
    return await table.act(ctx, {"type": "pay", "with": key})


async def scan(table: Table, ctx: Ctx, card: str, order: str | None = None) -> Reply:
    """Sensors: choose the Challenge that comes up next; ``order`` puts the others back in that order."""
    sc = await context(table, ctx)
    st = state(sc)
    shown_keys = [st.cards[c].key for c in cards_in(st, "scan")]
    key = find_card(card, shown_keys, "Challenge your sensors show")
    action: Action = {"type": "scan", "card": key}
    rest = [k for k in shown_keys if k != key]
    if order:
        action["order"] = find_cards(order, rest, "other Challenge")
    elif len(rest) > 1:
        action["order"] = rest
    return await table.act(ctx, action)


async def order(table: Table, ctx: Ctx, players: str) -> Reply:
    """Team Leader: the order in which a split effect resolves (players by name or seat number)."""
    sc = await context(table, ctx)
    seats = find_players(state(sc), players)
    return await table.act(ctx, {"type": "order", "seats": [s + 1 for s in seats]})


async def remove(table: Table, ctx: Ctx, card: str, zone: str | None = None) -> Reply:
    """Ship Phase: spend a Lesson to put a card of your hand or discard into the box."""
    sc = await context(table, ctx)
    seat, st = sc.require_seat(), state(sc)
    words = [zone] if zone else ["discard", "hand"]
    for word in words:
        where = norm(word)
        if where not in ("hand", "discard"):
            raise RuleError("Remove a card from your hand or your discard (zone:hand or zone:discard).")
        keys = [st.cards[c].key for c in cards_in(st, owned_key(where, seat))]
        if zone or any(norm(card) in (k, norm(content().cards[k].name)) for k in keys):
            key = find_card(card, keys, f"card in your {where}")
            return await table.act(ctx, {"type": "remove", "card": key, "from": where})
    everything = [st.cards[c].key for w in ("hand", "discard") for c in cards_in(st, owned_key(w, seat))]
    key = find_card(card, everything, "card in your hand or discard")
    where = "discard" if key in [st.cards[c].key for c in cards_in(st, owned_key("discard", seat))] else "hand"
    return await table.act(ctx, {"type": "remove", "card": key, "from": where})


async def gain(table: Table, ctx: Ctx, card: str) -> Reply:
    """Ship Phase: spend Lessons on a card of your Faction Reserve (it goes to your discard)."""
    sc = await context(table, ctx)
    seat, st = sc.require_seat(), state(sc)
    keys = [st.cards[c].key for c in cards_in(st, owned_key("reserve", seat))]
    return await table.act(ctx, {"type": "gain", "card": find_card(card, keys, "card in your Faction Reserve")})


async def ready(table: Table, ctx: Ctx) -> Reply:
    """Ship Phase: you are done spending Lessons."""
    return await table.act(ctx, {"type": "ready"})


async def drop(table: Table, ctx: Ctx, project: int) -> Reply:
    """Choose which of your face-down Active Projects to discard (1 = the oldest)."""
    return await table.act(ctx, {"type": "drop", "slot": project})
