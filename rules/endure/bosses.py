"""Endure the Stars: boss models, their card decks and their turns."""

from __future__ import annotations

from rules.core import Turn

from .content import BossCard, content
from .following import follow_noise
from .geometry import sight
from .state import BossState, EndureState, Enemy
from .world import (
    etype,
    hit_survivor,
    is_full,
    living,
    on_map,
    overflow_zone,
    path_steps,
    resolve_test,
    rolloff,
    sname,
    stun_survivor,
    the_board,
)


def boss_health(st: EndureState) -> int:
    mission = content().missions[st.mission]
    n = len(st.survivors)
    row = 0 if n <= 3 else 1 if n == 4 else 2
    return mission.boss_health[row] if mission.boss_health else 15


def spawn_boss(st: EndureState, turn: Turn, kind: str, zone: str, *, marked: bool) -> Enemy:
    hp = boss_health(st)
    zone = overflow_zone(st, turn, zone)
    e = Enemy(id=st.next_id, kind=kind, zone=zone, hp=hp, marked=marked)
    st.next_id += 1
    st.enemies.append(e)
    deck = sorted(content().bosses[kind].cards)
    turn.rng.shuffle(deck)
    st.bosses.append(BossState(enemy=e.id, kind=kind, max_hp=hp, deck=deck))
    st.boss_seen = True
    turn.say(f"The {etype(kind).name} is here! ({hp} Health)", kind="warn")
    return e


def boss_of(st: EndureState, e: Enemy) -> BossState | None:
    for b in st.bosses:
        if b.enemy == e.id:
            return b
    return None


def _draw(st: EndureState, turn: Turn, b: BossState) -> BossCard:
    deck = content().bosses[b.kind]
    if not b.deck:
        b.deck, b.discard = b.discard, []
        turn.rng.shuffle(b.deck)
    key = b.deck.pop()
    turn.reveal("a boss card")
    b.discard.append(key)
    return deck.cards[key]


def draw_attack(st: EndureState, turn: Turn, b: BossState) -> BossCard:
    """Draw until an attack card shows; a Mood-type card drawn on the way replaces the current one."""
    deck = content().bosses[b.kind]
    name = etype(b.kind).name
    for _ in range(len(deck.cards) + 1):
        card = _draw(st, turn, b)
        if card.kind == "mood":
            b.mood = card.key
            turn.say(f"{name} {deck.mood_word}: {card.name}.")
            _terror(st, turn, b, card)
            continue
        b.last = card.key
        turn.say(f"{name} attack card: {card.name}.")
        _terror(st, turn, b, card)
        return card
    # a deck of moods only cannot happen with validated data; fall back to the first attack
    card = next(c for c in deck.cards.values() if c.kind == "attack")
    b.last = card.key
    return card


def _terror(st: EndureState, turn: Turn, b: BossState, card: BossCard) -> None:
    """A card that says so: every survivor who can see the boss takes a Resolve test (rule 47)."""
    if not card.terror:
        return
    e = next((x for x in st.enemies if x.id == b.enemy), None)
    if e is None:
        return
    name = etype(b.kind).name
    for i in living(st):
        if on_map(st.survivors[i]) and e.zone in sight(st, st.survivors[i].zone):
            resolve_test(st, turn, i, f"the {name}'s {card.name}")


def mood(b: BossState) -> BossCard | None:
    return content().bosses[b.kind].cards.get(b.mood) if b.mood else None


def reach(st: EndureState, e: Enemy, card: BossCard, b: BossState) -> list[int]:
    """Survivors the attack can reach now, limited to the nearest zone for non-zone targets."""
    m = mood(b)
    rng = card.range + (m.range if m else 0)
    found: dict[int, int] = {}
    if card.radial:
        dist = the_board(st).noise_dist[e.zone]
        for i in living(st):
            d = dist.get(st.survivors[i].zone, 99)
            if d <= rng:
                found[i] = d
    else:
        view = sight(st, e.zone)
        for i in living(st):
            z = st.survivors[i].zone
            if z in view and view[z][0] <= rng:
                found[i] = view[z][0]
    return sorted(found, key=lambda i: (found[i], i))


def attack(st: EndureState, turn: Turn, e: Enemy, b: BossState, card: BossCard, targets: list[int]) -> None:
    m = mood(b)
    name = etype(b.kind).name
    if card.target == "zone" or card.radial:
        zone_of = {st.survivors[i].zone for i in targets}
        if not card.radial:
            nearest = st.survivors[targets[0]].zone
            zone_of = {nearest}
        victims = [i for i in targets if st.survivors[i].zone in zone_of]
    elif card.target in ("highest", "lowest"):
        best = max if card.target == "highest" else min
        value = best(st.survivors[i].health for i in targets)
        tied = [i for i in targets if st.survivors[i].health == value]
        victims = [tied[0] if len(tied) == 1 else rolloff(st, turn, tied, f"{card.name} target")]
    else:
        nearest = st.survivors[targets[0]].zone
        here = [i for i in targets if st.survivors[i].zone == nearest]
        victims = [here[0] if len(here) == 1 else rolloff(st, turn, here, f"{card.name} target")]
    dice = card.dice + (m.dice if m else 0)
    hit = max(2, min(6, card.hit + (m.hit if m else 0)))
    bonus = card.bonus + (m.bonus if m else 0)
    for i in victims:
        if not on_map(st.survivors[i]):
            continue
        faces = turn.rng.dice(dice, 6, label=f"{name} {card.name} on {sname(st.survivors[i])} ({dice} dice, {hit}+)")
        hits = sum(1 for f in faces if f >= hit)
        if hits == 0:
            turn.say(f"{card.name} misses {sname(st.survivors[i])}.")
            continue
        hit_survivor(st, turn, i, hits + bonus, f"the {name}'s {card.name}")
        if card.stun and on_map(st.survivors[i]):
            stun_survivor(st, turn, i)


def boss_turn(st: EndureState, turn: Turn, e: Enemy, step) -> None:
    """An active boss: draw a card, attack at once if in reach, else move toward reach and attack."""
    b = boss_of(st, e)
    if b is None:
        return
    if b.downed:
        turn.say(f"The {etype(e.kind).name} is still down.")
        return
    card = draw_attack(st, turn, b)
    m = mood(b)
    actions = etype(e.kind).actions + (m.actions if m else 0)
    mission = content().missions[st.mission]
    if e.kind == "primus" and mission.key == "P20":
        actions = 2 if turn.rng.die(6, label="Primus actions") <= 3 else 3
        actions += m.actions if m else 0
    targets = reach(st, e, card, b)
    if targets:
        attack(st, turn, e, b, card, targets)
        return
    for _ in range(actions):
        if not e.target or e.target == e.zone:
            goal = _nearest_survivor_zone(st, e.zone)
            if not goal:
                return
            e.target = goal
        nxt = step(st, turn, e.zone, e.target, etype(e.kind).name)
        if not nxt or is_full(st, nxt):  # a full zone can't be entered (rule 21)
            return
        e.zone = nxt
        turn.say(f"The {etype(e.kind).name} moves to {nxt}.")
        follow_noise(st, turn)  # CG11: its noise moves with it
        targets = reach(st, e, card, b)
        if targets:
            attack(st, turn, e, b, card, targets)
            return


def _nearest_survivor_zone(st: EndureState, zone: str) -> str:
    best, best_d = "", 99
    for i in living(st):
        z = st.survivors[i].zone
        d, _ = path_steps(st, zone, z, mover_blocked=False)
        if 0 <= d < best_d:
            best, best_d = z, d
    return best


def boss_damaged(st: EndureState, turn: Turn, e: Enemy) -> bool:
    """Called when a boss drops to 0 Health. True if it stays on the board (an immortal boss).

    P20 'Immortal': the Primus stays at 0 Health, stunned, until the round is over; see ``rise_bosses``.
    """
    b = boss_of(st, e)
    mission = content().missions[st.mission]
    if b is not None and e.kind == "primus" and mission.key == "P20":
        b.downed = True
        e.hp = 0
        e.stunned = True
        turn.say(
            "The Primus crashes down at 0 Health, out cold for the rest of the round: nothing can hurt it "
            "further, and it rises at half strength when the next round begins.",
            kind="warn",
        )
        return True
    if b is not None:
        st.bosses.remove(b)
    turn.say(f"The {etype(e.kind).name} is dead!", kind="warn")
    return False


def knocked_out(st: EndureState, e: Enemy) -> bool:
    """An immortal boss lying at 0 Health this round: it takes no more damage until it rises."""
    b = boss_of(st, e) if etype(e.kind).boss else None
    return b is not None and b.downed


def rise_bosses(st: EndureState, turn: Turn) -> None:
    """At the start of a round a knocked-out boss shakes off its stun with half its Health, rounded up."""
    for b in st.bosses:
        if not b.downed:
            continue
        b.downed = False
        e = next((x for x in st.enemies if x.id == b.enemy), None)
        if e is None:
            continue
        e.hp = (b.max_hp + 1) // 2
        e.stunned = False
        turn.say(f"The {etype(e.kind).name} rises again with {e.hp} Health!", kind="warn")
