"""Autocomplete for the ``/quasar`` commands, computed from the engine's ``legal()`` for the asking seat.

Each is ``suggest(table, ctx, typed, given)`` -> ``[(label, value)]``; labels carry the card names and
values, values are what the command takes. Nothing here refuses: no game or no seat suggests nothing.
Suggestions are per user, so a hand card's name only ever reaches its owner.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from itertools import permutations

from rules.core import Action
from rules.quasar.content import content
from rules.quasar.options import commit_options
from rules.quasar.state import owned_key
from rules.quasar.text import card_label
from rules.quasar.zones import cards_in

from ..commands import Ctx, Table
from ..spec import Pairs
from .names import card_name, norm
from .seat import legal, quietly, state

Given = Mapping[str, str | None]
MAX_CHOICES = 25
MAX_VALUE = 100


def fit(pairs: Iterable[tuple[str, str]], typed: str) -> Pairs:
    """Filter by what is typed (label or value), drop duplicates, respect Discord's limits."""
    wanted = (typed or "").strip().lower()
    out: Pairs = []
    seen: set[str] = set()
    for label, value in pairs:
        if not value or len(value) > MAX_VALUE or value in seen:
            continue
        if wanted and wanted not in label.lower() and wanted not in value.lower():
            continue
        seen.add(value)
        out.append((label[:MAX_VALUE], value))
        if len(out) >= MAX_CHOICES:
            break
    return out


def from_legal(kind: str, pair: Callable[[Action], tuple[str, str] | None]):
    """A suggester over the asker's legal actions of type ``kind``."""

    async def suggest(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
        sc = await quietly(table, ctx)
        if sc is None:
            return []
        pairs = [pair(a) for a in legal(sc) if a.get("type") == kind]
        return fit((p for p in pairs if p is not None), typed)

    return suggest


async def rank_card(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc = await quietly(table, ctx)
    if sc is None:
        return []
    st = state(sc)
    keys = [st.cards[c].key for c in cards_in(st, owned_key("ranks", sc.seat or 0))]
    return fit(((card_label(k), str(content().cards[k].rank)) for k in keys if k), typed)


async def commit_cards(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc = await quietly(table, ctx)
    if sc is None:
        return []
    st = state(sc)
    seat = sc.seat or 0
    if not any(a.get("type") == "commit" for a in legal(sc)):
        return []
    ids = cards_in(st, owned_key("hand", seat))
    pairs = []
    for slots in commit_options(st, seat):  # Overcommit additions too: suggestions are the asker's alone
        keys = [st.cards[ids[i - 1]].key for i in slots]
        pairs.append((" + ".join(card_label(k) for k in keys), " ".join(keys)))
    return fit(pairs, typed)


use_card = from_legal("use", lambda a: (card_name(a["card"]), a["card"]))


async def use_target(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc = await quietly(table, ctx)
    if sc is None:
        return []
    card = norm(given.get("card"))
    pairs = [
        (f"{card_name(a['target'])} (confronting)", a["target"])
        for a in legal(sc)
        if a.get("type") == "use" and "target" in a and (not card or a["card"] == card)
    ]
    return fit(pairs, typed)


async def use_shift(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc = await quietly(table, ctx)
    if sc is None:
        return []
    card, target = norm(given.get("card")), norm(given.get("target"))
    amounts = sorted(
        {
            int(a["amount"])
            for a in legal(sc)
            if a.get("type") == "use" and "amount" in a and a["card"] == card and (not target or a["target"] == target)
        },
        reverse=True,
    )
    return fit(((f"{n:+d}", f"{n:+d}") for n in amounts), typed)


def _boon_pair(action: Action) -> tuple[str, str]:
    outcome = str(action["outcome"])
    labels = {"glory": "gain 1 Glory", "lesson": "learn 1 Lesson", "project": "start a Project"}
    return labels.get(outcome) or f"{card_name(outcome)}: its extra outcome", outcome


boon_take = from_legal("boon", _boon_pair)
draw_zone = from_legal(
    "draw", lambda a: (f"draw from your {a['from']}" if a["from"] != "warp" else "the Warp Zone", a["from"])
)


async def draw_card(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc = await quietly(table, ctx)
    if sc is None:
        return []
    zone = norm(given.get("zone"))
    pairs = [
        (card_label(a["card"]), a["card"]) if "card" in a else (f"face-down card #{a['slot']}", f"#{a['slot']}")
        for a in legal(sc)
        if a.get("type") == "draw" and ("card" in a or "slot" in a) and (not zone or a["from"] == zone)
    ]
    return fit(pairs, typed)


draw_count = from_legal("draw", lambda a: (f"{a['count']} cards at once", str(a["count"])) if "count" in a else None)
discard_card = from_legal("discard", lambda a: (card_label(a["card"]), a["card"]))
pay_card = from_legal("pay", lambda a: ("1 Energy" if a["with"] == "energy" else card_label(a["with"]), str(a["with"])))
scan_card = from_legal("scan", lambda a: (card_name(a["card"]), a["card"]))


async def scan_order(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc = await quietly(table, ctx)
    if sc is None:
        return []
    card = norm(given.get("card"))
    pairs = [
        (", then ".join(card_name(k) for k in a["order"]), " ".join(a["order"]))
        for a in legal(sc)
        if a.get("type") == "scan" and "order" in a and (not card or a["card"] == card)
    ]
    return fit(pairs, typed)


async def order_players(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc = await quietly(table, ctx)
    if sc is None:
        return []
    st = state(sc)
    pairs = [
        (", ".join(st.seats[s - 1] for s in a["seats"]), " ".join(str(s) for s in a["seats"]))
        for a in legal(sc)
        if a.get("type") == "order"
    ]
    return fit(pairs, typed)


remove_card = from_legal("remove", lambda a: (f"{card_label(a['card'])} from your {a['from']}", a["card"]))
remove_zone = from_legal("remove", lambda a: (f"your {a['from']}", a["from"]))
gain_card = from_legal("gain", lambda a: (card_label(a["card"]), a["card"]))
drop_project = from_legal("drop", lambda a: (f"Active Project #{a['slot']}", str(a["slot"])))


async def any_card(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    """Every card of the game, by name (card texts are public)."""
    cards = content().cards.values()
    pairs = [(card_label(c.key), c.key) for c in cards if c.kind in ("player", "faction", "lis", "challenge", "act")]
    return fit(pairs, typed)


def permutations_of(items: list[int]) -> list[tuple[int, ...]]:
    return list(permutations(items))
