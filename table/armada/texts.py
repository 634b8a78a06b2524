"""Words the Armada commands show: the top of ``/armada help`` and "your move", the line that tells
a captain which commands fit right now. Every command is named exactly as typed."""

from __future__ import annotations

from rules.armada.state import State
from rules.core.grammar import count

from .labels import deciding, waiting_choice

HELP_INTRO = (
    "Each round: **Planning** (2 actions each, then `/armada end-turn`), **Encounter** (fight the fleets at "
    "your planet, maybe answer one beacon, then `/armada end-turn`), **Resolution** (runs by itself).",
    "Lost? `/armada view moves` lists every command you may type now. Planets by name or its start; "
    "captains by seat, player or ship; modules and heroes by name or id; dice 3 or #3; fleets 1 or F1.",
    "A new word (Prime beacon, Offline, Hawk)? `/rules system:armada topic:<word>`; `topic:board` reads the picture.",
)


def next_steps(state: State, seat: int) -> str:
    """What this captain can do now, as the commands to type."""
    if state.phase == "over":
        return "The game is over."
    p = state.players[seat]
    if deciding(state):
        return _choice(state, seat)
    t = state.trade
    if t is not None and seat in (t.seat, t.to):
        if seat == t.to:
            return (
                f"{state.seats[t.seat]} offers you a swap: `/armada answer reply:accept` takes it, "
                "`/armada answer reply:decline` refuses."
            )
        return f"Waiting for {state.seats[t.to]} to answer your swap (`/armada answer reply:decline` withdraws it)."
    c = state.combat
    if c is not None and seat in c.members:
        return _combat(state, seat)
    m = state.mission
    if m is not None and seat in m.members:
        if m.step == "sacrifice":
            if seat in m.owing:
                return "Try again: `/armada sacrifice die:<number>` sends a die to the Infirmary, or `/armada giveup`."
            return "Waiting for a teammate to send a die to the Infirmary."
        return (
            "Away Mission: `/armada assign dice:<number> station:<section>`, then `/armada roll` to roll the rest "
            "again (or `/armada giveup`)."
        )
    if state.phase == "ambush":
        if seat == state.savior:
            return "Galactic Savior: `/armada engage target:<captain>` attacks, `/armada end-step` holds fire."
        return "The Galactic Savior decides whether to attack."
    if p.offer_kind == "shop":
        return (
            "Shipyard open: `/armada buy module:<name>`, `/armada configure station:<number> module:<name>`, "
            "`/armada sell module:<name>`, then `/armada end-step`."
        )
    if p.offer_kind == "hire":
        return "Waystation open: `/armada hire hero:<name>`, then `/armada end-step`."
    if state.active not in (-1, seat):
        return f"{state.seats[state.active]} is taking a turn; yours comes after."
    return _turn(state, seat)


def _choice(state: State, seat: int) -> str:
    c = state.combat
    if any(r.seat == seat for r in state.retreats):
        return "Your ship falls back: `/armada answer reply:<planet>` (`/armada end-step` keeps the one shown)."
    if state.split is not None and seat in state.split.members and seat not in state.split.accepted:
        return (
            "Split: `/armada answer reply:agree` accepts it, `/armada answer reply:split 2,1` proposes another "
            "(`/armada end-step` accepts)."
        )
    if state.vote is not None and seat in state.vote.voters and seat not in state.vote.votes:
        return "Vote on a tie: `/armada answer reply:<captain>` (`/armada end-step` votes for the first tied)."
    if c is not None and c.knockouts.get(seat):
        return "An enemy knocked out your crew: `/armada answer reply:<die>` picks the die for the Infirmary."
    return "Waiting for " + waiting_choice(state) + "."


def _combat(state: State, seat: int) -> str:
    c = state.combat
    assert c is not None
    if c.pvp and c.turn_of not in (-1, seat) and c.step in ("assign", "escape"):
        return "Your opponent is taking their step 1."
    if c.step == "assign":
        if seat in c.finished:
            return "Waiting for your teammates to finish step 1."
        return (
            "Combat step 1: `/armada assign dice:<number> station:<station>` (the suggestions show what fits; "
            "`dice:suggested` places them all), "
            "`/armada reroll` first if you have rerolls, then `/armada end-step`."
        )
    if c.step == "gather":
        lead = c.seat if c.seat in c.members else c.members[0]
        if seat != lead:
            return f"Step 4: {state.seats[lead]} gathers the crew (`/armada roll`) or tries to escape."
        return "Step 4: `/armada roll` gathers the crew for the next round, or `/armada escape` tries to flee."
    if c.step == "escape":
        return "Escape attempt: `/armada escape die:<number>` puts dice on the Escape card; `/armada end-step` stops."
    if c.step == "relay":
        return "`/armada reroll dice:enemy` pays 1 credit to reroll the enemy die; `/armada end-step` accepts it."
    return "Combat goes on."


def _turn(state: State, seat: int) -> str:
    p = state.players[seat]
    if state.phase == "planning":
        if p.done:
            return "Your Planning turn is over; wait for the others."
        return (
            f"Planning ({count(p.actions, 'action')} left): `/armada travel`, `/armada repair`, `/armada give`, "
            "`/armada trade`, `/armada buy`, `/armada hire`; `/armada end-turn` when done."
        )
    if state.phase == "encounter":
        if seat in state.encountered:
            return "Your Encounter turn is over; wait for the others."
        fleets = [f.token for f in state.fleets if f.planet == p.planet and not f.fresh]
        if fleets and not p.critical:
            return f"Encounter: fleet {fleets[0]} is here: `/armada engage target:{fleets[0]}` (teammates optional)."
        beacons = [b.event for b in state.beacons if b.planet == p.planet and b.carrier < 0]
        if beacons and not p.critical:
            return f"Encounter: `/armada mission beacon:{beacons[0]}` answers a beacon, or `/armada end-turn`."
        return "Encounter: nothing to fight here; `/armada end-turn`."
    return "Nothing to decide right now."
