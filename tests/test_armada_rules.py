"""Armada: rule corners (cargo, decisions, event 49, solo, exhausted supplies)."""

from __future__ import annotations

from pathlib import Path

from rules.armada import SYSTEM, resolution
from rules.armada.helpers import damage_player, dice_of
from rules.core import Turn

from .test_armada_support import (
    add_fleet,
    new_game,
    place_beacon,
    refused,
    rolled_ids,
    set_faces,
    to_encounter,
)


def _mission(state, event, faces, seat=0):
    to_encounter(state)
    place_beacon(state, event)
    state.players[seat].planet = state.beacons[-1].planet
    state, _ = SYSTEM.apply(state, seat, {"type": "mission", "event": event})
    set_faces(state, seat, faces)
    return state


def test_cargo_pickup_then_delivery():
    state = _mission(new_game(), 16, ["M"])  # Luna -> Kagawa
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": rolled_ids(state)[0], "section": 1})
    beacon = next(b for b in state.beacons if b.event == 16)
    assert beacon.carrier == 0 and "cargo-medical" in state.players[0].storage
    assert not SYSTEM.legal(state, 0) or all(a.get("event") != 16 for a in SYSTEM.legal(state, 0))


def test_decision_mission_needs_one_grouping():
    state = _mission(new_game(), 8, ["M", "T", "M"])  # rows: MM | TT
    m1, t, m2 = rolled_ids(state)
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": m1, "section": 1})
    refused(state, 0, {"type": "assign", "die": t, "section": 2}, "grouping")
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": m2, "section": 1})
    assert state.mission is None and not any(b.event == 8 for b in state.beacons)


def test_event_49_failure_skips_the_next_planning():
    state = _mission(new_game(), 49, ["T"])
    state, _ = SYSTEM.apply(state, 0, {"type": "giveup"})
    assert state.skip_next_planning
    state, _ = SYSTEM.apply(state, 1, {"type": "end"})
    assert state.round == 2 and state.phase == "encounter"


def test_solo_rebuild_once_then_loss():
    state = new_game(players=1)
    damage_player(state, 0, 99, "kinetic", Turn(state, 0), "x")
    p = state.players[0]
    assert not p.critical and p.hull == p.max_hull and p.rebuild == 0
    to_encounter(state)
    add_fleet(state, ["todesritter"])
    p.hull = 1
    p.shield = 0
    state, _ = SYSTEM.apply(state, 0, {"type": "fight", "fleet": 1})
    state.combat.enemy_die = 1
    from rules.armada import combat

    combat.enemy_step(state, Turn(state, 0))
    assert state.players[0].critical
    assert resolution.check_loss(state, Turn(state, None))
    assert SYSTEM.outcome(state).result == "loss"


def test_solo_map_is_fully_linked():
    state = new_game(players=1)
    state.players[0].planet = "Luna"
    state, _ = SYSTEM.apply(state, 0, {"type": "travel", "to": "Invictus"})
    assert state.players[0].planet == "Invictus"


def test_empty_bag_draws_threats_instead():
    state = new_game()
    state.bag = []
    discard = len(state.td_discard)
    turn = Turn(state, None)
    resolution.place_beacon(state, turn)
    assert len(state.td_discard) == discard + 1 or state.fleets


def test_dont_panic_token_does_nothing():
    state = new_game()
    state.bag = [-1]
    beacons = len(state.beacons)
    resolution.place_beacon(state, Turn(state, None))
    assert len(state.beacons) == beacons and not state.bag


def test_enemy_deck_reshuffles_its_discard():
    state = new_game()
    state.enemy_discard = list(state.enemy_deck)
    state.enemy_deck = []
    resolution.new_fleet(state, "Luna", 2, Turn(state, None))
    assert len(state.fleets[0].ships) == 2 and len(state.enemy_deck) == 53


def test_no_fleet_tokens_left_joins_the_nearest_fleet():
    state = new_game()
    add_fleet(state, ["kannon"], planet="Kagawa")
    state.fleet_tokens = []
    resolution.new_fleet(state, "Titan VI", 1, Turn(state, None))
    assert len(state.fleets) == 1 and len(state.fleets[0].ships) == 2


def test_credits_are_finite():
    state = new_game()
    state.bank = 1
    from rules.armada.helpers import gain_credits

    got = gain_credits(state, 0, 3, Turn(state, 0))
    assert got == 1 and state.bank == 0


def test_round_start_loss_when_all_ships_critical():
    state = new_game()
    for p in state.players:
        p.critical, p.hull = True, 0
    to_encounter(state)
    state.encountered = [0]
    state, _ = SYSTEM.apply(state, 1, {"type": "end"})
    assert SYSTEM.outcome(state).result == "loss"


def test_infirmary_dice_return_after_combat():
    from rules.armada import combat

    from .test_armada_support import in_combat

    state = in_combat(new_game(), ["kannon"], ["T"])
    dice_of(state, 0, "crew")[0].loc = "infirmary"
    combat.finish(state, "escape", Turn(state, 0))
    assert all(d.loc == "crew" for d in dice_of(state, 0))


def test_cargo_installs_for_free_outside_a_shipyard():
    state = new_game(ships="hades,harmony")
    state.players[0].planet = "Luna"
    state.players[0].storage.append("cargo-medical")
    state, _ = SYSTEM.apply(state, 0, {"type": "install", "module": "cargo-medical", "station": 3})
    assert state.players[0].stations[2].module == "cargo-medical" and state.players[0].actions == 2
    state.players[0].storage.append("lotus-laser")
    refused(state, 0, {"type": "install", "module": "lotus-laser", "station": 4}, "buy/configure")


def test_prompts_and_hints_name_no_notation():
    """Prompts are plain English: no 'then done', no '(shop)', no 'begin', no key=value."""
    import re

    from .test_armada_play import play

    bad = re.compile(r"then done|\((shop|close|recruit|sacrifice)\)|with begin|station escape|hull_to_one|\w=\d")
    for seed in range(3):
        state, _ = play(seed, 2 + seed, [seed * 31 + 5, 9, 400], max_steps=120)
        for prompt in SYSTEM.pending(state):
            assert not bad.search(prompt.text), prompt.text
    texts = []
    for path in sorted((Path(__file__).resolve().parents[1] / "rules" / "armada").glob("*.py")):
        texts += re.findall(r'(?:RuleError|say)\(\s*f?"([^"]*)"', path.read_text())
    offenders = [t for t in texts if bad.search(t)]
    assert not offenders, offenders


def test_threat_cards_print_a_solo_count_for_a_lone_captain():
    """Rulebook p. 9, Threat Detected: a New Fleet card brings the number of enemy ships it shows.
    The book prints no numbers for these cards, so the counts are ours (data/armada/threats.toml),
    and our cards show a second count for a one-captain game (solo_ships); 2-4 captains use the
    first count."""
    from rules.armada.content import CONTENT

    cards = [t for t in CONTENT.threats.values() if t.solo_ships]
    assert cards, "our solo balance relies on solo counts on the Threat cards"
    for card in cards[:3]:
        for players, expected in ((1, card.solo_ships), (2, card.ships), (4, card.ships)):
            state = new_game(players=players)
            state.fleets = []
            state.td_deck = [card.id]
            resolution.draw_threat(state, Turn(state, 0))
            assert sum(len(f.ships) for f in state.fleets) == expected, (card.id, players)


def test_a_bad_solo_count_is_refused_at_load(monkeypatch):
    """Our data rule: a Threat card's solo count is a small number of ships (0 = same as for teams)."""
    import pytest

    from rules.armada import content

    real = content._load

    def broken(name):
        data = real(name)
        if name == "threats.toml":
            data = {"threat": [dict(t) for t in data["threat"]]}
            data["threat"][0]["solo_ships"] = 9
        return data

    monkeypatch.setattr(content, "_load", broken)
    with pytest.raises(content.ContentError, match=r"threats\.toml"):
        content._threats(content._planets())
