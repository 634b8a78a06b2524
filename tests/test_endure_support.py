"""Helpers for the Endure the Stars tests: fresh games, scripted dice, placing models."""

from __future__ import annotations

from rules.core import Rng, Turn
from rules.endure import SYSTEM
from rules.endure.state import EndureState, Enemy, ItemInst, Radar

S = SYSTEM


PLAIN_CREW = ["medic-a", "scout-b", "engineer-a", "captain-b", "psychic-b", "marine-b"]


def fresh(n: int = 3, seed: int = 1, crew: str = "", clear: bool = True) -> EndureState:
    """A CG00 game with ``n`` survivors (one per seat). ``clear`` removes radar tokens and the event deck.

    The default crew has passives that do not change dice counts, hit numbers or Resolve tests.
    """
    crew = crew or "+".join(PLAIN_CREW[:n])
    st = S.setup([f"p{i}" for i in range(n)], {"crew": crew}, seed)
    if clear:
        # keep CG00 alive: one marked contact sealed in the laboratory
        st.radar = [r for r in st.radar if r.marked]
        st.enemies = []
        st.noise = []
        st.event_deck = ["lockdown"] * 3
        st.event = ""
    return st


def place(st: EndureState, kind: str, zone: str, n: int = 1, *, marked: bool = False) -> list[Enemy]:
    from rules.endure.content import content

    out = []
    for _ in range(n):
        e = Enemy(id=st.next_id, kind=kind, zone=zone, hp=content().enemies[kind].health, marked=marked)
        st.next_id += 1
        st.enemies.append(e)
        out.append(e)
    return out


def token(st: EndureState, zone: str, tok: str, *, marked: bool = False) -> Radar:
    r = Radar(id=st.next_id, zone=zone, token=tok, marked=marked)
    st.next_id += 1
    st.radar.append(r)
    return r


def give(st: EndureState, si: int, card: str) -> ItemInst:
    from rules.endure.world import add_item

    inst = ItemInst(uid=st.next_id, card=card)
    st.next_id += 1
    assert add_item(st.survivors[si], inst)
    return inst


def strip(st: EndureState, si: int) -> None:
    s = st.survivors[si]
    s.slots, s.body, s.head = [], [], []


def texts(events) -> str:
    return "\n".join(e.text for e in events)


class Script:
    """Patch the dice: a call whose label contains a key takes the next scripted result."""

    def __init__(self, monkeypatch, **rules):
        self.rules = {k.replace("_", " "): list(v) for k, v in rules.items()}
        self.extra: list[tuple[str, list]] = []
        real_dice = Rng.dice
        real_faces = Rng.roll_faces
        script = self

        def dice(rng, count, sides=6, label="roll", seat=None):
            res = script.take(label)
            if res is None:
                return real_dice(rng, count, sides, label, seat)
            assert len(res) == count, f"{label}: scripted {res} for {count} dice"
            rng._log(label, [str(f) for f in res], seat, {"sides": sides, "faces": list(res)})
            return list(res)

        def roll_faces(rng, faces, count=1, label="roll", seat=None):
            res = script.take(label)
            if res is None:
                return real_faces(rng, faces, count, label, seat)
            rng._log(label, [str(f) for f in res], seat, {"faces": [str(f) for f in res]})
            return list(res)

        monkeypatch.setattr(Rng, "dice", dice)
        monkeypatch.setattr(Rng, "roll_faces", roll_faces)

    def add(self, key: str, *results) -> None:
        self.rules.setdefault(key, []).extend(results)

    def take(self, label: str):
        for key, queue in self.rules.items():
            if key in label and queue:
                return queue.pop(0)
        return None

    def left(self) -> dict:
        return {k: v for k, v in self.rules.items() if v}


def turn_for(st: EndureState) -> Turn:
    return Turn(st, None)
