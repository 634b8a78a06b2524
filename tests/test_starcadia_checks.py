"""Starcadia's legal() follows the cost rule (issue 14): candidates() filtered by a read-only check().

- check() never changes the state it reads (no copy, no change, no dice);
- legal() is exactly the candidates check() allows, and every one of them is accepted by apply;
- apply refuses with check()'s own sentence, since perform begins with it (tests/test_legal_reference.py
  holds legal() to the trial-by-apply reference on random states of every game).
"""

from __future__ import annotations

import random

import pytest

from rules.core import Action, RuleError
from rules.starcadia import SYSTEM as S
from rules.starcadia import engine as E
from rules.starcadia.ai import smart_choice
from rules.starcadia.state import StarState

from .test_starcadia_support import add_monster, place, play_state


def positions(seed: int, steps: int = 90) -> list[StarState]:
    """States along a game played by the bot with random moves mixed in (every 3rd one kept)."""
    r = random.Random(seed)
    scenario = ["1", "2B", "3C"][seed % 3]
    opts = {"scenario": scenario, "mode": "campaign" if scenario == "1" else "episodic", "draft": "snake"}
    opts |= {"monsters": "player", "defence": "ask", "events": "choose"}
    st = S.setup(["a", "b", "c"], opts, seed)
    out = []
    for step in range(steps):
        prompts = S.pending(st)
        if not prompts or S.outcome(st) is not None:
            break
        if step % 3 == 0:
            out.append(st)
        legal = S.legal(st, prompts[0].seat)
        st, _ = S.apply(st, prompts[0].seat, r.choice(legal) if r.random() < 0.3 else smart_choice(st, legal, r))
    return out


def verdict(call, *args: object) -> str:
    """'ok', or the refusal's sentence."""
    try:
        call(*args)
    except RuleError as exc:
        return str(exc)
    return "ok"


def spoiled(action: Action, r: random.Random) -> Action:
    """A legal action made doubtful: another hero, a longer path, another target or weapon, a stray field."""
    bad = dict(action)
    choice = r.randrange(5)
    if choice == 0 and "hero" in bad:
        bad["hero"] = r.choice(["edge", "red", "zip", "nobody"])
    elif choice == 1 and "path" in bad:
        bad["path"] = [*bad["path"], r.choice(["A1", "C4", "portal", "door:N", "hack", "pickup"])]
    elif choice == 2 and "target" in bad:
        bad["target"] = r.choice(["weeble#1", "weeble#9", "edge", "hannah"])
    elif choice == 3 and "weapon" in bad:
        bad["weapon"] = r.choice(["pulse-blade", "blaster-rifle", "iron-fists"])
    else:
        bad["type"] = r.choice(["end", "rest", "move", "attack", "use", "guard", "payback", "event"])
    return bad


@pytest.mark.parametrize("seed", range(4))
def test_check_reads_only_and_legal_is_the_checked_candidates(seed: int) -> None:
    for st in positions(seed):
        before = S.dumps(st)
        for p in S.pending(st):
            candidates = S.candidates(st, p.seat)
            legal = S.legal(st, p.seat)
            assert legal == [a for a in candidates if S.allows(st, p.seat, a)]
            for action in candidates:
                verdict(S.check, st, p.seat, action)
        assert S.dumps(st) == before  # nothing read changed anything


@pytest.mark.parametrize("seed", range(4))
def test_apply_refuses_with_the_checks_sentence(seed: int) -> None:
    r = random.Random(seed)
    for st in positions(seed):
        for p in S.pending(st):
            for action in S.legal(st, p.seat)[:12]:
                bad = spoiled(action, r)
                said = verdict(S.check, st, p.seat, bad)
                if said != "ok":
                    assert verdict(S.apply, st, p.seat, bad) == said, S.format(bad)


def test_a_hero_attack_is_checked_before_anything_moves() -> None:
    """Out of reach, a foreign hero, a second attack: refused by check() alone, the state untouched."""
    st = play_state()
    place(st, "edge", "C2")
    add_monster(st, "weeble", "G8")
    far = {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "pulse-blade", "boosts": []}
    with pytest.raises(RuleError, match="Close"):
        S.check(st, 0, far)
    with pytest.raises(RuleError, match="not in your crew"):
        S.check(st, 0, {**far, "hero": "hannah"})
    st.act.hero, st.act.attacked = "edge", True
    with pytest.raises(RuleError, match="already attacked"):
        S.check(st, 0, far)


def test_attacks_of_a_hero_carrying_a_card_twice_are_each_checked() -> None:
    """legal() takes a hero's attacks after its first passed the check only when the check finds what each
    names; a card carried twice (the first copy spent) is found by its first copy, so each is checked."""
    from rules.starcadia.content import CONTENT
    from rules.starcadia.state import Up

    blade, fists = (CONTENT.upgrade_by_ref(ref).id for ref in ("pulse-blade", "iron-fists"))
    for spent in (True, False):
        st = play_state()
        place(st, "edge", "C4")
        add_monster(st, "weeble", "C4")
        add_monster(st, "weeble", "C5")
        edge = E.find_hero(st, "edge")
        edge.upgrades = [Up(id=blade, exhausted=spent), Up(id=blade), Up(id=fists, exhausted=spent), Up(id=fists)]
        legal = S.legal(st, 0)
        assert legal == [a for a in S.candidates(st, 0) if S.allows(st, 0, a)]
        assert any(a["type"] == "attack" for a in legal) != spent
