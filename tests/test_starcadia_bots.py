"""Starcadia for async play (issue 12): steps with nothing to decide, buttons in plain words and bot seats.

- ``forced_action`` plays only steps with one answer (``end`` after a move that left nothing to do, a last
  token, a one-option decision) and never a real choice; the pings of a scripted first round are counted.
- ``action_label`` names every legal action in plain words, at most 80 characters.
- ``ai_action`` (the quest-minded bot of rules/starcadia/ai.py) plays whole scenarios with every seat a
  bot, deciding from its own view: changing what its seat cannot see does not change its choice.
"""

from __future__ import annotations

import random
import re

import pytest

from rules.core import RngState
from rules.starcadia import SYSTEM as S
from rules.starcadia.game import HIDDEN_CHOICES
from rules.starcadia.state import Activation, StarState

from .test_starcadia_support import add_monster, hero, place, play_state

SEATS3 = ["ann", "ben", "cat"]


def bot_game(seed: int, scenario: str = "1", seats: int = 3, **options: str) -> StarState:
    """Every seat a bot: ai_action on each seat's own view, applied to the real state, to the scenario's end."""
    mode = "campaign" if scenario == "1" else "episodic"
    opts = {"scenario": scenario, "mode": mode, "draft": "random", **options}
    st = S.setup([f"bot{i}" for i in range(seats)], opts, seed)
    for step in range(3000):
        if st.history or S.outcome(st) is not None:
            return st
        p = S.pending(st)[0]
        action = S.ai_action(S.view(st, p.seat), p.seat, seed * 10_000 + step)
        assert action in S.legal(st, p.seat), S.format(action)
        st, _ = S.apply(st, p.seat, action)
    raise AssertionError(f"seed {seed}: the bots did not finish scenario {scenario}")


# -- forced steps ---------------------------------------------------------------------------------------------


def test_end_is_played_for_a_hero_that_moved_and_has_nothing_left() -> None:
    """The issue's case: after a move that left no MP, nothing in reach and no gadget, only end remains."""
    st = play_state()
    place(st, "edge", "C2")
    st.act = Activation(hero="edge", mp=0, moved=True)
    prompt = S.pending(st)[0]
    assert S.legal(st, 0) == [{"type": "end"}]
    assert S.forced_action(st, prompt) == {"type": "end"}


def test_a_real_choice_is_never_forced() -> None:
    """A monster in reach, a door to flip or MP left: the player decides."""
    st = play_state()
    place(st, "edge", "C2")
    st.act = Activation(hero="edge", mp=0, moved=True)
    add_monster(st, "weeble", "C3")
    assert S.forced_action(st, S.pending(st)[0]) is None
    st.monsters = []
    st.act = Activation(hero="edge", mp=2, moved=True)
    assert S.forced_action(st, S.pending(st)[0]) is None
    st.act = Activation()
    assert S.forced_action(st, S.pending(st)[0]) is None  # the turn's first choice: which hero, or rest


def test_a_rest_a_claim_and_an_outfit_are_never_forced() -> None:
    """Each is listed once, but hides a choice: transfers and revival spots, hero placement, the loadout."""
    st = play_state()
    for hid in ("edge", "red"):
        hero(st, hid).dead, hero(st, hid).pos = True, ""
    assert S.legal(st, 0) == [{"type": "rest"}]
    assert S.forced_action(st, S.pending(st)[0]) is None
    assert {"claim", "outfit", "rest"} == HIDDEN_CHOICES


@pytest.mark.parametrize("seed", range(6))
def test_forced_steps_have_exactly_one_answer_on_random_states(seed: int) -> None:
    r = random.Random(seed)
    scenario = r.choice(["1", "2A", "3C"])
    opts = {"scenario": scenario, "mode": "campaign" if scenario == "1" else "episodic", "draft": "snake"}
    opts |= {"monsters": r.choice(["player", "bot"]), "defence": r.choice(["prefs", "ask"]), "events": "choose"}
    st = S.setup(["a", "b", "c"], opts, seed)
    forced_seen = 0
    for _ in range(200):
        if S.outcome(st) is not None:
            break
        p = S.pending(st)[0]
        legal = S.legal(st, p.seat)
        forced = S.forced_action(st, p)
        if forced is not None:
            forced_seen += 1
            real = [a for a in legal if a["type"] not in S.free_actions]
            assert real == [forced] and forced["type"] not in HIDDEN_CHOICES
        action = r.choice(legal) if r.random() < 0.5 else S.ai_action(S.view(st, p.seat), p.seat, seed)
        st, _ = S.apply(st, p.seat, action)
    assert forced_seen >= 1


def first_round_pings(seed: int) -> tuple[int, int]:
    """Prompts that reach a human in the first round of a 3-crew scenario 1 (the draft, the shuttles and
    every crew's first turn, with the decisions it raises), without and with forced steps.

    The players' choices are scripted (the bot's, from each seat's own view): the same choices both ways."""
    pings = {False: 0, True: 0}
    for autopass in (False, True):
        st = S.setup(SEATS3, {"draft": "choice", "monsters": "player", "defence": "ask"}, seed)
        step = 0
        while S.outcome(st) is None and (st.phase != "play" or st.turn_no <= len(SEATS3)) and not st.history:
            prompts = S.pending(st)
            forced = next(((p, f) for p in prompts if (f := S.forced_action(st, p)) is not None), None)
            if autopass and forced is not None:
                st, _ = S.apply(st, forced[0].seat, forced[1])
                continue
            p = prompts[0]
            pings[autopass] += 1
            step += 1
            st, _ = S.apply(st, p.seat, S.ai_action(S.view(st, p.seat), p.seat, seed * 1000 + step))
    return pings[False], pings[True]


FIRST_ROUND_SEEDS = range(200, 210)


def test_forced_steps_spare_pings_in_the_first_round() -> None:
    before = after = 0
    for seed in FIRST_ROUND_SEEDS:
        b, a = first_round_pings(seed)
        assert a <= b
        before, after = before + b, after + a
    print(f"first round of scenario 1, 3 crews, {len(FIRST_ROUND_SEEDS)} games: {before} pings -> {after}")
    assert after < before


# -- labels ---------------------------------------------------------------------------------------------------------

NOTATION = re.compile(r"#\d|\bdoor:|\bgive:|\w=\w|\+\w")
"""Traces of the /act notation that a plain-words label must not show."""


@pytest.mark.parametrize("seed", range(4))
def test_every_legal_action_has_a_plain_label(seed: int) -> None:
    r = random.Random(seed)
    st = S.setup(SEATS3, {"draft": "choice", "monsters": "player", "defence": "ask", "events": "choose"}, seed)
    kinds = set()
    for _ in range(150):
        if S.outcome(st) is not None:
            break
        for p in S.pending(st):
            for action in S.legal(st, p.seat):
                label = S.action_label(st, action)
                kinds.add(action["type"])
                assert 0 < len(label) <= 80 and not NOTATION.search(label), (S.format(action), label)
                assert label != S.format(action), label
        p = S.pending(st)[0]
        legal = S.legal(st, p.seat)
        st, _ = S.apply(st, p.seat, r.choice(legal) if r.random() < 0.4 else S.ai_action(st, p.seat, seed))
    assert {"pick", "claim", "move", "end", "rest"} <= kinds


def test_labels_say_what_happens() -> None:
    st = play_state()
    place(st, "edge", "C2")
    add_monster(st, "weeble", "C3")
    label = S.action_label
    assert (
        label(st, {"type": "move", "hero": "edge", "path": ["B2", "B3", "hack"]}) == "Edge: walk to B3 (3 MP) and hack"
    )
    assert label(st, {"type": "move", "hero": "edge", "path": ["door:E"]}) == "Edge: flip the door east"
    attack = {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "pulse-blade", "boosts": ["iron-fists"]}
    assert label(st, attack) == "Edge attacks WE1 with Pulse Blade + Iron Fists"
    assert label(st, {"type": "rest"}).startswith("Rest the crew")
    assert label(st, {"type": "claim", "slot": 2}) == "Claim shuttle slot 2"
    assert label(st, {"type": "guard", "monster": "weeble#1"}) == "WE1 attacks first"


# -- bots -------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "scenario", "seats"), [(1, "1", 3), (2, "2B", 2), (3, "3A", 4), (4, "4", 3)])
def test_a_scenario_with_every_seat_a_bot_finishes(seed: int, scenario: str, seats: int) -> None:
    st = bot_game(seed, scenario, seats, monsters="player", defence="ask", events="choose")
    assert st.history and st.history[0].winners


def hidden_changed(st: StarState, seat: int, seed: int) -> StarState:
    """The same position with everything ``seat`` cannot see changed: the event deck's order, the other
    crews' draft hands and the generator's seed."""
    other = S.clone(st)
    r = random.Random(seed)
    r.shuffle(other.deck)
    for crew in other.crews:
        if crew.seat != seat and crew.hand:
            r.shuffle(crew.hand)
            crew.hand[0] = "S01"
    other.rng = RngState(seed=seed, draws=st.rng.draws)
    return other


@pytest.mark.parametrize("seed", range(3))
def test_the_bot_decides_from_what_its_seat_can_see(seed: int) -> None:
    """ai_action on a seat's view never changes when hidden fields are changed in the real state."""
    r = random.Random(seed)
    scenario = ["2A", "1", "3B"][seed]
    opts = {"scenario": scenario, "mode": "campaign" if scenario == "1" else "episodic", "draft": "random"}
    st = S.setup(SEATS3, opts, seed)
    compared = 0
    for step in range(120):
        if S.outcome(st) is not None:
            break
        for p in S.pending(st):
            mine = S.ai_action(S.view(st, p.seat), p.seat, step)
            other = hidden_changed(st, p.seat, seed + step)
            assert S.ai_action(S.view(other, p.seat), p.seat, step) == mine
            compared += 1
        p = S.pending(st)[0]
        st, _ = S.apply(st, p.seat, S.ai_action(S.view(st, p.seat), p.seat, r.randrange(1000)))
    assert compared >= 100


def test_the_bot_walks_on_when_no_goal_is_on_the_board() -> None:
    """A quest whose monster is not out and no monster anywhere: the bot still picks a legal move
    (it used to take the minimum of no distances; the benchmark found it)."""
    from rules.starcadia.ai import smart_choice
    from rules.starcadia.content import CONTENT

    st = play_state()
    st.monsters = []
    st.pve, st.pve_index = [next(q for q, card in CONTENT.quests.items() if card.goal == "kill")], 0
    legal = S.legal(st, 0)
    for seed in range(5):
        assert smart_choice(st, legal, random.Random(seed)) in legal
        assert S.ai_action(S.view(st, 0), 0, seed) in legal
