"""Endure the Stars: spreading hits over the models in a zone and taking the dead off the board."""

from __future__ import annotations

from rules.core import Turn

from .bosses import boss_damaged, knocked_out
from .state import EndureState, Enemy
from .world import etype


def allocate(st: EndureState, zone: str, hits: int, prefer: list[str], skip: set[int] | None = None) -> list[Enemy]:
    """Spread ``hits`` over the models in ``zone``: wanted kinds first, then the cheapest kills.

    ``skip``: models no hit can affect (C013: a Sentry already shut down cannot be shut down again).
    """
    models = [e for e in st.enemies if e.zone == zone and e.id not in (skip or set()) and not knocked_out(st, e)]

    shielded = any(e.kind in ("zealot", "fanatic") for e in models)
    models = [e for e in models if not (e.kind == "preacher" and shielded)]

    def rank(e: Enemy) -> tuple:
        pri = prefer.index(e.kind) if e.kind in prefer else len(prefer)
        return (pri, etype(e.kind).boss, e.hp, e.id)

    killed: list[Enemy] = []
    left = hits
    for e in sorted(models, key=rank):
        if left <= 0:
            break
        if etype(e.kind).boss:
            e.hp -= left
            left = 0
            if e.hp <= 0:
                killed.append(e)
        elif e.hp <= left:
            left -= e.hp
            killed.append(e)
    return killed


def remove_dead(st: EndureState, turn: Turn, dead: list[Enemy]) -> list[Enemy]:
    """Take killed models off the board (an immortal boss may stay). Returns those removed."""
    gone = []
    for e in dead:
        if e not in st.enemies:
            continue
        if etype(e.kind).boss and boss_damaged(st, turn, e):
            continue  # an immortal boss stays down on the board
        st.enemies.remove(e)
        gone.append(e)
        if etype(e.kind).family == "sentry":
            st.sentry_kills += 1
    return gone
