"""Every hero and monster ability in data/starcadia changes an outcome; event effects, gadgets,
setup placement, the armory, the wound cost and quest spawns on Full spaces."""

from __future__ import annotations

import pytest

from rules.core import Turn
from rules.starcadia import SYSTEM
from rules.starcadia import board as B
from rules.starcadia.content import CONTENT
from rules.starcadia.state import Up
from tests.test_starcadia_support import (
    ForcedDice,
    add_monster,
    hero,
    place,
    play_state,
    refused,
    settle,
    setup_state,
    texts,
)


@pytest.fixture
def dice(monkeypatch) -> ForcedDice:
    return ForcedDice(monkeypatch)


def as_hero(st, old: str, new: str):
    """Give seat ``old``'s figure another hero card (keeps the test board's crews)."""
    h = hero(st, old)
    crew = st.crews[h.seat]
    crew.heroes[crew.heroes.index(old)] = new
    h.id = new
    return h


def rolls(dice: ForcedDice, label: str) -> list[int]:
    return [n for lab, n in zip(dice.labels, dice.counts, strict=True) if lab == label]


def attack(st, who: str, target: str, weapon: str, boosts=()):
    return SYSTEM.apply(
        st, st.current, {"type": "attack", "hero": who, "target": target, "weapon": weapon, "boosts": list(boosts)}
    )


# -- hero abilities ------------------------------------------------------------------------------------------
def test_every_hero_ability_is_covered_here():
    covered = {"kill_heal", "melee_reroll", "ranged_reroll", "ranged_dice", "extra_mp", "free_portal", "bounty"}
    covered |= {"crit_daze"}
    assert {h.ability.kind for h in CONTENT.heroes.values()} <= covered


def test_edge_second_wind_heals_on_a_monster_kill(dice):
    for who, left in (("edge", 2), ("red", 3)):
        st = play_state(monsters="bot")
        h = hero(st, who)
        h.upgrades, h.wounds = [Up(id="S01")], 3
        place(st, who, "C2")
        add_monster(st, "weeble", "D2")
        dice.set("melee", "melee", "melee")
        st2, ev = attack(st, who, "weeble#1", "pulse-blade")
        assert not st2.monsters and hero(st2, who).wounds == left, who
        second_wind = "Edge catches a second wind and shakes off 1 wound(s)."
        assert (second_wind in texts(ev)) == (who == "edge")


def test_red_scrapper_rerolls_a_melee_miss_but_never_adds_a_die(dice):
    seen = {}
    for who in ("red", "edge"):
        st = play_state(monsters="bot")
        h = hero(st, who)
        h.upgrades = [Up(id="S01")]
        place(st, who, "C2")
        add_monster(st, "octocruel", "D2", "officer-I")
        dice.labels.clear()
        dice.counts.clear()
        dice.set("blank", "blank", "blank", "melee")
        st2, _ = attack(st, who, "octocruel#1", "pulse-blade")
        seen[who] = (rolls(dice, f"{E_name(who)} attacks"), st2.monsters[0].wounds)
    assert seen["red"] == ([3, 1], 1)  # 3 dice, then the one reroll hits
    assert seen["edge"] == ([3], 0)


def E_name(hid: str) -> str:
    return CONTENT.heroes[hid].name


def test_hannah_rerolls_ranged_and_blaze_rolls_an_extra_ranged_die(dice):
    st = play_state(monsters="bot")
    hannah = hero(st, "hannah")
    hannah.upgrades = [Up(id="S03")]
    place(st, "hannah", "B7")
    add_monster(st, "octocruel", "E7", "officer-I")
    st.current = 1
    attack(st, "hannah", "octocruel#1", "blaster-rifle")
    assert rolls(dice, "Hannah Lone attacks") == [CONTENT.upgrades["S03"].dice, 1]
    st = play_state(monsters="bot")
    blaze = as_hero(st, "red", "blaze")
    blaze.upgrades = [Up(id="S03")]
    place(st, "blaze", "B7")
    add_monster(st, "octocruel", "E7", "officer-I")
    attack(st, "blaze", "octocruel#1", "blaster-rifle")
    assert rolls(dice, "Col. Blaze McGunner attacks") == [CONTENT.upgrades["S03"].dice + 1]


def test_digits_has_five_movement_points():
    st = play_state()
    as_hero(st, "red", "digits")
    from rules.starcadia import engine as E

    place(st, "digits", "B2")
    place(st, "edge", "B2")
    walks = E.reach(st, E.board_of(st), "B2", 5, "digits")
    path = next(p for _s, (c, p) in sorted(walks.items()) if c == 5 and len(p) == 5 and "portal" not in p)
    refused(st, 0, {"type": "move", "hero": "edge", "path": path}, "4 movement")
    st2, _ = SYSTEM.apply(st, 0, {"type": "move", "hero": "digits", "path": path})
    assert hero(st2, "digits").pos == path[-1]


def test_zip_uses_portals_for_free():
    st = play_state()
    as_hero(st, "red", "zip")
    for who in ("zip", "edge"):
        place(st, who, "F4")
    from rules.starcadia import engine as E

    walks = E.reach(st, E.board_of(st), "D3", 4, "zip")
    steps = next(p for _s, (c, p) in sorted(walks.items()) if c == 4 and len(p) == 4 and "portal" not in p)
    path = ["portal", "D3", *steps]
    refused(st, 0, {"type": "move", "hero": "edge", "path": path}, "movement")
    st2, _ = SYSTEM.apply(st, 0, {"type": "move", "hero": "zip", "path": path})
    assert hero(st2, "zip").pos == steps[-1] and st2.act.mp == 0


def test_moxie_earns_a_bounty_and_bahbaka_dazes_on_a_melee_crit(dice):
    st = play_state(monsters="bot")
    moxie = as_hero(st, "red", "moxie")
    moxie.upgrades = [Up(id="S01")]
    place(st, "moxie", "C2")
    add_monster(st, "weeble", "D2")
    dice.set("melee", "melee", "melee")
    st2, _ = attack(st, "moxie", "weeble#1", "pulse-blade")
    assert st2.crews[0].vt == 1 + 1  # the Weeble's reward and the bounty
    st = play_state(monsters="bot")
    place(st, "bahbaka", "C2")
    hero(st, "bahbaka").upgrades = [Up(id="S01")]
    add_monster(st, "octocruel", "D2", "officer-I")
    st.current = 1
    dice.set("crit", "blank", "blank", "blank")
    st2, ev = attack(st, "bahbaka", "octocruel#1", "pulse-blade")
    assert st2.monsters[0].dazed and "Octocruel (octocruel#1) is dazed." in texts(ev)


# -- monster abilities ---------------------------------------------------------------------------------------
def test_every_monster_ability_is_covered_here():
    covered = {"extra_mp", "crit_shove", "crit_daze", "splash", "reroll"}
    assert {m.ability.kind for m in CONTENT.monsters.values()} <= covered


def test_scuttlebutt_skitters_one_extra_space():
    st = play_state()
    sc = add_monster(st, "scuttlebutt", "G3")
    we = add_monster(st, "weeble", "G3")
    from rules.starcadia import engine as E

    assert E.mstats(sc)[2] == E.mstats(we)[2] + 1
    assert len(E.plan_monster_path(st, sc, ["G4", "G3", "G4", "G3"])) == 4
    with pytest.raises(Exception, match="movement point"):
        E.plan_monster_path(st, we, ["G4", "G3", "G4", "G3"])


@pytest.mark.parametrize("card", ["octocold", "octocruel", "iceheart"])
def test_crit_daze_monsters_daze_their_target(dice, card):
    st = play_state()
    place(st, "edge", "G4")
    add_monster(st, card, "G3")
    dice.set("crit")
    st2, ev = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["G5"]})
    st2 = settle(st2)
    assert hero(st2, "edge").dazed and "Edge is dazed." in texts(ev)


def test_peekaboom_splashes_everyone_in_the_space(dice):
    st = play_state()
    place(st, "edge", "G4")
    place(st, "hannah", "G4")
    add_monster(st, "peekaboom", "G3")
    dice.set("ranged", "ranged", "ranged")
    st2, ev = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["G5"]})
    st2 = settle(st2)
    assert hero(st2, "hannah").wounds == hero(st2, "edge").wounds == 3
    assert "The blast also wounds Hannah Lone (3)." in texts(ev)


@pytest.mark.parametrize(("card", "rerolls"), [("peekaround", 1), ("thorne", 2)])
def test_monster_rerolls(dice, card, rerolls):
    st = play_state()
    place(st, "edge", "G4")
    add_monster(st, card, "G3", "villain" if card == "thorne" else "officer-II")
    SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["G5"]})
    name = CONTENT.monsters[card].name
    assert rolls(dice, f"{name} attacks") == [CONTENT.monsters[card].dice, rerolls]


# -- event effects -------------------------------------------------------------------------------------------
def rest_with(st, card: str):
    st.deck = [card]
    events: list = []
    st2, ev = SYSTEM.apply(st, 0, {"type": "rest"})
    events.extend(ev)
    return settle(st2, events), events


def test_taco_tuesday_feeds_the_crews_with_fewest_vt():
    st = play_state()
    st.crews[0].vt = 3
    st2, ev = rest_with(st, "E06")
    assert [c.vt for c in st2.crews] == [3, 1] and any("Taco Tuesday" in t for t in texts(ev))


def test_event_portals_open_and_jam():
    st = play_state()
    st2, _ = rest_with(st, "E13")  # a cyan portal token at the first terminal
    assert st2.portal_tokens == {"C3": "cyan"}
    st2.current, st2.act = 0, type(st2.act)()
    place(st2, "edge", "C3")
    st3, _ = SYSTEM.apply(st2, 0, {"type": "move", "hero": "edge", "path": ["portal", "E8"]})
    assert hero(st3, "edge").pos == "E8"
    st = play_state()
    st2, _ = rest_with(st, "E05")  # amber portals shut down...
    assert st2.jammed == ["amber"]
    st2.current, st2.act = 0, type(st2.act)()
    place(st2, "edge", "F4")
    refused(st2, 0, {"type": "move", "hero": "edge", "path": ["portal", "D3"]}, "no working portal")
    st2.current = 0
    st3, _ = rest_with(st2, "E05")  # ...and the same card wakes them up
    assert st3.jammed == []


def test_doors_slam_shut_and_slide_open():
    st = play_state()
    st.doors = {"D1": True, "D2": True}
    st2, _ = rest_with(st, "E03")
    assert st2.doors == {"D1": False, "D2": False}
    st2.current = 0
    st3, _ = rest_with(st2, "E10")
    assert st3.doors == {"D1": True, "D2": True}


def test_recharge_drop_heal_monsters_and_spawn_effects():
    st = play_state()
    st2, ev = rest_with(st, "E08")
    assert st2.tokens.get("C3") == ["recharge"] and "A recharge appears at C3." in texts(ev)
    st = play_state()
    add_monster(st, "octocruel", "I9", "officer-I").wounds = 2
    st2, _ = rest_with(st, "E12")  # trooper-II slot acts (octocold spawns), then monsters heal 1
    st2 = settle(st2)
    assert next(m for m in st2.monsters if m.card == "octocruel").wounds == 1
    st = play_state()
    st2, ev = rest_with(st, "E02")  # trooper-I (weeble) spawns, then an extra trooper-II (octocold)
    st2 = settle(st2)
    assert {m.card for m in st2.monsters} == {"weeble", "octocold"}


# -- gadgets, wound cost, armory, setup, quest spawns -------------------------------------------------------
def test_stimpack_heals_all_wounds_and_needs_wounds():
    st = play_state()
    edge = hero(st, "edge")
    edge.gadgets = ["stimpack"]
    refused(st, 0, {"type": "use", "hero": "edge", "gadget": "stimpack"}, "no wounds")
    edge.wounds = 4
    st2, _ = SYSTEM.apply(st, 0, {"type": "use", "hero": "edge", "gadget": "stimpack"})
    assert hero(st2, "edge").wounds == 0 and hero(st2, "edge").gadgets == []
    refused(st, 0, {"type": "use", "hero": "edge", "gadget": "hoverboard"}, "carries no")
    refused(st, 0, {"type": "use", "hero": "edge", "gadget": "jetpack"}, "name a gadget")


def test_a_wound_cost_boost_is_refused_when_it_would_kill(dice):
    pact = next(u for u in CONTENT.upgrades.values() if u.ability_kind == "sacrifice_dice" and u.type == "melee")
    st = play_state(monsters="bot")
    edge = hero(st, "edge")
    edge.upgrades = [Up(id="S01"), Up(id=pact.id)]
    place(st, "edge", "C2")
    add_monster(st, "octocruel", "D2", "officer-I")
    from rules.starcadia import engine as E

    edge.wounds = E.hero_life(edge) - 1
    refused(
        st,
        0,
        {"type": "attack", "hero": "edge", "target": "octocruel#1", "weapon": "pulse-blade", "boosts": [pact.slug]},
        "wound cost",
    )
    edge.wounds = 0
    st2, _ = attack(st, "edge", "octocruel#1", "pulse-blade", [pact.slug])
    assert rolls(dice, "Edge attacks")[0] == 3 + pact.dice + pact.ability_value
    assert hero(st2, "edge").wounds >= 1


def test_armory_item_is_taken_once_with_a_pickup():
    st = setup_state(tiles="t05+t02+t03+t04")
    assert st.armory_item == CONTENT.scenarios["1"].armory and st.armory_space
    for _ in range(2):
        seat = st.order[st.order_pos]
        st, _ = SYSTEM.apply(st, seat, {"type": "pick", "heroes": ["edge", "red"] if seat == 0 else ["hannah", "zip"]})
    for _ in range(2):
        seat = st.order[st.order_pos]
        st, _ = SYSTEM.apply(st, seat, {"type": "claim", "slot": 1 if seat == 0 else 2})
    st.monsters, st.current, st.deck = [], 0, ["E17"] * 5
    edge = hero(st, "edge")
    edge.pos = st.armory_space
    edge.upgrades = edge.upgrades[:3]
    item = st.armory_item
    st2, _ = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["pickup"]})
    assert any(u.id == item for u in hero(st2, "edge").upgrades) and st2.armory_item == ""
    st2.current, st2.act = 0, type(st2.act)()
    refused(st2, 0, {"type": "move", "hero": "edge", "path": ["pickup"]}, "nothing to pick up")


def test_setup_places_tokens_doors_monsters_and_the_first_quest():
    st = setup_state()
    from rules.starcadia import engine as E

    b = E.board_of(st)
    slots = {B.name(xy): kind for xy, kind in b.slots.items() if kind != "armory"}
    assert {s: t for s, toks in st.tokens.items() for t in toks if not t.startswith("quest:")} == slots
    assert st.doors and not any(st.doors.values())  # every door starts Closed
    sc = CONTENT.scenarios["1"]
    assert len(st.monsters) == len(sc.start_monsters)
    assert all(B.parse_space(m.pos) in b.spawns for m in st.monsters)
    assert sorted(st.deck) == sorted(CONTENT.events) and st.pve == list(sc.pve)
    assert all(not h.pos for h in st.heroes)


def test_a_quest_monster_on_a_full_spawn_point_goes_close_to_it():
    st = play_state(monsters="bot")  # the policy; with monsters=player the active player picks
    from rules.starcadia import engine as E

    b = E.board_of(st)
    q = next(q for q in CONTENT.quests.values() if q.place and q.place.get("at") == "spawn" and q.place["pos"] < 4)
    st.dashboard[q.place["designation"]] = "octocruel"
    points = b.spawns_by_tile[q.place["pos"]]
    for p in points:
        add_monster(st, "weeble", B.name(p))
        add_monster(st, "weeble", B.name(p))
    turn = Turn(st, None)
    E.place_for_quest(st, turn, q)
    new = st.monsters[-1]
    assert new.card == "octocruel" and B.parse_space(new.pos) not in points
    assert any(b.close(B.parse_space(new.pos), p, st.doors) for p in points)
