"""One vocabulary: every command that asks for a survivor, zone, enemy, item or objective takes it in
every form the game shows, and a name that fits nothing is answered with the names that would have
worked (never an unrelated error such as "There is no zone 'Kovac'")."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core import RuleError
from rules.endure import SYSTEM as S
from rules.endure import content
from rules.endure.refuge import enter_refuge
from rules.endure.state import EndureState
from rules.endure.words import class_tag as tag
from rules.endure.words import short_name
from rules.endure.world import the_board
from table import Ctx, Reply
from table.console import convert_options
from table.endure.commands import GROUP

from .command_roundtrip import ACTOR, CapturingTable
from .test_endure_support import give, place, turn_for

CTX = Ctx(actor=ACTOR, channel_id=1, guild_id=1)
CREW = "captain-b+marine-a+medic-a+technician-a"  # Direct Fire (orders) picks any survivor it sees


async def run(st: EndureState, seat: int, path: str, **options: str) -> tuple[CapturingTable, Reply]:
    """``/endure <path> ...`` on a table holding ``st``, as seat ``seat``; what it played is captured."""
    table = CapturingTable(S, st, seat)
    command = GROUP.command(path)
    assert command is not None
    reply = await command.handler(table, CTX, **convert_options(GROUP, command, options))
    return table, reply


def played(table: CapturingTable) -> dict[str, Any]:
    assert len(table.played) == 1, table.played
    return table.played[0]


def together(players: int = 4) -> EndureState:
    """Four survivors in one zone (Captain Okafor acting), each with a pistol; players hold 1 or 2 each."""
    seats = [f"p{i}" for i in range(players)]
    st = S.setup(seats, {"crew": CREW, "survivors": "4"}, 5)
    st.radar, st.enemies, st.event = [r for r in st.radar if r.marked], [], ""
    here = st.survivors[0].zone
    for i, s in enumerate(st.survivors):
        s.zone = here
        s.slots = []
        give(st, i, "pistol")
    st.order, st.turn_pos = [0, 1, 2, 3], 0
    return st


def forms(st: EndureState, i: int) -> list[str]:
    """Every form the game shows survivor ``i`` by: display name, short name, id, class, map tag, player
    (when that player has no other survivor) and its number; in several cases."""
    s = st.survivors[i]
    card = content().survivors[s.key]
    out = [card.name, card.name.upper(), short_name(s.key), s.key, s.key.upper(), card.klass, tag(card.klass), str(i)]
    if sum(1 for o in st.survivors if o.seat == s.seat) == 1:
        out.append(st.seats[s.seat])
    return out


def test_the_forms_of_a_survivor() -> None:
    st = together()
    assert forms(st, 1)[:7] == ["Marine Kovac", "MARINE KOVAC", "Kovac", "marine-a", "MARINE-A", "Marine", "Ma"]
    assert short_name("technician-a") == "Unit K-7"


# -- every command that takes a survivor ----------------------------------------------------------------------------


@pytest.mark.parametrize("other", [1, 2, 3])
async def test_trade_partner_in_every_form(other: int) -> None:
    st = together()
    for name in forms(st, other):
        table, _ = await run(st, 0, "trade", partner=name, give="pistol")
        assert played(table)["with"] == st.survivors[other].key, name


@pytest.mark.parametrize("other", [1, 2, 3])
async def test_ability_choice_in_every_form(other: int) -> None:
    st = together()
    for name in forms(st, other):
        table, _ = await run(st, 0, "ability", which="active", choice=name)
        assert played(table) == {"type": "ability", "which": "active", "target": st.survivors[other].key}, name


@pytest.mark.parametrize("other", [1, 2, 3])
async def test_reward_choice_in_every_form(other: int) -> None:
    st = together()
    s = st.survivors[0]
    s.accomplishment, s.unlocked = "cooperation-is-key", True  # reward: another survivor gets an action
    for name in forms(st, other):
        table, _ = await run(st, 0, "reward", choice=name)
        assert played(table) == {"type": "reward", "target": st.survivors[other].key}, name


@pytest.mark.parametrize("who", [0, 1, 2, 3])
async def test_dashboard_in_every_form(who: int) -> None:
    st = together()
    name = content().survivors[st.survivors[who].key].name
    for form in forms(st, who):
        _, reply = await run(st, 0, "dashboard", survivor=form)
        assert reply.title == f"Dashboard · {name}", form


async def test_refuge_visit_and_recruit_in_every_form() -> None:
    st = S.setup(["alice", "bob"], {"campaign": "terrible", "crew": "marine-a+medic-a+scout-a", "survivors": "3"}, 3)
    st.survivors[2].alive = False  # Scout Tanaka (alice's second survivor) fell
    enter_refuge(st, turn_for(st))
    for name in forms(st, 2):
        table, _ = await run(st, 0, "refuge recruit", fallen=name, survivor="Okafor")
        assert played(table) == {"type": "recruit", "replace": 2, "survivor": "captain-b"}, name
    st.survivors[2].alive, st.used_keys = True, [*st.used_keys, "captain-b"]
    for name in forms(st, 1):
        table, _ = await run(st, 1, "refuge visit", survivor=name, place="Loved Ones")
        assert played(table) == {"type": "visit", "survivor": 1, "place": "loved-ones"}, name


# -- names that fit nothing, or several -----------------------------------------------------------------------------


async def test_the_issue_case_a_display_name_as_a_choice() -> None:
    st = together()
    table, _ = await run(st, 0, "ability", which="active", choice="Marine Kovac")
    assert played(table)["target"] == "marine-a"


async def test_an_unknown_survivor_is_answered_with_those_that_would_do() -> None:
    st = together()
    here = st.survivors[0].zone
    with pytest.raises(RuleError, match=rf"no survivor 'Kovak'\. Survivors in {here} to trade with: Marine Kovac"):
        await run(st, 0, "trade", partner="Kovak", give="pistol")
    with pytest.raises(RuleError, match=r"no survivor 'ghost'\. Survivors: Captain Okafor \(captain-b\), Marine Kovac"):
        await run(st, 0, "dashboard", survivor="ghost")


async def test_a_name_that_fits_several_asks_which() -> None:
    st = S.setup(["a", "b"], {"crew": "marine-a+marine-b"}, 2)
    with pytest.raises(RuleError, match=r"'Marine' could be Marine Kovac \(marine-a\) or Marine Ibarra \(marine-b\)"):
        await run(st, 0, "dashboard", survivor="Marine")
    _, reply = await run(st, 0, "dashboard", survivor="Ibarra")
    assert "Marine Ibarra" in reply.title


async def test_zones_by_id_in_any_case_or_label_and_a_wrong_one_lists_the_right_ones() -> None:
    st = together()
    start = st.survivors[0].zone
    nearby = sorted({a["zone"] for a in S.legal(st, 0) if a["type"] == "move" and "zone" in a})
    zone = nearby[0]
    for form in (zone, zone.lower(), zone.upper(), the_board(st).zones[zone].label):
        table, _ = await run(st, 0, "move", to=form)
        assert played(table) == {"type": "move", "zone": zone}, form
    with pytest.raises(RuleError, match=rf"no zone 'Kovac' on this map\. Zones that would do: {', '.join(nearby)}"):
        await run(st, 0, "move", to="Kovac")
    assert start == st.survivors[0].zone


async def test_enemies_by_name_plural_or_map_tag() -> None:
    st = together()
    here = st.survivors[0].zone
    place(st, "jaeger", here, 2)
    place(st, "swarmer", here)
    for form in ("jaeger swarmer", "Jaegers, Swarmer", "J2 S1", "J S"):
        table, _ = await run(st, 0, "attack", zone=here, weapon="pistol", kill=form)
        assert played(table)["kill"] == ["jaeger", "swarmer"], form
    with pytest.raises(RuleError, match=r"'toaster' is not an enemy\. Enemies here: Jaeger, Swarmer"):
        await run(st, 0, "attack", zone=here, weapon="pistol", kill="toaster")


async def test_items_and_objectives_by_name_id_colour_or_letter() -> None:
    st = together()
    for form in ("pistol", "Pistol", "PIST"):
        table, _ = await run(st, 0, "discard", item=form)
        assert played(table) == {"type": "discard", "item": "pistol"}, form
    with pytest.raises(RuleError, match=r"Captain Okafor has no 'laser'\. Available: Pistol"):
        await run(st, 0, "discard", item="laser")
    st.survivors[0].zone = "NAV-a"  # the green switch
    for form in ("green", "Green objective", "G", "green"):
        table, _ = await run(st, 0, "interact", objective=form)
        assert played(table) == {"type": "interact", "objective": "green"}, form
    with pytest.raises(RuleError, match=r"no objective 'purple'\. Objectives here: green"):
        await run(st, 0, "interact", objective="purple")


def test_act_notation_takes_the_same_survivor_names() -> None:
    st = together()
    for name in ("kovac", "Ma", "marine", "marine-a", "p1"):
        after, _ = S.apply(st, 0, S.parse(f"ability active target {name}", st, 0))
        assert after.survivors[1].action_bonus == st.survivors[1].action_bonus + 1, name
    with pytest.raises(RuleError, match=r"no survivor 'Kovak'\. Survivors: Captain Okafor \(captain-b\), Marine Kovac"):
        S.apply(st, 0, {"type": "ability", "which": "active", "target": "Kovak"})
