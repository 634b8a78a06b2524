"""Endure the Stars: what the survivors see. Radar contacts in sight flip over (a boss, a Solomon
may come with them), newly seen kinds of enemy test Resolve, and spotted survivors are noted."""

from __future__ import annotations

from rules.core import Turn

from .bosses import spawn_boss
from .content import content
from .geometry import doors_held, doors_stay, sight
from .specials import after_sight
from .state import EndureState, Radar
from .world import change_resolve, ename, etype, living, no_solomon, on_map, place_models, resolve_test, sees, unnoticed


def reveal(st: EndureState, turn: Turn, tok: Radar) -> None:
    turn.reveal("a radar contact")
    st.radar.remove(tok)
    st.radar_out.append(tok.token)
    n_str, _, kind = tok.token.partition(" ")
    n = int(n_str)
    t = etype(kind)
    turn.say(f"Radar contact in {tok.zone} revealed: {ename(kind, n)}!", kind="warn")
    if t.boss:
        spawn_boss(st, turn, kind, tok.zone, marked=tok.marked)
    else:
        place_models(st, turn, tok.zone, kind, n, marked=tok.marked)
    watchers = [i for i in living(st) if sees(st, st.survivors[i].zone, tok.zone)]
    if t.family == "gep" and not t.boss and not no_solomon(st):
        alive = len(living(st))
        threshold = content().solomon[max(2, min(5, alive))]
        faces = turn.rng.dice(2, 6, label="Solomon check")
        if sum(faces) <= threshold:
            turn.say("A Solomon shambles out with them!", kind="warn")
            place_models(st, turn, tok.zone, "solomon", 1, marked=tok.marked)
    if t.boss:
        for i in watchers:
            change_resolve(st, turn, i, -1)
    for i in watchers:
        s = st.survivors[i]
        if not on_map(s):
            continue
        resolve_test(st, turn, i, f"{t.name} revealed")
        if kind not in s.seen_kinds:
            s.seen_kinds.append(kind)
        if (
            t.family == "gep"
            and "solomon" not in s.seen_kinds
            and any(e.kind == "solomon" and e.zone == tok.zone for e in st.enemies)
        ):
            s.seen_kinds.append("solomon")


def refresh_sight(st: EndureState, turn: Turn) -> None:
    """Flip radar tokens in sight, test Resolve for newly seen enemy kinds, note who was spotted.

    Nothing here opens or shuts a way, shields a zone or draws an event (only the survivors' commands,
    the Resolution phase and the Refuge do), so each zone's sight lines are worked out once per call."""
    if doors_held():  # the enemy phase, a walk: their memo serves
        _refresh(st, turn)
        return
    with doors_stay():
        _refresh(st, turn)


def _refresh(st: EndureState, turn: Turn) -> None:
    for _ in range(8):
        if not st.radar:
            break  # nothing to flip (the views below would go unread)
        views = [sight(st, s.zone) for s in st.survivors if s.alive and not s.exited]
        flip = [t for t in st.radar if any(t.zone in view for view in views)]
        if not flip:
            break
        for tok in sorted(flip, key=lambda t: t.id):
            if tok in st.radar:
                reveal(st, turn, tok)
    after_sight(st, turn)
    views = {i: sight(st, s.zone) for i, s in enumerate(st.survivors) if s.alive and not s.exited}
    for i, view in views.items():
        s = st.survivors[i]
        if not on_map(s):
            continue
        kinds = sorted({e.kind for e in st.enemies if e.zone in view})
        new = [k for k in kinds if k not in s.seen_kinds]
        s.seen_kinds = [k for k in s.seen_kinds if k in kinds]
        for k in new:
            s.seen_kinds.append(k)
            resolve_test(st, turn, i, f"{etype(k).name} in sight")
            if not on_map(s):
                break
        if st.phase == "survivors" and on_map(s):
            for e in st.enemies:
                if e.zone in view and i not in e.spotted and not unnoticed(st, turn, i, e):
                    e.spotted.append(i)
