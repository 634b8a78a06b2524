"""The event deck: drawing a card, its monster slot acting (activation or spawn, chosen by the policy
or by the active player), and the card's effect."""

from __future__ import annotations

from rules.core import RuleError, Turn
from rules.core.grammar import listing, plural

from . import board as B
from .content import CONTENT
from .lookup import board_of, find_hero, find_monster, heroes_on_board, mname, occupancy
from .monsters import activate_monster, can_strike
from .quests import spawn
from .state import MonsterState, StarState, Task, Wait


def spawn_points_for(state: StarState, seat: int) -> list[B.XY]:
    """The active player's pick of spawn point: nearest a rival hero (ties: station order)."""
    b = board_of(state)
    rivals = [B.parse_space(h.pos) for h in heroes_on_board(state) if h.seat != seat]
    if not rivals:
        return list(b.spawns)

    def dist(p: B.XY) -> int:
        return min(abs(p[0] - r[0]) + abs(p[1] - r[1]) for r in rivals)

    return sorted(b.spawns, key=lambda p: (dist(p), b.spawns.index(p)))


def draw_event(state: StarState, turn: Turn) -> None:
    """Draw the top event card: its monster slot acts now, its effect is queued after that.

    With events=choose and a filled slot, the card waits for the active player's choices instead.
    """
    if not state.deck:
        state.deck = list(state.discard)
        state.discard = []
        turn.rng.shuffle(state.deck)
        turn.say("The event deck is reshuffled.")
    if not state.deck:
        return
    cid = state.deck.pop(0)
    turn.reveal("an event card")
    card = CONTENT.events[cid]
    state.last_event = cid
    mon = state.dashboard.get(card.designation)
    slot = f" ({CONTENT.monsters[mon].name}, the {card.designation} monster)" if mon else ""
    turn.say(f"Event: {card.name}{slot}.", kind="turn")
    state.todo.append(Task(kind="effect", card=cid))
    if state.event_mode == "choose" and state.dashboard.get(card.designation):
        state.pending_event = cid
        turn.say(f"{state.seats[state.current]} decides how the {card.designation} slot acts.")
        return
    state.discard.append(cid)
    designation_step(state, turn, card.designation)


def event_choices(state: StarState) -> tuple[list[MonsterState], list[B.XY]]:
    """Figures the pending event may activate, or spawn points it may use (if none is out)."""
    card = CONTENT.events[state.pending_event]
    card_id = state.dashboard.get(card.designation, "")
    figures = [m for m in state.monsters if m.card == card_id]
    if figures:
        return figures, []
    b = board_of(state)
    need = 0 if CONTENT.monsters[card_id].huge else 1
    free = [p for p in b.spawns if occupancy(state, B.name(p)) <= need]
    return [], free or list(b.spawns)


def check_event(state: StarState, action: dict) -> None:
    """Refuse event choices that do not fit the drawn card (read only): a figure of its slot if one is
    out (and a target only when the bot runs it), else one of its spawn points."""
    figures, points = event_choices(state)
    fig_ref, target_ref, spawn_ref = action.get("figure"), action.get("target"), action.get("spawn")
    if figures:
        if spawn_ref is not None:
            raise RuleError("A figure of that slot is on the board: activate it instead of spawning.")
        if fig_ref is not None:
            m = find_monster(state, str(fig_ref).lower()) if isinstance(fig_ref, str) else None
            if m is None or m not in figures:
                raise RuleError(f"Choose one of: {', '.join(f.uid for f in figures)}.")
        if target_ref is not None:
            if state.monster_control == "player":
                raise RuleError("Choose the figure now; its target is chosen when it acts.")
            only = find_hero(state, str(target_ref).lower()) if isinstance(target_ref, str) else None
            if only is None or only.dead or not only.pos:
                raise RuleError("The target must be a hero on the board.")
        return
    if fig_ref is not None or target_ref is not None:
        raise RuleError("No figure of that slot is on the board: choose a spawn point.")
    if spawn_ref is not None:
        xy = B.parse_space(spawn_ref) if isinstance(spawn_ref, str) else None
        if xy not in points:
            raise RuleError(f"Spawn on one of: {', '.join(B.name(p) for p in points)}.")


def resolve_event(state: StarState, turn: Turn, action: dict) -> None:
    """The active player's choices for the pending event: figure (and target), or spawn point.

    With monsters=player the chosen figure's move and target are a further prompt, so a target
    is not taken here.
    """
    check_event(state, action)
    card = CONTENT.events[state.pending_event]
    figures, points = event_choices(state)
    fig_ref, target_ref, spawn_ref = action.get("figure"), action.get("target"), action.get("spawn")
    if figures:
        m = figures[0] if fig_ref is None else find_monster(state, str(fig_ref).lower())
        only = None if target_ref is None else find_hero(state, str(target_ref).lower())
        state.discard.append(state.pending_event)
        state.pending_event = ""
        if fig_ref is None and only is None:
            designation_step(state, turn, card.designation)
        elif state.monster_control == "player":
            prompt_activation(state, turn, m)
        else:
            activate_monster(state, turn, m, only=only, avoid=state.current, controller=state.current)
    else:
        if spawn_ref is not None:
            at = [B.parse_space(spawn_ref)]
        else:
            at = [p for p in spawn_points_for(state, state.current) if p in points]
        state.discard.append(state.pending_event)
        state.pending_event = ""
        spawn(state, turn, card.designation, at)


def prompt_activation(state: StarState, turn: Turn, m: MonsterState) -> None:
    """An event activation run by the active player: wait for its path and target."""
    if not heroes_on_board(state):
        turn.say(f"{mname(m)} finds no hero to chase.")
        return
    state.wait = Wait(kind="monster", seat=state.current, monster=m.uid, why="event")
    turn.say(f"{state.seats[state.current]} runs {mname(m)} (its movement and one attack).")


def event_figure(state: StarState, figures: list[MonsterState]) -> MonsterState:
    """The active player's pick among the slot's figures: one that can attack a rival hero this
    activation (standing or after walking), else the first on the board."""

    def score(m: MonsterState) -> tuple[int, str]:
        return (0 if can_strike(state, m, state.current) else 1, m.uid)

    return min(figures, key=score)


def designation_step(state: StarState, turn: Turn, des: str) -> None:
    card_id = state.dashboard.get(des)
    if not card_id:
        turn.say(f"No monster fills the {des} slot.")
        return
    figures = [m for m in state.monsters if m.card == card_id]
    if not figures:
        spawn(state, turn, des, spawn_points_for(state, state.current))
        return
    chosen = event_figure(state, figures)
    if state.monster_control == "player":
        prompt_activation(state, turn, chosen)
        return
    activate_monster(state, turn, chosen, avoid=state.current, controller=state.current)


def effect(state: StarState, turn: Turn, card) -> None:
    b = board_of(state)
    kind = card.effect
    if kind == "none":
        return
    if kind == "spawn":
        spawn(state, turn, card.spawn)
    elif kind == "surge":
        turn.say("Surge: the slot acts again.")
        designation_step(state, turn, card.designation)
    elif kind in ("close_doors", "open_doors"):
        for d in state.doors:
            state.doors[d] = kind == "open_doors"
        turn.say("Every door slams shut." if kind == "close_doors" else "Every door slides open.")
    elif kind == "heal_monsters":
        for m in state.monsters:
            m.wounds = max(0, m.wounds - card.value)
        turn.say(f"Monsters shake off up to {card.value} wound(s).")
    elif kind == "drop_gadget":
        in_play = sum(toks.count(card.gadget) for toks in state.tokens.values())
        in_play += sum(h.gadgets.count(card.gadget) for h in state.heroes)
        if in_play >= CONTENT.counts[card.gadget]:
            turn.say(f"No {card.gadget} token is left.")
            return
        for t in b.terminals:
            if not state.tokens.get(B.name(t)):
                state.tokens[B.name(t)] = [card.gadget]
                turn.say(f"A {card.gadget} appears at {B.name(t)}.")
                break
    elif kind == "portal_token":
        colour_count = sum(1 for c in state.portal_tokens.values())
        if colour_count >= CONTENT.counts["portal"]:
            turn.say("No portal token is left.")
            return
        for t in b.terminals:
            if B.name(t) not in state.portal_tokens:
                state.portal_tokens[B.name(t)] = card.colour
                turn.say(f"{'An' if card.colour[:1] in 'aeiou' else 'A'} {card.colour} portal opens at {B.name(t)}.")
                break
    elif kind == "jam_portals":
        if card.colour in state.jammed:
            state.jammed.remove(card.colour)
            turn.say(f"{card.colour.capitalize()} portals work again.")
        else:
            state.jammed.append(card.colour)
            turn.say(f"{card.colour.capitalize()} portals shut down.")
    elif kind == "taco_tuesday":
        low = min(c.vt for c in state.crews)
        fed = [c for c in state.crews if c.vt == low]
        for c in fed:
            c.vt += 1
        names = listing([f"{c.colour} ({state.seats[c.seat]})" for c in fed])
        gain = "gains 1 VT" if len(fed) == 1 else "each gain 1 VT"
        turn.say(
            f"Taco Tuesday! The fewest VT ({low}): the {names} {plural('crew', len(fed))} {gain}.",
            concerns=[c.seat for c in fed],
        )


def run_effect(state: StarState, turn: Turn, t: Task) -> None:
    effect(state, turn, CONTENT.events[t.card])
