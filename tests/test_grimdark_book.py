"""Points where the engine was brought back to the rulebook (/work/shared/rules/grimdark_future_star_quest.txt).

The book has no page numbers; each test names the section and the rule it checks ("Special rules
reference: Ambush"), with the case the book allows and the case it refuses (a refusal leaves the state
untouched).
"""

from __future__ import annotations

import pytest

from rules.core import RuleError, Turn
from rules.grimdark import SYSTEM as G
from rules.grimdark.ai import charge_reach
from rules.grimdark.combat import Hit, Split, can_shoot, enemy_takers, fire, roll_hits, spread_blast, wound
from rules.grimdark.content import Weapon, content
from rules.grimdark.effects import status_checks
from rules.grimdark.grid import within
from rules.grimdark.melee import fight, impact
from rules.grimdark.morale import morale_test
from rules.grimdark.moves import dangerous
from rules.grimdark.state import GrimState, Token
from rules.grimdark.units import find

from .test_grimdark_support import (
    bare,
    battle,
    battlefield,
    cell,
    dice,
    patch_hero,
    patch_unit,
    play,
    put_enemy,
    put_hero,
    refused,
    texts,
)

# -- Special rules reference: Ambush ------------------------------------------------------------------------------


def ambush_round_two() -> GrimState:
    """Rook set aside, Kessa on the table, one enemy far off; round 1 played out, round 2 begun."""
    state = G.setup(["p0"], {"scenario": "landing", "heroes": "rook+kessa"}, 3)
    state, _ = play(state, 0, {"type": "deploy", "hero": "rook", "to": "reserve"})
    state, _ = play(state, 0, {"type": "ready"})
    bare(state)
    battlefield(state)
    put_enemy(state, "scrappers", "C5")
    put_hero(state, "kessa", "AR45")
    assert state.round == 1 and not find(state, "rook").placed
    refused(state, 0, {"type": "arrive", "hero": "rook", "to": "C45"}, "from round 2")
    state, _ = play(state, 0, {"type": "done", "hero": "kessa"})
    assert state.round == 2 and state.act is None
    return state


def test_ambush_a_set_aside_hero_arrives_at_the_start_of_the_round_and_that_is_its_activation() -> None:
    state = ambush_round_two()
    # before anybody activates, only the hero in reserve is asked (arrive, or wait with done)
    prompts = G.pending(state)
    assert [p.seat for p in prompts] == [0] and "arrive" in prompts[0].text
    assert {a["hero"] for a in G.legal(state, 0)} == {"rook"}
    refused(state, 0, {"type": "hold", "hero": "kessa"}, "Rook.* must arrive or wait \\(done\\) first")
    refused(state, 0, {"type": "arrive", "hero": "rook", "to": "C12"}, 'more than 9" from every enemy')
    after, said = play(state, 0, {"type": "arrive", "hero": "rook", "to": "C45"})
    rook = find(after, "rook")
    assert rook.placed and rook.activated and "that is its activation" in said
    refused(after, 0, {"type": "hold", "hero": "rook"}, "already activated")
    after, _ = play(after, 0, {"type": "hold", "hero": "kessa"})
    assert find(after, "kessa").activated or after.act is not None


def test_ambush_no_arrival_in_the_middle_of_a_round() -> None:
    state = ambush_round_two()
    state, said = play(state, 0, {"type": "done", "hero": "rook"})
    assert "stays in reserve" in said and not find(state, "rook").placed
    state, _ = play(state, 0, {"type": "advance", "hero": "kessa", "to": "AR43"})
    refused(state, 0, {"type": "arrive", "hero": "rook", "to": "C45"}, "waits this round: .*start of the next one")
    state, _ = play(state, 0, {"type": "done", "hero": "kessa"})
    assert state.round == 3
    after, _ = play(state, 0, {"type": "arrive", "hero": "rook", "to": "C45"})
    assert find(after, "rook").placed


# -- Special rules reference: Blast ---------------------------------------------------------------------------------


def blast_setup(monkeypatch: pytest.MonkeyPatch, gun: str) -> tuple[GrimState, Turn]:
    state = bare(battle())
    battlefield(state, ["crates K20 3x1"])
    patch_hero(monkeypatch, "kessa", weapons=(gun,))
    put_hero(state, "kessa", "L28")
    put_enemy(state, "scrappers", "K20", "L20", "M20")
    return state, Turn(state, 0)


def test_blast_hits_ignore_cover(monkeypatch: pytest.MonkeyPatch) -> None:
    state, turn = blast_setup(monkeypatch, "spore-cannon")  # Blast(3), range 12
    foe = state.units[-1]
    with dice(monkeypatch, 6, 6, 6, 6):  # one hit becomes three; all three blocked
        fire(state, turn, find(state, "kessa"), foe, moved=False)
    said = texts(turn.events)
    assert "become 3" in said and "Blast ignores cover" in said
    assert "3 dice, each 6+ blocks a hit" in said and "+1 cover" not in said


def test_plain_hits_keep_the_cover_bonus(monkeypatch: pytest.MonkeyPatch) -> None:
    state, turn = blast_setup(monkeypatch, "arc-pistol")  # no Blast
    foe = state.units[-1]
    with dice(monkeypatch, 6, 6):
        fire(state, turn, find(state, "kessa"), foe, moved=False)
    assert "1 die, a 6+ blocks a hit [+1 cover, -1 AP]" in texts(turn.events)


def blast_choice(monkeypatch: pytest.MonkeyPatch) -> GrimState:
    """Kessa's Blast(3) hit on S1 (2 models) with S2 (1 model) within 3": 3 hits for 2 units, 1 odd."""
    state = bare(battle())
    battlefield(state)
    patch_hero(monkeypatch, "kessa", weapons=("spore-cannon",))
    put_hero(state, "kessa", "L28")
    put_enemy(state, "scrappers", "K20", "L20")
    put_enemy(state, "scrappers", "N20")
    with dice(monkeypatch, 6):
        state, said = play(state, 0, {"type": "hold", "hero": "kessa", "shoot": "S1"})
    assert "become 3, shared evenly between" in said and "answer odd:S1" in said
    return state


def test_blast_the_attacking_player_picks_who_takes_the_odd_hit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Special rules reference: Blast: hits are split evenly between the units near the target, the players
    pick how (here: which unit takes the one hit that does not split)."""
    state = blast_choice(monkeypatch)
    assert state.ask is not None and state.ask.kind == "blast"
    prompt = G.pending(state)[0]
    assert "odd 1 Blast hit" in prompt.text and prompt.default == {"type": "answer", "hero": "kessa"}
    assert {a.get("odd") for a in G.legal(state, 0)} == {None, "S1", "S2"}
    refused(state, 0, {"type": "hold", "hero": "brannoc"}, "First the question for Kessa")
    refused(state, 0, {"type": "answer", "hero": "kessa", "odd": "S7"}, "S7 is not among the units the Blast hits")
    refused(state, 0, {"type": "answer", "hero": "kessa", "odd": "S1+S2"}, "Only 1 Blast hit is odd")
    refused(state, 0, {"type": "answer", "hero": "kessa", "pay": True}, "nothing to pay")
    with dice(monkeypatch, 6, 6, 6):  # S1 blocks 1 hit, S2 blocks 2
        after, said = play(state, 0, {"type": "answer", "hero": "kessa", "odd": "S2"})
    assert "The Blast hits land: 1 on Scrapper Gang S1, 2 on Scrapper Gang S2." in said
    assert after.ask is None and "S2 blocks both hits" in said
    # left out, the odd hit lands on the target (what a time-out plays)
    with dice(monkeypatch, 6, 6, 6):
        after, said = play(state, 0, {"type": "answer", "hero": "kessa"})
    assert "2 on Scrapper Gang S1, 1 on Scrapper Gang S2" in said and "S1 blocks both hits" in said


def test_blast_from_the_enemy_lands_the_odd_hit_as_the_heroes_ordered() -> None:
    """Special rules reference: Blast (players pick how): for enemy attacks a standing order picks."""
    state = bare(battle())
    battlefield(state)
    put_hero(state, "kessa", "L28")
    put_hero(state, "brannoc", "N28")
    beast = put_enemy(state, "hive-beast", "L20")
    shares = spread_blast(state, Turn(state, 0), beast, find(state, "kessa"), [Hit(blast=3), Hit(blast=3)])
    assert shares is not None and {k: len(v) for k, v in shares.items()} == {"kessa": 2, "brannoc": 2}
    odd = Split(plain=[], shared=[Hit()] * 3, units=["kessa", "brannoc"])
    assert {k: len(v) for k, v in odd.shares(enemy_takers(state, odd)).items()} == {"kessa": 2, "brannoc": 1}
    refused(state, 0, {"type": "policy", "hero": "brannoc", "key": "blast", "value": "never"}, "blast")
    state, _ = play(state, 0, {"type": "policy", "hero": "brannoc", "key": "blast", "value": "first"})
    assert {k: len(v) for k, v in odd.shares(enemy_takers(state, odd)).items()} == {"kessa": 1, "brannoc": 2}


# -- Special movement: Jumping ------------------------------------------------------------------------------------


def ledge() -> GrimState:
    """Kessa on the edge of a 4" ruin (I10-K12); the ground beyond it is open."""
    state = bare(battle())
    battlefield(state, ["ruin I10 3x3"])
    put_enemy(state, "scrappers", "A47")
    put_hero(state, "kessa", "K11")
    return state


def test_jumping_a_four_inch_drop_does_not_count_against_the_move(monkeypatch: pytest.MonkeyPatch) -> None:
    state = ledge()
    # climbing down costs 4" + 1": a 2" walk beyond it is out of an Advance's 6"
    refused(state, 0, {"type": "advance", "hero": "kessa", "to": "N11"}, "without jumping: add jump:yes")
    with dice(monkeypatch, 6, 6):  # X+1 = 2 Dex tests for a 4" drop
        after, said = play(state, 0, {"type": "advance", "hero": "kessa", "to": "N11", "jump": True})
    assert find(after, "kessa").models[0].cell == cell("N11") and "(2/2)" in said
    # the jump is free, the walk after it is 6" at most
    with dice(monkeypatch, 6, 6):
        after, _ = play(state, 0, {"type": "advance", "hero": "kessa", "to": "R11", "jump": True})
    assert find(after, "kessa").models[0].cell == cell("R11")
    refused(state, 0, {"type": "advance", "hero": "kessa", "to": "S11", "jump": True}, "cannot reach")


def test_a_drop_over_three_inches_is_jumped_not_climbed_down(monkeypatch: pytest.MonkeyPatch) -> None:
    """Special movement: Jumping: a drop of up to 3" is ordinary movement, a deeper one (up to 6") is jumped."""
    state = ledge()
    # L11 is the foot of the 4" ruin, one step away: only a jump goes down there
    refused(state, 0, {"type": "advance", "hero": "kessa", "to": "L11"}, "without jumping: add jump:yes")
    with dice(monkeypatch, 6, 6):
        after, said = play(state, 0, {"type": "advance", "hero": "kessa", "to": "L11", "jump": True})
    assert find(after, "kessa").models[0].cell == cell("L11") and "(2/2)" in said
    # a 3" container is stepped down without a jump
    low = bare(battle())
    battlefield(low, ["container I10 3x3"])
    put_enemy(low, "scrappers", "A47")
    put_hero(low, "kessa", "K11")
    after, _ = play(low, 0, {"type": "advance", "hero": "kessa", "to": "L11"})
    assert find(after, "kessa").models[0].cell == cell("L11")


def test_a_hero_on_a_ledge_is_offered_jumps_down() -> None:
    state = ledge()
    offered = [a for a in G.legal(state, 0) if a.get("jump")]
    assert offered and {a["type"] for a in offered} == {"advance", "rush"}
    assert all(G.allows(state, 0, a) for a in offered)
    put_hero(state, "kessa", "X30")  # open ground: no jump to offer
    assert not [a for a in G.legal(state, 0) if a.get("jump")]


def test_drops_climb_is_a_table_option_that_climbs_down_at_the_drops_height() -> None:
    state = bare(battle(drops="climb"))
    battlefield(state, ["ruin I10 3x3"])
    put_enemy(state, "scrappers", "A47")
    put_hero(state, "kessa", "K11")
    after, _ = play(state, 0, {"type": "advance", "hero": "kessa", "to": "L11"})  # 1" + 4" climbing down
    assert find(after, "kessa").models[0].cell == cell("L11")
    refused(state, 0, {"type": "advance", "hero": "kessa", "to": "N11"}, "without jumping")  # 4" + 4" > 6"
    with pytest.raises(RuleError, match="drops must be one of: jump, climb"):
        G.setup(["p0"], {"scenario": "landing", "drops": "slide"}, 1)


def test_jump_asked_for_means_a_route_that_jumps() -> None:
    state = ledge()
    put_hero(state, "kessa", "X30")
    refused(state, 0, {"type": "advance", "hero": "kessa", "to": "X33", "jump": True}, "none is on the way there")


# -- One measure for every distance (grid.py) --------------------------------------------------------------------


def test_a_charge_measures_like_every_other_distance(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle())
    battlefield(state)
    put_hero(state, "kessa", "X40")
    far = put_enemy(state, "scrappers", "X27")  # 13" centre to centre
    twelve = Weapon(key="w", name="Test Gun", range=12, attacks=1, ap=0, rules=())
    kessa = find(state, "kessa")
    assert not within(False, cell("X40"), cell("X27"), 12)
    assert not can_shoot(state, kessa, kessa.models[0], twelve, far)
    assert not charge_reach(state, far, kessa)
    refused(state, 0, {"type": "charge", "hero": "kessa", "target": far.id}, '12"\\): it is 13.0" away')
    far.models[0].y = cell("X28")[1]  # 12"
    assert within(False, cell("X40"), cell("X28"), 12)
    assert can_shoot(state, kessa, kessa.models[0], twelve, far)
    assert charge_reach(state, far, kessa)
    with dice(monkeypatch, *([1] * 20), strict=False):
        _, said = play(state, 0, {"type": "charge", "hero": "kessa", "target": far.id})
    assert "charges" in said


# -- Common skills: Discover ------------------------------------------------------------------------------------------


def token_state(content_text: str, hero_at: str) -> GrimState:
    state = bare(battle())
    battlefield(state)
    put_enemy(state, "scrappers", "A1")
    put_hero(state, "kessa", hero_at)
    state.tokens = [Token(id="T1", x=cell("K28")[0], y=cell("K28")[1], content=content_text)]
    return state


@pytest.mark.parametrize("inside", ["nothing", "trap", "item:medkit"])
def test_discover_from_afar_reveals_and_leaves_the_token(monkeypatch: pytest.MonkeyPatch, inside: str) -> None:
    state = token_state(inside, "K32")
    with dice(monkeypatch, 6):
        after, _ = play(state, 0, {"type": "skill", "hero": "kessa", "skill": "discover", "target": "T1"})
    token = after.tokens[0]
    assert token.revealed and not token.taken and find(after, "kessa").items == []
    after.act, find(after, "kessa").activated = None, False
    refused(after, 0, {"type": "skill", "hero": "kessa", "skill": "discover", "target": "T1"}, 'come within 1"')
    # within 1" it is picked up (no roll): the empty one cleared, the known trap disarmed, the item taken
    put_hero(after, "kessa", "K29")
    with dice(monkeypatch):
        after, said = play(after, 0, {"type": "skill", "hero": "kessa", "skill": "discover", "target": "T1"})
    kessa = find(after, "kessa")
    assert after.tokens[0].taken and kessa.models[0].wounds == 0
    assert {"nothing": "clears away", "trap": "disarms the trap", "item:medkit": "picks up"}[inside] in said


def test_discover_within_one_inch_springs_an_unknown_trap(monkeypatch: pytest.MonkeyPatch) -> None:
    state = token_state("trap", "K29")
    with dice(monkeypatch, 1, 1):  # the two hits with AP(1) are not blocked
        after, said = play(state, 0, {"type": "skill", "hero": "kessa", "skill": "discover", "target": "T1"})
    assert after.tokens[0].taken and "trap goes off" in said and find(after, "kessa").models[0].wounds == 2


# -- Special rules reference: Regeneration -----------------------------------------------------------------------


def beast_state() -> tuple[GrimState, Turn]:
    state = bare(battle())
    battlefield(state)
    put_enemy(state, "hive-beast", "AA10")
    assert "regeneration" in content().units["hive-beast"].rules  # the shipped roster has one
    return state, Turn(state, 0)


def test_regeneration_rolls_for_wounds_from_any_source(monkeypatch: pytest.MonkeyPatch) -> None:
    state, turn = beast_state()
    beast = state.units[-1]
    # dangerous ground: Tou 9 dice, two 1s; Regeneration saves one of the two wounds
    with dice(monkeypatch, 1, 1, 3, 3, 3, 3, 3, 3, 3, 5, 2):
        dangerous(state, turn, beast, beast.models, "crosses dangerous ground")
    assert beast.models[0].wounds == 1
    # Afflicted: a failed test is a wound, cancelled on a 6
    beast.statuses = ["afflicted"]
    with dice(monkeypatch, 1, 6):
        status_checks(state, turn, beast)
    assert beast.models[0].wounds == 1
    # a failed morale test at Tou 9+: D3 wounds (a 6 is 3), each rolled for
    with dice(monkeypatch, 1, 6, 5, 2, 2):
        morale_test(state, turn, beast)
    assert beast.models[0].wounds == 3
    assert texts(turn.events).count("Regeneration, 5+ cancels a wound") == 3


def test_regeneration_does_not_stop_bane_and_is_only_for_units_with_it(monkeypatch: pytest.MonkeyPatch) -> None:
    state, turn = beast_state()
    beast = state.units[-1]
    with dice(monkeypatch):
        wound(state, turn, beast, 2, near=None, no_regen=True)
    assert beast.models[0].wounds == 2 and "cannot regenerate" in texts(turn.events)
    gang = put_enemy(state, "scrappers", "C10", "D10")
    with dice(monkeypatch, 1, 3):
        dangerous(state, turn, gang, gang.models, "crosses dangerous ground")
    assert len(gang.alive()) == 1 and texts(turn.events).count("Regeneration") == 0


# -- Melee: Fatigue; Special rules reference: Impact, Counter, Thrust ------------------------------------------------


def brawl(monkeypatch: pytest.MonkeyPatch, weapons: tuple[str, ...]) -> tuple[GrimState, Turn]:
    """Brannoc (Impact(2), Power Maul with Thrust) in contact with two Scrappers armed with ``weapons``."""
    state = bare(battle())
    battlefield(state)
    patch_unit(monkeypatch, "scrappers", weapons=weapons)
    put_hero(state, "brannoc", "K10")
    put_enemy(state, "scrappers", "L10", "L11")
    return state, Turn(state, 0)


def test_a_defender_that_strikes_back_is_fatigued(monkeypatch: pytest.MonkeyPatch) -> None:
    state, turn = brawl(monkeypatch, ("shiv",))
    gang = state.units[-1]
    with dice(monkeypatch, *([1] * 12)):  # everything misses: both units stay
        fight(state, turn, find(state, "brannoc"), gang)
    assert "strikes back" in texts(turn.events) and gang.fatigued


def test_a_defender_that_did_not_strike_back_is_not_fatigued(monkeypatch: pytest.MonkeyPatch) -> None:
    state, turn = brawl(monkeypatch, ("scrap-pistol",))  # no melee weapon: nobody strikes back
    gang = state.units[-1]
    with dice(monkeypatch, *([1] * 12)):
        fight(state, turn, find(state, "brannoc"), gang)
    assert "strikes back" not in texts(turn.events) and not gang.fatigued
    assert "not fatigued" in texts(turn.events)


def test_counter_takes_an_impact_die_per_model_with_it(monkeypatch: pytest.MonkeyPatch) -> None:
    state, turn = brawl(monkeypatch, ("parry-sabre",))
    gang = state.units[-1]
    gang.models[1].x, gang.models[1].y = cell("Q10")  # out of reach, but it has Counter all the same
    with dice(monkeypatch):  # Impact(2) for one model, minus 2 for the two Counter models: no die
        impact(state, turn, find(state, "brannoc"), gang)
    assert "rolls 2 Impact dice fewer" in texts(turn.events)


def test_impact_without_counter_and_not_when_fatigued(monkeypatch: pytest.MonkeyPatch) -> None:
    state, turn = brawl(monkeypatch, ("shiv",))
    gang = state.units[-1]
    brannoc = find(state, "brannoc")
    with dice(monkeypatch, 2, 1, 6):  # 2 dice, one 2+; the hit is blocked
        impact(state, turn, brannoc, gang)
    assert "Impact: 1 hit" in texts(turn.events)
    brannoc.fatigued = True
    with dice(monkeypatch):
        impact(state, turn, brannoc, gang)
    assert "fatigued: no Impact" in texts(turn.events)


def test_thrust_only_when_charging(monkeypatch: pytest.MonkeyPatch) -> None:
    state, turn = brawl(monkeypatch, ("shiv",))
    gang = state.units[-1]
    brannoc = find(state, "brannoc")
    maul = content().weapons["power-maul"]  # AP(1), Thrust; Brannoc hits on 3+
    with dice(monkeypatch, 2):
        hits = roll_hits(state, turn, brannoc, maul, 1, gang, melee=True, charging=True)
    assert [h.ap for h in hits] == [2], "+1 to hit and AP(+1) when charging"
    with dice(monkeypatch, 2):
        assert roll_hits(state, turn, brannoc, maul, 1, gang, melee=True, charging=False) == []
