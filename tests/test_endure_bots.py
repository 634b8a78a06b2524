"""Endure the Stars and asynchronous play: bot seats, forced steps, status lines and button labels.

- A bot seat plays from its own view (``ai_action`` on ``view``): whole missions end with
  every seat a bot, and its choices stay the same when what the seat cannot see is changed.
- ``forced_action`` plays only steps with nothing to decide; the pings of a first round are counted.
- ``status_lines`` and ``action_label`` speak plain words and never show hidden things.
"""

from __future__ import annotations

import random

import msgspec
import pytest

from rules.core import Action, Prompt
from rules.endure import SYSTEM as S
from rules.endure.content import content
from rules.endure.refuge import enter_refuge
from rules.endure.state import EndureState
from rules.endure.words import LABEL_MAX

from .test_endure_balance import crew_for
from .test_endure_support import fresh, turn_for

CAP = 1500


def setup(mission: str, n: int, seed: int) -> EndureState:
    options = {"mission": mission}
    if content().missions[mission].needs:
        options["crew"] = crew_for(mission, n)
    return S.setup([f"p{i}" for i in range(n)], options, seed)


def bot_step(st: EndureState, seed: int = 0) -> tuple[int, Action]:
    seat = S.pending(st)[0].seat
    action = S.ai_action(S.view(st, seat), seat, seed)
    assert action is not None and action in S.legal(st, seat), action
    return seat, action


@pytest.mark.parametrize(("mission", "n", "seed"), [("CG00", 3, 11), ("CG04", 2, 12), ("C012", 4, 13), ("CG09", 1, 14)])
def test_a_whole_mission_with_every_seat_a_bot_ends(mission: str, n: int, seed: int) -> None:
    st = setup(mission, n, seed)
    for step in range(CAP):
        if S.outcome(st) is not None:
            break
        seat, action = bot_step(st, step)
        st, _ = S.apply(st, seat, action)
    assert S.outcome(st) is not None, f"{mission} with {n} bots did not end in {CAP} steps"


def scrambled(st: EndureState, r: random.Random) -> EndureState:
    """The same position with everything the seats cannot see changed: the item deck, the radar
    contents (on the map and in the pool), the event deck and the unrevealed Resolve cards."""
    out = S.clone(st)
    items = sorted(content().items)
    out.item_deck = [r.choice(items) for _ in out.item_deck]
    tokens = [t.token for t in out.radar] + list(out.pool)
    r.shuffle(tokens)
    for tok, value in zip(out.radar, tokens, strict=False):
        tok.token = value
    out.pool = tokens[len(out.radar) :]
    r.shuffle(out.event_deck)
    resolve = sorted(content().resolve)
    for s in out.survivors:
        for slot in s.resolve_cards:
            if not slot.revealed:
                slot.card = r.choice(resolve)
    return out


@pytest.mark.parametrize(("mission", "seed"), [("CG00", 21), ("CG02", 22), ("ROP19", 23)])
def test_the_bot_decides_the_same_whatever_it_cannot_see(mission: str, seed: int) -> None:
    st = setup(mission, 3, seed)
    r = random.Random(seed)
    compared = 0
    for step in range(120):
        if S.outcome(st) is not None:
            break
        seat = S.pending(st)[0].seat
        if step % 3 == 0:
            mine = S.ai_action(S.view(st, seat), seat, step)
            other = scrambled(st, r)
            assert S.view(other, seat).radar == S.view(st, seat).radar
            assert S.ai_action(S.view(other, seat), seat, step) == mine
            compared += 1
        seat, action = bot_step(st, step)
        st, _ = S.apply(st, seat, action)
    assert compared >= 10


def test_the_view_the_bot_gets_holds_no_secret() -> None:
    st = setup("CG00", 3, 5)
    view = S.view(st, 0)
    assert view.rng.seed == 0 and set(view.item_deck) <= {"?"} and all(t.token == "?" for t in view.radar)


# -- forced steps ------------------------------------------------------------------------------------------------


def prompt(st: EndureState) -> Prompt:
    return S.pending(st)[0]


def test_no_action_left_and_only_discards_means_end_of_turn() -> None:
    st = fresh(2)
    s = st.survivors[st.order[st.turn_pos]]
    s.actions = 0
    s.accomplishment, s.unlocked, s.phobias = "alone-time", True, ["memory_loss"]  # the reward is locked away
    assert {a["type"] for a in S.legal(st, s.seat)} <= {"end", "discard"}
    assert S.forced_action(st, prompt(st)) == {"type": "end"}


def test_a_reward_that_could_do_nothing_now_is_kept_for_later() -> None:
    st = fresh(2)
    s = st.survivors[st.order[st.turn_pos]]
    s.actions, s.unlocked = 0, True
    s.accomplishment = next(k for k, a in content().accomplishments.items() if a.reward == "extra_die")
    assert {a["type"] for a in S.legal(st, s.seat)} >= {"reward", "end"}
    assert S.forced_action(st, prompt(st)) == {"type": "end"}
    s.accomplishment = next(k for k, a in content().accomplishments.items() if a.reward == "sprint")
    assert S.forced_action(st, prompt(st)) is None  # two free moves: worth spending now


def test_a_real_choice_is_never_forced() -> None:
    st = fresh(2)
    assert S.forced_action(st, prompt(st)) is None  # three actions to spend
    s = st.survivors[st.order[st.turn_pos]]
    s.actions = 0
    s.accomplishment, s.unlocked = "alone-time", True  # a free reward to spend, or keep
    assert S.forced_action(st, prompt(st)) is None
    s.unlocked, s.free_moves = False, 1  # a free move (light feet) is a choice too
    assert any(a["type"] == "move" for a in S.legal(st, s.seat))
    assert S.forced_action(st, prompt(st)) is None


def test_a_refuge_step_with_one_answer_is_forced() -> None:
    st = S.setup(["a", "b"], {"campaign": "terrible", "crew": "marine-a+medic-a"}, 3)
    enter_refuge(st, turn_for(st))
    assert S.forced_action(st, prompt(st)) is None  # where to go is a real choice
    for p in S.pending(st):
        st, _ = S.apply(st, p.seat, {"type": "visit", "survivor": p.seat, "place": "quarters", "pick": "resolve"})
    st.refuge_track, st.next_options = 0, st.next_options[:1]
    assert S.legal(st, 0) == [{"type": "vote", "choice": "leave"}]
    assert S.forced_action(st, prompt(st)) == {"type": "vote", "choice": "leave"}


@pytest.mark.parametrize("seed", [31, 32, 33])
def test_forced_steps_are_legal_and_the_only_real_move(seed: int) -> None:
    r = random.Random(seed)
    st = setup(r.choice(["CG00", "CG01", "C014"]), r.randint(1, 4), seed)
    for _ in range(300):
        if S.outcome(st) is not None:
            break
        p = prompt(st)
        legal = S.legal(st, p.seat)
        forced = S.forced_action(st, p)
        if forced is not None:  # ending the turn, with nothing else but discards or a boost that would do nothing
            assert forced == {"type": "end"} and forced in legal
            assert {a["type"] for a in legal} <= {"end", "discard", "reward"}
        busy = [a for a in legal if a["type"] != "end"]
        action = r.choice(busy) if busy and r.random() < 0.7 else legal[-1]
        st, _ = S.apply(st, p.seat, action)


FIRST_ROUND_SEEDS = range(100, 110)


def first_round_pings(seed: int) -> tuple[int, int]:
    """Prompts of round 1 of a 3-survivor CG00 game that reach a human, without and with forced steps.

    The players' choices are scripted (the careful player's, then ending the turn early on every
    third decision, as a player in a hurry would): the same choices both ways."""
    pings = {False: 0, True: 0}
    for autopass in (False, True):
        st = setup("CG00", 3, seed)
        decision = 0
        while S.outcome(st) is None and st.round == 1:
            p = prompt(st)
            forced = S.forced_action(st, p) if autopass else None
            if forced is not None:
                st, _ = S.apply(st, p.seat, forced)
                continue
            pings[autopass] += 1
            decision += 1
            legal = S.legal(st, p.seat)
            action = S.ai_action(S.view(st, p.seat), p.seat, 0)
            ender = next((a for a in legal if a["type"] == "end"), None)
            if decision % 3 == 0 and ender is not None and st.survivors[S.current(st)].actions <= 1:
                action = ender
            st, _ = S.apply(st, p.seat, action)
    return pings[False], pings[True]


def test_forced_steps_spare_pings_in_the_first_round() -> None:
    before = after = 0
    for seed in FIRST_ROUND_SEEDS:
        b, a = first_round_pings(seed)
        assert a <= b
        before, after = before + b, after + a
    print(f"first round of CG00, 3 survivors, {len(FIRST_ROUND_SEEDS)} games: {before} pings -> {after}")
    assert after <= before


# -- words --------------------------------------------------------------------------------------------------------


def test_status_lines_say_round_goal_survivors_and_whose_turn() -> None:
    st = fresh(3)
    lines = S.status_lines(st)
    text = "\n".join(lines)
    assert lines[0].startswith("CG00 Noisy Neighbours · round 1")
    assert "Goal: Kill the GEPs of the marked radar token …" in text
    acting = st.survivors[st.order[st.turn_pos]]
    name = content().survivors[acting.key].name
    assert f"{name} (p{acting.seat}): Health {acting.health}/{acting.max_health} · Resolve 10" in text
    assert "3 actions left ◀" in text and f"Now: {name}'s turn (p{acting.seat})." in text
    assert len(lines) <= 8 and all(len(line) <= 120 for line in lines)


def test_status_lines_show_nothing_hidden() -> None:
    st = setup("P20", 3, 4)
    r = random.Random(4)
    assert S.status_lines(scrambled(st, r)) == S.status_lines(st)


def test_labels_are_plain_words_within_discord_limits() -> None:
    st = fresh(2)
    s = st.survivors[st.order[st.turn_pos]]
    name = content().survivors[s.key].name
    assert S.action_label(st, {"type": "move", "zone": "SEC-a"}) == "Move to SEC-a"
    assert S.action_label(st, {"type": "search"}) == "Search this room"
    assert S.action_label(st, {"type": "end"}) == f"End {name}'s turn"
    assert S.action_label(st, {"type": "attack", "zone": "SEC-b", "weapon": "pistol"}) == "Attack SEC-b with Pistol"
    assert S.action_label(st, {"type": "answer", "accept": True}) == "Accept the trade"


@pytest.mark.parametrize("seed", [41, 42])
def test_every_legal_action_has_a_short_label(seed: int) -> None:
    r = random.Random(seed)
    for mission in ("CG00", "CG01", "C015", "ROP16"):
        st = setup(mission, 3, seed)
        for _ in range(60):
            if S.outcome(st) is not None:
                break
            p = prompt(st)
            legal = S.legal(st, p.seat)
            for a in legal:
                label = S.action_label(st, a)
                assert 0 < len(label) <= LABEL_MAX and "{" not in label and "None" not in label, (a, label)
            st, _ = S.apply(st, p.seat, r.choice(legal))


def test_a_label_never_names_a_hidden_card() -> None:
    st = fresh(2)
    st.item_deck = ["shotgun"]
    seat = prompt(st).seat
    st, _ = S.apply(st, seat, {"type": "search"})
    view = S.view(st, seat)
    assert msgspec.json.encode(view).count(b"shotgun") >= 1  # one's own find is no secret
    labels = [S.action_label(st, a) for a in S.legal(st, seat)]
    assert all("?" not in label for label in labels)
