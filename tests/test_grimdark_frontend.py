"""The /grimdark command table: every legal action is played by its command, names are forgiving and
refusals name what would work, suggestions come from legal(), views and help read well."""

from __future__ import annotations

import pytest

from rules.core import RuleError
from rules.grimdark import SYSTEM as G
from rules.grimdark.areas import move_areas
from rules.grimdark.state import Token
from rules.grimdark.units import find
from sessions.service import Actor
from table import Ctx, spec
from table.grimdark.commands import GROUP
from table.grimdark.produce import FIELDS
from table.replies import Reply

from .command_roundtrip import CapturingTable, check_commands_play_legal_actions
from .legibility import legibility_problems, recording
from .test_grimdark_support import bare, battle, battlefield, cell, dice, patch_hero, put_enemy, put_hero

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
                {"type": "skill", "hero": "kessa", "skill": "aimed-shot"},  # it changes the shot: first
                {"type": "advance", "hero": "kessa", "to": "X38", "shoot": "S1"},
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


# -- issue 23: the traps of a mission, played through the command table --------------------------------------------


class Playing(Capturing):
    """The command table over a real game in memory: act() applies the command and keeps what it said."""

    said = ""

    async def act(self, ctx: Ctx, action) -> Reply:
        self.played.append(action)
        self.state, events = G.apply(self.state, self.seat, action)
        self.said = "\n".join(e.text for e in events)
        return Reply(lines=[self.said])


async def play_line(state, command: str, **options: str) -> Playing:
    from table.console import convert_options

    table = Playing(G, state, 0)
    cmd = GROUP.command(command)
    assert cmd is not None
    await cmd.handler(table, CTX, **convert_options(GROUP, cmd, options))
    return table


def open_ground():
    state = bare(battle())
    battlefield(state)
    put_enemy(state, "scrappers", "X20")
    put_hero(state, "kessa", "X40")
    return state


async def test_a_move_out_of_reach_names_the_nearest_cells_and_their_cost() -> None:
    state = open_ground()
    with pytest.raises(RuleError, match=r'cannot reach X30 this Advance \(6"\)\. Nearest it can reach: X34 \(6"\)'):
        await play_line(state, "advance", hero="kessa", to="X30")
    # on a roof, the way down is a jump: the refusal says so and names the roof's cells
    battlefield(state, ["ruin W38 3x3"])
    put_hero(state, "kessa", "X39")
    with pytest.raises(
        RuleError, match=r"without jumping: add jump:yes to try the jump\. Nearest it can reach: X40 \(1\"\)"
    ):
        await play_line(state, "advance", hero="kessa", to="X43")


async def test_range_draws_where_a_hero_can_advance_rush_and_charge() -> None:
    state = open_ground()
    put_enemy(state, "scrappers", "X31")
    reply = await play_line(state, "range", hero="kessa")
    assert reply.played == []
    out = await run(state, 0, "range", hero="kessa")
    text = "\n".join(out[1].lines)
    areas = move_areas(state, find(state, "kessa"))
    assert f"Advance (blue, {len(areas.advance)} cells)" in text and "end a Charge (purple frames" in text
    assert cell("X34") in areas.advance and cell("X47") in areas.rush and cell("X32") in areas.charge
    assert cell("X40") not in areas.overlay()
    with recording() as layout:
        png = out[1].image()
    assert legibility_problems(layout, png) == []


async def test_a_skill_that_changes_the_shot_is_used_before_it(monkeypatch: pytest.MonkeyPatch) -> None:
    state = open_ground()
    put_hero(state, "kessa", "X30")
    with dice(monkeypatch, 6, *[1] * 30, strict=False):  # the Aimed Shot test passes; every shot misses
        table = await play_line(state, "hold", hero="kessa", shoot="S1", skill="aimed-shot")
    said = table.said
    assert said.index("uses Aimed Shot") < said.index("shoots at") and "+1 aimed" in said
    # a skill that does not touch the shot keeps its place after the action
    state = open_ground()
    put_enemy(state, "scrappers", "AB20")
    played, _ = await run(state, 0, "hold", hero="kessa", shoot="S1", skill="mark-target", on="S2")
    assert [a["type"] for a in played[0]["actions"]] == ["hold", "skill"]
    played, _ = await run(state, 0, "hold", hero="kessa", shoot="S1", skill="mark-target", on="S1")
    assert [a["type"] for a in played[0]["actions"]] == ["skill", "hold"]


async def test_discover_at_a_token_within_1_inch_reveals_and_picks_it_up(monkeypatch: pytest.MonkeyPatch) -> None:
    state = open_ground()
    state.tokens = [Token(id="T1", x=cell("X39")[0], y=cell("X39")[1], content="item:medkit")]
    with dice(monkeypatch):  # no roll
        table = await play_line(state, "skill", hero="kessa", skill="discover")
    assert table.played == [{"type": "skill", "hero": "kessa", "skill": "discover", "target": "T1"}]
    assert table.state.tokens[0].taken and "medkit" in find(table.state, "kessa").items
    # after a move: the token within 1" of where the hero ends
    state = open_ground()
    state.tokens = [Token(id="T1", x=cell("X35")[0], y=cell("X35")[1], content="nothing")]
    played, _ = await run(state, 0, "advance", hero="kessa", to="X36", skill="discover")
    assert played[0]["actions"][1] == {"type": "skill", "hero": "kessa", "skill": "discover", "target": "T1"}
    with pytest.raises(RuleError, match=r"no search token '\?'\. Tokens: T1 at X35"):
        await run(state, 0, "skill", hero="kessa", skill="discover")  # 5" away: say which


async def test_blast_odd_hits_are_answered_through_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle())
    battlefield(state)
    patch_hero(monkeypatch, "kessa", weapons=("spore-cannon",))
    put_hero(state, "kessa", "L28")
    put_enemy(state, "scrappers", "K20", "L20")
    put_enemy(state, "scrappers", "N20")
    with dice(monkeypatch, 6):
        table = await play_line(state, "hold", hero="kessa", shoot="S1")
    assert "answer odd:S1" in table.said
    with pytest.raises(RuleError, match="First the question for Kessa"):
        await play_line(table.state, "hold", hero="brannoc")
    with dice(monkeypatch, 6, 6, 6):
        after = await play_line(table.state, "answer", odd="s2")
    assert after.played == [{"type": "answer", "hero": "kessa", "odd": "S2"}]
    assert "2 on Scrapper Gang S2" in after.said and after.state.ask is None


async def test_help_and_the_game_options_say_how_to_choose_heroes() -> None:
    reply = await run(battle(), 0, "help")
    text = "\n".join(reply[1].lines)
    assert "options:heroes=kessa+orrin+ash" in text and "`dray`" in text and "`tamsin`" in text
    heroes = next(o for o in G.options() if o.name == "heroes")
    assert "kessa brannoc ysolde orrin rook tamsin ash dray" in heroes.help
