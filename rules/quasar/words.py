"""Quasar Search in words: the compact text form of a state, status lines and plain button labels.

Labels never name a hidden card: an action on a hand card says which position it takes (the
player's own hand view numbers the cards), since buttons and bot narration are public.
"""

from __future__ import annotations

from rules.core import Action

from .content import content
from .flow import current_act
from .layers import hand_size, value_of
from .rank import rank_order, rank_value, team_leader
from .state import QuasarState, owned_key
from .targets import cards_of, evaluate, target_text
from .text import PHASE_NAMES, card_label, name_of, plural
from .values import shown
from .zones import active_projects, cards_in, deck, hand, lis_supply


def seat_line(state: QuasarState, seat: int) -> str:
    faction = content().factions[state.factions[seat]]
    rank = rank_value(state, seat)
    projects = active_projects(state, seat)
    parts = [
        f"{state.seats[seat]} ({faction.name}, Rank {rank or '-'})",
        f"hand {len(hand(state, seat))}/{hand_size(state, seat)}",
        f"deck {len(deck(state, seat))}",
        f"discard {len(cards_in(state, owned_key('discard', seat)))}",
        f"Glory {state.glory[seat]}",
        f"Lessons {state.lessons[seat]}",
    ]
    if projects:
        parts.append(f"Projects {len(projects)} ({', '.join(str(state.cards[c].progress) for c in projects)} progress)")
    stock = cards_in(state, owned_key("stockpile", seat))
    if stock:
        parts.append(f"stockpile {', '.join(name_of(state.cards[c].key) for c in stock)}")
    return ", ".join(parts)


def confrontation_line(state: QuasarState) -> str:
    if not cards_in(state, "confront"):
        return ""
    rows = []
    for seat in rank_order(state):
        cards = cards_of(state, seat)
        if cards:
            shown_cards = " + ".join(f"{name_of(state.cards[c].key)} {shown(value_of(state, c))}" for c in cards)
            rows.append(f"{state.seats[seat]}: {shown_cards}")
    ok, _ = evaluate(state)
    return f"Confronting: {'; '.join(rows)} (Target {'met' if ok else 'not met'} now)"


def describe(state: QuasarState) -> str:
    mission = content().missions[state.mission]
    lines = [f"Quasar Search: {mission.name}, {PHASE_NAMES.get(state.phase, state.phase)}"]
    act = current_act(state)
    if act:
        lines.append(f"Act {state.act}: {name_of(state.cards[act].key)}, {plural(state.wins, 'success')} so far")
    if state.challenge:
        key = state.cards[state.challenge].key
        lines.append(f"Challenge {state.round}: {name_of(key)}, Target {target_text(state, key)}")
    line = confrontation_line(state)
    if line:
        lines.append(line)
    supply = len(lis_supply(state))
    lines.append(f"Morale {state.morale}/{state.morale_start}, Energy {state.energy}, Lost in Space left {supply}")
    created = [key for key in state.zones if key.split(":")[0] not in content().zones]  # zones effects made
    for key in ("sensors", "warp", *created):
        ids = cards_in(state, key)
        if ids:
            name, _, seat = key.partition(":")
            whose = f"{state.seats[int(seat)]}'s " if seat else ""
            lines.append(f"{whose}{content().zone(name).title}: {', '.join(name_of(state.cards[c].key) for c in ids)}")
    lines += [seat_line(state, s) for s in range(len(state.seats))]
    if state.result:
        lines.append(state.summary)
    return "\n".join(lines)


def status_lines(state: QuasarState) -> list[str]:
    mission = content().missions[state.mission]
    out = [f"**{mission.name}**, Act {state.act} of {len(mission.acts)}: {PHASE_NAMES.get(state.phase, state.phase)}."]
    if state.challenge:
        key = state.cards[state.challenge].key
        out.append(f"Challenge {state.round}: {name_of(key)}, Target {target_text(state, key)}.")
    out.append(
        f"Morale {state.morale}/{state.morale_start} · Acts won {state.acts.count('success')} · "
        f"this Act {state.wins} · Energy {state.energy}"
    )
    if state.act:
        out.append(f"Team Leader: {state.seats[team_leader(state)]}.")
    return out


def _name(key: object) -> str:
    """A card's name; in a view a hidden card has no key (and a typed key may name nothing): a card."""
    card = content().cards.get(str(key))
    return card.name if card else "a card"


def _label(key: object) -> str:
    return card_label(str(key)) if str(key) in content().cards else "a card"


def action_label(state: QuasarState, action: Action) -> str:
    """An action in plain words. Works on any view: a card the viewer cannot see is "a card"."""
    kind = action.get("type")
    if kind == "rank":
        if "rank" in action:
            return f"Pick your Rank Card {action.get('rank')}"
        return f"Pick Rank Card #{action.get('slot')} (see /quasar hand)"
    if kind == "commit":
        slots = " + ".join(f"#{s}" for s in action.get("cards", []))
        return f"Commit hand card {slots}"
    if kind == "stall":
        return "Confront with a new Lost in Space"
    if kind == "use":
        card = _name(action.get("card"))
        if "target" in action:
            amount = int(action.get("amount", 0))
            return f"Use {card}: Shift {_name(action['target'])} {'+' if amount > 0 else ''}{amount}"
        return f"Use {card}"
    if kind == "pass":
        return "Pass"
    if kind == "boon":
        outcome = str(action.get("outcome"))
        base = {"glory": "Boon: gain 1 Glory", "lesson": "Boon: learn 1 Lesson", "project": "Boon: start a Project"}
        return base.get(outcome) or f"Boon: {_name(outcome)}"
    if kind == "draw":
        card = f" {_name(action['card'])}" if "card" in action else ""
        if "slot" in action:
            card = f" face-down card #{action['slot']}"
        count = f" ({action['count']} cards)" if "count" in action else ""
        return f"Draw from {action.get('from')}{card}{count}"
    if kind == "discard":
        return f"Discard {_name(action.get('card'))}"
    if kind == "pay":
        what = str(action.get("with"))
        return "Pay 1 Energy" if what == "energy" else f"Pay with {_name(what)}"
    if kind == "scan":
        return f"Sensors: {_name(action.get('card'))} next"
    if kind == "order":
        return "Order: " + ", ".join(_seats(state, action.get("seats", [])))
    if kind == "remove":
        return f"Remove {_label(action.get('card'))} from {action.get('from')}"
    if kind == "gain":
        return f"Take {_label(action.get('card'))}"
    if kind == "ready":
        return "Ready"
    if kind == "drop":
        return f"Discard Project #{action.get('slot')}"
    return str(kind)


def _seats(state: QuasarState, numbers: object) -> list[str]:
    seats = numbers if isinstance(numbers, list) else []
    return [state.seats[int(s) - 1] if str(s).isdigit() and 1 <= int(s) <= len(state.seats) else str(s) for s in seats]
