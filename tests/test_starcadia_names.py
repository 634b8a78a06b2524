"""Every name form the game shows is accepted wherever a Starcadia command asks for a name, and an unknown
name is answered with the names that would have worked (issue 11)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core import RuleError
from rules.starcadia import SYSTEM
from rules.starcadia import engine as E
from rules.starcadia.state import StarState
from table import Ctx, Reply
from table.console import convert_options
from table.starcadia import names as N
from table.starcadia.commands import GROUP

from .command_roundtrip import ACTOR, CapturingTable
from .test_starcadia_support import add_monster, hero, place, play_state


async def played(st: StarState, seat: int, name: str, **options: str) -> dict[str, Any]:
    """The action ``/starcadia <name>`` plays with these option texts (nothing is applied)."""
    command = GROUP.command(name)
    assert command is not None
    table = CapturingTable(SYSTEM, st, seat)
    reply = await command.handler(table, Ctx(actor=ACTOR, channel_id=1), **convert_options(GROUP, command, options))
    assert isinstance(reply, Reply) and len(table.played) == 1
    return table.played[0]


def fight() -> StarState:
    """Edge (yellow) at C2 next to two Weebles (C3, B2) and Hannah (blue) at D2."""
    st = play_state()
    place(st, "edge", "C2")
    place(st, "red", "G6")
    place(st, "hannah", "D2")
    add_monster(st, "weeble", "C3")
    add_monster(st, "weeble", "B2")
    return st


@pytest.mark.parametrize("form", ["edge", "Edge", "ED", "ed", "EDGE"])
async def test_own_hero_in_every_form(form: str) -> None:
    st = fight()
    action = await played(st, 0, "move", path="c1", hero=form)
    assert action == {"type": "move", "hero": "edge", "path": ["C1"]}


@pytest.mark.parametrize("form", ["hannah", "Hannah Lone", "HL", "lone", "hannah-lone"])
async def test_rival_hero_as_a_target_in_every_form(form: str) -> None:
    action = await played(fight(), 0, "attack", target=form, weapon="pulse-blade", hero="edge")
    assert action["target"] == "hannah"


@pytest.mark.parametrize("form", ["WE1", "we1", "weeble#1", "weeble 1", "weeble1", "Weeble-1", "weeble #1"])
async def test_a_monster_in_every_form(form: str) -> None:
    action = await played(fight(), 0, "attack", target=form, weapon="pulse-blade", hero="edge")
    assert action["target"] == "weeble#1"


async def test_a_monster_by_its_card_name_when_one_fits() -> None:
    st = fight()
    st.monsters = st.monsters[:1]
    assert (await played(st, 0, "attack", target="Weeble", weapon="pulse-blade"))["target"] == "weeble#1"
    st = fight()
    with pytest.raises(RuleError, match=r"Which one\? WE1 \(weeble#1 at C3\), WE2 \(weeble#2 at B2\)"):
        await played(st, 0, "attack", target="weeble", weapon="pulse-blade")


async def test_an_unknown_target_is_answered_with_the_targets_in_reach() -> None:
    with pytest.raises(RuleError) as info:
        await played(fight(), 0, "attack", target="octocold", weapon="pulse-blade", hero="edge")
    text = str(info.value)
    assert "There is no 'octocold' on the board. Targets in reach:" in text
    assert "WE1 (weeble#1 at C3)" in text and "Hannah Lone (hannah, HL)" in text


async def test_an_unknown_hero_is_answered_with_the_crew() -> None:
    with pytest.raises(RuleError, match=r"Your crew has no hero 'batman'\. Yours: Edge \(edge, ED\), Red \(red, RE\)"):
        await played(fight(), 0, "move", path="C1", hero="batman")
    with pytest.raises(RuleError, match=r"Hannah Lone is not in your crew\. Yours: Edge"):
        await played(fight(), 0, "move", path="C1", hero="hannah")


@pytest.mark.parametrize("form", ["pulse-blade", "Pulse Blade", "S01", "s01", "pulse"])
async def test_an_upgrade_in_every_form(form: str) -> None:
    action = await played(fight(), 0, "attack", target="WE1", weapon=form, hero="edge")
    assert action["weapon"] == "pulse-blade"


async def test_an_unknown_weapon_lists_the_heros_weapons() -> None:
    st = fight()
    weapons = ", ".join(
        E.CONTENT.upgrades[u.id].slug
        for u in hero(st, "edge").upgrades
        if E.CONTENT.upgrades[u.id].category == "weapon"
    )
    with pytest.raises(RuleError, match=f"Edge carries no weapon called 'laser'. Edge's weapons: {weapons}"):
        await played(st, 0, "attack", target="WE1", weapon="laser", hero="edge")


@pytest.mark.parametrize("form", ["stimpack", "STIM", "stim", "Stimpack"])
async def test_a_gadget_by_name_or_board_label(form: str) -> None:
    st = fight()
    edge = hero(st, "edge")
    edge.gadgets, edge.wounds = ["stimpack"], 1
    assert await played(st, 0, "use", gadget=form) == {"type": "use", "hero": "edge", "gadget": "stimpack"}


async def test_spaces_in_any_case_and_a_path_typed_loosely() -> None:
    st = fight()
    place(st, "edge", "B3")
    st.monsters = []
    action = await played(st, 0, "move", path="b3, b4 -> c4", hero="edge")
    assert action["path"] == ["B4", "C4"]
    with pytest.raises(RuleError, match="'Z99x' is not part of a path"):
        await played(st, 0, "move", path="B4 Z99x", hero="edge")


@pytest.mark.parametrize("form", ["yellow", "Yellow", "lion", "P0", "1", "edge", "ED"])
def test_a_crew_in_every_form(form: str) -> None:
    assert N.find_crew(fight(), form) == 0


def test_an_unknown_crew_lists_the_crews() -> None:
    with pytest.raises(RuleError, match=r"There is no crew 'purple'\. Crews: yellow \(P0\), blue \(P1\)"):
        N.find_crew(fight(), "purple")


def test_hero_forms_cover_what_the_game_shows() -> None:
    assert N.match_hero("Zip Kablooey", E.CONTENT.heroes) == "zip"
    assert N.match_hero("ZK", E.CONTENT.heroes) == "zip"
    assert N.match_hero("mcgunner", E.CONTENT.heroes) == "blaze"
    assert N.match_hero("Col. Blaze McGunner", E.CONTENT.heroes) == "blaze"
    assert N.match_hero("moxie", ["zip", "digits"]) is None


def test_paths_and_lists_as_players_type_them() -> None:
    assert N.steps("b2, b3 -> portal c4 door e pickup") == ["B2", "B3", "portal", "C4", "door:E", "pickup"]
    assert N.steps("portal:c4 door:w hack") == ["portal", "C4", "door:W", "hack"]
    with pytest.raises(RuleError, match="which edge"):
        N.steps("B2 door")
    assert N.upgrade_names("pulse blade iron fists, ") == ["pulse blade", "iron fists"]
    assert N.upgrade_names("pulse blade iron fists red-shirt") == ["pulse blade", "iron fists", "red-shirt"]


def test_every_card_has_its_own_board_tag() -> None:
    from rules.starcadia.state import MonsterState

    st = SYSTEM.setup(["a", "b"], {"draft": "random"}, 3)
    st.monsters = [
        MonsterState(uid="octocold#1", card="octocold", designation="trooper-I", pos="B2"),
        MonsterState(uid="octocruel#1", card="octocruel", designation="officer-I", pos="C3"),
        MonsterState(uid="peekaboom#2", card="peekaboom", designation="trooper-II", pos="D4"),
    ]
    assert N.find_target(st, 0, "Peek a boom") == "peekaboom#2"
    assert N.find_target(st, 0, "PB2") == "peekaboom#2"
    assert N.find_target(st, 0, "octocruel") == "octocruel#1"
    assert N.find_target(st, 0, "OC1") == "octocold#1"
    assert N.find_target(st, 0, "or1") == "octocruel#1"
    with pytest.raises(RuleError, match="There is no 'OC2'"):
        N.find_target(st, 0, "OC2")


def test_a_scenario_by_id_or_title() -> None:
    title = E.CONTENT.scenarios["2A"].title
    for form in ("2A", "2a", "scenario 2a", title):
        assert N.find_scenario(form, ["2A", "2B"]) == "2A"
    assert N.find_scenario("4", ["2A", "2B"]) == ""
