"""Starcadia rules: every action legal/forbidden, and the checklist's acceptance scenarios."""

from __future__ import annotations

import pytest

from rules.core import Turn
from rules.starcadia import SYSTEM
from rules.starcadia import engine as E
from rules.starcadia.dice import roll_pool
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


def attack_lines(events):
    return [t for t in texts(events) if " attacks " in t and "(" in t and "with" in t]


# -- setup actions ---------------------------------------------------------------------------
def test_pick_heroes_legal_and_forbidden():
    st = setup_state()
    seat = st.order[0]
    st2, _ = SYSTEM.apply(st, seat, {"type": "pick", "heroes": ["edge", "red"]})
    assert [h.id for h in st2.heroes] == ["edge", "red"]
    other = st2.order[1]
    refused(st2, other, {"type": "pick", "heroes": ["edge", "digits"]}, "already taken")
    refused(st2, other, {"type": "pick", "heroes": ["digits"]}, "exactly 2")
    refused(st2, other, {"type": "pick", "heroes": ["nobody", "digits"]}, "no hero")
    refused(st2, seat, {"type": "pick", "heroes": ["zip", "digits"]}, "not your pick")
    refused(st2, other, {"type": "pick", "heroes": "x" * 10_000}, "")


def test_snake_draft_order():
    st = setup_state(seats=3, draft="snake")
    a, b, c = st.order[:3]
    assert st.order == [a, b, c, c, b, a]
    for hid in ["edge", "red", "digits", "zip", "hannah", "moxie"]:
        st, _ = SYSTEM.apply(st, st.order[st.order_pos], {"type": "pick", "heroes": [hid]})
    assert st.phase == "shuttle"
    assert st.crews[c].heroes == ["digits", "zip"]
    assert st.crews[a].heroes == ["edge", "moxie"]


def test_claim_and_gear():
    st = setup_state(draft="random")
    seat = st.order[0]
    h0 = st.crews[seat].heroes[0]
    st2, _ = SYSTEM.apply(st, seat, {"type": "gear", "hero": h0, "tokens": ["pulse-blade", "S02", "red-shirt"]})
    assert [u.id for u in hero(st2, h0).upgrades] == ["S01", "S02", "S07"]
    refused(st, seat, {"type": "gear", "hero": h0, "tokens": []}, "more than 6")
    refused(st, seat, {"type": "gear", "hero": h0, "tokens": ["S99"]}, "no upgrade")
    st3, _ = SYSTEM.apply(st, seat, {"type": "claim", "slot": 2})
    assert st3.crews[seat].shuttle == 1
    refused(st3, st3.order[1], {"type": "claim", "slot": 2}, "taken")
    refused(st3, st3.order[1], {"type": "claim", "slot": "99"}, "between 1 and 4")
    refused(st3, seat, {"type": "claim", "slot": 3}, "not your turn")


def test_prefs():
    st = play_state()
    st2, _ = SYSTEM.apply(st, 1, {"type": "prefs", "hero": "hannah", "reroll": "off", "reaction": "kitty-primed"})
    assert hero(st2, "hannah").reaction == "S06" and not hero(st2, "hannah").auto_reroll
    refused(st, 1, {"type": "prefs", "hero": "edge", "reroll": "off"}, "not in your crew")
    refused(st, 1, {"type": "prefs", "hero": "hannah", "reaction": "pulse-blade"}, "not a reaction")


def test_unknown_and_out_of_turn_actions():
    st = play_state()
    refused(st, 0, {"type": "dance"}, "unknown action")
    refused(st, 1, {"type": "rest"}, "not your turn")
    refused(st, 0, {"type": "end"}, "activate a hero first")
    refused(st, 0, {"type": "move", "hero": "hannah", "path": ["I3"]}, "not in your crew")
    refused(st, 0, {"type": "move", "hero": 12, "path": ["C2"]}, "which hero")
    refused(st, 0, {"type": "move", "hero": "edge", "path": [1, 2]}, "space name")
    refused(st, 0, {"type": "move", "hero": "edge", "path": ["C2"] * 500}, "too long")


# -- acceptance scenario 1 ---------------------------------------------------------------------
def test_guard_basics(dice):
    st = play_state()
    place(st, "edge", "G4")
    add_monster(st, "octocold", "G3")
    add_monster(st, "weeble", "H5")  # G5 is Close to it, G4 is not (diagonal)
    st2, ev = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["G5", "F5"]})
    lines = attack_lines(ev)
    assert len(lines) == 2
    assert "Octocold" in lines[0] and "guard" in lines[0]
    assert "Weeble" in lines[1]
    t = texts(ev)
    assert t.index(lines[0]) < t.index(lines[1]) < t.index("Edge ends the move at F5.")
    # Portals and doors never provoke Guard.
    st = play_state()
    place(st, "edge", "F4")
    add_monster(st, "weeble", "G4")
    st2, ev = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["portal", "D3"]})
    assert hero(st2, "edge").pos == "D3" and not attack_lines(ev)
    st = play_state()
    place(st, "edge", "E3")
    add_monster(st, "weeble", "E2")
    st2, ev = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["door:E"]})
    assert st2.doors["D1"] is True and not attack_lines(ev)


# -- acceptance scenario 2 ---------------------------------------------------------------------
def test_guard_isolation_and_multiples(dice):
    st = play_state()
    place(st, "edge", "C4")
    add_monster(st, "weeble", "D4")  # behind a wall
    add_monster(st, "weeble", "D5")  # diagonal
    _, ev = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["B4"]})
    assert not attack_lines(ev)
    st = play_state()
    place(st, "edge", "E3")
    add_monster(st, "weeble", "F3")  # behind the closed door D1
    _, ev = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["E2"]})
    assert not attack_lines(ev)
    # Two guards: the player to the right picks which attacks first; both attack before the step.
    st = play_state()
    place(st, "edge", "G4")
    add_monster(st, "weeble", "G3")
    add_monster(st, "scuttlebutt", "F4")
    st2, ev = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["G5", "G6"]})
    assert not attack_lines(ev) and hero(st2, "edge").pos == "G4"
    (prompt,) = SYSTEM.pending(st2)
    assert prompt.seat == 1 and prompt.default == {"type": "guard", "monster": "weeble#1"}
    assert SYSTEM.legal(st2, 1) == [
        {"type": "guard", "monster": "weeble#1"},
        {"type": "guard", "monster": "scuttlebutt#1"},
    ]
    refused(st2, 0, {"type": "guard", "monster": "weeble#1"}, "waits for P1")
    refused(st2, 1, {"type": "guard", "monster": "octocold#1"}, "choose the guard")
    refused(st2, 1, {"type": "rest"}, "first answer the guard")
    st3, ev = SYSTEM.apply(st2, 1, {"type": "guard", "monster": "scuttlebutt#1"})
    lines = attack_lines(ev)
    assert len(lines) == 2 and "Scuttlebutt" in lines[0] and "Weeble" in lines[1]
    assert hero(st3, "edge").pos == "G6"  # the rest of the path resumed after the decision
    # With monsters=bot the order is the station's and nobody is asked.
    st = play_state(monsters="bot")
    place(st, "edge", "G4")
    add_monster(st, "weeble", "G3")
    add_monster(st, "scuttlebutt", "F4")
    st2, ev = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["G5"]})
    assert len(attack_lines(ev)) == 2 and hero(st2, "edge").pos == "G5"
    # Killed by the first guard: no step, no second attack, the path is dropped.
    st = play_state()
    place(st, "edge", "G4")
    hero(st, "edge").wounds = E.hero_life(hero(st, "edge")) - 1
    add_monster(st, "weeble", "G3")
    add_monster(st, "scuttlebutt", "F4")
    dice.set("melee", "melee")  # weeble: 2 hits; edge's defence dice then come up blank
    st2, _ = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["G5"]})
    st2, ev = SYSTEM.apply(st2, 1, {"type": "guard", "monster": "weeble#1"})
    assert len(attack_lines(ev)) == 1
    assert hero(st2, "edge").dead and "The rest of the path is lost." in texts(ev)


# -- acceptance scenario 3 ---------------------------------------------------------------------
def test_mp_budget_and_contiguity(dice):
    st = play_state()
    place(st, "edge", "B3")
    hero(st, "edge").gadgets = ["recharge"]  # an unused gadget keeps the activation open
    add_monster(st, "weeble", "D2")
    st, _ = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["B2", "C2"]})
    st, _ = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "pulse-blade"})
    st = settle(st)
    assert st.current == 0 and st.act.hero == "edge" and st.act.mp == 0
    refused(st, 0, {"type": "move", "hero": "edge", "path": ["B2"]}, "attacked after moving")
    refused(st, 0, {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "pulse-blade"}, "already")
    refused(st, 0, {"type": "move", "hero": "red", "path": ["C1"]}, "already activated Edge")
    assert not any(a["type"] == "move" for a in SYSTEM.legal(st, 0))
    # Door, step, door back: 3 MP; a fifth MP is refused, in one path or in a second command.
    st = play_state()
    place(st, "edge", "E3")
    refused(
        st,
        0,
        {"type": "move", "hero": "edge", "path": ["door:E", "F3", "door:W", "door:W", "door:W"]},
        "4 movement",
    )
    st2, _ = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["door:E", "F3", "door:W"]})
    assert hero(st2, "edge").pos == "F3" and st2.doors["D1"] is False and st2.act.mp == 1
    refused(st2, 0, {"type": "move", "hero": "edge", "path": ["F4", "G4"]}, "1 movement point")
    st3, _ = SYSTEM.apply(st2, 0, {"type": "move", "hero": "edge", "path": ["F4"]})
    assert st3.act.mp == 0 and hero(st3, "edge").pos == "F4"
    # Attack first, then move, is allowed.
    st = play_state()
    place(st, "edge", "C2")
    add_monster(st, "weeble", "D2")
    hero(st, "edge").gadgets = ["recharge"]  # keeps the activation open after both parts
    st, _ = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "pulse-blade"})
    st = settle(st)
    st, _ = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["C3"]})
    assert hero(st, "edge").pos == "C3"
    # Unspent MP are gone: the next activation has 4 again.
    st, _ = SYSTEM.apply(st, 0, {"type": "end"})
    st = settle(st)
    st, _ = SYSTEM.apply(st, 1, {"type": "move", "hero": "hannah", "path": ["I3"]})
    assert st.current == 1
    st, _ = SYSTEM.apply(st, 1, {"type": "end"})
    st = settle(st)
    st, _ = SYSTEM.apply(st, 0, {"type": "move", "hero": "red", "path": ["C1"]})
    assert st.act.hero == "red" and st.act.mp == 3


def test_rule_43_movement_is_one_block_around_the_attack(dice):
    """The book: movement is done all at once, before or after the attack, never split by it.
    Two move commands with nothing between them are one block; attack, move, move is one block
    after the attack; move, attack, move is refused."""
    st = play_state()
    place(st, "edge", "C2")
    add_monster(st, "weeble", "D2")
    hero(st, "edge").gadgets = ["recharge"]
    st, _ = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["C3"]})
    st, _ = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["C2"]})
    assert st.act.mp == 2 and not st.act.sealed
    st = settle(st)  # (the weeble guarded C2... no: C3 is not Close to D2, so nothing waits)
    st, _ = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "pulse-blade"})
    st = settle(st)
    assert st.act.sealed and st.act.mp == 0
    refused(st, 0, {"type": "move", "hero": "edge", "path": ["C3"]}, "unbroken block")
    # Attack, then the movement in two commands.
    st = play_state()
    place(st, "edge", "C2")
    add_monster(st, "weeble", "D2")
    hero(st, "edge").gadgets = ["recharge"]
    st, _ = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "pulse-blade"})
    st = settle(st)
    st, _ = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["C3"]})
    st = settle(st)
    st, _ = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["B3"]})
    assert hero(st, "edge").pos == "B3" and st.act.mp == 2
    # Without a gadget the activation ends by itself once both parts are used up.
    st = play_state()
    place(st, "edge", "C2")
    add_monster(st, "weeble", "D2")
    st, _ = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["C3", "C2"]})
    st, _ = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "pulse-blade"})
    st = settle(st)
    assert st.current == 1


def test_wall_and_diagonal_steps_refused():
    st = play_state()
    place(st, "edge", "C4")
    refused(st, 0, {"type": "move", "hero": "edge", "path": ["D4"]}, "wall")
    refused(st, 0, {"type": "move", "hero": "edge", "path": ["D5"]}, "not next to")
    refused(st, 0, {"type": "move", "hero": "edge", "path": ["B5"]}, "not a space you can enter")
    refused(st, 0, {"type": "move", "hero": "edge", "path": ["door:N"]}, "no door")
    refused(st, 0, {"type": "move", "hero": "edge", "path": ["portal", "D3"]}, "no working portal")
    refused(st, 0, {"type": "move", "hero": "edge", "path": ["hack"]}, "not a computer terminal")
    refused(st, 0, {"type": "move", "hero": "edge", "path": ["pickup"]}, "nothing to pick up")


# -- acceptance scenario 4 ---------------------------------------------------------------------
def test_full_spaces_and_portals():
    st = play_state()
    place(st, "edge", "B2")
    place(st, "hannah", "C2")
    place(st, "bahbaka", "C2")
    st2, _ = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["C2", "D2"]})
    assert hero(st2, "edge").pos == "D2"
    refused(st, 0, {"type": "move", "hero": "edge", "path": ["C2"]}, "full")
    st = play_state()
    place(st, "edge", "F4")
    place(st, "hannah", "D3")
    place(st, "bahbaka", "D3")
    refused(st, 0, {"type": "move", "hero": "edge", "path": ["portal", "D3"]}, "full")
    st2, _ = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["portal", "D3", "E3"]})
    assert hero(st2, "edge").pos == "E3"
    st = play_state()
    place(st, "edge", "F4")
    st.jammed = ["amber"]
    refused(st, 0, {"type": "move", "hero": "edge", "path": ["portal", "D3"]}, "no working portal")
    st.jammed = []
    place(st, "edge", "G4")
    st.portal_tokens = {"G4": "cyan"}
    refused(st, 0, {"type": "move", "hero": "edge", "path": ["portal", "D3"]}, "does not lead")


# -- acceptance scenario 5 ---------------------------------------------------------------------
def test_attack_build(dice):
    st = play_state()
    red = hero(st, "red")
    red.upgrades = [Up(id="S01"), Up(id="S04"), Up(id="S05")]  # Pulse Blade, Iron Fists, Red Dot Sight
    place(st, "red", "C2")
    add_monster(st, "octocruel", "D2", "officer-I")
    refused(
        st,
        0,
        {
            "type": "attack",
            "hero": "red",
            "target": "octocruel#1",
            "weapon": "pulse-blade",
            "boosts": ["iron-fists", "red-dot-sight"],
        },
        "cannot power",
    )
    red.gadgets = ["stimpack"]
    st2, _ = SYSTEM.apply(
        st,
        0,
        {"type": "attack", "hero": "red", "target": "octocruel#1", "weapon": "pulse-blade", "boosts": ["iron-fists"]},
    )
    assert dice.counts[0] == 4  # Pulse Blade 3 + Iron Fists 1, nothing else
    st2 = settle(st2)  # the Octocruel's Payback
    ex = {u.id: u.exhausted for u in hero(st2, "red").upgrades}
    assert ex == {"S01": True, "S04": True, "S05": False}
    st2, _ = SYSTEM.apply(st2, 0, {"type": "end"})
    st2, _ = SYSTEM.apply(st2, 1, {"type": "rest"})
    refused(
        st2,
        0,
        {"type": "attack", "hero": "red", "target": "octocruel#1", "weapon": "pulse-blade"},
        "exhausted",
    )
    # A recharge readies them again.
    hero(st2, "red").gadgets = ["recharge"]
    st3, _ = SYSTEM.apply(st2, 0, {"type": "use", "hero": "red", "gadget": "recharge"})
    assert not any(u.exhausted for u in hero(st3, "red").upgrades)


def test_attack_refusals():
    st = play_state()
    place(st, "edge", "C2")
    add_monster(st, "weeble", "D2")

    def attack(target: str, weapon: str, **more) -> dict:
        return {"type": "attack", "hero": "edge", "target": target, "weapon": weapon, **more}

    refused(st, 0, attack("weeble#1", "laser-sword"), "no upgrade")
    refused(st, 0, attack("weeble#1", "repeater-pistol"), "not carry")
    refused(st, 0, attack("weeble#1", "iron-fists"), "not a weapon")
    refused(st, 0, attack("red", "pulse-blade"), "own crew")
    refused(st, 0, attack("ghost#9", "pulse-blade"), "no 'ghost#9'")
    refused(st, 0, attack("weeble#1", "pulse-blade", boosts=["red-shirt"]), "not a boost")


# -- acceptance scenario 6 ---------------------------------------------------------------------
def test_melee_vs_ranged_targeting(dice):
    st = play_state()
    place(st, "edge", "B7")
    add_monster(st, "weeble", "D7")
    add_monster(st, "weeble", "C8")
    refused(st, 0, {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "pulse-blade"}, "close")
    refused(st, 0, {"type": "attack", "hero": "edge", "target": "weeble#2", "weapon": "pulse-blade"}, "close")
    hero(st, "edge").upgrades = [Up(id="S03")]
    place(st, "hannah", "C7")
    place(st, "bahbaka", "C7")  # a Full space on the line
    st.monsters[0].pos = "E7"
    SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "blaster-rifle"})
    st.monsters[0].pos = "G7"  # behind the closed door D2
    refused(
        st,
        0,
        {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "blaster-rifle"},
        "line of sight",
    )
    st.monsters[0].pos = "B7"  # own space
    SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "blaster-rifle"})


def test_ranged_attack_through_a_corner_needs_a_single_blocked_side(dice):
    """Rulebook p. 17 (Line of Sight): a shot through the meeting point of four spaces passes when one side
    there is walled (C4 -> D5 grazes the end of the C4|D4 wall) and is refused, state untouched, when two
    walls form an L there (D2 -> C3: walls C3|D3 and D2|D3 around D3); legal() offers only the first."""
    st = play_state()
    hero(st, "edge").upgrades = [Up(id="S03")]  # Blaster Rifle
    place(st, "edge", "D2")
    add_monster(st, "weeble", "C3")
    shot = {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "blaster-rifle", "boosts": []}
    assert shot not in SYSTEM.legal(st, 0)
    refused(st, 0, shot, "no line of sight from D2 to C3")
    place(st, "edge", "C4")
    st.monsters[0].pos = "D5"
    assert shot in SYSTEM.legal(st, 0)
    st2, _ = SYSTEM.apply(st, 0, shot)
    assert st2.act.attacked


# -- acceptance scenario 7 ---------------------------------------------------------------------
def _script(*faces):
    queue = list(faces)

    def roll(n, stage="roll"):
        return [queue.pop(0) for _ in range(n)]

    return roll


def test_crit_chain_and_success_faces():
    r = roll_pool(_script("crit", "blank", "blank", "melee"), 3, "melee")
    assert r.successes("melee") == 2
    r = roll_pool(_script("crit", "ranged", "crit", "blank"), 2, "ranged")
    assert r.successes("ranged") == 3
    r = roll_pool(_script("shield", "shield"), 2, "melee")
    assert r.successes("melee") == 0
    r = roll_pool(_script("shield", "crit", "blank"), 2, "defense")
    assert r.successes("defense") == 2


# -- acceptance scenario 8 ---------------------------------------------------------------------
def test_passive_bonuses_when_exhausted(dice):
    st = play_state()
    edge = hero(st, "edge")
    edge.upgrades = [Up(id="S07", exhausted=True)]  # Red Shirt, face down
    assert E.hero_defense(edge) == 3 and E.hero_rerolls(edge) == 1
    # A real guard attack on Edge: 3 defence dice, 1 reroll, and the rerolled CRIT explodes.
    place(st, "edge", "G4")
    add_monster(st, "weeble", "G3")
    dice.set("melee", "melee", "shield", "blank", "blank", "crit", "shield")
    st2, _ = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["G5"]})
    defence = [n for label, n in zip(dice.labels, dice.counts, strict=True) if "defends" in label]
    assert defence == [3, 1, 1]  # 3 dice, the one reroll, then the die the rerolled CRIT adds
    assert hero(st2, "edge").wounds == 0  # shield + crit + shield save both hits
    r = roll_pool(_script("shield", "blank", "blank", "crit", "blank"), 3, "defense", rerolls=1)
    assert r.successes("defense") == 2 and r.rerolled == 1
    # A dazed hero rolls no defence dice.
    st = play_state()
    edge = hero(st, "edge")
    edge.upgrades = [Up(id="S07", exhausted=True)]
    edge.dazed = True
    place(st, "edge", "G4")
    add_monster(st, "weeble", "G3")
    dice.labels.clear()
    dice.set("melee", "blank")
    st2, _ev = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["G5"]})
    assert not any("defends" in label for label in dice.labels)
    assert hero(st2, "edge").wounds == 1


# -- acceptance scenario 9 ---------------------------------------------------------------------
def test_payback_and_overkill(dice):
    st = play_state()
    place(st, "edge", "B7")
    place(st, "red", "E7")
    hero(st, "edge").upgrades = [Up(id="S03")]
    add_monster(st, "weeble", "E7")
    st2, ev = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "blaster-rifle"})
    assert "0 hit(s)" in " ".join(texts(ev))  # forced blanks: no hit, still a Payback
    (prompt,) = SYSTEM.pending(st2)
    assert prompt.seat == 1 and prompt.default == {"type": "payback"}
    menu = SYSTEM.legal(st2, 1)
    assert 2 <= len(menu) <= 8 and all(a["type"] == "payback" for a in menu)
    # The monster moves (up to its 3 MP) and then attacks, never the other way round, and only Edge.
    refused(st2, 1, {"type": "payback", "path": ["D7", "C7", "B7", "B8"], "attack": True}, "3 movement")
    refused(st2, 1, {"type": "payback", "path": ["E8"], "attack": True}, "cannot hit edge")
    refused(st2, 0, {"type": "payback", "path": ["D7", "C7"], "attack": True}, "payback is waiting")
    refused(st2, 1, {"type": "payback", "path": ["D7"], "attack": True, "first": "attack"}, "never attack and then")
    refused(st2, 1, {"type": "payback", "path": ["D7", "C7"], "attack": True, "target": "red"}, "only attack edge")
    st3, ev = SYSTEM.apply(st2, 1, {"type": "payback", "path": ["D7", "C7"], "attack": True})
    t = texts(ev)
    moves = [i for i, x in enumerate(t) if x.startswith("Weeble (weeble#1) moves")]
    hits = [i for i, x in enumerate(t) if "attacks Edge" in x and "payback" in x]
    assert moves and hits and moves[0] < hits[0]
    assert not any("attacks Red" in x for x in t)
    assert st3.monsters[0].pos == "C7" and st3.payback is None
    # Holding the attack is allowed too; and the bot runs it the same way with monsters=bot.
    _, ev = SYSTEM.apply(st2, 1, {"type": "payback", "path": [], "attack": False})
    assert "Weeble (weeble#1) holds its attack." in texts(ev)
    st = play_state(monsters="bot")
    place(st, "edge", "B7")
    hero(st, "edge").upgrades = [Up(id="S03")]
    add_monster(st, "weeble", "E7")
    _, ev = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "blaster-rifle"})
    t = texts(ev)
    moves = [i for i, x in enumerate(t) if x.startswith("Weeble (weeble#1) moves")]
    hits = [i for i, x in enumerate(t) if "attacks Edge" in x and "payback" in x]
    assert moves and hits and moves[0] < hits[0]
    # Overkill: 3 wounds in one attack, no payback.
    st = play_state()
    place(st, "edge", "C2")
    add_monster(st, "weeble", "D2")
    dice.set("melee", "melee", "melee")  # weeble defence then rolls blanks
    st2, ev = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "pulse-blade"})
    assert "Overkill!" in texts(ev) and not any("payback" in x for x in texts(ev))
    assert not st2.monsters and st2.crews[0].vt == 1
    # Wounds reach life without overkill: payback first, then removal.
    st = play_state()
    place(st, "edge", "C2")
    add_monster(st, "weeble", "D2").wounds = 1
    dice.set("melee", "blank", "blank")
    st2, ev = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "pulse-blade"})
    assert st2.monsters  # still there while its Payback waits
    st2 = settle(st2, ev)
    t = texts(ev)
    pay = next(i for i, x in enumerate(t) if "payback" in x and "attacks" in x)
    gone = next(i for i, x in enumerate(t) if "destroyed" in x)
    assert pay < gone and not st2.monsters


# -- acceptance scenario 10 --------------------------------------------------------------------
def test_kill_credit_and_vt(dice):
    st = play_state()
    place(st, "hannah", "C2")
    add_monster(st, "octocruel", "D2", "officer-I").wounds = 3  # wounded earlier by yellow
    st.current = 1
    dice.set("melee")
    st2, _ = SYSTEM.apply(st, 1, {"type": "attack", "hero": "hannah", "target": "octocruel#1", "weapon": "pulse-blade"})
    st2 = settle(st2)  # not overkilled: its Payback first, then it dies
    assert st2.crews[1].vt == 2 and st2.crews[0].vt == 0
    # A monster kills a blue hero: every other crew gains 1.
    st = setup_state(seats=3, draft="random")
    for _ in range(3):
        st, _ = SYSTEM.apply(st, st.order[st.order_pos], {"type": "claim", "slot": st.order_pos + 1})
    st.monsters, st.tokens, st.deck = [], {}, ["E17"] * 5
    victim = hero(st, st.crews[1].heroes[0])
    victim.pos = "G4"
    victim.wounds = E.hero_life(victim) - 1
    add_monster(st, "weeble", "G3")
    st.current = 1
    dice.set("melee", "melee")
    st2, _ = SYSTEM.apply(st, 1, {"type": "move", "hero": victim.id, "path": ["G5"]})
    assert [c.vt for c in st2.crews] == [1, 0, 1]
    # Yellow kills a blue hero while Close: 1 VT + the PvP quest, grabs one dropped token.
    st = play_state()
    place(st, "edge", "C2")
    place(st, "hannah", "D2")
    hero(st, "hannah").wounds = E.hero_life(hero(st, "hannah")) - 1
    hero(st, "hannah").gadgets = ["stimpack", "recharge"]
    dice.set("melee", "melee")
    st2, _ev = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "hannah", "weapon": "pulse-blade"})
    assert hero(st2, "hannah").dead
    assert st2.crews[0].vt == 1 + 2
    assert st2.done == {"pvp-blue": 0}
    assert hero(st2, "edge").gadgets == ["stimpack"] and st2.tokens["D2"] == ["recharge"]
    assert any(u.id == "R1" for u in hero(st2, "edge").upgrades)  # first PvP quest: scenario reward


def test_a_killed_hero_carries_no_more_wounds_than_its_life(dice):
    # Found by the whole-scenario property test: overkill hits left a dead hero at 10/7 wounds.
    st = play_state()
    place(st, "edge", "C2")
    place(st, "hannah", "D2")
    victim = hero(st, "hannah")
    victim.wounds = E.hero_life(victim) - 1
    dice.set("melee", "melee", "melee", "melee")
    st2, _ = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "hannah", "weapon": "pulse-blade"})
    dead = hero(st2, "hannah")
    assert dead.dead and dead.wounds == E.hero_life(dead)


def test_supply_drop_takes_gadgets_from_a_limited_supply():
    # Found by the whole-scenario property test: Supply Drop cards kept minting gadgets past the
    # component count (9 hoverboards in play with 8 in the box).
    limit = E.CONTENT.counts["stimpack"]
    st = play_state()
    place(st, "edge", "C2")
    hero(st, "edge").gadgets = ["stimpack"] * (limit - 1)
    st.deck = ["E04"]
    st2, _ = SYSTEM.apply(st, 0, {"type": "rest"})
    assert sum(t.count("stimpack") for t in st2.tokens.values()) == 1
    hero(st, "edge").gadgets = ["stimpack"] * limit
    st3, ev = SYSTEM.apply(st, 0, {"type": "rest"})
    assert not any("stimpack" in t for t in st3.tokens.values())
    assert "No stimpack token is left." in texts(ev)


# -- acceptance scenario 11 --------------------------------------------------------------------
def test_rest_semantics():
    st = play_state()
    edge, red = hero(st, "edge"), hero(st, "red")
    red.dead, red.pos, red.wounds = True, "", 6
    edge.pos, edge.wounds, edge.dazed = "E3", 2, True
    for u in edge.upgrades + red.upgrades:
        u.exhausted = True
    m = add_monster(st, "weeble", "I4")
    m.dazed = True
    st2, _ev = SYSTEM.apply(st, 0, {"type": "rest", "give": [["S01", "red"]]})
    e2, r2 = hero(st2, "edge"), hero(st2, "red")
    assert not any(u.exhausted for u in e2.upgrades + r2.upgrades)
    assert r2.pos in ("C1", "D1") and r2.wounds == 0 and not r2.dead
    assert "S01" in [u.id for u in r2.upgrades]
    assert e2.wounds == 2 and not e2.dazed
    assert st2.discard == ["E17"] and st2.monsters[0].dazed
    # Close to the living ally instead of the shuttle.
    st3, _ = SYSTEM.apply(st, 0, {"type": "rest", "place": {"red": "E2"}})
    assert hero(st3, "red").pos == "E2"
    refused(st, 0, {"type": "rest", "place": {"red": "I9"}}, "close to your ally")
    # Extra Life cannot be moved off if that would kill; 6 slots at most.
    st = play_state()
    edge = hero(st, "edge")
    edge.upgrades.append(Up(id="R2B"))
    edge.wounds = E.hero_life(edge) - 1
    refused(st, 0, {"type": "rest", "give": [["R2B", "red"]]}, "would kill")
    hero(st, "red").upgrades = [Up(id=x) for x in ["S02", "S03", "S05", "R1", "A1", "A2"]]
    refused(st, 0, {"type": "rest", "give": [["S01", "red"]]}, "already has 6")
    refused(st, 0, {"type": "rest", "give": [["S01", "hannah"]]}, "not a hero of your crew")


def test_rest_not_after_activation():
    st = play_state()
    place(st, "edge", "C2")
    st, _ = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["D2"]})
    refused(st, 0, {"type": "rest"}, "cannot rest too")


# -- acceptance scenario 12 --------------------------------------------------------------------
def test_event_resolution(dice):
    st = play_state()
    st.dashboard["trooper-II"] = "scuttlebutt"
    add_monster(st, "scuttlebutt", "G3", "trooper-II")
    add_monster(st, "scuttlebutt", "B9", "trooper-II")
    place(st, "hannah", "G4")
    place(st, "edge", "F3")  # the active player's own hero is a fair target too
    st.deck = ["E10"]  # trooper-II, doors open
    st2, ev = SYSTEM.apply(st, 0, {"type": "rest"})
    (prompt,) = SYSTEM.pending(st2)
    assert prompt.seat == 0 and st2.wait.kind == "monster" and st2.wait.monster == "scuttlebutt#1"
    menu = SYSTEM.legal(st2, 0)
    assert prompt.default == menu[0] and len(menu) <= 9  # 8 walks and holds, plus one hit-and-run
    assert {"type": "monster", "path": [], "target": "edge"} in menu
    assert {"type": "monster", "path": [], "target": "hannah"} in menu
    assert not any(st2.doors.values())  # the bottom half waits for the top half
    refused(st2, 0, {"type": "monster", "path": ["G4", "G3", "G4", "G3", "G4"], "target": "none"}, "4 movement point")
    refused(st2, 0, {"type": "monster", "path": [], "target": "red"}, "cannot hit red")
    refused(st2, 0, {"type": "monster", "path": [], "target": "nobody"}, "hero on the board")
    refused(st2, 1, {"type": "monster", "path": [], "target": "edge"}, "waits for P0")
    st3, ev = SYSTEM.apply(st2, 0, {"type": "monster", "path": [], "target": "hannah"})
    assert any("Scuttlebutt (scuttlebutt#1) attacks Hannah" in x for x in texts(ev))
    assert all(st3.doors.values()) and st3.current == 1
    # The bot runs it the same way with monsters=bot.
    st = play_state(monsters="bot")
    st.dashboard["trooper-II"] = "scuttlebutt"
    add_monster(st, "scuttlebutt", "G3", "trooper-II")
    add_monster(st, "scuttlebutt", "B9", "trooper-II")
    place(st, "hannah", "G4")
    st.deck = ["E10"]
    st2, ev = SYSTEM.apply(st, 0, {"type": "rest"})
    assert any("Scuttlebutt (scuttlebutt#1) attacks Hannah" in x for x in texts(ev))
    assert all(st2.doors.values())
    # None on the board: spawn on a spawn point.
    st = play_state()
    st.dashboard["trooper-II"] = "scuttlebutt"
    st.deck = ["E10"]
    st2, _ = SYSTEM.apply(st, 0, {"type": "rest"})
    b = E.board_of(st2)
    assert E.B.parse_space(st2.monsters[0].pos) in b.spawns
    # Every spawn point full: next to one.
    st = play_state()
    st.dashboard["trooper-II"] = "scuttlebutt"
    b = E.board_of(st)
    for sp in b.spawns:
        add_monster(st, "octocold", E.B.name(sp))
        add_monster(st, "octocold", E.B.name(sp))
    st.deck = ["E10"]
    st2, _ = SYSTEM.apply(st, 0, {"type": "rest"})
    new = st2.monsters[-1]
    assert new.card == "scuttlebutt"
    assert any(b.close(E.B.parse_space(new.pos), sp, st2.doors) for sp in b.spawns)
    # Empty slot: only the effect. Empty deck: reshuffle the discards.
    st = play_state()
    st.deck, st.discard = [], ["E17", "E01"]
    st2, ev = SYSTEM.apply(st, 0, {"type": "rest"})
    assert "The event deck is reshuffled." in texts(ev)
    assert len(st2.deck) == 1 and len(st2.discard) == 1


# -- acceptance scenario 13 --------------------------------------------------------------------
def test_exploration_pickup(dice):
    st = play_state()
    place(st, "edge", "B2")
    st.tokens = {"C2": ["stimpack"], "D2": ["victory"]}
    st2, _ = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["C2", "D2", "E2"]})
    assert hero(st2, "edge").gadgets == ["stimpack"] and st2.crews[0].vt == 1 and not st2.tokens
    st.tokens = {"C2": ["stimpack"]}
    place(st, "hannah", "C2")  # an enemy hero in the space
    st2, _ = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["C2", "D2"]})
    assert st2.tokens == {"C2": ["stimpack"]} and hero(st2, "edge").gadgets == []


def test_overkill_in_the_heroes_space_leaves_its_tokens_to_the_hero(dice):
    """Rulebook p. 25 (Exploration Tokens) and p. 23 (Overkill): the active hero takes the tokens of its
    space as soon as no enemy is left there, so overkilling the monster it shares a space with hands it
    the stimpack lying there. A monster that survives the attack still guards the token."""
    st = play_state()
    place(st, "edge", "D2")
    add_monster(st, "weeble", "D2")
    st.tokens = {"D2": ["stimpack", "victory"]}
    dice.set("melee", "melee", "melee")  # 3 hits = Overkill; the weeble's defence rolls blanks
    st2, ev = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "pulse-blade"})
    t = texts(ev)
    assert "Overkill!" in t and not st2.monsters
    assert t.index("Edge picks up a stimpack.") > t.index("Weeble (weeble#1) is destroyed!")
    assert hero(st2, "edge").gadgets == ["stimpack"] and not st2.tokens
    assert st2.crews[0].vt == 1 + 1  # the weeble's reward and the victory token
    # One hit only: the weeble lives on, pays back, and the tokens stay where they are.
    dice.set("melee")
    st3, _ = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "pulse-blade"})
    st3 = settle(st3)
    assert st3.monsters and st3.tokens == {"D2": ["stimpack", "victory"]} and hero(st3, "edge").gadgets == []


def test_monster_removed_after_its_payback_leaves_its_tokens_to_the_hero(dice):
    """Rulebook p. 22 (Payback), p. 19 (Kills) and p. 25 (Exploration Tokens): a monster whose wounds reach
    its life without Overkill pays back first and is removed after; from then on nothing guards the
    stimpack in the active hero's space, which the hero takes. A hero that shot it from elsewhere does
    not take the token of the monster's space."""
    st = play_state()
    place(st, "edge", "D2")
    add_monster(st, "weeble", "D2").wounds = 1
    st.tokens = {"D2": ["stimpack"]}
    dice.set("melee")  # 1 wound: life reached (2), not Overkill (3); everything after rolls blank
    st2, ev = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "pulse-blade"})
    assert st2.payback is not None and st2.tokens == {"D2": ["stimpack"]}
    st2 = settle(st2, ev)
    t = texts(ev)
    assert t.index("Edge picks up a stimpack.") > t.index("Weeble (weeble#1) is destroyed!")
    assert not st2.monsters and not st2.tokens and hero(st2, "edge").gadgets == ["stimpack"]
    assert st2.current == 0 and st2.act.hero == "edge"  # still Edge's activation
    # The same kill from a distance: the stimpack stays in the weeble's space.
    st = play_state()
    place(st, "edge", "B7")
    hero(st, "edge").upgrades = [Up(id="S03")]
    add_monster(st, "weeble", "E7").wounds = 1
    st.tokens = {"E7": ["stimpack"]}
    dice.set("ranged")
    st2, _ = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "blaster-rifle"})
    st2 = settle(st2)
    assert not st2.monsters and st2.tokens == {"E7": ["stimpack"]} and hero(st2, "edge").gadgets == []


def test_gadgets():
    st = play_state()
    edge = hero(st, "edge")
    edge.gadgets = ["stimpack", "recharge", "hoverboard"]
    refused(st, 0, {"type": "use", "hero": "edge", "gadget": "stimpack"}, "no wounds")
    refused(st, 0, {"type": "use", "hero": "edge", "gadget": "jetpack"}, "name a gadget")
    edge.wounds = 3
    edge.upgrades[0].exhausted = True
    st2, _ = SYSTEM.apply(st, 0, {"type": "use", "hero": "edge", "gadget": "stimpack"})
    assert hero(st2, "edge").wounds == 0
    st2, _ = SYSTEM.apply(st2, 0, {"type": "use", "hero": "edge", "gadget": "recharge"})
    assert not any(u.exhausted for u in hero(st2, "edge").upgrades)
    st2, _ = SYSTEM.apply(st2, 0, {"type": "use", "hero": "edge", "gadget": "hoverboard", "path": ["C1"]})
    assert hero(st2, "red").pos == "C1"
    refused(st2, 0, {"type": "use", "hero": "edge", "gadget": "stimpack"}, "carries no")


# -- acceptance scenario 14 --------------------------------------------------------------------
def test_quests_and_scenario_end(dice):
    st = play_state()
    # Killing the villain while quest 1 is current does nothing for quest 3.
    st.dashboard["villain"] = "iceheart"
    place(st, "edge", "C2")
    add_monster(st, "iceheart", "D2", "villain").wounds = 6
    dice.set("melee", "melee", "melee")
    st2, _ = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "iceheart#1", "weapon": "pulse-blade"})
    assert "1-3" not in st2.done and st2.pve_index == 0
    # Hacking two terminals fulfils quest 1 and places the data core.
    st = play_state()
    place(st, "edge", "B3")
    st2, _ = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["C3", "hack"]})
    assert st2.crews[0].hacked == ["C3"]
    st2.current, st2.act = 0, E.Activation()
    place(st2, "red", "H2")
    st3, _ = SYSTEM.apply(st2, 0, {"type": "move", "hero": "red", "path": ["H3", "hack"]})
    assert st3.done == {"1-1": 0} and st3.crews[0].vt == 2
    assert any(t.startswith("quest:") for toks in st3.tokens.values() for t in toks)
    # The game ends once the last PvE quest and a PvP quest are done; most VT wins.
    st = play_state(mode="episodic")
    st.pve_index = 2
    st.done = {"1-1": 1, "1-2": 1, "pvp-yellow": 1}
    st.crews[1].vt = 3
    place(st, "edge", "C2")
    add_monster(st, "iceheart", "D2", "villain").wounds = 6
    dice.set("melee")
    st2, _ = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "iceheart#1", "weapon": "pulse-blade"})
    st2 = settle(st2)  # Iceheart's Payback, then it dies
    assert st2.phase == "over"
    assert st2.crews[0].vt == 4 + 4  # reward + quest
    out = SYSTEM.outcome(st2)
    assert out.winners == [0] and out.scores == {0: 8, 1: 3}
    refused(st2, 1, {"type": "rest"}, "over")


def test_tie_roll_off(dice):
    st = setup_state(seats=3, draft="random", mode="episodic")
    st.crews[0].vt = st.crews[1].vt = 5
    st.crews[2].vt = 2
    # Round 1: no CRIT; round 2: two CRITs; round 3: only seat 0 rolls a CRIT.
    dice.set("blank", "blank", "crit", "crit", "crit", "blank")
    turn = Turn(st, None)
    E.finish(st, turn)
    assert st.winners == [0] and st.phase == "over"
    assert dice.labels == ["P0 roll-off", "P1 roll-off"] * 3


def test_end_condition_says_what_still_ends_the_scenario():
    """Rulebook p. 24 (Quests): a scenario ends once every PvE quest and at least one PvP quest are done;
    the text players see says how far along both are (and the turn limit when the table set one)."""
    st = play_state(mode="episodic")
    assert E.end_condition(st) == "Ends when: PvE quests 0/3 done; a PvP quest: none done yet"
    assert SYSTEM.status_lines(st)[-1] == E.end_condition(st) + "."  # what /game status shows
    st.done, st.pve_index = {"1-1": 1, "1-2": 0, "pvp-blue": 0}, 2
    assert E.end_condition(st) == "Ends when: PvE quests 2/3 done; a PvP quest: done (yellow crew)"
    assert E.end_condition(st) in SYSTEM.describe(st)
    st.turn_limit, st.turn_no = 40, 12
    assert E.end_condition(st).endswith("; or after turn 40 (most VT)")
    assert SYSTEM.status_lines(st)[0] == "Scenario 1: Cold Reception · turn 12 of 40"


def test_turn_limit_is_an_opt_in_table_option():
    """Our rule, not the book's (the book ends a scenario only through its quests, p. 24): turn_limit=N
    is off unless the table asks for it, and takes a number of turns from 4 to 999."""
    from rules.core import RuleError

    assert setup_state().turn_limit == 0
    assert setup_state(turn_limit="off").turn_limit == 0
    assert setup_state(turn_limit="40").turn_limit == 40
    for bad in ("3", "1000", "soon", "-5"):
        with pytest.raises(RuleError, match="turn_limit"):
            setup_state(turn_limit=bad)
    spec = next(o for o in SYSTEM.options() if o.name == "turn_limit")
    assert spec.default == "off" and "our rule" in spec.help and "quests fulfilled" in spec.help


def test_scenario_ends_after_the_last_turn_of_the_limit():
    """Our turn_limit rule: the scenario ends after the event of turn N and the most VT wins; a turn earlier,
    or with the option off (the book), play goes on."""
    st = play_state(mode="episodic", turn_limit="6")
    st.crews[1].vt = 2
    st.turn_no = 5
    st2, _ = SYSTEM.apply(st, 0, {"type": "rest"})
    assert st2.phase == "play" and st2.turn_no == 6 and st2.current == 1
    st2.current = 0
    st3, ev = SYSTEM.apply(st2, 0, {"type": "rest"})
    assert st3.phase == "over" and st3.winners == [1]
    assert "Turn 6 was the last (table option turn_limit=6)." in texts(ev)
    assert SYSTEM.outcome(st3).winners == [1]
    book = play_state(mode="episodic")
    book.turn_no = 400
    book2, _ = SYSTEM.apply(book, 0, {"type": "rest"})
    assert book2.phase == "play" and book2.turn_no == 401


def test_turn_limit_tie_goes_to_more_quests_then_the_roll_off(dice):
    """Our turn_limit rule: crews tied on VT at the limit are split by the quests each fulfilled this
    scenario; a tie on that too goes to the book's CRIT roll-off (p. 24)."""
    st = play_state(mode="episodic", turn_limit="6")
    st.turn_no = 6
    st.crews[0].vt = st.crews[1].vt = 4
    st.done, st.pve_index = {"1-1": 1}, 1
    st2, ev = SYSTEM.apply(st, 0, {"type": "rest"})
    assert st2.winners == [1] and not any("roll-off" in label for label in dice.labels)
    assert "Tied on 4 VT: the most quests fulfilled (1) goes to P1." in texts(ev)
    st.done = {"1-1": 1, "pvp-blue": 0}
    dice.set("blank", "crit")
    st2, _ = SYSTEM.apply(st, 0, {"type": "rest"})
    assert st2.winners == [1] and dice.labels[-2:] == ["P0 roll-off", "P1 roll-off"]


# -- notation -----------------------------------------------------------------------------------
def test_format_parse_round_trip():
    st = play_state()
    place(st, "edge", "C2")
    add_monster(st, "weeble", "D2")
    for action in SYSTEM.legal(st, 0):
        assert SYSTEM.parse(SYSTEM.format(action), st, 0) == action
    assert SYSTEM.parse("move edge C3 portal F4 door E", st, 0)["path"] == ["C3", "portal", "F4", "door", "E"]
    rest = {"type": "rest", "give": [["S01", "red"]], "place": {"red": "C1"}}
    assert SYSTEM.parse(SYSTEM.format(rest), st, 0) == rest


def test_view_hides_the_deck_and_seed():
    st = play_state()
    v = SYSTEM.view(st, None)
    assert set(v.deck) == {"?"} and v.rng.seed == 0
    assert SYSTEM.loads(SYSTEM.dumps(st)) == st
    assert "starcadia s1 play" in SYSTEM.describe(st)


def test_rest_always_possible_when_the_shuttle_is_full():
    st = play_state()
    red = hero(st, "red")
    red.dead, red.pos = True, ""
    place(st, "edge", "I9")
    for space in ("C1", "D1"):
        add_monster(st, "weeble", space)
        add_monster(st, "weeble", space)
    st2, _ = SYSTEM.apply(st, 0, {"type": "rest"})
    assert hero(st2, "red").pos == "C2"


def test_monster_opens_a_door_to_reach_a_hero(dice):
    st = play_state()
    place(st, "hannah", "F3")
    add_monster(st, "weeble", "E3")
    st.deck = ["E09"]  # trooper-I, no effect
    st2, ev = SYSTEM.apply(st, 0, {"type": "rest"})
    assert SYSTEM.pending(st2)[0].default == {"type": "monster", "path": ["door:E", "F3"], "target": "hannah"}
    st2 = settle(st2, ev)
    assert st2.doors["D1"] is True
    assert any("attacks Hannah" in x for x in texts(ev))


def test_huge_monster_shoves_everyone_out_of_each_space_it_enters():
    st = play_state()
    place(st, "hannah", "C7")
    place(st, "edge", "D7")
    m = add_monster(st, "iceheart", "B7", "villain")
    turn = Turn(st, None)
    E.move_monster(st, turn, m, [("step", "C7"), ("step", "D7")])
    assert m.pos == "D7"
    assert hero(st, "hannah").pos != "C7" and hero(st, "edge").pos != "D7"
    assert E.occupancy(st, "D7") == 2  # a Huge figure fills its space


def test_spawn_goes_near_a_rival_hero():
    st = play_state()
    st.dashboard["trooper-II"] = "scuttlebutt"
    place(st, "hannah", "F9")
    st.deck = ["E10"]
    st2, _ = SYSTEM.apply(st, 0, {"type": "rest"})
    assert st2.monsters[0].pos == "F9"  # the spawn point nearest the rival, not the first one (B2)


def test_legal_moves_open_doors_and_offer_hoverboard_rides():
    st = play_state()
    place(st, "edge", "E3")
    place(st, "red", "B3")
    hero(st, "edge").gadgets = ["hoverboard"]
    moves = SYSTEM.legal(st, 0)
    through = {"type": "move", "hero": "edge", "path": ["door:E", "F3"]}
    assert through in moves
    st2, _ = SYSTEM.apply(st, 0, through)
    assert hero(st2, "edge").pos == "F3" and st2.doors["D1"]
    rides = [a for a in moves if a["type"] == "use" and a["gadget"] == "hoverboard"]
    assert rides and all(a["path"] for a in rides)
    st3, _ = SYSTEM.apply(st, 0, rides[0])
    assert hero(st3, "red").pos != "B3" and hero(st3, "edge").gadgets == []
    for action in moves:
        assert SYSTEM.parse(SYSTEM.format(action), st, 0) == action


def test_event_choices_by_the_active_player(dice):
    st = play_state(events="choose", monsters="bot")
    st.dashboard["trooper-II"] = "scuttlebutt"
    add_monster(st, "scuttlebutt", "G3", "trooper-II")
    add_monster(st, "scuttlebutt", "B9", "trooper-II")
    place(st, "hannah", "G4")
    place(st, "red", "C9")
    st.deck = ["E10", "E10"]
    st, ev = SYSTEM.apply(st, 0, {"type": "rest"})
    assert st.pending_event == "E10" and st.current == 0
    assert SYSTEM.pending(st)[0].default == {"type": "event"}
    refused(st, 0, {"type": "rest"}, "resolve the event")
    refused(st, 1, {"type": "event"}, "not your turn")
    refused(st, 0, {"type": "event", "figure": "weeble#1"}, "choose one of")
    refused(st, 0, {"type": "event", "spawn": "B2"}, "activate it instead")
    refused(st, 0, {"type": "event", "figure": "scuttlebutt#2", "target": "nobody"}, "hero on the board")
    # The active player may even send a monster at their own hero.
    st2, ev = SYSTEM.apply(st, 0, {"type": "event", "figure": "scuttlebutt#2", "target": "red"})
    assert any("attacks Red" in x for x in texts(ev))
    assert st2.pending_event == "" and st2.current == 1 and st2.doors["D1"]
    # With monsters=player the figure is picked first, then the same player runs it.
    st = play_state(events="choose")
    st.dashboard["trooper-II"] = "scuttlebutt"
    add_monster(st, "scuttlebutt", "G3", "trooper-II")
    add_monster(st, "scuttlebutt", "B9", "trooper-II")
    place(st, "red", "C9")
    st.deck = ["E10"]
    st, _ = SYSTEM.apply(st, 0, {"type": "rest"})
    assert {"type": "event", "figure": "scuttlebutt#2", "target": "red"} not in SYSTEM.legal(st, 0)
    refused(st, 0, {"type": "event", "figure": "scuttlebutt#2", "target": "red"}, "target is chosen when it acts")
    st2, _ = SYSTEM.apply(st, 0, {"type": "event", "figure": "scuttlebutt#2"})
    assert st2.wait.kind == "monster" and st2.wait.monster == "scuttlebutt#2" and st2.wait.seat == 0
    st3, ev = SYSTEM.apply(st2, 0, {"type": "monster", "path": [], "target": "red"})
    assert any("attacks Red" in x for x in texts(ev)) and st3.current == 1
    # With none on the board the player picks the spawn point.
    st = play_state(events="choose")
    st.dashboard["trooper-II"] = "scuttlebutt"
    st.deck = ["E10"]
    st, _ = SYSTEM.apply(st, 0, {"type": "rest"})
    refused(st, 0, {"type": "event", "spawn": "C4"}, "spawn on one of")
    st2, _ = SYSTEM.apply(st, 0, {"type": "event", "spawn": "I4"})
    assert st2.monsters[0].pos == "I4"
    for action in SYSTEM.legal(st, 0):
        assert SYSTEM.parse(SYSTEM.format(action), st, 0) == action


def test_shoved_hero_does_not_trigger_guard():
    st = play_state()
    place(st, "hannah", "G4")
    add_monster(st, "weeble", "G3")
    turn = Turn(st, None)
    E.shove(st, turn, "G4", "hannah")
    assert hero(st, "hannah").pos != "G4"
    assert not any(" attacks " in e.text for e in turn.events)


def test_payback_run_by_the_player_to_the_right(dice):
    st = play_state(monsters="player")
    place(st, "edge", "B7")
    hero(st, "edge").upgrades = [Up(id="S03")]
    add_monster(st, "weeble", "E7").wounds = 1
    dice.set("ranged")  # 1 hit: wounds reach life (2) but not overkill (3)
    st, ev = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "blaster-rifle"})
    assert st.payback is not None and st.payback.seat == 1 and st.monsters
    assert SYSTEM.pending(st)[0].seat == 1
    refused(st, 0, {"type": "end"}, "player to the right")
    refused(st, 1, {"type": "payback", "path": ["I9"], "attack": True}, "not next to")
    refused(st, 1, {"type": "payback", "path": [], "attack": True}, "cannot hit")
    options = SYSTEM.legal(st, 1)
    assert {"type": "payback", "path": ["D7", "C7"], "attack": True} in options
    for action in options:
        assert SYSTEM.parse(SYSTEM.format(action), st, 1) == action
    st2, ev = SYSTEM.apply(st, 1, {"type": "payback", "path": ["D7", "C7"], "attack": True})
    t = texts(ev)
    assert any("attacks Edge" in x for x in t) and not st2.monsters and st2.payback is None
    assert st2.crews[0].vt == 1 and st2.current == 0 and st2.act.attacked
    # Holding the attack is allowed too.
    _, ev = SYSTEM.apply(st, 1, {"type": "payback", "path": [], "attack": False})
    assert not any("attacks Edge" in x for x in texts(ev))


def test_attacker_chooses_where_to_shove(dice):
    st = play_state()
    place(st, "edge", "B7")
    hero(st, "edge").upgrades = [Up(id="1-04"), Up(id="S03")]
    add_monster(st, "octocruel", "D7", "officer-I")
    act = {"type": "attack", "hero": "edge", "target": "octocruel#1", "weapon": "pocket-cannon", "boosts": []}
    act["shove"] = "D6"
    refused(st, 0, {**act, "shove": "F7"}, "free space close")
    refused(st, 0, {**act, "weapon": "blaster-rifle"}, "does not shove")
    assert SYSTEM.parse(SYSTEM.format(act), st, 0) == act
    _st2, ev = SYSTEM.apply(st, 0, act)
    assert "Octocruel (octocruel#1) is shoved to D6." in texts(ev)


def test_sweep_hits_everyone_in_the_space_with_one_roll_and_one_payback(dice):
    st = play_state()
    place(st, "edge", "C2")
    hero(st, "edge").upgrades = [Up(id="2-03")]
    add_monster(st, "weeble", "D2")
    place(st, "hannah", "D2")
    dice.set("melee", "melee", "melee", "melee")  # 4 hits; every defence die then comes up blank
    st2, ev = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "grav-hammer"})
    assert dice.counts[0] == 4 and dice.labels.count("Edge attacks") == 1
    assert not st2.monsters and hero(st2, "hannah").wounds == 4
    # Two monsters reach their life: only the primary answers with Payback, then both go.
    st = play_state()
    place(st, "edge", "C2")
    hero(st, "edge").upgrades = [Up(id="2-03")]
    add_monster(st, "weeble", "D2")
    add_monster(st, "scuttlebutt", "D2")
    dice.set("melee", "melee")
    st2, ev = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "grav-hammer"})
    assert st2.wait.kind == "payer" and st2.wait.seat == 1
    assert SYSTEM.legal(st2, 1) == [
        {"type": "payback", "monster": "weeble#1"},
        {"type": "payback", "monster": "scuttlebutt#1"},
    ]
    refused(st2, 1, {"type": "payback", "monster": "octocold#1"}, "choose the monster")
    st2, more = SYSTEM.apply(st2, 1, {"type": "payback", "monster": "weeble#1"})
    ev += more
    assert "Scuttlebutt (scuttlebutt#1) is destroyed!" in texts(more)
    st2 = settle(st2, ev)
    t = texts(ev)
    assert sum("(payback)" in x for x in t) == 1
    assert not any("Scuttlebutt (scuttlebutt#1) attacks" in x for x in t)
    assert not st2.monsters and st2.crews[0].vt == 2


def test_killer_chooses_which_dropped_token_to_grab(dice):
    st = play_state()
    place(st, "edge", "C2")
    place(st, "hannah", "D2")
    hero(st, "hannah").wounds = E.hero_life(hero(st, "hannah")) - 1
    hero(st, "hannah").gadgets = ["stimpack", "recharge"]
    act = {"type": "attack", "hero": "edge", "target": "hannah", "weapon": "pulse-blade", "boosts": []}
    act["grab"] = "recharge"
    assert SYSTEM.parse(SYSTEM.format(act), st, 0) == act
    refused(st, 0, {**act, "grab": ["x"]}, "grab names one")
    dice.set("melee", "melee")
    st2, _ = SYSTEM.apply(st, 0, act)
    assert hero(st2, "edge").gadgets == ["recharge"] and st2.tokens["D2"] == ["stimpack"]


def test_hack_needs_a_terminal_free_of_enemies():
    st = play_state()
    place(st, "edge", "C3")
    place(st, "hannah", "C3")
    refused(st, 0, {"type": "move", "hero": "edge", "path": ["hack"]}, "enemy shares the space")
    place(st, "hannah", "I9")
    st2, _ = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["hack"]})
    assert st2.crews[0].hacked == ["C3"]


# -- boost combinations offered by legal() ------------------------------------------------------
def test_boost_combos_are_useful_and_bounded():
    st = play_state()
    edge = hero(st, "edge")
    edge.upgrades = [Up(id=x) for x in ["S01", "S04", "1-05", "2-07", "1-07", "S05"]]
    weapon = E.CONTENT.upgrades["S01"]
    assert [c.slug for c in E.fitting_boosts(edge, weapon)] == [
        "iron-fists",
        "spiked-knuckles",
        "power-servo",
        "blood-pact-chip",
    ]
    combos = E.boost_combos(edge, weapon)
    assert combos[0] == [] and combos[1] == ["iron-fists", "spiked-knuckles", "power-servo"]
    assert len(combos) == E.MAX_COMBOS and len({tuple(c) for c in combos}) == len(combos)
    assert all("red-dot-sight" not in c for c in combos)  # a ranged boost never fits a melee weapon
    assert ["iron-fists", "spiked-knuckles", "power-servo", "blood-pact-chip"] in combos
    # A hero one wound from death is never offered a wound-cost boost.
    edge.wounds = E.hero_life(edge) - 1
    assert all("blood-pact-chip" not in c for c in E.boost_combos(edge, weapon))
    edge.wounds = 0
    # legal() lists those sets for a reachable target; each one is accepted.
    add_monster(st, "weeble", "D2")
    place(st, "edge", "C2")
    attacks = [a for a in SYSTEM.legal(st, 0) if a["type"] == "attack" and a["weapon"] == "pulse-blade"]
    assert [a["boosts"] for a in attacks] == combos
    for a in attacks:
        SYSTEM.apply(st, 0, a)
    # Refused: a boost of the wrong type, an exhausted one, or the same one twice; the state is unchanged.
    act = {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "pulse-blade"}
    refused(st, 0, {**act, "boosts": ["red-dot-sight"]}, "cannot power")
    refused(st, 0, {**act, "boosts": ["iron-fists", "iron-fists"]}, "listed twice")
    edge.upgrades[1].exhausted = True
    refused(st, 0, {**act, "boosts": ["iron-fists"]}, "exhausted")
    assert all("iron-fists" not in c for c in E.boost_combos(edge, weapon))


def test_pickup_with_full_slots_takes_the_quest_token_and_leaves_the_armory_item():
    st = play_state()
    place(st, "edge", "C2")
    edge = hero(st, "edge")
    edge.upgrades = [Up(id=x) for x in ["S01", "S02", "S03", "S04", "S05", "S06"]]
    st.armory_space, st.armory_item = "D2", "A1"
    # Only the armory item there and no free slot: refused before anything happens.
    refused(st, 0, {"type": "move", "hero": "edge", "path": ["D2", "pickup"]}, "no free upgrade slot")
    assert {"type": "move", "hero": "edge", "path": ["D2", "pickup"]} not in SYSTEM.legal(st, 0)
    # A quest token on the same space: legal() offers the pickup and it takes the token only.
    st.tokens["D2"] = ["quest:core"]
    act = {"type": "move", "hero": "edge", "path": ["D2", "pickup"]}
    assert act in SYSTEM.legal(st, 0)
    st2, _ = SYSTEM.apply(st, 0, act)
    assert hero(st2, "edge").quest_tokens == ["quest:core"] and st2.armory_item == "A1"
    assert len(hero(st2, "edge").upgrades) == 6


def test_gear_keeps_every_copy_of_a_repeated_upgrade():
    st = setup_state(draft="random")
    seat = st.order[0]
    h0, h1 = st.crews[seat].heroes
    copy = hero(st, h0).upgrades[0]
    hero(st, h1).upgrades.append(copy)  # e.g. the same armory item won in two scenarios
    before = sum(len(hero(st, h).upgrades) for h in (h0, h1))
    st2, _ = SYSTEM.apply(st, seat, {"type": "gear", "hero": h0, "tokens": [copy.id, copy.id]})
    assert [u.id for u in hero(st2, h0).upgrades] == [copy.id, copy.id]
    assert sum(len(hero(st2, h).upgrades) for h in (h0, h1)) == before
    refused(st, seat, {"type": "gear", "hero": h0, "tokens": [copy.id] * 3}, "more times than your crew has it")
