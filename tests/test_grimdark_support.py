"""Helpers for the Grimdark tests: a battle set up and cleared, units put where a test wants them,
a battlefield of our choosing, and loaded dice."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

import pytest

from rules.core import RuleError, Turn
from rules.core.rng import Rng
from rules.grimdark import SYSTEM as G
from rules.grimdark.content import Layout, Placed, content, parse_cell
from rules.grimdark.forces import new_unit
from rules.grimdark.grid import grid_for
from rules.grimdark.state import Goal, GrimState, Unit
from rules.grimdark.units import find

_layouts = itertools.count(1)


def cell(name: str) -> tuple[int, int]:
    found = parse_cell(name)
    assert found is not None, name
    return found


def battle(heroes: str = "kessa+brannoc", *, seats: int = 1, scenario: str = "landing", **options: str) -> GrimState:
    """A mission in its first round with the heroes' deployment done."""
    names = [f"p{i}" for i in range(seats)]
    state = G.setup(names, {"scenario": scenario, "heroes": heroes, **options}, 7)
    for seat in range(seats):
        state, _ = G.apply(state, seat, {"type": "ready"})
    assert state.phase == "battle"
    return state


def bare(state: GrimState, *, rounds: int = 10) -> GrimState:
    """No enemies, tokens, objectives or waves; a goal that cannot end the mission by itself."""
    state.units = [u for u in state.units if u.side == "hero"]
    state.tokens = []
    state.objectives = []
    state.waves = []
    state.mission.goal = Goal(kind="survive")
    state.mission.rounds = rounds
    state.marks = []
    state.next_ids = {}
    return state


def battlefield(state: GrimState, pieces: list[str] = ()) -> GrimState:  # type: ignore[assignment]
    """Swap the battlefield for one holding only ``pieces`` ("ruin K10 3x3"...)."""
    key = f"bed-{next(_layouts)}"
    placed = []
    for text in pieces:
        kind, at, size = text.split()
        x, y = cell(at)
        w, h = (int(v) for v in size.split("x"))
        placed.append(Placed(kind, x, y, w, h))
    content().layouts[key] = Layout(key=key, name="Test bed", pieces=tuple(placed))
    grid_for.cache_clear()
    state.mission.layout = key
    return state


def put_hero(state: GrimState, key: str, at: str) -> Unit:
    hero = find(state, key)
    assert hero is not None
    hero.models[0].x, hero.models[0].y = cell(at)
    hero.placed = True
    return hero


def put_enemy(state: GrimState, kind: str, *cells: str) -> Unit:
    """An enemy unit of ``kind`` with exactly one model on each of ``cells``."""
    unit = new_unit(state, kind)
    from rules.grimdark.state import Model

    unit.models = [Model(x=cell(c)[0], y=cell(c)[1]) for c in cells]
    unit.placed = True
    return unit


def patch_hero(monkeypatch: pytest.MonkeyPatch, key: str, **changes: object) -> None:
    """Change a hero's profile for one test."""
    monkeypatch.setitem(content().heroes, key, replace(content().heroes[key], **changes))


def patch_unit(monkeypatch: pytest.MonkeyPatch, key: str, **changes: object) -> None:
    monkeypatch.setitem(content().units, key, replace(content().units[key], **changes))


@contextmanager
def dice(monkeypatch: pytest.MonkeyPatch, *faces: int, strict: bool = True) -> Iterator[list[int]]:
    """Loaded dice: every draw of the generator takes the next face (1-6 for a die; index+1 for other draws).

    With ``strict`` a test that needs more dice than it gave fails, so every roll is accounted for.
    """
    queue = list(faces)
    real = Rng.below

    def below(self: Rng, n: int) -> int:
        if not queue:
            if strict:
                raise AssertionError("the test ran out of loaded dice")
            return real(self, n)
        self.state.draws += 1
        value = queue.pop(0)
        assert 1 <= value <= n, f"loaded {value} for a draw below {n}"
        return value - 1

    monkeypatch.setattr(Rng, "below", below)
    yield queue
    monkeypatch.setattr(Rng, "below", real)


def turn_for(state: GrimState, seat: int = 0) -> Turn:
    return Turn(state, seat)


def texts(events: list) -> str:
    return "\n".join(e.text for e in events)


def refused(state: GrimState, seat: int, action: dict, match: str) -> None:
    """The command is refused with a sentence matching ``match`` and the state is untouched."""
    before = G.dumps(state)
    with pytest.raises(RuleError, match=match):
        G.apply(state, seat, action)
    assert G.dumps(state) == before
    assert not G.allows(state, seat, action)


def play(state: GrimState, seat: int, action: dict) -> tuple[GrimState, str]:
    after, events = G.apply(state, seat, action)
    return after, texts(events)


def test_the_support_helpers_work(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle())
    battlefield(state, ["ruin K10 3x3"])
    put_hero(state, "kessa", "C3")
    foe = put_enemy(state, "scrappers", "H3", "H4")
    assert foe.id == "S1" and len(foe.alive()) == 2
    with dice(monkeypatch, 6, 1):
        rng = Rng(state.rng)
        assert rng.dice(2) == [6, 1]
    assert grid_for(state.mission.layout, False).h(cell("K10")) == 4
