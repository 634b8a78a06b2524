"""The end of a scenario: the record, VT milestones and badges, the campaign's end, and the start of the
upgrade phase and of outfitting. The engine calls :func:`end_scenario` once the winner is known; this module
sits below the engine (it needs only the state and the content)."""

from __future__ import annotations

from rules.core import Turn

from .content import CONTENT
from .state import Record, StarState

CAMPAIGN_LAST = "4"


def end_scenario(state: StarState, turn: Turn) -> None:
    """Called once the scenario winner is known (``state.winners``)."""
    vts = [c.vt for c in state.crews]
    record = Record(scenario=state.scenario, vt=vts, winners=list(state.winners))
    state.history.append(record)
    if state.mode != "campaign":
        state.phase = "over"
        return
    for crew in state.crews:
        crew.new_badges = 0
        before = crew.total_vt // 7
        crew.total_vt += crew.vt
        milestones = crew.total_vt // 7 - before
        if milestones:
            crew.new_badges += milestones
            turn.say(f"The {crew.colour} crew passes {crew.total_vt // 7 * 7} VT overall: +{milestones} badge(s).")
    win = 3 if state.scenario == CAMPAIGN_LAST else 1
    for seat in state.winners:
        state.crews[seat].new_badges += win
        turn.say(f"{state.seats[seat]} earns {win} badge(s) for the win.")
    for crew in state.crews:
        crew.badges += crew.new_badges
    record.badges = [c.badges for c in state.crews]
    for h in state.heroes:
        h.gadgets, h.quest_tokens, h.wounds, h.dead, h.dazed, h.pos = [], [], 0, False, False, ""
    if state.scenario == CAMPAIGN_LAST:
        best = max(c.badges for c in state.crews)
        top = [c.seat for c in state.crews if c.badges == best]
        if len(top) > 1:
            vt_best = max(state.crews[s].total_vt for s in top)
            top = [s for s in top if state.crews[s].total_vt == vt_best]
        state.winners = top
        state.phase = "over"
        names = ", ".join(state.seats[s] for s in top)
        turn.say(f"The campaign is over! Saviour(s) of the galaxy: {names} with {best} badges.", kind="end")
        return
    start_upgrade_phase(state, turn)


def pick_order(state: StarState) -> list[int]:
    """Winner first, then the others by VT this scenario, ties clockwise from the winner."""
    n = len(state.seats)
    winner = state.winners[0]
    rest = [(winner + i) % n for i in range(1, n)]
    rest.sort(key=lambda s: -state.crews[s].vt)  # stable: keeps clockwise order on ties
    return [winner, *rest]


def start_upgrade_phase(state: StarState, turn: Turn) -> None:
    level = CONTENT.scenarios[state.scenario].level
    state.pool = sorted(u.id for u in CONTENT.upgrades.values() if u.deck == str(level))
    first = pick_order(state)
    seq = [s for s in first for _ in range(2)] + [s for s in reversed(first) for _ in range(2)]
    left = {s: state.crews[s].new_badges for s in first}
    while any(left.values()):
        for s in first:
            if left[s]:
                seq.append(s)
                left[s] -= 1
    state.order = seq[: len(state.pool)]
    state.order_pos = 0
    state.phase = "upgrade"
    turn.say(
        f"Upgrade phase: the level {level} tokens are laid out. Pick order: "
        + ", ".join(state.seats[s] for s in first)
        + ".",
        kind="turn",
    )
    if not state.order:
        start_outfit(state, turn)


def start_outfit(state: StarState, turn: Turn) -> None:
    state.phase = "outfit"
    state.order = []
    state.order_pos = 0
    for crew in state.crews:
        crew.ready = False
    turn.say("Outfit your heroes: give each up to 6 upgrades; anything left over is discarded.", kind="turn")
