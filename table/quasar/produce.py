"""How each ``/quasar`` command types a legal action (``Command.produces``): the option texts with which
the command plays exactly that action, so /actions, labels and tests name actions as players type them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.quasar.content import content
from rules.quasar.state import QuasarState, owned_key
from rules.quasar.zones import cards_in, hand

from .names import first_slots

Options = dict[str, str] | None
Produces = Callable[[Any, int, dict[str, Any]], Options]


def only(kind: str) -> Produces:
    """A command without options that plays the action type ``kind``."""

    def produces(state: QuasarState, seat: int, action: dict[str, Any]) -> Options:
        return {} if action.get("type") == kind else None

    return produces


def filled(**options: object) -> dict[str, str]:
    return {name: str(value) for name, value in options.items() if value not in (None, "", [])}


def rank(state: QuasarState, seat: int, action: dict[str, Any]) -> Options:
    if action.get("type") != "rank":
        return None
    if "rank" in action:
        return {"card": str(action["rank"])}
    ids = cards_in(state, owned_key("ranks", seat))
    slot = int(action["slot"])
    if not 1 <= slot <= len(ids) or not state.cards[ids[slot - 1]].key:
        return None
    return {"card": str(content().cards[state.cards[ids[slot - 1]].key].rank)}


def commit(state: QuasarState, seat: int, action: dict[str, Any]) -> Options:
    if action.get("type") != "commit":
        return None
    keys = [state.cards[cid].key for cid in hand(state, seat)]
    named = [keys[i - 1] for i in action["cards"]]
    if first_slots(keys, named) == sorted(action["cards"]):
        return {"cards": " ".join(named)}
    return {"cards": " ".join(str(i) for i in action["cards"])}  # the second of twin cards: by position


def use(state: QuasarState, seat: int, action: dict[str, Any]) -> Options:
    if action.get("type") != "use":
        return None
    amount = action.get("amount")
    shift = None if amount is None else (f"+{amount}" if int(amount) > 0 else str(amount))
    return filled(card=action["card"], target=action.get("target"), shift=shift, effect=action.get("effect"))


def boon(state: QuasarState, seat: int, action: dict[str, Any]) -> Options:
    return {"take": str(action["outcome"])} if action.get("type") == "boon" else None


def draw(state: QuasarState, seat: int, action: dict[str, Any]) -> Options:
    if action.get("type") != "draw":
        return None
    slot = action.get("slot")
    card = f"#{slot}" if slot is not None else action.get("card")
    return filled(zone=action["from"], card=card, count=action.get("count"))


def discard(state: QuasarState, seat: int, action: dict[str, Any]) -> Options:
    return {"card": str(action["card"])} if action.get("type") == "discard" else None


def pay(state: QuasarState, seat: int, action: dict[str, Any]) -> Options:
    return {"card": str(action["with"])} if action.get("type") == "pay" else None


def scan(state: QuasarState, seat: int, action: dict[str, Any]) -> Options:
    if action.get("type") != "scan":
        return None
    return filled(card=action["card"], order=" ".join(action.get("order") or []))


def order(state: QuasarState, seat: int, action: dict[str, Any]) -> Options:
    if action.get("type") != "order":
        return None
    return {"players": " ".join(str(s) for s in action["seats"])}


def remove(state: QuasarState, seat: int, action: dict[str, Any]) -> Options:
    return {"card": str(action["card"]), "zone": str(action["from"])} if action.get("type") == "remove" else None


def gain(state: QuasarState, seat: int, action: dict[str, Any]) -> Options:
    return {"card": str(action["card"])} if action.get("type") == "gain" else None


def drop(state: QuasarState, seat: int, action: dict[str, Any]) -> Options:
    return {"project": str(action["slot"])} if action.get("type") == "drop" else None
