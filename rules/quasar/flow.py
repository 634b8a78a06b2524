"""The order of play: phases, what each does by the rules, and running until someone must decide.

Phases in order (the almanac's): Mission Setup and Player Setup (at :func:`setup` time), then per Act:
Act Setup, Act Start, three Challenges (Challenge Setup, Challenge Start, Pre-Confrontation,
Confrontation, Pre-Resolution, Resolution, Pre-Cleanup, Cleanup), Act Resolution, and, only if
another Act follows, Ship Phase and Act Cleanup; last, Mission Resolution.

A phase with no base rules (Act Start and the Pre- phases) is skipped silently unless an in-play
effect fires in it or a triggered effect used there could change what happens (then a window opens
for the players whose effects could: see worth.py).
:func:`advance` runs tasks until one needs a player's decision; decisions that turn out to have
only one possible answer are settled here at once.
"""

from __future__ import annotations

from rules.core import Turn

from .content import content
from .layers import active, expire, hand_size
from .options import blind_cards, draw_card, draw_choices, refit_options, required_cards
from .rank import rank_order, team_leader
from .state import QuasarState, Resolution, Task, owned_key
from .steps import (
    add_progress,
    apply_effect,
    card_triggers,
    change_morale,
    crew_damage,
    drew,
    drop_project,
    lose,
    push,
    refill,
    rules_effect,
    run_step,
    seat_name,
    take,
    to_discard,
)
from .targets import evaluate, player_value, target_text
from .text import PHASE_NAMES, card_label, name_of, plural
from .worth import worth_asking
from .zones import active_projects, cards_in, deck, hand, move, new_lis, owner, to_box

DECISIONS = ("rank", "commit", "window", "boon", "draw", "trim", "discard", "demand", "scan", "order", "refit", "drop")
"""Task kinds that wait for a player (unless only one answer is possible)."""

WINDOW_PHASES = ("act_start", "challenge_start", "pre_confrontation", "pre_resolution", "pre_cleanup")

LOOP_LIMIT = 5000


def phase_task(name: str) -> Task:
    return Task(kind="phase", text=name)


def current_act(state: QuasarState) -> str:
    """Instance id of the Act card in the Mission Zone ("" between Acts)."""
    cards = content().cards
    return next((c for c in cards_in(state, "mission") if cards[state.cards[c].key].kind == "act"), "")


def mission_card(state: QuasarState) -> str:
    cards = content().cards
    return next((c for c in cards_in(state, "mission") if cards[state.cards[c].key].kind == "mission"), "")


def phase_effects(state: QuasarState, trigger: str) -> list[Task]:
    """Required effects of in-play cards that fire in phase ``trigger``: scenario cards first, then the
    players' cards in Rank order (a stable sort: cards of one rank in play order, a card's effects in its
    order, as :func:`.steps.card_triggers` lists them card by card)."""
    firing = [a for a in active(state) if a.effect.when == trigger and a.effect.style == "required"]
    if not firing:
        return []
    order = {seat: i for i, seat in enumerate(rank_order(state))}
    firing.sort(key=lambda a: -1 if a.owner is None else order[a.owner])
    return [Task(kind="apply", card=a.card, src=a.src) for a in firing]


def window(name: str) -> Task:
    return Task(kind="window", text=name, data=[0, 0])


def note_phase(state: QuasarState, turn: Turn, name: str, text: str = "") -> None:
    state.phase = name
    turn.say(text or f"{PHASE_NAMES[name]}.", kind="info", phase=name)


# -- the phases ------------------------------------------------------------------------------------------------


def act_setup(state: QuasarState, turn: Turn) -> None:
    state.act += 1
    state.round = 0
    state.wins = 0
    state.rounds = []
    top = cards_in(state, "scenario")[0]
    move(state, top, "mission", None)
    act = content().cards[state.cards[top].key]
    note_phase(state, turn, "act_setup", f"Act {state.act}: {act.name}. Goal: {act.goal} successful Challenges.")
    n = len(state.seats)
    state.picks = [0] * n
    state.picked = [False] * n
    for seat in range(n):
        if len(cards_in(state, owned_key("ranks", seat))) == 1:
            state.picks[seat], state.picked[seat] = 1, True
    push(state, [Task(kind="rank"), phase_task("act_start")])


def reveal_ranks(state: QuasarState, turn: Turn) -> None:
    """Everyone has picked: the Rank Cards go face-up into the Personal Zones together."""
    if not all(state.picked):
        return
    chosen = []
    for seat in range(len(state.seats)):
        cid = cards_in(state, owned_key("ranks", seat))[state.picks[seat] - 1]
        chosen.append(cid)
    for seat, cid in enumerate(chosen):
        move(state, cid, owned_key("personal", seat), seat)
    state.picks = [0] * len(state.seats)
    state.picked = [False] * len(state.seats)
    turn.reveal("the Rank Cards picked")
    shown_ranks = ", ".join(
        f"{seat_name(state, s)} {card_label(state.cards[chosen[s]].key)}" for s in range(len(state.seats))
    )
    turn.say(f"Rank Cards: {shown_ranks}. Team Leader: {seat_name(state, team_leader(state))}.")


def act_start(state: QuasarState, turn: Turn) -> None:
    state.phase = "act_start"
    push(state, [*phase_effects(state, "act_start"), window("act_start"), phase_task("challenge_setup")])


def challenge_setup(state: QuasarState, turn: Turn) -> None:
    state.round += 1
    sensed = cards_in(state, "sensors")
    if sensed:
        cid = sensed[0]
    else:
        cid = cards_in(state, "scenario")[0]
        turn.reveal("the next Challenge")
    move(state, cid, "mission", None)
    state.challenge = cid
    key = state.cards[cid].key
    card = content().cards[key]
    demand = f" Demand {card.demand}." if card.demand else ""
    total = content().tuning.challenges_per_act
    note_phase(
        state,
        turn,
        "challenge_setup",
        f"Challenge {state.round} of {total}: {card.name}. Target: {target_text(state, key)}.{demand}",
    )
    push(state, [phase_task("challenge_start")])


def challenge_start(state: QuasarState, turn: Turn) -> None:
    state.phase = "challenge_start"
    card = content().cards[state.cards[state.challenge].key]
    tasks = []
    if card.demand:
        tasks.append(Task(kind="demand", n=card.demand, data=[0, 0]))
    tasks += [*phase_effects(state, "challenge_start"), window("challenge_start"), phase_task("pre_confrontation")]
    push(state, tasks)


def pre_phase(name: str, following: str):
    def run(state: QuasarState, turn: Turn) -> None:
        state.phase = name
        push(state, [*phase_effects(state, name), window(name), phase_task(following)])

    return run


def confrontation(state: QuasarState, turn: Turn) -> None:
    n = len(state.seats)
    state.commits = [[] for _ in range(n)]
    state.committed = [not hand(state, s) for s in range(n)]
    need = required_cards(state)
    what = "one card" if need == 1 else f"{need} cards"
    note_phase(
        state, turn, "confrontation", f"Confrontation: everyone commits {what} in secret (Overcommit cards extra)."
    )
    push(state, [Task(kind="commit"), phase_task("pre_resolution")])


def reveal_commits(state: QuasarState, turn: Turn) -> None:
    """Everyone has committed: all cards go into the Confrontation Zone together (a lone player's unseen
    Deck card with them); a missing card is a new Lost in Space."""
    need = required_cards(state)
    revealed: list[str] = []
    lines = []
    for seat in rank_order(state):
        ids = hand(state, seat)
        chosen = [ids[i - 1] for i in state.commits[seat]]
        how = "" if chosen else " (stalled)" if ids else " (empty hand)"
        missing = max(0, need - len(chosen))
        for _ in range(blind_cards(state)):
            pile = deck(state, seat)
            if pile:
                chosen.append(pile[0])
                move(state, pile[0], "confront", seat)
            else:
                missing += 1
        for cid in chosen:
            move(state, cid, "confront", seat)
        for _ in range(missing):
            lis = new_lis(state, "confront", seat)
            if lis is None:
                change_morale(state, turn, -1, f"{seat_name(state, seat)} has nothing to confront with")
                continue
            chosen.append(lis)
        revealed += chosen
        shown_cards = " + ".join(card_label(state.cards[c].key) for c in chosen) or "nothing"
        lines.append(f"{seat_name(state, seat)}{how}: {shown_cards}")
    state.commits = [[] for _ in state.seats]
    state.committed = [False] * len(state.seats)
    turn.reveal("the committed cards")
    turn.say("Revealed: " + "; ".join(lines) + ".")
    tasks = []
    for cid in revealed:
        if state.cards[cid].zone == "confront":
            tasks += card_triggers(state, "confront", cid)
    push(state, tasks)


def resolution(state: QuasarState, turn: Turn) -> None:
    ok, verdicts = evaluate(state)
    key = state.cards[state.challenge].key
    total = sum(v for v in (player_value(state, s) for s in range(len(state.seats))) if v is not None)
    state.resolved = Resolution(challenge=key, success=ok, total=total, parts=[v.line() for v in verdicts])
    state.rounds.append("success" if ok else "failure")
    if ok:
        state.wins += 1
    word = "success" if ok else "failure"
    note_phase(state, turn, "resolution", f"{name_of(key)}: {word.upper()} ({'; '.join(v.line() for v in verdicts)}).")
    if not ok:
        change_morale(state, turn, -content().tuning.challenge_fail_morale, "the Challenge failed")
        if state.result:
            return
    tasks = card_triggers(state, word, state.challenge)
    order = {seat: i for i, seat in enumerate(rank_order(state))}
    mine = sorted(cards_in(state, "confront"), key=lambda c: order.get(owner(state, c) or 0, 0))
    for cid in mine:
        tasks += card_triggers(state, word, cid)
    if not ok:
        for cid in mine:
            seat = owner(state, cid)
            if seat is not None and content().cards[state.cards[cid].key].has("overcommit"):
                tasks.append(Task(kind="hurt", player=seat, n=1, card=cid))
    push(state, [*tasks, phase_task("pre_cleanup")])


def cleanup(state: QuasarState, turn: Turn) -> None:
    state.phase = "cleanup"
    last = state.round >= content().tuning.challenges_per_act
    following = "act_resolution" if last else "challenge_setup"
    push(state, [*phase_effects(state, "cleanup"), Task(kind="tidy"), rules_effect(0), phase_task(following)])


def tidy(state: QuasarState, turn: Turn) -> None:
    """Cleanup's base rules: confronting cards leave (Warp, Stockpile), the Challenge goes to the box,
    Shift ends, lasting changes for this Challenge end, and Projects gain Progress."""
    cards = content().cards
    order = {seat: i for i, seat in enumerate(rank_order(state))}
    for cid in sorted(cards_in(state, "confront"), key=lambda c: order.get(owner(state, c) or 0, 0)):
        seat = owner(state, cid)
        card = cards[state.cards[cid].key]
        if seat is None:
            to_box(state, cid)
        elif card.has("warp"):
            move(state, cid, "warp", seat)
        elif card.has("stockpile"):
            move(state, cid, owned_key("stockpile", seat), seat)
        else:
            to_discard(state, cid, seat)
    if state.challenge:
        to_box(state, state.challenge)
        state.challenge = ""
    expire(state, "challenge")
    for seat in rank_order(state):
        add_progress(state, turn, seat, 1)


def act_resolution(state: QuasarState, turn: Turn) -> None:
    act_id = current_act(state)
    act = content().cards[state.cards[act_id].key]
    ok = state.wins >= act.goal
    state.acts.append("success" if ok else "failure")
    word = "success" if ok else "failure"
    note_phase(
        state,
        turn,
        "act_resolution",
        f"Act {state.act} {act.name}: {word.upper()} ({state.wins} successful, goal {act.goal}).",
    )
    if not ok:
        change_morale(state, turn, -content().tuning.act_fail_morale, "the Act failed")
        if state.result:
            return
    mission = content().missions[state.mission]
    following = "ship" if state.act < len(mission.acts) else "mission_resolution"
    tasks = [*card_triggers(state, word, act_id), *phase_effects(state, "act_resolution"), Task(kind="reachable")]
    push(state, [*tasks, phase_task(following)])


def reachable(state: QuasarState, turn: Turn) -> None:
    """End at once when the Mission Goal can no longer be met (our pacing rule)."""
    mission = content().missions[state.mission]
    won = state.acts.count("success")
    left = len(mission.acts) - len(state.acts)
    if won + left < mission.acts_needed:
        lose(state, turn, f"too many Acts failed: the mission needs {mission.acts_needed} of {len(mission.acts)}.")


def ship(state: QuasarState, turn: Turn) -> None:
    note_phase(state, turn, "ship", "Ship Phase: spend Lessons, repair, shuffle and draw.")
    ready = [0 if refit_options(state, s) else 1 for s in range(len(state.seats))]
    tasks = [*phase_effects(state, "ship")]
    if not all(ready):
        tasks.append(Task(kind="refit", data=ready))
    tasks += [Task(kind="repair"), Task(kind="reshuffle"), rules_effect(0), Task(kind="ranks_away")]
    push(state, [*tasks, phase_task("act_cleanup")])


def reshuffle(state: QuasarState, turn: Turn) -> None:
    for seat in range(len(state.seats)):
        pile = owned_key("deck", seat)
        for cid in list(cards_in(state, owned_key("discard", seat))):
            move(state, cid, pile, seat)
        turn.rng.shuffle(state.zones.setdefault(pile, []))
        for cid in state.zones[pile]:
            state.cards[cid].known = False
    turn.say("Everyone shuffles their Discard Zone into their Deck.")


def ranks_away(state: QuasarState, turn: Turn) -> None:
    cards = content().cards
    for seat in range(len(state.seats)):
        for cid in list(cards_in(state, owned_key("personal", seat))):
            if cards[state.cards[cid].key].kind == "rank" and not state.cards[cid].down:
                to_box(state, cid)


def act_cleanup(state: QuasarState, turn: Turn) -> None:
    state.phase = "act_cleanup"
    cards = content().cards
    act_id = current_act(state)
    if act_id:
        to_box(state, act_id)
    for cid in list(cards_in(state, "scenario")):
        if cards[state.cards[cid].key].kind != "challenge":
            break
        to_box(state, cid)
    for name in ("sensors", "scan"):
        for cid in list(cards_in(state, name)):
            to_box(state, cid)
    state.energy = 0
    expire(state, "act")
    turn.say(f"Act Cleanup: Act {state.act} is put away; the Energy Zone is emptied.", phase="act_cleanup")
    push(state, [phase_task("act_setup")])


def mission_resolution(state: QuasarState, turn: Turn) -> None:
    mission = content().missions[state.mission]
    won = state.acts.count("success")
    final_ok = not mission.final_required or (bool(state.acts) and state.acts[-1] == "success")
    win = state.morale > 0 and won >= mission.acts_needed and final_ok
    glory = ", ".join(f"{seat_name(state, s)} {state.glory[s]}" for s in range(len(state.seats)))
    if len(state.seats) > 1:
        best = max(state.glory)
        mvps = [seat_name(state, s) for s in range(len(state.seats)) if state.glory[s] == best]
        glory += f"; MVP {' and '.join(mvps)}"
    state.result = "win" if win else "loss"
    state.phase = "over"
    state.tasks = []
    if win:
        state.summary = f"Mission complete: {won} of {len(mission.acts)} Acts. Glory: {glory}."
    elif not final_ok:
        state.summary = f"The final Act failed: the mission is lost. Glory: {glory}."
    else:
        state.summary = f"Only {plural(won, 'Act')} succeeded: the mission is lost. Glory: {glory}."
    turn.say(f"Mission Resolution: {state.summary}", kind="end", phase="mission_resolution")


PHASES = {
    "act_setup": act_setup,
    "act_start": act_start,
    "challenge_setup": challenge_setup,
    "challenge_start": challenge_start,
    "pre_confrontation": pre_phase("pre_confrontation", "confrontation"),
    "confrontation": confrontation,
    "pre_resolution": pre_phase("pre_resolution", "resolution"),
    "resolution": resolution,
    "pre_cleanup": pre_phase("pre_cleanup", "cleanup"),
    "cleanup": cleanup,
    "act_resolution": act_resolution,
    "ship": ship,
    "act_cleanup": act_cleanup,
    "mission_resolution": mission_resolution,
}


# -- decisions that may settle themselves ---------------------------------------------------------------------


def settle(state: QuasarState, turn: Turn, task: Task) -> bool:
    """True when ``task`` (on top) waits for a player; else it has been carried out or dropped."""
    kind = task.kind
    if kind == "rank":
        if all(state.picked):
            state.tasks.pop(0)
            reveal_ranks(state, turn)
            return False
        return True
    if kind == "commit":
        if all(state.committed):
            state.tasks.pop(0)
            reveal_commits(state, turn)
            return False
        return True
    if kind == "window":
        return settle_window(state, task)
    if kind == "draw":
        return settle_draw(state, turn, task)
    if kind in ("trim", "discard"):
        return settle_discard(state, turn, task)
    if kind == "demand":
        return settle_demand(state, turn, task)
    if kind == "scan":
        return settle_scan(state, turn, task)
    if kind == "refit":
        task.data = [1 if d or not refit_options(state, s) else 0 for s, d in enumerate(task.data)]
        if all(task.data):
            state.tasks.pop(0)
            return False
        return True
    if kind == "drop":
        found = active_projects(state, task.player)
        if len(found) <= 1:
            state.tasks.pop(0)
            if found:
                drop_project(state, turn, task.player, found[0])
            return False
        return True
    return True  # boon, order: always a real choice


def settle_window(state: QuasarState, task: Task) -> bool:
    """Open the window at the next player worth asking, else close it. Only a player owning a triggered
    effect of this phase can have one to use (found in one pass over the cards in play, not one per player)."""
    order = rank_order(state)
    pos, passes = task.data
    owners = {a.owner for a in active(state) if a.effect.style == "triggered" and a.effect.when == task.text}
    while passes < len(order):
        seat = order[pos % len(order)]
        if seat in owners and worth_asking(state, seat, task.text):
            task.data = [pos % len(order), passes]
            return True
        pos, passes = pos + 1, passes + 1
    state.tasks.pop(0)
    state.used = []
    return False


def window_seat(state: QuasarState, task: Task) -> int:
    return rank_order(state)[task.data[0] % len(state.seats)]


def settle_draw(state: QuasarState, turn: Turn, task: Task) -> bool:
    seat = task.player
    while task.n > 0:
        choices = draw_choices(state, task)
        if not choices:
            break
        if len(choices) > 1:
            return True
        source, ref = choices[0]
        take(state, turn, seat, source, draw_card(state, task, source, ref))
        task.n -= 1
    state.tasks.pop(0)
    finish_draw(state, turn, task)
    return False


def finish_draw(state: QuasarState, turn: Turn, task: Task) -> None:
    asked = task.data[0] if task.data else 0
    got = asked - task.n
    if not got:
        turn.say(f"{seat_name(state, task.player)} has no card left to draw.", concerns=[task.player])
        return
    short = f" (only {got} could be drawn)" if got < asked else ""
    turn.say(f"{seat_name(state, task.player)} draws {plural(got, 'card')}{short}.", concerns=[task.player])
    push(state, drew(state, task.player))


def settle_discard(state: QuasarState, turn: Turn, task: Task) -> bool:
    ids = hand(state, task.player)
    if task.kind == "trim" and len(ids) <= hand_size(state, task.player):
        state.tasks.pop(0)
        return False
    if not ids:
        state.tasks.pop(0)
        return False
    if len(ids) == 1:  # a hand of twins still asks: settling it at once would show the table the hand
        state.tasks.pop(0)
        discard_from_hand(state, turn, task.player, ids[0])
        if task.kind == "trim":
            push(state, [Task(kind="trim", player=task.player)])
        return False
    return True


def discard_from_hand(state: QuasarState, turn: Turn, seat: int, cid: str) -> None:
    key = state.cards[cid].key
    to_discard(state, cid, seat)
    turn.say(f"{seat_name(state, seat)} discards {card_label(key)}.", concerns=[seat])


def settle_demand(state: QuasarState, turn: Turn, task: Task) -> bool:
    order = rank_order(state)
    pos = task.data[0]
    while task.n > 0 and pos < len(order):
        seat = order[pos]
        if state.energy > 0 or hand(state, seat):
            task.data = [pos, task.data[1]]
            return True
        pos += 1
    state.tasks.pop(0)
    if task.n > 0:
        leader = team_leader(state)
        turn.say(
            f"The Demand is {task.n} short: {seat_name(state, leader)} (Team Leader) takes the Crew Damage.",
            concerns=[leader],
        )
        crew_damage(state, turn, leader, task.n)
    else:
        turn.say("The Demand is paid.")
    return False


def settle_scan(state: QuasarState, turn: Turn, task: Task) -> bool:
    ids = cards_in(state, "scan")
    if len(ids) > 1:
        return True
    state.tasks.pop(0)
    if ids:
        cid = ids[0]
        move(state, cid, "sensors", task.player)
        turn.say(f"{name_of(state.cards[cid].key)} goes into the Sensors Zone: it comes up next.")
    return False


# -- running --------------------------------------------------------------------------------------------------


def run_task(state: QuasarState, turn: Turn, task: Task) -> None:
    kind = task.kind
    if kind == "phase":
        PHASES[task.text](state, turn)
    elif kind == "apply":
        apply_effect(state, turn, task)
    elif kind == "step":
        run_step(state, turn, task)
    elif kind == "tidy":
        tidy(state, turn)
    elif kind == "hurt":
        turn.say(f"{seat_name(state, task.player)}'s Overcommit card costs them dearly.", concerns=[task.player])
        crew_damage(state, turn, task.player, task.n)
    elif kind == "repair":
        change_morale(state, turn, content().tuning.repair, "repairs in the Ship Phase")
    elif kind == "reshuffle":
        reshuffle(state, turn)
    elif kind == "ranks_away":
        ranks_away(state, turn)
    elif kind == "reachable":
        reachable(state, turn)
    elif kind == "refill":
        refill(state, turn, task.player)
    else:
        raise ValueError(f"unknown task {kind}")


def advance(state: QuasarState, turn: Turn) -> None:
    """Carry out everything that needs nobody, until a decision is pending or the game is over."""
    for _ in range(LOOP_LIMIT):
        if state.result or not state.tasks:
            return
        task = state.tasks[0]
        if task.kind in DECISIONS:
            if settle(state, turn, task):
                return
            continue
        state.tasks.pop(0)
        run_task(state, turn, task)
    raise RuntimeError("the rules went round in circles")


def start(state: QuasarState, turn: Turn) -> None:
    """After Mission and Player Setup: begin the first Act."""
    push(state, [phase_task("act_setup")])
    advance(state, turn)


__all__ = [
    "DECISIONS",
    "advance",
    "current_act",
    "discard_from_hand",
    "finish_draw",
    "mission_card",
    "start",
    "window_seat",
]
