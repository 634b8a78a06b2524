"""Endure the Stars: every survivor action has a legal case and a refused case (state untouched)."""

from __future__ import annotations

import pytest

from rules.core import RuleError

from .test_endure_support import S, Script, fresh, give, place, strip, texts


def refused(st, seat, action, match):
    before = S.dumps(st)
    with pytest.raises(RuleError, match=match):
        S.apply(st, seat, action)
    assert S.dumps(st) == before


def test_move():
    st = fresh(2)
    st2, _ = S.apply(st, 0, {"type": "move", "zone": "SEC-w"})
    assert st2.survivors[0].zone == "SEC-w" and st2.survivors[0].actions == 2
    refused(st, 0, {"type": "move", "zone": "NAV-a"}, "cannot be reached")
    refused(st, 0, {"type": "move", "zone": "nowhere"}, "no zone")
    refused(st, 0, {"type": "move", "zone": ["x"] * 10000}, "Say which zone")
    refused(st, 0, {"type": "move", "zones": ["SEC-w"] * 10000}, "At most")
    refused(st, 1, {"type": "move", "zone": "SEC-w"}, "turn")
    st.doors["SEC-a|SEC-b"] = "locked"
    refused(st, 0, {"type": "move", "zone": "SEC-a"}, "cannot be reached")


def test_move_into_full_zone_refused():
    st = fresh(2)
    place(st, "swarmer", "SEC-c", 6)
    refused(st, 0, {"type": "move", "zone": "SEC-c"}, "full")


def test_attack(monkeypatch):
    st = fresh(2)
    strip(st, 0)
    give(st, 0, "pistol")
    place(st, "swarmer", "SEC-c")
    Script(monkeypatch, attacks=[[4]])
    st2, ev = S.apply(st, 0, {"type": "attack", "weapon": "pistol", "zone": "SEC-c"})
    assert not any(e.zone == "SEC-c" for e in st2.enemies)
    assert "killed" in texts(ev)
    refused(st, 0, {"type": "attack", "weapon": "pistol", "zone": "SEC-a"}, "nothing to attack")
    refused(st, 0, {"type": "attack", "weapon": "shotgun", "zone": "SEC-c"}, "has no")
    refused(st, 0, {"type": "attack", "weapon": 12, "zone": "SEC-c"}, "Say which item")
    refused(st, 0, {"type": "attack", "weapon": "pistol", "zone": "LAB-a"}, "cannot see")


def test_melee_needs_same_zone():
    st = fresh(2)
    strip(st, 0)
    give(st, 0, "plasma-cutter")
    place(st, "swarmer", "SEC-c")
    refused(st, 0, {"type": "attack", "weapon": "plasma-cutter", "zone": "SEC-c"}, "reach")


def test_search_and_found_items():
    st = fresh(2)
    st.item_deck = ["med-kit", "noise-2", "shotgun"]
    st2, _ = S.apply(st, 0, {"type": "search"})
    assert any(it.card == "shotgun" for stack in st2.survivors[0].slots for it in stack)
    refused(st2, 0, {"type": "search"}, "already searched")
    st3, _ = S.apply(st2, 0, {"type": "move", "zone": "SEC-c"})
    st4, _ev = S.apply(st3, 0, {"type": "search"})
    assert any(n.zone == "SEC-c" and n.level == 2 for n in st4.noise)
    st.survivors[0].zone = "SEC-w"
    refused(st, 0, {"type": "search"}, "Corridors")
    st.survivors[0].zone = "SEC-b"
    place(st, "swarmer", "SEC-b")
    refused(st, 0, {"type": "search"}, "enemies")


def test_keep_leave_and_use_found():
    st = fresh(2)
    strip(st, 0)
    for card in ("pistol", "fire-axe", "shotgun"):
        give(st, 0, card)
    assert len(st.survivors[0].slots) == 3
    st.item_deck = ["med-kit"]
    st2, _ev = S.apply(st, 0, {"type": "search"})
    assert st2.survivors[0].found
    refused(st2, 0, {"type": "move", "zone": "SEC-w"}, "First decide")
    refused(st2, 0, {"type": "keep"}, "No room")
    st3, _ = S.apply(st2, 0, {"type": "keep", "drop": "fire-axe"})
    assert any(it.card == "med-kit" for stack in st3.survivors[0].slots for it in stack)
    st4, _ = S.apply(st2, 0, {"type": "leave"})
    assert not st4.survivors[0].found
    refused(st4, 0, {"type": "leave"}, "not found")
    st2.survivors[0].health -= 2
    st5, _ = S.apply(st2, 0, {"type": "use", "item": "med-kit"})
    assert not st5.survivors[0].found and st5.survivors[0].health == st5.survivors[0].max_health


def test_discard_and_equip():
    st = fresh(2)
    give(st, 0, "bastion-armour")
    give(st, 0, "safeguard-armour")
    s = st.survivors[0]
    assert s.body[0].card == "bastion-armour"
    st2, _ = S.apply(st, 0, {"type": "equip", "item": "safeguard-armour"})
    s2 = st2.survivors[0]
    assert s2.body[0].card == "safeguard-armour" and s2.actions == 2
    assert any(it.card == "bastion-armour" for stack in s2.slots for it in stack)
    refused(st, 0, {"type": "equip", "item": "medical-blade"}, "has no")
    st3, _ = S.apply(st, 0, {"type": "discard", "item": "safeguard-armour"})
    assert st3.survivors[0].actions == 3
    refused(st, 0, {"type": "discard", "item": "void-cannon"}, "has no")


def test_equip_weapon_refused():
    st = fresh(2)
    strip(st, 0)
    give(st, 0, "pistol")
    refused(st, 0, {"type": "equip", "item": "pistol"}, "Only armour")


def test_trade():
    st = fresh(2)
    strip(st, 0)
    strip(st, 1)
    give(st, 0, "pistol")
    give(st, 1, "med-kit")
    st1, ev = S.apply(st, 0, {"type": "trade", "with": "scout", "give": ["pistol"], "take": ["med-kit"]})
    assert st1.offer is not None and S.pending(st1)[0].seat == 1 and "must answer" in texts(ev)
    assert "offers Pistol for Med Kit" in texts(ev) and "pistol" not in texts(ev)
    assert "Pistol for Med Kit" in S.pending(st1)[0].text
    refused(st1, 0, {"type": "move", "zone": "SEC-w"}, "answer the trade")
    refused(st1, 0, {"type": "answer", "accept": True}, "Only the other player")
    st_no, _ = S.apply(st1, 1, {"type": "answer", "accept": False})
    assert st_no.offer is None and st_no.survivors[0].actions == 3
    st2, _ = S.apply(st1, 1, S.parse("answer yes", st1, 1))
    assert st2.survivors[0].actions == 2
    a, b = st2.survivors
    assert [it.card for stack in a.slots for it in stack] == ["med-kit"]
    assert [it.card for stack in b.slots for it in stack] == ["pistol"]
    refused(st, 0, {"type": "trade", "with": "scout", "give": ["shotgun"]}, "has no")
    refused(st, 0, {"type": "trade", "with": "nobody", "give": ["pistol"]}, "no survivor")
    st.survivors[1].zone = "SEC-w"
    refused(st, 0, {"type": "trade", "with": "scout", "give": ["pistol"]}, "not in your zone")
    st.survivors[1].zone = "SEC-b"
    place(st, "swarmer", "SEC-b")
    refused(st, 0, {"type": "trade", "with": "scout", "give": ["pistol"]}, "enemies")


def test_use_items():
    st = fresh(2)
    give(st, 0, "stun-grenade")
    place(st, "jaeger", "SEC-c", 2)
    st2, _ = S.apply(st, 0, {"type": "use", "item": "stun-grenade", "zone": "SEC-c"})
    assert all(e.stunned for e in st2.enemies if e.zone == "SEC-c")
    refused(st, 0, {"type": "use", "item": "stun-grenade", "zone": "NAV-a"}, "reaches only")
    give(st, 0, "power-cell")
    refused(st, 0, {"type": "use", "item": "power-cell"}, "Power Cells")
    give(st, 1, "med-kit")


def test_heal_refused_when_unhurt():
    st = fresh(2)
    give(st, 0, "med-kit")
    refused(st, 0, {"type": "use", "item": "med-kit"}, "unhurt")


def test_interact_unlocks_the_lab():
    st = fresh(2)
    st.survivors[0].zone = "NAV-a"
    st2, _ev = S.apply(st, 0, {"type": "interact", "objective": "green"})
    assert st2.doors["LAB-c|LAB-z"] == "open"
    refused(st2, 0, {"type": "interact", "objective": "green"}, "nothing to interact")
    refused(st, 0, {"type": "interact", "objective": "blue"}, "no 'blue'")


def test_noise():
    st = fresh(2)
    st2, _ = S.apply(st, 0, {"type": "noise", "level": 2})
    assert st2.survivors[0].actions == 1 and st2.noise[0].level == 2
    refused(st, 0, {"type": "noise", "level": "loud"}, "whole number")
    refused(st, 0, {"type": "noise", "level": 4}, "only 3 action")
    refused(st, 0, {"type": "noise", "level": 10**30}, "between")


def test_abilities():
    st = fresh(2)  # Medic (patch) and Scout
    st.survivors[1].health -= 2
    st.survivors[1].injuries = ["leg"]
    st2, _ = S.apply(st, 0, {"type": "ability", "which": "active", "target": "scout"})
    b = st2.survivors[1]
    assert b.injuries == [] and b.health == b.max_health
    refused(st2, 0, {"type": "ability", "which": "active", "target": "scout"}, "already used")
    refused(st, 0, {"type": "ability", "which": "passive"}, "which:active. or .which:crisis")
    st3, _ = S.apply(st, 0, {"type": "ability", "which": "crisis"})
    assert st3.survivors[0].crisis_used
    refused(st3, 0, {"type": "ability", "which": "crisis"}, "this mission")


def test_engineer_improvised_exit():
    st = fresh(3)  # third survivor is Engineer Brandt
    st.turn_pos = st.order.index(2)
    st.survivors[2].actions = 3
    st.survivors[2].zone = "SEC-c"
    st2, _ = S.apply(st, 2, {"type": "ability", "which": "crisis", "zone": "SEC-a"})
    assert "SEC-a|SEC-c" in st2.extra_openings
    st3, _ = S.apply(st2, 2, {"type": "move", "zone": "SEC-a"})
    assert st3.survivors[2].zone == "SEC-a"
    refused(st, 2, {"type": "ability", "which": "crisis", "zone": "SEC-b"}, "already a way")
    refused(st, 2, {"type": "ability", "which": "crisis", "zone": "NAV-a"}, "does not share")


def test_reward():
    st = fresh(2)
    s = st.survivors[0]
    s.accomplishment, s.unlocked = "nothing-to-fear", True
    s.resolve = 6
    s.resolve_cards = []
    st2, _ = S.apply(st, 0, {"type": "reward"})
    assert st2.survivors[0].resolve == 8 and not st2.survivors[0].unlocked
    refused(st2, 0, {"type": "reward"}, "no unlocked reward")


def test_end_and_batch():
    st = fresh(2)
    st2, _ev = S.apply(st, 0, {"type": "end"})
    assert S.pending(st2)[0].seat == 1
    st3, _ = S.apply(st, 0, S.parse("move SEC-w; move SEC-x; end", st, 0))
    assert st3.survivors[0].zone == "SEC-x" and S.pending(st3)[0].seat == 1
    refused(
        st,
        0,
        {"type": "batch", "actions": [{"type": "move", "zone": "SEC-w"}, {"type": "fly"}]},
        "Command 2 .*not an Endure action.*Nothing was played",
    )
    refused(st, 0, {"type": "batch", "actions": [{"type": "move", "zone": "SEC-w"}, {"type": "search"}]}, "Corr")
    refused(st, 0, {"type": "batch", "actions": [{"type": "end"}] * 50}, "At most")
    refused(st, 0, {"type": "batch", "actions": [{"type": "end"}, {"type": "batch", "actions": []}]}, "single command")


def test_unknown_and_malformed_actions():
    st = fresh(2)
    refused(st, 0, {"type": "fly"}, "not an Endure action")
    refused(st, 0, {"type": "move", "zone": "SEC-w", "survivor": "scout"}, "not theirs")
    refused(st, None, {"type": "end"}, "turn")
    with pytest.raises(RuleError):
        S.parse("dance wildly", st, 0)
    with pytest.raises(RuleError):
        S.parse("attack SEC-c", st, 0)


def test_parse_format_roundtrip():
    st = fresh(3)
    for a in S.legal(st, 0):
        assert S.parse(S.format(a), st, 0) == a


def test_view_hides_secrets():
    st = S.setup(["a", "b"], {}, 5)
    v = S.view(st, 0)
    assert all(t.token == "?" for t in v.radar)
    assert all(slot.card == "" for s in v.survivors for slot in s.resolve_cards if not slot.revealed)
    assert all(slot.number > 0 for s in v.survivors for slot in s.resolve_cards)
    assert set(v.item_deck) <= {"?"} and set(v.pool) <= {"?"}
    assert any(t.token != "?" for t in st.radar)


def test_describe_and_prompts():
    st = S.setup(["a", "b", "c"], {"mission": "CG00", "survivors": "4"}, 3)
    assert len(st.survivors) == 4
    text = S.describe(st)
    assert text.startswith("endure CG00 round 1")
    p = S.pending(st)
    assert p and p[0].default == {"type": "end"}
    with pytest.raises(RuleError):
        S.setup(["a"] * 7, {}, 1)
    with pytest.raises(RuleError):
        S.setup(["a"], {"crew": "janitor"}, 1)
    with pytest.raises(RuleError):
        S.setup(["a", "b"], {"survivors": "1"}, 1)


def test_loader_enter_refused():
    st = fresh(2)
    refused(st, 0, {"type": "loader", "do": "enter"}, "no Exo Loader")
    st.loader_zone = "SEC-w"
    refused(st, 0, {"type": "loader", "do": "enter"}, "stands in SEC-w")
    refused(st, 0, {"type": "loader", "do": "leave"}, "not in the Loader")
    refused(st, 0, {"type": "loader", "do": "dance"}, "loader do:enter")


def test_salvage_and_reactivate_refused_off_mission():
    st = fresh(2)
    refused(st, 0, {"type": "salvage", "actions": 2}, "nothing worth salvaging")
    refused(st, 0, {"type": "reactivate"}, "nothing to reactivate")
    st2 = S.setup(["a", "b"], {"mission": "C014", "crew": "engineer-a+medic-a"}, 2)
    eng = next(i for i, s in enumerate(st2.survivors) if s.key == "engineer-a")
    st2.turn_pos = st2.order.index(eng)
    st2.survivors[eng].actions = 3
    st2.radar = []
    refused(st2, st2.survivors[eng].seat, {"type": "salvage", "actions": 2}, "no shut-down robot")
    refused(st2, st2.survivors[eng].seat, {"type": "salvage", "actions": 7}, "between 1 and 3")


def test_exit_refused_without_an_exit():
    st = fresh(2)
    refused(st, 0, {"type": "exit"}, "no exit")


def test_refuge_vote_before_visits_refused():
    from .test_endure_campaign import won_cg04

    st, _ = won_cg04()
    refused(st, 0, {"type": "vote", "choice": "leave"}, "Everyone must visit")
    refused(st, 0, {"type": "visit", "survivor": 0, "place": "spa"}, "Visit the infirmary")
    refused(st, 0, {"type": "move", "zone": "SEC-w"}, "recruit, visit or vote")


def test_trade_between_one_players_survivors_is_immediate():
    st = S.setup(["solo"], {"survivors": "2", "crew": "medic-a+scout-b"}, 4)
    st.radar = [r for r in st.radar if r.marked]
    strip(st, 0)
    strip(st, 1)
    give(st, 1, "med-kit")
    cur = st.order[0]
    other = 1 - cur
    want = "med-kit" if other == 1 else None
    if want is None:
        give(st, 0, "fire-axe")
        want = "fire-axe"
    st2, _ = S.apply(st, 0, {"type": "trade", "with": st.survivors[other].key, "take": [want]})
    assert st2.offer is None
    assert any(it.card == want for stack in st2.survivors[cur].slots for it in stack)


def test_legal_lists_attacks_and_interactions_before_moves():
    st = fresh(2)
    strip(st, 0)
    give(st, 0, "pistol")
    zone = st.survivors[0].zone
    place(st, "swarmer", zone, 2)
    acts = S.legal(st, 0)
    kinds = [a["type"] for a in acts]
    assert kinds[0] == "attack" and "move" in kinds
    assert kinds.index("move") > max(i for i, k in enumerate(kinds) if k == "attack")
    # no enemies in reach: no attack listed, and one typed anyway is refused
    st.enemies = []
    before = S.dumps(st)
    assert "attack" not in [a["type"] for a in S.legal(st, 0)]
    refused(st, 0, {"type": "attack", "zone": zone, "weapon": "pistol"}, "nothing to attack")
    assert S.dumps(st) == before


def test_fear_failed_check_freezes_for_the_round(monkeypatch):
    st = fresh(2)
    st.survivors[0].phobias = ["fear"]
    st.survivors[0].resolve = 0  # every check fails
    place(st, "swarmer", "SEC-w")
    st2, ev = S.apply(st, 0, {"type": "move", "zone": "SEC-w"})
    s = st2.survivors[0]
    assert s.zone == "SEC-b" and s.frozen and s.actions == 3 and "stays put" in texts(ev)
    assert not [a for a in S.legal(st2, 0) if a["type"] == "move"]
    refused(st2, 0, {"type": "move", "zone": "SEC-w"}, "froze")
