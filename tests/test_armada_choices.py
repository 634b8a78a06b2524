"""Choices the rules give the players, as prompts with safe defaults: where a beaten or escaping
ship falls back, the team's split of scrap or a mission reward, event 20's tie vote, and which
crew die an enemy knocks out."""

from __future__ import annotations

from rules.armada import SYSTEM, combat
from rules.armada.helpers import dice_of, planet_links
from rules.armada.state import Die
from rules.core import Turn

from .test_armada_support import in_combat, new_game, place_beacon, refused, rolled_ids, set_faces, to_encounter


def ok(state, seat, action):
    new, _ = SYSTEM.apply(state, seat, action)
    return new


def _beaten(ships: str = "hades,harmony", planet: str = "Terra"):
    game = new_game(ships=ships)
    for p in game.players:
        p.planet = planet
    state = in_combat(game, ["todesritter"], [])
    p = state.players[0]
    p.shield, p.hull = 0, 1
    for die in range(1, 7):
        trial = SYSTEM.clone(state)
        trial.combat.enemy_die = die
        combat.enemy_step(trial, Turn(trial, 0))
        if trial.combat is None:
            return trial
    raise AssertionError("the Todesritter never finished the ship")


# -- falling back --------------------------------------------------------------------------------


def test_beaten_ship_chooses_its_nearby_planet_with_a_default():
    state = _beaten()
    assert state.players[0].critical and [r.seat for r in state.retreats] == [0]
    prompt = SYSTEM.pending(state)[0]
    assert prompt.seat == 0 and prompt.default == {"type": "retreat", "to": state.players[0].planet}
    options = {a["to"] for a in SYSTEM.legal(state, 0)}
    assert options == set(planet_links(state, "Terra"))
    assert SYSTEM.legal(state, 1) == []
    refused(state, 1, {"type": "end"}, "fall back")
    refused(state, 0, {"type": "retreat", "to": "Invictus"}, "Invictus")  # not nearby Terra
    refused(state, 1, {"type": "retreat", "to": "Luna"}, "not choosing")
    other = next(p for p in options if p != state.players[0].planet)
    state = ok(state, 0, {"type": "retreat", "to": other})
    assert state.players[0].planet == other and not state.retreats
    assert SYSTEM.pending(state)  # the game moves on


def test_default_fall_back_keeps_the_safest_planet():
    state = _beaten()
    where = state.players[0].planet
    prompt = SYSTEM.pending(state)[0]
    state = ok(state, 0, SYSTEM.default_action(state, prompt))
    assert state.players[0].planet == where and not state.retreats


def test_from_luna_there_is_nothing_to_choose():
    state = _beaten(planet="Luna")
    assert state.players[0].planet == "Terra" and not state.retreats


def test_escaping_ship_chooses_too():
    state = in_combat(new_game(), ["sentinel"], [])
    state.combat.step = "gather"
    state = ok(state, 0, {"type": "escape"})
    set_faces(state, 0, ["T"])
    state = ok(state, 0, {"type": "assign", "die": rolled_ids(state)[0], "station": "escape", "hull_to_one": "yes"})
    assert state.combat is None and [r.seat for r in state.retreats] == [0]
    state = ok(state, 0, {"type": "retreat", "to": "Luna"})
    assert state.players[0].planet == "Luna" and not state.players[0].critical


# -- the team's scrap split ----------------------------------------------------------------------


def _team_victory():
    state = in_combat(new_game(ships="hades,harmony"), ["sentinel", "falcon"], [], team=[1])
    c = state.combat
    for ship in state.fleets[0].ships:
        ship.damage = 9
    c.step = "assign"
    combat.destroy_step(state, Turn(state, 0))
    assert state.combat is None and state.split is not None
    return state


def test_team_scrap_split_is_proposed_and_accepted():
    state = _team_victory()
    split = state.split
    total = split.total
    assert total == 2 and split.shares == [1, 1]  # Federation 1 + Mercenary 1, even split first
    before = [p.credits for p in state.players]
    refused(state, 0, {"type": "split", "shares": [2, 1]}, "add up")
    refused(state, 0, {"type": "split", "shares": [2]}, "one share per team member")
    refused(state, 0, {"type": "split", "shares": ["x", 2]}, "share")
    refused(state, 0, {"type": "end"}, "scrap split")
    state = ok(state, 0, {"type": "split", "shares": [2, 0]})
    assert state.split.accepted == [0]
    refused(state, 0, {"type": "agree"}, "already accepted")
    prompt = next(p for p in SYSTEM.pending(state) if p.seat == 1)
    assert prompt.default == {"type": "split", "shares": [1, 1]}  # an absent member asks for the even split
    state = ok(state, 1, {"type": "agree"})
    assert state.split is None
    assert [p.credits for p in state.players] == [before[0] + 2, before[1]]


def test_absent_team_members_settle_on_the_even_split():
    state = _team_victory()
    before = [p.credits for p in state.players]
    state = ok(state, 0, {"type": "split", "shares": [0, 2]})
    for _ in range(4):
        if state.split is None:
            break
        prompt = SYSTEM.pending(state)[0]
        state = ok(state, prompt.seat, SYSTEM.default_action(state, prompt))
    assert state.split is None
    assert [p.credits for p in state.players] == [before[0] + 1, before[1] + 1]


def test_split_notation_round_trips():
    state = _team_victory()
    for action in SYSTEM.legal(state, 0):
        typed = SYSTEM.parse(SYSTEM.format(action), state, 0)
        assert typed == action
        assert SYSTEM.dumps(SYSTEM.apply(state, 0, typed)[0]) == SYSTEM.dumps(SYSTEM.apply(state, 0, action)[0])


# -- a team away mission's reward is split the same way ----------------------------------------


def _team_mission_success(players: int = 3, event: int = 5):
    """Captain 1 leads the whole table on event 5 (Senate Escort: Tactical, Science, then Medical;
    3 credits) and fills every section."""
    state = to_encounter(new_game(players=players))
    place_beacon(state, event)
    team = list(range(2, players + 1))
    state = ok(state, 0, {"type": "mission", "event": event, **({"team": team} if team else {})})
    set_faces(state, 0, ["T", "S", "M"])
    for section, die in enumerate(rolled_ids(state), start=1):
        state = ok(state, 0, {"type": "assign", "die": die, "section": section})
    assert state.mission is None
    return state


def test_team_mission_reward_opens_a_split_prompt_with_the_even_split():
    """Rulebook p. 26, Team Away Missions: after a success the players decide how to share the
    rewards, as they do for Team Combat scrap; the even split is proposed first."""
    state = _team_mission_success()
    split = state.split
    assert split is not None and split.what == "reward"
    assert (split.total, split.members, split.shares, split.accepted) == (3, [0, 1, 2], [1, 1, 1], [])
    prompts = SYSTEM.pending(state)
    assert [p.seat for p in prompts] == [0, 1, 2]
    assert all("accept the mission reward split" in p.text and p.default == {"type": "agree"} for p in prompts)
    assert "mission reward split 3" in SYSTEM.describe(state)


def test_team_mission_reward_proposal_accepted():
    """Rulebook p. 26, Team Away Missions: the team may agree on any split of the reward credits."""
    state = _team_mission_success()
    before = [p.credits for p in state.players]
    state = ok(state, 1, {"type": "split", "shares": [0, 3, 0]})
    assert state.split.accepted == [1]
    state = ok(state, 0, {"type": "agree"})
    assert state.split is not None  # captain 3 has not answered yet
    state = ok(state, 2, {"type": "agree"})
    assert state.split is None
    assert [p.credits for p in state.players] == [before[0], before[1] + 3, before[2]]


def test_team_mission_reward_bad_proposals_are_refused():
    """Rulebook p. 26, Team Away Missions: a split shares out exactly the reward, one share per
    member; nothing else happens until the team agrees, and a refusal changes nothing."""
    state = _team_mission_success()
    refused(state, 0, {"type": "split", "shares": [2, 2, 0]}, "add up to the 3 mission reward")
    refused(state, 0, {"type": "split", "shares": [3, 0]}, "one share per team member")
    refused(state, 0, {"type": "split", "shares": [4, -1, 0]}, "share")
    refused(state, 0, {"type": "end"}, "mission reward split")
    state = ok(state, 0, {"type": "agree"})
    refused(state, 0, {"type": "agree"}, "already accepted")


def test_team_mission_reward_default_is_the_even_split():
    """Rulebook p. 26, Team Away Missions, with our time-out rule: an absent member's answer is
    the even split, so a game never stalls on the reward."""
    state = _team_mission_success(players=2)
    assert state.split.shares == [2, 1]  # 3 credits between 2: the leader takes the odd one
    before = [p.credits for p in state.players]
    state = ok(state, 1, {"type": "split", "shares": [0, 3]})
    for _ in range(4):
        if state.split is None:
            break
        prompt = SYSTEM.pending(state)[0]
        state = ok(state, prompt.seat, SYSTEM.default_action(state, prompt))
    assert state.split is None
    assert [p.credits for p in state.players] == [before[0] + 2, before[1] + 1]


def test_a_lone_captain_takes_the_whole_mission_reward():
    """Rulebook p. 16, Away Missions: alone, the captain simply takes the reward credits."""
    state = _team_mission_success(players=1)
    assert state.split is None and state.players[0].credits == 2 + 3


# -- event 20: the poorest captain; ties go to a vote ------------------------------------------


def _event_20(credits: list[int]):
    state = to_encounter(new_game(players=3))
    for p, c in zip(state.players, credits, strict=True):
        p.planet = "Kagawa"
        p.credits = c
    state.bank = 40 - sum(credits)
    place_beacon(state, 20)
    state = ok(state, 0, {"type": "mission", "event": 20})
    set_faces(state, 0, ["T", "T"])
    a, b = rolled_ids(state)
    state = ok(state, 0, {"type": "assign", "die": a, "section": 1})
    state = ok(state, 0, {"type": "assign", "die": b, "section": 1})
    assert state.mission is None
    return state


def test_event_20_pays_the_poorest_captain():
    state = _event_20([3, 1, 2])
    assert state.vote is None and [p.credits for p in state.players] == [3, 3, 2]


def test_event_20_tie_is_settled_by_a_vote():
    state = _event_20([1, 1, 4])
    vote = state.vote
    assert vote is not None and vote.tied == [0, 1] and vote.voters == [0, 1, 2]
    assert {p.seat for p in SYSTEM.pending(state)} == {0, 1, 2}
    assert all(p.default == {"type": "vote", "for": 1} for p in SYSTEM.pending(state))
    refused(state, 2, {"type": "vote", "for": 3}, "tied captains")
    refused(state, 2, {"type": "end"}, "voting")
    refused(state, 2, {"type": "vote", "for": "zed"}, "seat")
    state = ok(state, 2, {"type": "vote", "for": 2})
    refused(state, 2, {"type": "vote", "for": 1}, "already voted")
    state = ok(state, 1, {"type": "vote", "for": 2})
    state = ok(state, 0, {"type": "vote", "for": 1})
    assert state.vote is None
    assert [p.credits for p in state.players] == [1, 3, 4]


def test_event_20_vote_defaults_to_the_first_tied_captain():
    state = _event_20([0, 0, 0])
    while state.vote is not None:
        prompt = SYSTEM.pending(state)[0]
        state = ok(state, prompt.seat, SYSTEM.default_action(state, prompt))
    assert [p.credits for p in state.players] == [2, 0, 0]


# -- crew knocked out by an enemy ---------------------------------------------------------------


def _with_hero(state, hero: str = "kisaragi"):
    state.players[0].heroes.append(hero)
    state.dice.append(Die(id=state.next_die, owner=0, hero=hero))
    state.next_die += 1


def test_owner_chooses_the_knocked_out_die():
    game = new_game(ships="hades,harmony")
    _with_hero(game)
    state = in_combat(game, ["bulkfrog", "falcon"], [])
    state.players[0].hull = 14
    hero_die = next(d for d in dice_of(state, 0) if d.hero)
    set_faces(state, 0, ["T", "-"])
    state.combat.enemy_die = 3
    combat.enemy_step(state, Turn(state, 0))
    c = state.combat
    assert c is not None and c.step == "gather" and c.knockouts == {0: 1}
    assert not dice_of(state, 0, "infirmary")
    assert "knocked out: cap1 picks 1" in SYSTEM.describe(state)
    prompt = SYSTEM.pending(state)[0]
    assert prompt.seat == 0 and prompt.default["type"] == "knockout"
    refused(state, 0, {"type": "gather"}, "knocked-out")
    refused(state, 0, {"type": "escape"}, "knocked-out")
    refused(state, 0, {"type": "knockout", "die": 999}, "no die")
    assert {a["die"] for a in SYSTEM.legal(state, 0)} == {d.id for d in dice_of(state, 0, "rolled", "crew")}
    state = ok(state, 0, {"type": "knockout", "die": hero_die.id})
    assert [d.id for d in dice_of(state, 0, "infirmary")] == [hero_die.id]
    assert not state.combat.knockouts
    refused(state, 0, {"type": "knockout", "die": hero_die.id}, "no enemy knocked out")
    state = ok(state, 0, {"type": "gather"})


def test_knockout_default_is_the_weakest_die():
    game = new_game(ships="hades,harmony")
    _with_hero(game)
    state = in_combat(game, ["bulkfrog", "falcon"], [])
    set_faces(state, 0, ["T", "-"])
    state.combat.enemy_die = 3
    combat.enemy_step(state, Turn(state, 0))
    prompt = SYSTEM.pending(state)[0]
    state = ok(state, 0, SYSTEM.default_action(state, prompt))
    gone = dice_of(state, 0, "infirmary")
    assert len(gone) == 1 and not gone[0].hero and gone[0].face == "-"


def test_basic_crew_only_needs_no_choice():
    state = in_combat(new_game(ships="hades,harmony"), ["bulkfrog", "falcon"], ["T", "-"])
    state.combat.enemy_die = 3
    combat.enemy_step(state, Turn(state, 0))
    assert not state.combat.knockouts and len(dice_of(state, 0, "infirmary")) == 1


# -- item 32: a fleet that arrives during the Encounter phase need not be fought this round -------


def test_fleet_arriving_in_the_encounter_phase_is_optional():
    from rules.armada.resolution import new_fleet

    state = to_encounter(new_game())
    new_fleet(state, "Terra", 1, Turn(state, 0), encounter=True)
    assert state.fleets[-1].fresh
    assert {"type": "fight", "fleet": state.fleets[-1].token} in SYSTEM.legal(state, 0)
    state = ok(state, 0, {"type": "end"})
    assert 0 in state.encountered
    stale = to_encounter(new_game())
    new_fleet(stale, "Terra", 1, Turn(stale, 0))
    refused(stale, 0, {"type": "end"}, "must be fought")


# -- a waiting trade offer is on the status text and the board picture ------------------------------


def test_pending_trade_shows_in_status_and_on_the_board():
    from render.armada import board, notices

    state = new_game()
    state.players[0].storage.append("lotus-laser")
    offer = next(a for a in SYSTEM.legal(state, 0) if a["type"] == "trade")
    state = ok(state, 0, offer)
    assert "trade offer: cap1 offers Lotus Pulse Laser for cap2's 1 credit" in SYSTEM.describe(state)
    assert notices(state)[0].startswith("TRADE OFFER: cap1 offers Lotus Pulse Laser")
    assert board(state).startswith(b"\x89PNG")
    state = ok(state, 1, {"type": "decline_trade"})
    assert "trade offer" not in SYSTEM.describe(state) and notices(state) == []


def test_open_choices_show_on_the_board():
    from render.armada import board, notices

    state = _team_victory()
    assert notices(state)[0].startswith("SCRAP SPLIT of 2: cap1 1, cap2 1")
    assert "scrap split 2" in SYSTEM.describe(state)
    assert board(state).startswith(b"\x89PNG")
