"""The /endure command table and the /act notation agree.

Legal games (a few seeds, missions and crew sizes; random moves and the careful bot's by turns) are
played at the engine level; at many
states, for the seat that must act, every legal action survives the notation (format -> parse) and is
played exactly by the /endure command its ``produces`` names (tests/command_roundtrip.py). The
/actions-style listing names each action by that command (``spec.command_for``).
"""

from __future__ import annotations

import random

import pytest

from rules.endure import SYSTEM as S
from rules.endure.refuge import enter_refuge
from rules.endure.state import EndureState
from table import spec
from table.endure.commands import GROUP

from .command_roundtrip import check_commands_play_legal_actions
from .test_endure_bots import setup
from .test_endure_support import turn_for

GAMES = [
    ("CG00", 1, 101),
    ("CG01", 2, 102),
    ("CG04", 3, 103),
    ("C014", 4, 104),
    ("ROP16", 2, 105),
    ("C013", 3, 106),
    ("CG08", 2, 107),
]
STEPS = 150
EVERY = 3


async def check_all(st: EndureState, r: random.Random, steps: int = STEPS) -> int:
    """Play random legal moves (busy ones first); check the command table every few steps for every
    seat that is asked something. Returns how many actions were checked."""
    checked = 0
    for step in range(steps):
        if S.outcome(st) is not None:
            break
        prompts = S.pending(st)
        if step % EVERY == 0:
            for seat in sorted({p.seat for p in prompts}):
                checked += await check_commands_play_legal_actions(S, GROUP, st, seat, limit=80)
        seat = prompts[0].seat
        legal = S.legal(st, seat)
        busy = [a for a in legal if a["type"] not in ("end", "discard")]
        if r.random() < 0.5:  # the careful bot half the time, so games get somewhere
            action = S.ai_action(S.view(st, seat), seat, step) or legal[0]
        else:
            action = r.choice(busy) if busy and r.random() < 0.85 else r.choice(legal)
        st, _ = S.apply(st, seat, action)
    return checked


@pytest.mark.parametrize(("mission", "n", "seed"), GAMES)
async def test_every_legal_action_is_played_by_its_command(mission: str, n: int, seed: int) -> None:
    st = setup(mission, n, seed)
    checked = await check_all(st, random.Random(seed))
    assert checked >= 20


async def test_the_refuge_commands_play_every_refuge_action() -> None:
    st = S.setup(["a", "b"], {"campaign": "house", "crew": "marine-a+medic-a+scout-a", "survivors": "3"}, 7)
    st.survivors[1].alive = False
    enter_refuge(st, turn_for(st))
    checked = await check_all(st, random.Random(7), steps=12)
    assert checked >= 10


async def test_a_trade_offer_and_its_answers() -> None:
    st = S.setup(["a", "b"], {"crew": "marine-a+medic-a"}, 3)
    si = S.current(st)
    other = 1 - si
    st.survivors[other].zone = st.survivors[si].zone
    offer = next(a for a in S.legal(st, st.survivors[si].seat) if a["type"] == "trade")
    st, _ = S.apply(st, st.survivors[si].seat, offer)
    assert st.offer is not None
    for seat in (0, 1):
        assert await check_commands_play_legal_actions(S, GROUP, st, seat) >= 1


def test_the_listing_names_each_action_by_its_command() -> None:
    st = setup("CG00", 2, 9)
    seat = S.pending(st)[0].seat
    typed = [spec.command_for(GROUP, st, seat, a) for a in S.legal(st, seat)]
    assert all(t is not None and t.startswith("/endure ") for t in typed)
    assert "/endure search" in typed and "/endure end" in typed
    assert any(t.startswith("/endure move to:SEC-") for t in typed)
    assert spec.command_for(GROUP, st, seat, {"type": "batch", "actions": [{"type": "search"}, {"type": "end"}]}) == (
        "/endure turn actions:search; end"
    )
