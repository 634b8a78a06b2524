"""Endure the Stars: the level-5 noises that follow a model about (CG11's wounded Titan, CG08's
captured Solomon), kept with what they follow after anything moves or hurts a model."""

from __future__ import annotations

from rules.core import Turn

from .state import PERMANENT, EndureState, NoiseToken
from .world import etype, specials, survivors_in


def noise_homes(st: EndureState) -> list[tuple[str, str]]:
    """Where each permanent level-5 noise belongs now, with what it follows (CG11 Titan, CG08 Solomon)."""
    sp = specials(st)
    homes: list[tuple[str, str]] = []
    if "titan_noise" in sp:  # CG11 'Erm... a little help?': once the Titan is under half its Health
        for b in st.bosses:
            e = next((x for x in st.enemies if x.id == b.enemy), None)
            if e is not None and e.hp * 2 < b.max_hp:
                homes.append((e.zone, f"the wounded {etype(e.kind).name}"))
    if "trophy" in sp:  # CG08 'Cry for help': it howls from the moment it is collected, not before
        homes += [
            (st.survivors[o.carried_by].zone, "the captured Solomon")
            for o in st.objectives
            if o.carried_by >= 0 and o.id == "trophy"
        ]
    return homes


def follow_noise(st: EndureState, turn: Turn) -> None:
    """Keep the permanent level-5 noises on what they follow: placed the moment the rule starts to
    apply, moved along whenever it moves. Called after anything that can hurt or move a model."""
    sp = specials(st)
    if "titan_noise" not in sp and "trophy" not in sp:
        return
    homes = noise_homes(st)
    have = [n for n in st.noise if n.res_round == PERMANENT]
    if len(have) == len(homes):
        for tok, (zone, _) in zip(have, homes, strict=True):
            if tok.zone != zone:
                _drag_listeners(st, tok, zone)
                tok.zone = zone
        return
    st.noise = [n for n in st.noise if n.res_round != PERMANENT]
    st.noise += [NoiseToken(zone=z, level=5, res_round=PERMANENT) for z, _ in homes]
    for zone, who in homes[len(have) :]:
        turn.say(f"A level 5 noise rises in {zone}; it follows {who} from now on.", kind="warn")


def _drag_listeners(st: EndureState, tok: NoiseToken, zone: str) -> None:
    """Active enemies and contacts heading for a following noise keep heading for it when it moves,
    unless something else they could be after (a survivor, a decoy, another noise) stays behind."""
    old = tok.zone
    if survivors_in(st, old) or old in st.decoys or any(n is not tok and n.zone == old for n in st.noise):
        return
    for m in [*st.enemies, *st.radar]:
        if m.mode == "active" and m.target == old:
            m.target = zone
