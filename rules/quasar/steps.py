"""Carrying out effects: whom they apply to, each step, draws, Projects, Crew Damage and Morale.

An effect that applies to several players ("each player", "players with the highest value") splits
into one personal effect per player, resolved in Rank order; when that order could change the result
(Lost in Space running short, several players able to draw the same Warp card) the Team Leader is
asked for the order first. Steps that need a choice push a decision task (see flow.py).
"""

from __future__ import annotations

from rules.core import Turn

from .content import LIS, RULES_CARD, content
from .held import moved
from .layers import PRECEDENCE, active, can_draw, draw_bonus, draw_zones, hand_size, hold_level
from .rank import team_leader
from .state import Mod, QuasarState, Task, owned_key
from .targets import holds, select
from .text import card_label, name_of, plural
from .views import hidden_from
from .zones import (
    active_projects,
    cards_in,
    deck,
    drawable,
    hand,
    lis_supply,
    move,
    new_lis,
    owner,
    spec,
    to_box,
    zone_key,
)

LIS_STEPS = ("damage", "new_lis")


def seat_name(state: QuasarState, seat: int) -> str:
    return state.seats[seat]


def push(state: QuasarState, tasks: list[Task]) -> None:
    """Put ``tasks`` (in order) before everything still to do."""
    state.tasks[0:0] = tasks


def lose(state: QuasarState, turn: Turn, why: str) -> None:
    """The team loses at once, whatever was still to do."""
    state.result = "loss"
    state.phase = "over"
    state.tasks = []
    state.summary = why
    turn.say(f"The mission is lost: {why}", kind="end")


def change_morale(state: QuasarState, turn: Turn, n: int, why: str) -> None:
    if state.result:
        return
    if n > 0:
        n = min(n, state.morale_start - state.morale)
        if n <= 0:
            return
    state.morale = max(0, state.morale + n)
    turn.say(f"Morale {'+' if n > 0 else ''}{n} ({why}): now {state.morale}.")
    if state.morale <= 0:
        lose(state, turn, "Morale fell to 0.")


def to_discard(state: QuasarState, cid: str, seat: int) -> None:
    """Put a card on top of ``seat``'s Discard Zone."""
    move(state, cid, owned_key("discard", seat), seat, bottom=False)


def crew_damage(state: QuasarState, turn: Turn, seat: int, n: int) -> None:
    """Each point puts a new Lost in Space into the player's Discard; with none left, Morale -1."""
    for _ in range(n):
        if state.result:
            return
        cid = new_lis(state, owned_key("discard", seat), None)
        if cid is None:
            change_morale(state, turn, -1, f"{seat_name(state, seat)}'s Crew Damage, no Lost in Space left")
            continue
        to_discard(state, cid, seat)
        state.cards[cid].by = None
        moved()
        state.damage[seat] += 1
        turn.say(
            f"{seat_name(state, seat)} takes 1 Crew Damage: a Lost in Space goes into their Discard Zone.",
            concerns=[seat],
        )


def put_new_lis(state: QuasarState, turn: Turn, seat: int, ref: str) -> None:
    dest = zone_key(ref, seat)
    cid = new_lis(state, dest, None)
    if cid is None:
        change_morale(state, turn, -1, "no Lost in Space left to put in")
        return
    if spec(dest).ordered:
        move(state, cid, dest, None, bottom=False)
        state.cards[cid].known = spec(dest).seen != "all"  # on top of a face-down pile, in front of everyone
    turn.say(f"A new Lost in Space goes into {seat_name(state, seat)}'s {spec(dest).title}.")


# -- drawing ----------------------------------------------------------------------------------------------


def begin_draw(state: QuasarState, turn: Turn, seat: int, n: int, main_ref: str = "your deck") -> None:
    """Start one Draw of ``n`` cards: from ``main_ref`` and every other zone the player may draw from."""
    if n <= 0 or state.result:
        return
    if not can_draw(state, seat):
        turn.say(f"{seat_name(state, seat)} may not draw now: no card is drawn.", concerns=[seat])
        return
    main = zone_key(main_ref, seat)
    extra = [zone_key(ref, seat) for ref in draw_zones(state, seat)]
    sources = [main, *(z for z in extra if z != main)]
    push(state, [Task(kind="draw", player=seat, n=n, data=[n], text=",".join(sources))])


def take(state: QuasarState, turn: Turn, seat: int, source: str, cid: str | None = None) -> str:
    """Draw one card from ``source`` into the player's Hand (the top one of an ordered zone)."""
    cid = cid or drawable(state, source)[0]
    hidden = hidden_from(state, cid, source, None)  # a deck's card, a face-down Project: the table never saw it
    key = state.cards[cid].key
    move(state, cid, owned_key("hand", seat), seat)
    if hidden:
        turn.reveal(f"a card drawn by {seat_name(state, seat)}")
        turn.tell(seat, f"You draw {card_label(key)}.")
    else:
        turn.say(f"{seat_name(state, seat)} draws {card_label(key)} from the {spec(source).title}.", concerns=[seat])
    return cid


def refill(state: QuasarState, turn: Turn, seat: int) -> None:
    """Draw up to Hand Size (one Draw), then discard down to it if above."""
    missing = hand_size(state, seat) - len(hand(state, seat))
    push(state, [Task(kind="trim", player=seat)])
    if missing > 0:
        begin_draw(state, turn, seat, missing)


# -- Projects -----------------------------------------------------------------------------------------


def start_project(state: QuasarState, turn: Turn, seat: int) -> bool:
    top = deck(state, seat)
    if not top:
        turn.say(f"{seat_name(state, seat)} has no Deck card to start a Project with.", concerns=[seat])
        return False
    cid = top[0]
    move(state, cid, owned_key("personal", seat), seat, down=True)
    state.cards[cid].progress = 0
    turn.say(
        f"{seat_name(state, seat)} starts a Project: their top Deck card goes face-down into their Personal Zone.",
        concerns=[seat],
    )
    return True


def add_progress(state: QuasarState, turn: Turn, seat: int, n: int) -> None:
    goal = content().tuning.project_goal
    for cid in list(active_projects(state, seat)):
        state.cards[cid].progress += n
        if state.cards[cid].progress >= goal:
            complete_project(state, turn, cid)


def complete_project(state: QuasarState, turn: Turn, cid: str) -> None:
    seat = owner(state, cid)
    assert seat is not None
    key = state.cards[cid].key
    turn.reveal(f"{seat_name(state, seat)}'s Project")
    move(state, cid, owned_key("hand", seat), seat)
    state.glory[seat] += 1
    turn.say(
        f"{seat_name(state, seat)}'s Project is complete: {card_label(key)} goes to their Hand, +1 Glory.",
        concerns=[seat],
    )
    push(state, card_triggers(state, "complete", cid, seat))


def drop_project(state: QuasarState, turn: Turn, seat: int, cid: str) -> None:
    key = state.cards[cid].key
    turn.reveal(f"{seat_name(state, seat)}'s discarded Project")
    to_discard(state, cid, seat)
    turn.say(f"{seat_name(state, seat)} discards an Active Project: it was {card_label(key)}.", concerns=[seat])


# -- effects ------------------------------------------------------------------------------------------------


def card_triggers(state: QuasarState, trigger: str, cid: str, seat: int = -1) -> list[Task]:
    """Tasks for the required effects of card ``cid`` that fire on ``trigger``."""
    key = state.cards[cid].key
    return [
        Task(kind="apply", card=cid, src=f"{key}#{i}", player=seat)
        for i, e in enumerate(content().cards[key].effects)
        if e.style == "required" and e.when == trigger
    ]


def rules_effect(index: int = 0) -> Task:
    """A base rule written as an effect of the rules pseudo-card (index 0: draw up to Hand Size)."""
    return Task(kind="apply", src=f"{RULES_CARD}#{index}")


def order_matters(state: QuasarState, src: str, players: list[int]) -> str:
    """Why resolving a split effect in another order could change what happens ("" when it cannot):
    the words finish "The order matters for <effect>: ..."."""
    if len(players) < 2:
        return ""
    effect = content().effect(src)
    need = sum(s.n for s in effect.steps if s.do in LIS_STEPS) * len(players)
    left = len(lis_supply(state))
    if need and 0 < left < need:
        return (
            f"only {left} Lost in Space {'is' if left == 1 else 'are'} left for {need}, "
            "and whoever comes after loses Morale instead"
        )
    if any(s.do in ("draw", "refill") for s in effect.steps) and cards_in(state, "warp"):
        refill_only = all(s.do == "refill" for s in effect.steps)
        drawers = [
            p
            for p in players
            if "warp" in draw_zones(state, p)
            and can_draw(state, p)
            and (not refill_only or len(hand(state, p)) < hand_size(state, p))
        ]
        if len(drawers) >= 2:
            warp = ", ".join(card_label(state.cards[c].key) for c in cards_in(state, "warp"))
            names = " and ".join(seat_name(state, p) for p in drawers)
            return f"the Warp Zone holds {warp}, and {names} may each draw from it: whoever goes first chooses first"
    return ""


def apply_effect(state: QuasarState, turn: Turn, task: Task) -> None:
    """Resolve an effect: pick its players, then one personal effect each (or ask for the order)."""
    effect = content().effect(task.src)
    own = task.player if task.player >= 0 else (owner(state, task.card) if task.card else None)
    players = [p for p in select(state, effect.who, own) if all(holds(state, c, p) for c in effect.conditions)]
    if not players:
        return
    for p in players:
        if effect.rules and effect.lasting:
            state.mods.append(Mod(src=task.src, card=task.card, player=p, style=effect.style, until=effect.lasting))
    if not effect.steps:
        return
    why = order_matters(state, task.src, players)
    if why:
        leader = team_leader(state)
        push(state, [Task(kind="order", player=leader, card=task.card, src=task.src, data=players, text=why)])
        return
    push(state, personal_steps(task.card, task.src, players))


def personal_steps(card: str, src: str, players: list[int]) -> list[Task]:
    """One task per step and player, in order. A Boon step becomes the Boon itself at once, so Boons
    granted to several players together are chosen together."""
    steps = content().effect(src).steps
    why = name_of(src.partition("#")[0]) if card else "the rules"
    tasks = []
    for p in players:
        for i, step in enumerate(steps):
            if step.do == "boon":
                tasks += [Task(kind="boon", player=p, text=why) for _ in range(step.n)]
            else:
                tasks.append(Task(kind="step", player=p, card=card, src=src, step=i))
    return tasks


def source_name(state: QuasarState, task: Task) -> str:
    if not task.card:
        return "the rules"
    return name_of(state.cards[task.card].key)


def run_step(state: QuasarState, turn: Turn, task: Task) -> None:
    """Carry out one step of an effect for ``task.player``."""
    step = content().effect(task.src).steps[task.step]
    p, n, who = task.player, step.n, seat_name(state, task.player)
    why = source_name(state, task)
    if step.do == "draw":
        begin_draw(state, turn, p, n + draw_bonus(state, p), step.zone or "your deck")
    elif step.do == "refill":
        refill(state, turn, p)
    elif step.do == "glory":
        state.glory[p] += n
        turn.say(f"{who} gains {n} Glory ({why}).", concerns=[p])
    elif step.do == "learn":
        state.lessons[p] += n
        turn.say(f"{who} learns {plural(n, 'Lesson')} ({why}).", concerns=[p])
    elif step.do == "project":
        start_project(state, turn, p)
    elif step.do == "boon":
        push(state, [Task(kind="boon", player=p, text=why) for _ in range(n)])
    elif step.do == "damage":
        crew_damage(state, turn, p, n)
    elif step.do == "morale":
        change_morale(state, turn, n, why)
    elif step.do == "energy":
        state.energy += n
        turn.say(f"{why} adds {n} Energy: the Energy Zone holds {state.energy}.")
    elif step.do == "sensors":
        sweep(state, turn, p, n)
    elif step.do == "new_lis":
        for _ in range(n):
            put_new_lis(state, turn, p, step.zone)
    elif step.do == "drop_project":
        projects = active_projects(state, p)
        if len(projects) == 1:
            drop_project(state, turn, p, projects[0])
        elif projects:
            push(state, [Task(kind="drop", player=p)])
    elif step.do == "discard":
        push(state, [Task(kind="discard", player=p, text=why) for _ in range(n)])
    elif step.do == "progress":
        add_progress(state, turn, p, n)
    elif step.do == "extra_success":
        state.wins += 1
        turn.say(f"{why} counts as one more success for this Act.")
    elif step.do == "move":
        move_cards(state, turn, task, p)
    elif step.do == "purge":
        purge(state, turn, p, n)


def move_cards(state: QuasarState, turn: Turn, task: Task, seat: int) -> None:
    """A ``move`` step: the effect's own card, or up to n Player Cards from the top of a named zone,
    go into the destination (on top of an ordered one). A hold on the zone they would leave wins
    against an effect of its own style or a lower one (almanac, Game Effects: Constant > Required >
    Triggered): then nothing moves."""
    effect = content().effect(task.src)
    step = effect.steps[task.step]
    why = source_name(state, task)
    dest = zone_key(step.zone, seat)
    if step.source:
        origin = zone_key(step.source, seat)
        ids = drawable(state, origin)[: step.n]
    else:
        origin = state.cards[task.card].zone if task.card else ""
        ids = [task.card] if origin else []
    if not ids:
        return
    if hold_level(state, origin) >= PRECEDENCE[effect.style]:
        turn.say(f"{why} cannot move cards out of the {spec(origin).title}: a rule holds them there.")
        return
    for cid in ids:
        unseen_before = hidden_from(state, cid, origin, None)
        move(state, cid, dest, seat, bottom=not spec(dest).ordered)
        shown = not hidden_from(state, cid, dest, None)
        if unseen_before and shown:
            turn.reveal(f"a card {why} moved")
        name = card_label(state.cards[cid].key) if shown or not unseen_before else "a card"
        place = f"{seat_name(state, seat)}'s {spec(dest).title}" if ":" in dest else f"the {spec(dest).title}"
        turn.say(f"{why} moves {name} into {place}.")


def drew(state: QuasarState, seat: int) -> list[Task]:
    """The required effects that fire because ``seat`` just finished a Draw: those of in-play cards
    they own that watch their draws, once per Draw effect however many cards it took."""
    return [
        Task(kind="apply", card=a.card, src=a.src, player=seat)
        for a in active(state)
        if a.effect.style == "required" and a.effect.when == "draw" and a.owner == seat
    ]


def purge(state: QuasarState, turn: Turn, seat: int, n: int) -> None:
    found = [cid for cid in cards_in(state, owned_key("discard", seat)) if state.cards[cid].key == LIS][:n]
    for cid in found:
        to_box(state, cid)
    if found:
        turn.say(f"{seat_name(state, seat)} puts {len(found)} Lost in Space back in the box.", concerns=[seat])


def sweep(state: QuasarState, turn: Turn, seat: int, n: int) -> None:
    """Sensors N: the next N Challenges of this Act come face-up into the sweep for a choice."""
    upcoming = []
    for cid in cards_in(state, "scenario"):
        if content().cards[state.cards[cid].key].kind != "challenge" or len(upcoming) >= n:
            break
        upcoming.append(cid)
    if not upcoming:
        turn.say(f"{seat_name(state, seat)}'s sensors find no Challenge left in this Act.", concerns=[seat])
        return
    for cid in upcoming:
        move(state, cid, "scan", None)
    turn.reveal("the next Challenges")
    names = ", ".join(name_of(state.cards[cid].key) for cid in upcoming)
    turn.say(f"{seat_name(state, seat)}'s sensors show what comes next: {names}.", concerns=[seat])
    push(state, [Task(kind="scan", player=seat)])
