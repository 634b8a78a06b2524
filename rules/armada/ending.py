"""Leaving a Combat: a captain who drops out, and the fight's end (won, escaped or lost) with its rewards."""

from __future__ import annotations

from rules.core import Turn
from rules.core.grammar import count

from . import choices
from .fleets import (
    combat_fleet,
    enemy_def,
)
from .helpers import (
    C,
    gain_credits,
    has_kind,
    reset_ship,
    set_critical,
)
from .state import State


def leave(state: State, seat: int, outcome: str, turn: Turn) -> None:
    """One member leaves Combat (Hull 0 or no crew): the Defeat outcome for that ship."""
    c = state.combat
    assert c is not None
    c.members.remove(seat)
    c.rerolls.pop(seat, None)
    c.escape.pop(seat, None)
    c.knockouts.pop(seat, None)
    reset_ship(state, seat)
    player = state.players[seat]
    if outcome == "defeat":
        if not player.critical:
            set_critical(state, seat, turn)
        if player.critical:
            player.hull = 0
    if seat not in c.shadow:
        choices.fall_back(state, seat, turn, "limps away")
    if seat not in state.encountered:
        state.encountered.append(seat)
    leaders = [m for m in c.members if m not in c.shadow]
    if c.frontline == seat and leaders:
        c.frontline = leaders[0]
        turn.say(f"{state.seats[c.frontline]} takes the Lead Player badge (Frontline).")
    if not leaders:
        for m in list(c.members):
            reset_ship(state, m)
            if m not in state.encountered:
                state.encountered.append(m)
        c.members = []
        finish(state, "defeat", turn)


def finish(state: State, outcome: str, turn: Turn) -> None:
    """End the whole Combat: victory, defeat (no members left) or escape."""
    c = state.combat
    assert c is not None
    fleet = combat_fleet(state)
    members = list(c.members)
    for seat in members:
        reset_ship(state, seat)
    if outcome == "escape" and fleet.final == "lokust" and members:
        for ship in fleet.ships:
            ship.shields = enemy_def(ship).shield
            ship.timers = 0
        for seat in members:
            state.players[seat].shield = state.players[seat].max_shield
        turn.say("The Lokust swarm breaks off: it counts as a victory, but the Mothership keeps its damage.")
        state.combat = None
        return
    if outcome == "victory":
        state.fleets.remove(fleet)
        if not fleet.final:
            state.fleet_tokens.append(fleet.token)
        best: dict[str, int] = {}
        for card in c.destroyed:
            e = C.enemies.get(card)
            if e is not None:
                best[e.faction] = max(best.get(e.faction, 0), e.scrap)
        scrap = sum(best.values())
        turn.say(f"Victory over fleet {fleet.token}! Scrap worth {count(scrap, 'credit')}.")
        if fleet.final or len(members) <= 1:  # nothing to agree on (or the game is won)
            for seat, share in zip(members, choices.even_shares(scrap, max(1, len(members))), strict=False):
                if share:
                    gain_credits(state, seat, share, turn, "scrap")
        else:
            choices.start_split(state, members, min(scrap, state.bank), turn)
        for seat in members:
            if has_kind(state.players[seat], "credits_bonus"):
                gain_credits(state, seat, 1, turn, "Drosera Attractor Beam")
            player = state.players[seat]
            player.shield = player.max_shield
        if fleet.final:
            state.result = "win"
            state.reason = f"The {final_title(fleet.final)} is destroyed."
            state.phase = "over"
            turn.say(f"The {final_title(fleet.final)} is destroyed! The galaxy is saved.", kind="end")
    else:
        if not fleet.ships and fleet in state.fleets:
            state.fleets.remove(fleet)
            if not fleet.final:
                state.fleet_tokens.append(fleet.token)
            turn.say(f"Fleet {fleet.token} is gone, but so is the ship that fought it.")
        for ship in fleet.ships:
            ship.shields = enemy_def(ship).shield
            ship.timers = 0
            ship.side = "green"
            if not fleet.final:
                ship.damage = 0
        for seat in members:
            if seat not in c.shadow:
                choices.fall_back(state, seat, turn, "escapes" if outcome == "escape" else "falls back")
            if seat not in state.encountered:
                state.encountered.append(seat)
        if outcome == "escape":
            turn.say(f"The crew escape fleet {fleet.token} and regroup at a nearby planet.")
        if state.active in members or not members:
            state.active = -1
    state.combat = None


def final_title(key: str) -> str:
    return str(C.finals.get(key, {}).get("name", key))
