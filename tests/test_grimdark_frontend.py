"""The /grimdark command table: every legal action is played by its command, names are forgiving and
refusals name what would work, suggestions come from legal(), views and help read well."""

from __future__ import annotations

import pytest

from rules.core import RuleError
from rules.grimdark import SYSTEM as G
from sessions.service import Actor
from table import Ctx, spec
from table.grimdark.commands import GROUP
from table.grimdark.produce import FIELDS

from .command_roundtrip import CapturingTable, check_commands_play_legal_actions
from .test_grimdark_support import bare, battle, put_enemy, put_hero

CTX = Ctx(actor=Actor(1, "tester"), channel_id=1, guild_id=1)


class Capturing(CapturingTable):
    """The round-trip table, with the service the views ask for settings (none needed here)."""


async def run(state, seat: int, command: str, **options: str):
    table = Capturing(G, state, seat)
    cmd = GROUP.command(command)
    assert cmd is not None
    from table.console import convert_options

    values = convert_options(GROUP, cmd, options)
    reply = await cmd.handler(table, CTX, **values)
    return table.played, reply


async def test_every_legal_action_is_played_by_its_command() -> None:
    checked = 0
    deploy = G.setup(["a"], {"scenario": "vault", "heroes": "rook+kessa+ysolde"}, 5)
    checked += await check_commands_play_legal_actions(G, GROUP, deploy, 0, limit=200)
    state = battle("kessa+orrin+ysolde+tamsin")
    find = {u.id: u for u in state.units}
    find["ysolde"].tokens = 4
    find["orrin"].items = ["medkit"]
    checked += await check_commands_play_legal_actions(G, GROUP, state, 0, limit=400)
    camp = battle()
    camp.phase = "camp"
    camp.party[0].xp = 9
    checked += await check_commands_play_legal_actions(G, GROUP, camp, 0, limit=100)
    assert checked > 150


def test_every_action_type_has_a_command() -> None:
    produced = set()
    for kind, fields in FIELDS.items():
        action = {"type": kind, **({"hero": "x"} if "hero" in fields else {})}
        produced |= {kind for c in GROUP.commands if c.produces and c.produces(None, 0, action) is not None}
    assert produced == set(FIELDS)


async def test_one_command_gives_a_whole_activation() -> None:
    state = bare(battle())
    put_enemy(state, "scrappers", "X20")
    put_hero(state, "kessa", "X40")
    played, _ = await run(state, 0, "advance", to="x38", hero="Kessa", shoot="s1", skill="aimed shot", end="yes")
    assert played == [
        {
            "type": "batch",
            "actions": [
                {"type": "advance", "hero": "kessa", "to": "X38", "shoot": "S1"},
                {"type": "skill", "hero": "kessa", "skill": "aimed-shot"},
                {"type": "done", "hero": "kessa"},
            ],
        }
    ]


async def test_names_are_forgiving_and_wrong_ones_name_the_right_ones() -> None:
    state = bare(battle())
    put_enemy(state, "scrappers", "X20")
    played, _ = await run(state, 0, "hold", hero="K", shoot="Scrapper Gang")
    assert played == [{"type": "hold", "hero": "kessa", "shoot": "S1"}]
    with pytest.raises(RuleError, match=r"no hero 'zed'.*kessa \(Kessa Vale\)"):
        await run(state, 0, "hold", hero="zed")
    with pytest.raises(RuleError, match=r"no enemy unit 'Q7'\. Enemy units: S1 \(Scrapper Gang\)"):
        await run(state, 0, "hold", hero="kessa", shoot="Q7")
    with pytest.raises(RuleError, match=r"not a cell of this table.*A1 to AV48"):
        await run(state, 0, "advance", hero="kessa", to="Z99")
    with pytest.raises(RuleError, match="Say which hero"):
        await run(state, 0, "rest")
    with pytest.raises(RuleError, match=r"no skill 'fly'\. Its skills: discover"):
        await run(state, 0, "skill", hero="kessa", skill="fly")
    with pytest.raises(RuleError, match="no standing order 'luck'"):
        await run(state, 0, "order", hero="kessa", key="luck", value="on")


async def test_suggestions_come_from_legal() -> None:
    state = bare(battle())
    put_enemy(state, "scrappers", "X30")
    put_hero(state, "kessa", "X40")
    table = Capturing(G, state, 0)
    hold = GROUP.command("hold")
    assert hold is not None
    shoot = hold.option("shoot")
    assert shoot is not None and shoot.suggest is not None
    pairs = await shoot.suggest(table, CTX, "", {"hero": "kessa"})
    assert [v for _, v in pairs] == ["S1"]
    hero = hold.option("hero")
    assert hero is not None and hero.suggest is not None
    names = [v for _, v in await hero.suggest(table, CTX, "", {})]
    assert names == ["kessa", "brannoc"]


def test_help_page_and_texts() -> None:
    page = "\n".join(spec.help_page(GROUP))
    for command in GROUP.commands:
        assert f"/grimdark {command.name}" in page
    assert "`/grimdark advance hero:kessa to:F12 shoot:S1 skill:discover on:T2 end:yes`" in page
