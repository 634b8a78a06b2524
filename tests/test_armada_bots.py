"""Deep Space D-6: Armada and asynchronous play (issue 12): forced steps, bot seats and plain words.

- ``forced_action`` plays only steps with one sensible answer (``end`` with no action left or
  nothing to engage, ``done`` with no die to place, a Try Again that costs nothing giving up would
  spare, a last choice) and never a real choice; the pings of a scripted first round are counted.
- ``ai_action`` (the careful captain of rules/armada/ai.py) plays whole games with every seat a bot,
  deciding from its own view: changing what its seat cannot see does not change its choice.
- ``status_lines`` and ``action_label`` speak plain words and never show hidden things.
"""

from __future__ import annotations

import random
import re

import pytest

from rules.armada import SYSTEM as S
from rules.armada import combat
from rules.armada.helpers import dice_of
from rules.armada.state import State
from rules.armada.words import LABEL_MAX
from rules.core import Action, RngState

from .test_armada_support import add_fleet, in_combat, new_game, place_beacon, set_faces, to_encounter

SEATS3 = ["ann", "ben", "cat"]


def bot_choice(st: State, seat: int, seed: int = 0) -> Action:
    action = S.ai_action(S.view(st, seat), seat, seed)
    assert action is not None and action in S.legal(st, seat), action
    return action


def forced(st: State, seat: int) -> Action | None:
    prompt = next(p for p in S.pending(st) if p.seat == seat)
    return S.forced_action(st, prompt)


# -- forced steps ---------------------------------------------------------------------------------------------


def test_a_planning_turn_with_no_action_left_ends_by_itself() -> None:
    st = new_game(2)
    st, _ = S.apply(st, 1, {"type": "travel", "to": "Luna"})
    assert forced(st, 1) is None  # one action left: the captain decides
    st, _ = S.apply(st, 1, {"type": "travel", "to": "Terra"})
    assert st.players[1].actions == 0
    assert forced(st, 1) == {"type": "end"}
    assert [p.seat for p in S.pending(st)] == [1]  # the other captain waits for this turn to end


def test_galeforce_free_travel_keeps_the_turn_open() -> None:
    """The Pathfinder's Galeforce Thrusters travel once for free: with no action left it may still fly."""
    st = new_game(2)
    st.players[0].actions = 0
    st.active = 0
    assert any(a["type"] == "travel" for a in S.legal(st, 0))
    assert forced(st, 0) is None


def test_an_encounter_turn_with_nothing_to_engage_ends_by_itself() -> None:
    st = to_encounter(new_game(2))
    st.beacons = []
    st.players[1].planet = "Luna"
    assert forced(st, 1) == {"type": "end", "for": 2}  # names its captain, so the label can say why
    assert forced(st, 0) == {"type": "end", "for": 1}
    assert S.action_label(st, forced(st, 1)) == "End the Encounter turn (nothing to fight or answer at Luna)"


def test_a_captain_who_could_be_taken_along_is_asked() -> None:
    """Rulebook p. 18 (Team Combat): a captain still to take the turn may join a fight on its
    planet, so its own empty turn is not ended while a teammate could bring it along."""
    st = to_encounter(new_game(2))
    st.beacons = []
    st.players[1].planet = "Luna"
    add_fleet(st, ["sentinel"], planet="Luna", token=3)
    st.players[0].planet = "Luna"
    assert forced(st, 0) is None  # the fleet must be fought, alone or together: a choice
    st.players[0].planet = "Terra"
    st.players[1].planet = "Terra"
    place_beacon(st, 11, "Luna")
    st.fleets = []
    place_beacon(st, 3, "Terra")
    assert forced(st, 1) is None and forced(st, 0) is None  # a mission to start, alone or as a team


def test_a_fight_with_no_die_left_to_place_finishes_the_step() -> None:
    st = in_combat(new_game(), ["kannon", "kannon"], ["T"])
    assert forced(st, 0) is None  # a die to place
    (die,) = dice_of(st, 0, "rolled")
    st, _ = S.apply(st, 0, {"type": "assign", "die": die.id, "station": 4, "target": 1})
    assert [a["type"] for a in S.legal(st, 0)] == ["done"]
    assert forced(st, 0) == {"type": "done"}


def gather_step(hull: int | None = None) -> State:
    st = in_combat(new_game(), ["kannon", "kannon"], ["-"])
    st.combat.step = "gather"
    if hull is not None:
        st.players[0].hull = hull
    return st


def test_step_4_gathers_by_itself_while_no_ship_is_in_danger() -> None:
    """Rulebook p. 14, step 4 (gather or escape): with every ship above half Hull and able to take the
    fleet's worst enemy step, escaping would only throw the fight away; the crew gather by themselves."""
    st = gather_step()
    assert not combat.escape_worth_asking(st)
    assert forced(st, 0) == {"type": "gather"}
    assert {"type": "escape"} in S.legal(st, 0)  # still allowed when typed


def test_step_4_is_asked_once_a_ship_is_at_half_hull() -> None:
    st = gather_step(hull=st_half(gather_step()))
    assert combat.escape_worth_asking(st)
    assert forced(st, 0) is None


def st_half(st: State) -> int:
    return st.players[0].max_hull // 2


def mission_state(faces: list[str]) -> State:
    st = to_encounter(new_game(1))
    st, _ = S.apply(st, 0, {"type": "mission", "event": 0})
    set_faces(st, 0, faces)
    return st


def test_a_free_try_again_is_rolled_by_itself() -> None:
    """Rulebook p. 22 (Try Again): a Medical die left over makes the retry free; with no die that
    fits a section, rolling again is the only sensible answer (giving up later costs the same)."""
    st = mission_state(["M", "-", "T"])
    assert {a["type"] for a in S.legal(st, 0)} == {"done", "giveup"}
    assert forced(st, 0) == {"type": "done"}


def test_a_costly_try_again_with_dice_to_spare_is_rolled_and_the_die_is_asked_for() -> None:
    st = mission_state(["-", "T", "T"])
    assert forced(st, 0) == {"type": "done"}
    st, _ = S.apply(st, 0, {"type": "done"})
    assert st.mission is not None and st.mission.step == "sacrifice"
    assert forced(st, 0) is None  # which die goes to the Infirmary, or give up: the captain decides


def test_a_try_again_that_would_spend_the_last_die_is_asked() -> None:
    st = mission_state(["T"])
    for die in dice_of(st, 0, "crew"):
        die.loc = "infirmary"
    assert len(dice_of(st, 0, "rolled", "crew")) == 1
    assert forced(st, 0) is None  # giving up keeps the die; rolling again spends it for nothing


def test_a_die_that_fits_is_never_placed_for_the_captain() -> None:
    st = mission_state(["E", "-"])
    assert forced(st, 0) is None


@pytest.mark.parametrize("seed", range(3))
def test_forced_steps_have_exactly_one_sensible_answer_on_random_states(seed: int) -> None:
    r = random.Random(seed)
    st = S.setup(SEATS3[: 1 + seed], {}, seed)
    seen = 0
    for _ in range(160):
        if S.outcome(st) is not None:
            break
        for p in S.pending(st):
            action = S.forced_action(st, p)
            if action is None:
                continue
            seen += 1
            legal = S.legal(st, p.seat)
            real = [a for a in legal if a["type"] != "begin"]
            if action.get("for"):  # the bot's end names its captain: the same end otherwise
                assert action["for"] == p.seat + 1
                action = {k: v for k, v in action.items() if k != "for"}
            assert action in legal
            calm = action == {"type": "gather"} and not combat.escape_worth_asking(st)
            assert real == [action] or {a["type"] for a in real} == {"done", "giveup"} or calm, real
        p = r.choice(S.pending(st))
        legal = S.legal(st, p.seat)
        action = r.choice(legal) if r.random() < 0.4 else bot_choice(st, p.seat, seed)
        st, _ = S.apply(st, p.seat, action)
    assert seen >= 3


def busy_choice(st: State, seat: int, seed: int) -> Action:
    """The bot's choice, except that captains 2 and 3 fly out in Planning with both actions."""
    p = st.players[seat]
    if st.phase == "planning" and seat > 0 and p.actions > 0 and not p.offer_kind:
        trips = [a for a in S.legal(st, seat) if a["type"] == "travel"]
        away = [a for a in trips if a["to"] != "Terra"] or trips
        return away[(seat + p.actions) % len(away)]
    return bot_choice(st, seat, seed)


def first_round_pings(seed: int, busy: bool = True) -> tuple[int, int]:
    """Prompts that reach a human in round 1 with 3 captains and no enemy on the map, without and
    with forced steps. The choices are scripted (the bot's, captains 2 and 3 flying out when
    ``busy``): the same choices both ways."""
    pings = {False: 0, True: 0}
    for autopass in (False, True):
        st = S.setup(SEATS3, {}, seed)
        assert not st.fleets
        while st.round == 1 and S.outcome(st) is None:
            prompts = S.pending(st)
            auto = next(((p, f) for p in prompts if (f := S.forced_action(st, p)) is not None), None)
            if autopass and auto is not None:
                st, _ = S.apply(st, auto[0].seat, auto[1])
                continue
            p = prompts[0]
            pings[autopass] += 1
            st, _ = S.apply(st, p.seat, busy_choice(st, p.seat, seed) if busy else bot_choice(st, p.seat, seed))
    return pings[False], pings[True]


FIRST_ROUND_SEEDS = range(100, 110)


@pytest.mark.parametrize("busy", [True, False], ids=["captains-fly-out", "bot-team"])
def test_forced_steps_spare_pings_in_the_first_round(busy: bool) -> None:
    """Issue 12: Armada's round 1 with 3 captains cost 19 prompts; forced steps bring it well below."""
    before = after = 0
    for seed in FIRST_ROUND_SEEDS:
        b, a = first_round_pings(seed, busy)
        assert a < b
        before, after = before + b, after + a
    games = len(FIRST_ROUND_SEEDS)
    print(f"Armada round 1, 3 captains, {games} games: {before} pings -> {after} ({before / games} -> {after / games})")
    assert after / games <= 10


# -- bots -------------------------------------------------------------------------------------------------------


def bot_game(players: int, seed: int, cap: int = 3000) -> State:
    """Every seat a bot: ai_action on each seat's own view, applied to the real state, to the end."""
    st = S.setup([f"bot{i}" for i in range(players)], {}, seed)
    for step in range(cap):
        if S.outcome(st) is not None:
            return st
        p = S.pending(st)[0]
        st, _ = S.apply(st, p.seat, bot_choice(st, p.seat, step))
    raise AssertionError(f"seed {seed}: {players} bots did not finish in {cap} steps")


@pytest.mark.parametrize(("players", "seed"), [(1, 5009), (3, 5006), (4, 5000)])  # short games (5-7 rounds)
def test_a_whole_game_with_every_seat_a_bot_ends(players: int, seed: int) -> None:
    st = bot_game(players, seed)
    assert S.outcome(st) is not None and st.result in ("win", "loss")


def hidden_changed(st: State, seed: int) -> State:
    """The same position with everything a captain cannot see changed: the decks' order and cards,
    the beacon bag, the Data pile, face-down fleet cards and the generator's seed (the top Threat
    card stays, as E.V.A. lets a captain see it)."""
    r = random.Random(seed)
    other = S.clone(st)
    for deck in (other.enemy_deck, other.hero_deck, other.module_pool, other.bag, other.data_pile):
        r.shuffle(deck)
    rest = other.td_deck[1:]
    r.shuffle(rest)
    other.td_deck[1:] = rest
    cards = sorted({s.card for f in other.fleets for s in f.ships} | {"sentinel", "kannon"})
    for fleet in other.fleets:
        for ship in fleet.ships:
            if not ship.revealed:
                ship.card = r.choice(cards)
    other.rng = RngState(seed=seed, draws=st.rng.draws)
    return other


@pytest.mark.parametrize("seed", range(2))
def test_the_bot_decides_from_what_its_seat_can_see(seed: int) -> None:
    r = random.Random(seed)
    st = S.setup(SEATS3[: 2 + seed], {}, seed)
    compared = 0
    for step in range(150):
        if S.outcome(st) is not None:
            break
        for p in S.pending(st):
            mine = S.ai_action(S.view(st, p.seat), p.seat, step)
            other = hidden_changed(st, seed * 1000 + step)
            assert S.ai_action(S.view(other, p.seat), p.seat, step) == mine
            compared += 1
        p = S.pending(st)[0]
        st, _ = S.apply(st, p.seat, bot_choice(st, p.seat, r.randrange(1000)))
    assert compared >= 100


def test_the_bot_only_answers_with_legal_actions_in_every_kind_of_prompt() -> None:
    """Choices with a default (fall back, split, vote), a trade offer, a sacrifice: always one of legal()."""
    from rules.armada.state import Retreat, Split, Trade, Vote

    base = to_encounter(new_game(2))
    cases = [
        lambda st: st.retreats.append(Retreat(seat=0, origin="Terra")),
        lambda st: setattr(st, "split", Split(total=3, members=[0, 1], shares=[2, 1])),
        lambda st: setattr(st, "vote", Vote(event=20, credits=2, tied=[0, 1], voters=[0, 1])),
        lambda st: setattr(st, "trade", Trade(seat=1, to=0, what="credits", value="1", for_what="hero", for_value="x")),
    ]
    for setup in cases:
        st = S.clone(base)
        setup(st)
        for p in S.pending(st):
            bot_choice(st, p.seat)
    st = mission_state(["-", "T", "T"])
    st, _ = S.apply(st, 0, {"type": "done"})
    assert bot_choice(st, 0)["type"] in ("sacrifice", "giveup")


# -- words ----------------------------------------------------------------------------------------------------------

NOTATION = re.compile(r"#\d|\w=\w|[{}\[\]]|None")
"""Traces of the typed notation or of Python that a plain-words label must not show."""


@pytest.mark.parametrize("seed", range(3))
def test_every_legal_action_has_a_plain_label(seed: int) -> None:
    r = random.Random(seed)
    st = S.setup(SEATS3[: 2 + seed % 2], {}, seed)
    kinds = set()
    for _ in range(150):
        if S.outcome(st) is not None:
            break
        for p in S.pending(st):
            for action in S.legal(st, p.seat):
                label = S.action_label(st, action)
                kinds.add(action["type"])
                assert 0 < len(label) <= LABEL_MAX and not NOTATION.search(label), (S.format(action), label)
        p = r.choice(S.pending(st))
        legal = S.legal(st, p.seat)
        st, _ = S.apply(st, p.seat, r.choice(legal) if r.random() < 0.5 else bot_choice(st, p.seat, seed))
    assert {"travel", "end", "mission", "assign"} <= kinds


def test_labels_say_what_happens() -> None:
    st = in_combat(new_game(), ["sentinel"], ["T", "M"])
    t, m = (d.id for d in sorted(dice_of(st, 0, "rolled"), key=lambda d: d.id))
    label = S.action_label
    assert label(st, {"type": "assign", "die": t, "station": 4, "target": 1}).startswith(
        f"Put die {t} (Tactical) on Standard Laser (station 4) at "
    )
    assert label(st, {"type": "assign", "die": m, "station": "infirmary"}) == f"Put die {m} (Medical) on the Infirmary"
    assert label(st, {"type": "done"}) == "Finish placing dice"
    plan = new_game(2)
    assert label(plan, {"type": "travel", "to": "Kagawa"}) == "Travel to Kagawa"
    assert label(plan, {"type": "give", "to": 2, "what": "credits", "value": 1}) == "Give 1 credit to cap2"
    assert label(plan, {"type": "end"}) == "End your Planning turn"
    enc = to_encounter(new_game(2))
    assert label(enc, {"type": "mission", "event": 0, "team": [2]}) == "Away mission: First Light with cap2"
    assert label(enc, {"type": "end"}) == "End your Encounter turn"
    add_fleet(enc, ["sentinel", "sentinel"], token=4)
    assert label(enc, {"type": "fight", "fleet": 4}) == "Fight fleet 4 (2 ships)"


def test_a_label_never_names_a_face_down_ship() -> None:
    st = to_encounter(new_game(1))
    add_fleet(st, ["kannon"], token=2)
    text = " ".join(S.action_label(st, a) for a in S.legal(st, 0))
    assert "Kannon" not in text and "fleet 2" in text


def test_status_lines_say_round_phase_threat_captains_and_whose_turn() -> None:
    st = new_game(2)
    add_fleet(st, ["sentinel"], planet="Luna")
    lines = S.status_lines(st)
    assert lines[0] == "Round 1 · Planning phase"
    assert lines[1] == "Threat: 1 fleet, 1 beacon (most at Terra: 1 of 6)"
    assert any(line.startswith("cap1: ") and "hull" in line and "at Terra" in line for line in lines)
    assert lines[-1] == "Waiting for: cap1, cap2."
    assert len(lines) <= 10 and all(len(line) <= 120 for line in lines)


def test_status_lines_show_nothing_hidden() -> None:
    st = new_game(3)
    add_fleet(st, ["kannon", "sentinel"], planet="Luna")
    assert S.status_lines(hidden_changed(st, 9)) == S.status_lines(st)
    assert "Kannon" not in "\n".join(S.status_lines(st))


async def test_a_captain_plays_a_whole_game_with_two_bot_seats(tmp_path) -> None:
    """Issue 12: a table of one can fly three ships. The bots play within the captain's request and
    the steps with nothing to decide are played for everybody; the captain is asked only when it is
    their own decision, and the game reaches its end."""
    from sessions.service import Actor, GameService
    from sessions.store import SqliteStore

    alice, channel = Actor(1, "alice"), 100
    service = GameService(SqliteStore(tmp_path / "games.db"), seed_source=lambda: 5006)
    await service.open()
    try:
        await service.new_game(channel_id=channel, guild_id=1, host=alice, system_id="armada", options="")
        await service.add_bot(channel, alice)
        await service.add_bot(channel, alice)
        update = await service.start(channel, alice)
        kinds: set[str] = set()
        for _ in range(600):
            if update.finished:
                break
            _record, st = await service.get(update.game.id)
            waiting = {p.seat for p in S.pending(st)}
            assert waiting == {0}, waiting  # the bots and the forced steps never leave a bot seat waiting
            update = await service.act(actor=alice, action=bot_choice(st, 0), channel_id=channel)
            kinds |= {e.kind for e in update.events}
        assert update.finished, "the game did not end"
        assert "auto" in kinds
        actions = {a.kind for a in await service.store.actions(update.game.id)}
        assert {"bot", "auto"} <= actions
    finally:
        await service.close()
