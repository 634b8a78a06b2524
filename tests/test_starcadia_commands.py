"""The /starcadia command table and the /act notation agree.

Legal games (several seeds, scenarios, drafts, event and monster options, 2-4 crews; the quest-minded bot and
random moves by turns) are played at the engine level; at many states, for every seat that is asked
something, every legal action survives the notation (format -> parse) and is played exactly by the
/starcadia command its ``produces`` names (tests/command_roundtrip.py). The /actions-style listing names
each action by that command (``spec.command_for``).
"""

from __future__ import annotations

import random

import pytest

from rules.starcadia import SYSTEM as S
from rules.starcadia.ai import smart_choice
from rules.starcadia.state import StarState, Wait
from table import spec
from table.starcadia.commands import GROUP

from .command_roundtrip import check_commands_play_legal_actions
from .test_starcadia_support import add_monster, place, play_state

GAMES = [
    (101, "1", 2, {"draft": "choice", "monsters": "player", "defence": "ask"}),
    (102, "2A", 3, {"draft": "snake", "events": "choose", "monsters": "player"}),
    (103, "3B", 4, {"draft": "random", "events": "choose", "monsters": "bot", "defence": "ask"}),
    (104, "4", 2, {"draft": "random", "monsters": "player", "defence": "prefs"}),
    (105, "1", 3, {"draft": "random", "events": "choose", "monsters": "player", "defence": "ask"}),
]
STEPS = 150
EVERY = 3


def setup(seed: int, scenario: str, seats: int, options: dict[str, str]) -> StarState:
    mode = "campaign" if scenario == "1" else "episodic"
    return S.setup([f"P{i}" for i in range(seats)], {"scenario": scenario, "mode": mode, **options}, seed)


async def check_all(st: StarState, r: random.Random, steps: int = STEPS) -> tuple[int, set[str]]:
    """Play (the bot and random legal moves by turns); check the command table every few steps for every
    seat that is asked something. Returns how many actions were checked and their types."""
    checked, kinds = 0, set()
    for step in range(steps):
        if S.outcome(st) is not None:
            break
        prompts = S.pending(st)
        if step % EVERY == 0:
            for seat in sorted({p.seat for p in prompts}):
                checked += await check_commands_play_legal_actions(S, GROUP, st, seat, limit=80)
                kinds |= {a["type"] for a in S.legal(st, seat)}
        seat = prompts[0].seat
        legal = S.legal(st, seat)
        action = smart_choice(st, legal, r) if r.random() < 0.6 else r.choice(legal)
        st, _ = S.apply(st, seat, action)
    return checked, kinds


@pytest.mark.parametrize(("seed", "scenario", "seats", "options"), GAMES)
async def test_every_legal_action_is_played_by_its_command(
    seed: int, scenario: str, seats: int, options: dict[str, str]
) -> None:
    checked, kinds = await check_all(setup(seed, scenario, seats, options), random.Random(seed))
    assert checked >= 100 and {"move", "end", "rest"} <= kinds


async def test_between_scenarios_every_action_is_played_by_its_command() -> None:
    """Our turn_limit option ends scenario 1 soon, so the upgrade phase, outfitting and the route come up;
    an episodic level-3 scenario starts with the draft (keep)."""
    checked, kinds = await check_all(setup(106, "1", 2, {"draft": "random", "turn_limit": "4"}), random.Random(6))
    assert checked and {"take", "outfit", "route"} <= kinds, kinds
    checked, kinds = await check_all(setup(107, "3A", 2, {"draft": "random"}), random.Random(7), steps=20)
    assert checked and "keep" in kinds, kinds


async def test_mid_play_answers_are_played_by_their_commands() -> None:
    """A shove, a guard order and a defence with a reaction: answered through /starcadia answer."""
    st = play_state()
    place(st, "edge", "C2")
    place(st, "red", "C3")
    add_monster(st, "weeble", "C4")
    add_monster(st, "weeble", "D3")
    for wait in (
        Wait(kind="shove", seat=1, hero="red", monster="weeble#1", options=["B3", "D2"]),
        Wait(kind="guard", seat=1, hero="red", options=["weeble#1", "weeble#2"]),
        Wait(kind="place", seat=0, why="trooper-I", options=["C5", "D4"]),
        Wait(kind="defend", seat=0, hero="red", why="weeble#1"),
    ):
        st.wait = wait
        assert await check_commands_play_legal_actions(S, GROUP, st, wait.seat) >= 1


def test_every_action_type_has_a_producing_command() -> None:
    """Each command that plays an action says how (its ``produces``); the views and help do not play."""
    plain = {c.name for c in GROUP.commands if c.produces is None}
    assert plain == {"crew", "monsters", "quests", "campaign", "offer", "help"}
    kinds = {
        "pick": {"heroes": ["edge", "red"]},
        "claim": {"slot": 1},
        "gear": {"hero": "edge", "tokens": ["S01"]},
        "prefs": {"hero": "edge", "reroll": "off"},
        "keep": {"tokens": ["S01", "S02"]},
        "take": {"token": "S01"},
        "outfit": {},
        "route": {"scenario": "2A"},
        "guard": {"monster": "weeble#1"},
        "shove": {"to": "C4"},
        "place": {"space": "C4"},
        "defend": {"reaction": "none", "reroll": "on"},
        "monster": {"path": [], "target": "none"},
        "payback": {},
        "event": {},
        "end": {},
        "rest": {},
    }
    st = play_state()
    for kind, values in kinds.items():
        typed = spec.command_for(GROUP, st, 0, {"type": kind, **values})
        assert typed is not None and typed.startswith("/starcadia "), kind


def test_the_listing_names_each_action_by_its_command() -> None:
    st = play_state()
    place(st, "edge", "C2")
    add_monster(st, "weeble", "C3")
    typed = [spec.command_for(GROUP, st, 0, a) for a in S.legal(st, 0)]
    assert all(t is not None and t.startswith("/starcadia ") for t in typed)
    assert "/starcadia rest" in typed
    assert any(t.startswith("/starcadia move path:") and t.endswith("hero:edge") for t in typed)
    assert any(t.startswith("/starcadia attack target:WE1 weapon:") for t in typed)
