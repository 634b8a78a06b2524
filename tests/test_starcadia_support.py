"""Shared helpers for the Starcadia tests: a fixed board, figure placement and forced dice.

Board used by ``play_state`` (tiles t01 t02 t03 t04, yellow shuttle C1/D1, blue shuttle J3/J4)::

       A B C D E F G H I J
     1  | |. .| | | | | | |
     2  |S . . s|. . v .| |
     3  |. T|1 .d. .|T . .|      d = door D1 between E3 and F3
     4  |v .|. .|1 . . S|.|
     5  |# . . h|s . .|r| |
     6  |. . .|S|h . . .| |
     7  |. T . .d. .|v .| |      d = door D2 between E7 and F7
     8  |. . # 2|# T . 3| |
     9  |r . . .|S .|. s| |
"""

from __future__ import annotations

import pytest

from rules.core import RuleError
from rules.starcadia import SYSTEM
from rules.starcadia import dice as D
from rules.starcadia import engine as E
from rules.starcadia.state import Activation, MonsterState, StarState

QUIET_EVENT = "E17"  # trooper-III (empty in scenario 1), no effect


def setup_state(seed: int = 7, seats: int = 2, **options: str) -> StarState:
    opts = {"tiles": "t01+t02+t03+t04", **options}
    return SYSTEM.setup([f"P{i}" for i in range(seats)], opts, seed)


def play_state(seed: int = 7, **options: str) -> StarState:
    """Two crews in play: seat 0 yellow (edge, red), seat 1 blue (hannah, bahbaka). Empty station."""
    st = setup_state(seed, **options)
    for _ in range(2):
        seat = st.order[st.order_pos]
        heroes = ["edge", "red"] if seat == 0 else ["hannah", "bahbaka"]
        st, _ = SYSTEM.apply(st, seat, {"type": "pick", "heroes": heroes})
    assert st.phase == "shuttle"
    for _ in range(2):
        seat = st.order[st.order_pos]
        st, _ = SYSTEM.apply(st, seat, {"type": "claim", "slot": 1 if seat == 0 else 2})
    assert st.phase == "play"
    st.monsters = []
    st.tokens = {}
    st.deck = [QUIET_EVENT] * 10
    st.discard = []
    st.current = 0
    st.act = Activation()
    return st


def hero(st: StarState, hid: str):
    return E.find_hero(st, hid)


def place(st: StarState, hid: str, space: str) -> None:
    hero(st, hid).pos = space


def add_monster(st: StarState, card: str, space: str, designation: str = "trooper-I") -> MonsterState:
    n = 1 + sum(1 for m in st.monsters if m.card == card)
    m = MonsterState(uid=f"{card}#{n}", card=card, designation=designation, pos=space)
    st.monsters.append(m)
    return m


def refused(st: StarState, seat: int, action: dict, fragment: str = "") -> str:
    before = SYSTEM.dumps(st)
    with pytest.raises(RuleError) as info:
        SYSTEM.apply(st, seat, action)
    assert SYSTEM.dumps(st) == before
    assert fragment.lower() in str(info.value).lower()
    return str(info.value)


class ForcedDice:
    """Replace the engine's dice: faces come from a script, then 'blank' forever."""

    def __init__(self, monkeypatch) -> None:
        self.script: list[str] = []
        self.labels: list[str] = []
        self.counts: list[int] = []
        monkeypatch.setattr(D, "roller", self._roller)

    def set(self, *faces: str) -> None:
        self.script = list(faces)

    def _roller(self, turn, label, seat=None, *, shown=""):
        def roll(n: int, stage: str = "roll") -> list[str]:
            out = []
            for _ in range(n):
                out.append(self.script.pop(0) if self.script else "blank")
            self.labels.append(label)
            self.counts.append(n)
            return out

        return roll


def settle(st: StarState, events: list | None = None) -> StarState:
    """Answer every mid-play decision (guard order, payback, event moves, shoves, defence) with its
    default, the bot's policy, until the game waits for an ordinary turn again."""
    for _ in range(50):
        prompts = SYSTEM.pending(st)
        if not prompts or prompts[0].kind == "turn" or st.phase != "play":
            return st
        p = prompts[0]
        st, ev = SYSTEM.apply(st, p.seat, SYSTEM.default_action(st, p))
        if events is not None:
            events.extend(ev)
    raise AssertionError("the game kept waiting for decisions")


def texts(events) -> list[str]:
    """The narrated lines of ``events``."""
    return [e.text for e in events]
