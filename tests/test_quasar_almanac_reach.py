"""Quasar Search: rules the almanac anticipates that the effect language can now say (issue: zones created
on demand, draw triggers, holds against moves, Rank Value selectors, a Draw takes Player Cards only).

Each rule is exercised by a fixture card below (no shipped card needs them yet), for the allowed and the
refused case. References are to the almanac's sections by name.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules.core import RuleError, Turn
from rules.quasar import SYSTEM as S
from rules.quasar import flow, steps, words
from rules.quasar.content import DATA, ContentError, content, load, using
from rules.quasar.layers import active, hand_size, in_play_cards
from rules.quasar.state import Task, owned_key
from rules.quasar.targets import select
from rules.quasar.zones import add_card, cards_in, deck, hand, in_play, move, owner

from .test_quasar_support import game, pick_ranks

CARDS = """
[[card]]
key = "salvage-beacon"
name = "Salvage Beacon"
set = "reserve"
value = 2
effect = [
  { style = "required", when = "confront", steps = [{ do = "move", into = "salvage" }] },
  { style = "constant", rules = [{ rule = "hand_size", add = 1 }] },
]

[[card]]
key = "footlocker"
name = "Footlocker"
set = "reserve"
value = 1
effect = [{ style = "required", when = "confront", steps = [{ do = "move", into = "your locker" }] }]

[[card]]
key = "field-notes"
name = "Field Notes"
set = "reserve"
value = 1
effect = [{ style = "required", when = "draw", steps = [{ do = "glory" }] }]

[[card]]
key = "mag-clamp"
name = "Mag Clamp"
set = "reserve"
value = 3
[[card.effect]]
style = "required"
when = "confront"
rules = [{ rule = "hold", zone = "confront" }]
lasting = "challenge"

[[card]]
key = "docking-lock"
name = "Docking Lock"
set = "reserve"
value = 3
[[card.effect]]
style = "triggered"
when = "pre_resolution"
rules = [{ rule = "hold", zone = "confront" }]
lasting = "challenge"

[[card]]
key = "jettison"
name = "Jettison"
set = "reserve"
value = 2
effect = [
  { style = "triggered", when = "pre_resolution", steps = [{ do = "move", n = 1, from = "confront", into = "warp" }] },
]

[[card]]
key = "purser"
name = "Purser"
set = "reserve"
value = 2
[[card.effect]]
style = "required"
when = "pre_cleanup"
steps = [{ do = "move", n = 1, from = "confront", into = "warp" }]

[[card]]
key = "quartermaster"
name = "Quartermaster"
set = "reserve"
value = 2
[[card.effect]]
style = "required"
when = "act_start"
steps = [{ do = "move", n = 3, from = "your personal", into = "warp" }]

[[card]]
key = "briefing"
name = "Briefing"
set = "reserve"
value = 2
effect = [
  { style = "required", when = "act_start", who = "highest_rank_value", steps = [{ do = "glory" }] },
  { style = "required", when = "act_start", who = "lowest_rank_value", steps = [{ do = "learn" }] },
]

[[card]]
key = "rummage"
name = "Rummage"
set = "reserve"
value = 2
effect = [{ style = "constant", rules = [{ rule = "draw_from", allow = "personal" }] }]
"""

HANGAR = """
[[zone]]
name = "hangar"
title = "Hangar"
owned = false
ordered = false
in_play = true
seen = "all"
"""


def fixture_content(tmp: Path, cards: str = CARDS, zones: str = ""):
    folder = tmp / "quasar-data"
    shutil.copytree(DATA, folder)
    for name, extra in (("faction_corsairs.toml", cards), ("zones.toml", zones)):
        path = folder / name
        path.write_text(path.read_text() + "\n" + extra)
    return load(folder)


@pytest.fixture
def cards(tmp_path: Path) -> Iterator[None]:
    with using(fixture_content(tmp_path)):
        yield


def quiet(n: int = 2):
    """A game after the Rank picks with nothing left to do, ready for hand-placed tasks."""
    st = pick_ranks(game(n))
    st.tasks = []
    return st


def run(st, *tasks: Task):
    turn = Turn(st, None)
    steps.push(st, list(tasks))
    flow.advance(st, turn)
    return turn


def said(turn: Turn) -> str:
    return "\n".join(e.text for e in turn.events)


def apply_task(st, cid: str, index: int = 0, player: int = -1) -> Task:
    return Task(kind="apply", card=cid, src=f"{st.cards[cid].key}#{index}", player=player)


# -- Zones: created on demand, their nature as data --------------------------------------------------------


def test_a_zone_named_by_an_effect_is_created_in_play(cards) -> None:
    """Almanac, Zones: a zone a card names that does not exist yet is created, unowned by default,
    face-up and in play. The card loads, moves there, and its constant effect then applies to whoever
    put it there (almanac, Ownership)."""
    st = quiet()
    base = hand_size(st, 0)
    cid = add_card(st, "salvage-beacon", "confront", 0)
    assert "salvage" not in st.zones
    run(st, apply_task(st, cid))
    assert cards_in(st, "salvage") == [cid] and in_play(st, cid) and owner(st, cid) == 0
    assert cid in in_play_cards(st)
    assert hand_size(st, 0) == base + 1 and hand_size(st, 1) == base  # its owner only
    assert content().zone("salvage").title == "Salvage Zone"
    assert "Salvage Zone: Salvage Beacon" in words.describe(st)  # the table is told where it lies


def test_your_new_zone_is_an_owned_instance(cards) -> None:
    """Almanac, Zones: "your <zone>" creates an instance owned by that player, whoever else has one."""
    st = quiet()
    first = add_card(st, "footlocker", "confront", 0)
    second = add_card(st, "footlocker", "confront", 1)
    run(st, apply_task(st, first), apply_task(st, second))
    assert cards_in(st, owned_key("locker", 0)) == [first] and cards_in(st, owned_key("locker", 1)) == [second]
    assert owner(st, second) == 1
    assert "bob's Locker Zone: Footlocker" in words.describe(st)


def test_a_zone_keeps_the_nature_its_data_gives(tmp_path: Path) -> None:
    """Almanac, Zones / In Play: whether a zone's cards are in play is the zone's nature, read from
    zones.toml for a listed zone (a declared in-play zone counts; the Warp Zone, listed out of play, does not)."""
    with using(fixture_content(tmp_path, zones=HANGAR)):
        st = quiet()
        base = hand_size(st, 0)
        docked = add_card(st, "salvage-beacon", "hangar", 0)
        assert in_play(st, docked) and hand_size(st, 0) == base + 1
        move(st, docked, "warp", 0)
        assert not in_play(st, docked) and hand_size(st, 0) == base


def test_a_zone_name_an_effect_cannot_use_is_refused_at_load(tmp_path: Path) -> None:
    """Almanac, Box: the box is not a zone; a zone name must be a plain name."""
    bad = CARDS.replace('into = "salvage"', 'into = "box"')
    with pytest.raises(ContentError, match="cannot name a zone"):
        fixture_content(tmp_path, bad)


# -- Draw triggers --------------------------------------------------------------------------------------------


def test_a_draw_trigger_fires_once_per_draw_effect(cards) -> None:
    """Almanac, Draw: a Draw of several cards is one Draw effect, so "whenever you Draw" fires once."""
    st = quiet()
    add_card(st, "field-notes", owned_key("personal", 0), 0)
    glory, others = st.glory[0], st.glory[1]
    turn = Turn(st, None)
    steps.begin_draw(st, turn, 0, 3)
    flow.advance(st, turn)
    assert len(hand(st, 0)) >= 3 and (st.glory[0], st.glory[1]) == (glory + 1, others)
    steps.begin_draw(st, turn, 0, 1)
    flow.advance(st, turn)
    assert st.glory[0] == glory + 2


def test_a_draw_trigger_stays_silent_for_others_and_out_of_play(cards) -> None:
    """Almanac, Game Effects ("you", in play): another player's Draw, a Draw that takes nothing, and the
    card out of play (in a Hand) fire nothing."""
    st = quiet()
    notes = add_card(st, "field-notes", owned_key("personal", 0), 0)
    glory = st.glory[0]
    turn = Turn(st, None)
    steps.begin_draw(st, turn, 1, 2)  # bob draws
    flow.advance(st, turn)
    assert st.glory[0] == glory
    for cid in list(deck(st, 0)):
        move(st, cid, owned_key("discard", 0), 0)
    steps.begin_draw(st, turn, 0, 1)  # nothing left to take
    flow.advance(st, turn)
    assert st.glory[0] == glory
    move(st, notes, owned_key("hand", 0), 0)
    move(st, cards_in(st, owned_key("discard", 0))[0], owned_key("deck", 0), 0)
    steps.begin_draw(st, turn, 0, 1)
    flow.advance(st, turn)
    assert st.glory[0] == glory


# -- Holds against moves: precedence ------------------------------------------------------------------------


def test_a_required_hold_beats_a_triggered_move(cards) -> None:
    """Almanac, Game Effects and Triggers: Required effects take precedence over Triggered ones, so a
    Required "no card may leave the Confrontation Zone" keeps the card a Triggered effect would move."""
    st = quiet()
    clamp = add_card(st, "mag-clamp", "confront", 1)
    jettison = add_card(st, "jettison", "confront", 0)
    run(st, apply_task(st, clamp))
    turn = run(st, Task(kind="step", card=jettison, src="jettison#0", player=0, step=0))
    assert cards_in(st, "confront") == [clamp, jettison] and not cards_in(st, "warp")
    assert "a rule holds them there" in said(turn)


def test_without_a_hold_a_step_moves_another_card(cards) -> None:
    """Almanac, Game Effects: an effect may move cards other than its own; the move takes the first
    Player Card of the zone and its new owner is who put it there (almanac, Ownership)."""
    st = quiet()
    other = add_card(st, "mag-clamp", "confront", 1)
    jettison = add_card(st, "jettison", "confront", 0)
    turn = run(st, Task(kind="step", card=jettison, src="jettison#0", player=0, step=0))
    assert cards_in(st, "warp") == [other] and owner(st, other) == 0
    assert "moves Mag Clamp (3) into the Warp Zone" in said(turn)


def test_a_required_move_beats_a_triggered_hold_and_ties_go_to_the_hold(cards) -> None:
    """Almanac, Game Effects and Triggers: a Triggered hold gives way to a Required move; between a
    Required hold and a Required move (equal precedence) the hold stands (our call)."""
    st = quiet()
    lock = add_card(st, "docking-lock", "confront", 1)
    purser = add_card(st, "purser", "confront", 0)
    run(st, apply_task(st, lock, player=1))
    assert st.mods and st.mods[0].style == "triggered"
    run(st, Task(kind="step", card=purser, src="purser#0", player=0, step=0))
    assert cards_in(st, "warp") == [lock]
    st = quiet()
    clamp = add_card(st, "mag-clamp", "confront", 1)
    purser = add_card(st, "purser", "confront", 0)
    run(st, apply_task(st, clamp))
    run(st, Task(kind="step", card=purser, src="purser#0", player=0, step=0))
    assert not cards_in(st, "warp")


def test_a_hold_ends_with_its_challenge_before_cleanup_puts_cards_away(cards) -> None:
    """Almanac, Game Phases (Cleanup): a hold set for the Challenge ends with it, so the base rules'
    Cleanup still clears the Confrontation Zone."""
    st = quiet()
    clamp = add_card(st, "mag-clamp", "confront", 1)
    run(st, apply_task(st, clamp))
    run(st, Task(kind="tidy"))
    assert not cards_in(st, "confront") and not st.mods


# -- Rank Value selectors -----------------------------------------------------------------------------------


def test_rank_value_selectors_pick_every_tied_player(cards) -> None:
    """Almanac, Rank: "Rank Value" compares Rank Cards only, so ties are possible and every tied player
    is singled out (almanac, Singling Out a Player)."""
    st = pick_ranks(game(3), [3, 3, 2])
    st.tasks = []
    assert select(st, "highest_rank_value", None) == [s for s in select(st, "each_player", None) if s != 2]
    assert select(st, "lowest_rank_value", None) == [2]
    briefing = add_card(st, "briefing", owned_key("personal", 0), 0)
    glory, lessons = list(st.glory), list(st.lessons)
    run(st, apply_task(st, briefing, 0), apply_task(st, briefing, 1))
    assert [g - b for g, b in zip(st.glory, glory, strict=True)] == [1, 1, 0]
    assert [x - b for x, b in zip(st.lessons, lessons, strict=True)] == [0, 0, 1]


def test_rank_value_selectors_cannot_take_team_steps(tmp_path: Path) -> None:
    """Almanac, Rank: Rank Value may tie, so a team step (Morale) cannot name it; "Rank" never ties."""
    bad = CARDS.replace(
        'who = "lowest_rank_value", steps = [{ do = "learn" }]',
        'who = "lowest_rank_value", steps = [{ do = "morale" }]',
    )
    with pytest.raises(ContentError, match="team step"):
        fixture_content(tmp_path, bad)


# -- A Draw takes Player Cards only -------------------------------------------------------------------------


def test_a_draw_from_a_personal_zone_never_takes_faction_or_rank_cards(cards) -> None:
    """Almanac, Draw: a Draw moves Player Cards; the Faction Card and Rank Cards in a Personal Zone are
    not Player Cards, so they are never offered and naming one is refused, state untouched."""
    st = quiet()
    add_card(st, "rummage", owned_key("personal", 0), 0)
    add_card(st, "jettison", owned_key("personal", 0), 0)
    for cid in list(deck(st, 0)):
        move(st, cid, owned_key("discard", 0), 0)  # the Deck is empty: the Personal Zone is the only source
    turn = Turn(st, None)
    steps.begin_draw(st, turn, 0, 2)
    flow.advance(st, turn)
    legal = S.legal(st, 0)
    assert legal == [{"type": "draw", "from": "personal", "card": k} for k in ("rummage", "jettison")]
    before = S.dumps(st)
    for key in ("corsairs-faction", "corsairs-rank-3"):
        with pytest.raises(RuleError, match="There is no"):
            S.apply(st, 0, {"type": "draw", "from": "personal", "card": key})
        assert S.dumps(st) == before
    st, events = S.apply(st, 0, legal[0])
    keys = [st.cards[c].key for c in hand(st, 0)]
    assert keys[-2:] == ["rummage", "jettison"] and "corsairs-faction" not in keys  # the last one came by itself
    assert "draws 2 cards" in "\n".join(e.text for e in events)


def test_an_effect_moving_cards_out_of_a_personal_zone_takes_player_cards_only(cards) -> None:
    """Almanac, Draw / Rank: like a Draw, a move from a zone takes Player Cards; the Faction and Rank
    Cards stay in the Personal Zone."""
    st = quiet()
    quarter = add_card(st, "quartermaster", owned_key("personal", 0), 0)
    run(st, apply_task(st, quarter))
    assert [st.cards[c].key for c in cards_in(st, "warp")] == ["quartermaster"]
    left = [st.cards[c].key for c in cards_in(st, owned_key("personal", 0))]
    assert left == ["corsairs-faction", "corsairs-rank-3"]
    assert not any(a.card == quarter for a in active(st))
