"""Endure the Stars front end: the /endure commands at the table, in the console and through Discord.

Positions are staged by editing the game's live (cached) state between commands, the way a
player would reach them after a few turns; dice are left alone, so tests check what was played
and what was refused, not how the rolls fell.
"""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest

import bot as starhost
from rules.core import RuleError, Turn
from rules.endure.content import content
from rules.endure.refuge import enter_refuge
from rules.endure.state import EndureState, Enemy, ItemInst
from rules.endure.world import add_item
from sessions.service import Actor, GameService
from sessions.store import SqliteStore
from table import Ctx, Reply, Table, spec
from table import console as console_module
from table.console import convert_options, run_console
from table.endure import suggest_more as M
from table.endure import suggestions as S
from table.endure.commands import GROUP
from tests.standin import FakeUser, StandIn

ALICE, BOB, CAROL = Actor(101, "alice"), Actor(102, "bob"), Actor(103, "carol")
CHAN = 77
PNG = b"\x89PNG\r\n\x1a\n"


def ctx(actor: Actor) -> Ctx:
    return Ctx(actor=actor, channel_id=CHAN, guild_id=1)


A, B, C = ctx(ALICE), ctx(BOB), ctx(CAROL)


async def run(table: Table, who: Ctx, path: str, **options: str | None) -> Reply:
    """``/endure <path> option:value ...`` as a player types it: through the command table, options
    converted by kind exactly as Discord and the console do."""
    command = GROUP.command(path)
    assert command is not None, path
    typed = {name: value for name, value in options.items() if value is not None}
    return await command.handler(table, who, **convert_options(GROUP, command, typed))


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    service = GameService(SqliteStore(tmp_path / "t.db"), seed_source=lambda: 5)
    # These tests stage positions by editing the held state in place (see ``live``); a position's memo
    # cannot see such an edit (a real game only ever moves to a new state), so it is left out here.
    service.memo_positions = False
    await service.open()
    yield Table(service)
    await service.close()


async def start(table: Table, options: str = "crew=marine-a+medic-a", scenario: str = "CG00") -> EndureState:
    """Alice plays the Marine, Bob the Medic; radar contacts and events cleared for calm tests."""
    await table.game_new(A, "endure", scenario, options)
    await table.game_join(B)
    await table.game_start(A)
    st = await live(table)
    st.radar = [r for r in st.radar if r.marked]
    st.enemies, st.noise, st.event = [], [], ""
    st.event_deck = ["lockdown"] * 5
    return st


async def live(table: Table) -> EndureState:
    """The cached state the next command will act on (edited in place to stage a position)."""
    record = await table.service.game_in(CHAN)
    _, state = await table.service.get(record.id)
    return state  # type: ignore[return-value]


async def version(table: Table) -> int:
    return (await table.service.game_in(CHAN)).version


async def refused(table: Table, call, match: str) -> None:
    """The command is refused with a clear sentence and nothing changes."""
    before = await version(table)
    snapshot = (await live(table)).survivors[0].zone
    with pytest.raises(RuleError, match=match):
        await call
    assert await version(table) == before
    assert (await live(table)).survivors[0].zone == snapshot


def place(st: EndureState, kind: str, zone: str, n: int = 1) -> None:
    for _ in range(n):
        st.enemies.append(Enemy(id=st.next_id, kind=kind, zone=zone, hp=content().enemies[kind].health))
        st.next_id += 1


def give(st: EndureState, si: int, card: str) -> None:
    assert add_item(st.survivors[si], ItemInst(uid=st.next_id, card=card))
    st.next_id += 1


def arm(st: EndureState, si: int, *cards: str) -> None:
    st.survivors[si].slots = []
    for card in cards:
        give(st, si, card)


# -- one test per decision: a legal case and a refused case ---------------------------------------------------


async def test_move_one_zone_a_path_and_refusals(table: Table) -> None:
    await start(table)
    reply = await run(table, A, "move", to="sec-w")  # any case
    assert "`move SEC-w`" in reply.as_text() and reply.image is not None
    assert (await live(table)).survivors[0].zone == "SEC-w"
    await refused(table, run(table, A, "move", to="NAV-a"), "cannot be reached")
    await refused(table, run(table, A, "move", to="NAV-a"), r"Next to SEC-w: SEC-b, SEC-x \(a longer path")
    await refused(table, run(table, A, "move", to="Bridge-9"), "no zone 'Bridge-9'")
    await refused(table, run(table, A, "move", to=""), "needs to:")
    await refused(table, run(table, B, "move", to="SEC-b"), "Marine Kovac's turn, played by alice")
    await refused(table, run(table, C, "move", to="SEC-b"), "not playing")
    path = await run(table, A, "move", to="SEC-b, SEC-c")
    assert "move SEC-b SEC-c" in path.as_text()
    assert (await live(table)).survivors[0].zone == "SEC-c"


async def test_attack_with_damage_split_and_refusals(table: Table) -> None:
    st = await start(table)
    arm(st, 0, "plasma-cutter", "pistol")
    place(st, "swarmer", "SEC-b", 2)
    place(st, "jaeger", "SEC-b")
    await refused(
        table, run(table, A, "attack", zone="SEC-b"), "Pick a weapon: Plasma Cutter, Pistol|Pick a weapon: Pistol"
    )
    await refused(table, run(table, A, "attack", zone="SEC-b", weapon="shotgun"), "has no 'shotgun'")
    await refused(table, run(table, A, "attack", zone="SEC-b", weapon="pistol", kill="icarus"), "no Icarus in SEC-b")
    await refused(table, run(table, A, "attack", zone="SEC-b", weapon="pistol", kill="toaster"), "not an enemy")
    await refused(table, run(table, A, "attack", zone="SEC-c", weapon="pistol"), "nothing to attack")
    reply = await run(table, A, "attack", zone="sec-b", weapon="Plasma Cutter", kill="jaegers, swarmer")
    assert "attack SEC-b with plasma-cutter kill jaeger swarmer" in reply.as_text()
    assert (await live(table)).survivors[0].actions == 2


async def test_search_keep_leave_discard(table: Table) -> None:
    st = await start(table)
    st.item_deck = ["med-kit", "fire-axe", "shotgun"]
    arm(st, 0, "pistol", "plasma-cutter", "swarmer-leg")
    await refused(table, run(table, A, "keep"), "not found anything")
    reply = await run(table, A, "search")
    assert "`search`" in reply.as_text()
    assert [f.card for f in (await live(table)).survivors[0].found] == ["shotgun"]
    await refused(table, run(table, A, "move", to="SEC-a"), "First decide")
    await refused(table, run(table, A, "keep"), "No room")
    await refused(table, run(table, A, "keep", drop="laser"), "has no 'laser'")
    kept = await run(table, A, "keep", item="shotgun", drop="Swarmer Leg")
    assert "keep shotgun drop swarmer-leg" in kept.as_text()
    await refused(table, run(table, A, "search"), "already searched")
    await run(table, A, "move", to="SEC-c")
    await run(table, A, "search")
    assert (await live(table)).survivors[0].found
    thrown = await run(table, A, "discard", item="pistol")  # free, even with a find waiting
    assert "gone for good" in thrown.as_text()
    await refused(table, run(table, A, "discard", item="pistol"), "has no 'pistol'")
    left = await run(table, A, "leave")
    assert "`leave`" in left.as_text() and "Lindqvist's turn" in left.as_text()  # no actions left


async def test_interact(table: Table) -> None:
    st = await start(table)
    await refused(table, run(table, A, "interact"), "nothing to interact")
    await refused(table, run(table, A, "interact", objective="purple"), "no objective 'purple'")
    st.survivors[0].zone = "NAV-a"
    reply = await run(table, A, "interact", objective="Green")
    assert "interact green" in reply.as_text()
    assert (await live(table)).doors.get("LAB-c|LAB-z") == "open"


async def test_abilities_with_and_without_a_choice(table: Table) -> None:
    st = await start(table, "crew=medic-a+marine-a")  # alice: Medic, bob: Marine
    st.survivors[1].health -= 3
    await refused(table, run(table, A, "ability", which="passive"), "which:active.*which:crisis")
    await refused(table, run(table, A, "ability", which="active"), "needs a choice")
    nobody = run(table, A, "ability", which="active", choice="nobody-at-all")
    await refused(table, nobody, r"names nothing.*Choices: marine-a \(Marine Kovac\)")
    pairs = await S.complete_ability_choice(table, A, "", {"which": "active"})
    assert ("marine-a" in {v for _, v in pairs}) and all(len(label) <= 100 for label, _ in pairs)
    reply = await run(table, A, "ability", which="active", choice="Marine")  # class name instead of key
    assert "ability active target marine-a" in reply.as_text()
    assert (await live(table)).survivors[1].health > content().survivors["marine-a"].health - 3
    await refused(table, run(table, A, "ability", which="active", choice="marine"), "already used")


async def test_reward(table: Table) -> None:
    st = await start(table)
    await refused(table, run(table, A, "reward"), "no unlocked reward")
    s = st.survivors[0]
    s.accomplishment, s.unlocked, s.resolve = "alone-time", True, 6
    reply = await run(table, A, "reward")
    assert "`reward`" in reply.as_text()
    assert (await live(table)).survivors[0].resolve == 8


async def test_trade_offer_answered_by_the_other_player(table: Table) -> None:
    st = await start(table)
    arm(st, 0, "pistol")
    arm(st, 1, "med-kit")
    await refused(table, run(table, A, "trade", partner="medic"), "Say what to give")
    await refused(table, run(table, A, "trade", partner="medic", take="shotgun"), "has no 'shotgun'")
    await refused(table, run(table, A, "trade", partner="ghost", give="pistol"), "no survivor 'ghost'")
    await refused(table, run(table, A, "answer", reply="yes"), "no trade offer")
    partners = await S.complete_partner(table, A, "", {})
    assert [v for _, v in partners] == ["medic-a"]
    takes = await S.complete_take(table, A, "", {"partner": "medic-a"})
    assert ("Med Kit", "med-kit") in takes
    offer = await run(table, A, "trade", partner="Lindqvist", give="pistol", take="med kit")
    assert "trade medic-a give pistol take med-kit" in offer.as_text()
    assert offer.mentions == [BOB.user_id]
    assert "offers Pistol for Med Kit" in offer.as_text()
    await refused(table, run(table, A, "move", to="SEC-a"), "Waiting for bob")
    await refused(table, run(table, B, "answer", reply="maybe"), "reply:yes.*reply:no")
    assert [v for _, v in await S.complete_answer(table, B, "", {})] == ["yes", "no"]
    done = await run(table, B, "answer", reply="yes")
    assert "gives Pistol" in done.as_text()
    st = await live(table)
    assert [it.card for stack in st.survivors[0].slots for it in stack] == ["med-kit"]


async def test_use_reorganise_noise_end(table: Table) -> None:
    st = await start(table)
    arm(st, 0, "bastion-armour", "pistol", "med-kit", "riot-plating")  # the first armour is worn
    st.survivors[0].health -= 2
    await refused(table, run(table, A, "use", item="pistol"), "not something you use")
    await refused(table, run(table, A, "use", item="med-kit", at="Nowhere"), "no zone")
    used = await run(table, A, "use", item="Med Kit")
    assert "use med-kit" in used.as_text()
    await refused(table, run(table, A, "reorganise", item="pistol"), "Only armour and helmets")
    worn = await run(table, A, "reorganise", item="riot")
    assert "equip riot-plating" in worn.as_text()
    assert [it.card for it in (await live(table)).survivors[0].body] == ["riot-plating"]
    await refused(table, run(table, A, "noise", level="4"), "1, 2 or 3")
    await refused(table, run(table, A, "noise", level="2"), "only 1 action")
    loud = await run(table, A, "noise", level="1")
    assert "noise 1" in loud.as_text()
    assert (await live(table)).survivors[0].zone == "SEC-b"  # Alice's turn ended by itself: 0 actions
    await refused(table, run(table, A, "end"), "Lindqvist's turn")
    ended = await run(table, B, "end")
    assert "ends the turn" in ended.as_text()


async def test_exit_and_loader(table: Table) -> None:
    st = await start(table, scenario="CG01")
    await refused(table, run(table, A, "exit"), "There is no exit here")
    await refused(table, run(table, A, "loader", do="fly"), "do:enter.*do:leave")
    await refused(table, run(table, A, "loader", do="enter"), "Loader stands in")
    st.survivors[0].zone = st.loader_zone
    climbed = await run(table, A, "loader", do="in")
    assert "loader enter" in climbed.as_text()
    assert (await live(table)).loader_pilot == 0


async def test_whole_turn_in_one_command_is_all_or_nothing(table: Table) -> None:
    await start(table)
    await refused(table, run(table, A, "turn", actions="move SEC-w; move NAV-a"), "cannot be reached")
    await refused(table, run(table, A, "turn", actions="dance"), "not an Endure command")
    reply = await run(table, A, "turn", actions="move SEC-w; move SEC-b; end")
    assert "move SEC-w; move SEC-b; end" in reply.as_text()
    assert "Lindqvist's turn" in reply.as_text()
    nxt = await M.complete_turn(table, B, "move SEC-c; ", {})
    assert nxt and all(v.startswith("move SEC-c; ") for _, v in nxt)
    assert any(v == "move SEC-c; move SEC-b" for _, v in nxt)  # computed from where the first move leads


async def test_dashboard_and_briefing_are_private(table: Table) -> None:
    st = await start(table)
    st.survivors[0].injuries = ["leg"]
    mine = await run(table, A, "dashboard")
    text = mine.as_text()
    assert mine.ephemeral and "Marine Kovac" in text and "Health 10/10" in text
    assert "injured: leg" in text and "Slot 1:" in text and "? at" in text and "Accomplishment" in text
    assert "Acting now: 3 action(s) left" in text
    assert mine.image is not None and mine.image_name == "dashboard.png" and mine.image().startswith(PNG)
    other = await run(table, C, "dashboard", survivor="medic")  # a spectator may look, hidden cards stay hidden
    assert "Medic Lindqvist" in other.as_text() and "? at" in other.as_text()
    await refused(table, run(table, A, "dashboard", survivor="ghost"), "no survivor")
    await table.game_settings(A, "spectators", "off")
    await refused(table, run(table, C, "dashboard", survivor="medic"), "spectators are switched off")
    await refused(table, run(table, C, "briefing"), "spectators are switched off")
    brief = await run(table, B, "briefing")
    assert brief.ephemeral and "Noisy Neighbours" in brief.title
    assert "Kill the GEPs of the marked radar token" in brief.as_text() and "green" in brief.as_text()
    assert brief.image is not None and brief.image().startswith(PNG)


async def test_refuge_visits_and_vote(table: Table) -> None:
    st = await start(table, "campaign=terrible crew=marine-a+medic-a", scenario="")
    await refused(table, run(table, A, "refuge vote", choice="leave"), "not at the Refuge")
    enter_refuge(st, Turn(st, None))
    await refused(table, run(table, A, "move", to="SEC-w"), "at the Refuge")
    await refused(
        table, run(table, A, "refuge visit", survivor="medic", place="quarters", pick="health"), "not your survivor"
    )
    await refused(
        table,
        run(table, A, "refuge visit", survivor="marine", place="spa"),
        "no place at the Refuge 'spa'. Places: infirmary, loved-ones",
    )
    await refused(table, run(table, A, "refuge visit", survivor="marine", place="quarters"), "pick health")
    places = [v for _, v in await M.complete_place(table, A, "", {})]
    assert "quarters" in places and "infirmary" in places
    assert [v for _, v in await M.complete_refuge_survivor(table, A, "", {})] == ["0"]
    visited = await run(table, A, "refuge visit", survivor="Kovac", place="quarters", pick="resolve")
    assert "visit 0 quarters pick resolve" in visited.as_text()
    await run(table, B, "refuge visit", survivor="medic", place="loved ones")
    assert {v for _, v in await M.complete_vote(table, A, "", {})} >= {"leave"}
    await refused(table, run(table, A, "refuge vote", choice="maybe"), "choice:stay.*choice:leave")
    voted = await run(table, A, "refuge vote", choice="leave")
    assert "vote leave" in voted.as_text()


async def test_recruit_replaces_a_fallen_survivor(table: Table) -> None:
    st = await start(table, "campaign=terrible crew=marine-a+medic-a", scenario="")
    st.survivors[0].alive = False
    enter_refuge(st, Turn(st, None))
    fallen = await M.complete_fallen(table, A, "", {})
    assert [v for _, v in fallen] == ["0"]
    names = [v for _, v in await M.complete_recruit(table, A, "", {})]
    assert "marine-a" not in names and "scout-a" in names
    await refused(table, run(table, A, "refuge recruit", fallen="0", survivor="medic-a"), "already been played")
    await refused(table, run(table, A, "refuge recruit", fallen="0", survivor="janitor"), "no survivor 'janitor'")
    reply = await run(table, A, "refuge recruit", fallen="Kovac", survivor="Scout-A")
    assert "recruit 0 scout-a" in reply.as_text()


# -- autocomplete ---------------------------------------------------------------------------------------------


async def test_autocomplete_comes_from_legal_and_respects_limits(table: Table) -> None:
    st = await start(table)
    arm(st, 0, "pistol", "plasma-cutter")
    place(st, "swarmer", "SEC-b", 2)
    place(st, "jaeger", "SEC-b")
    moves = await S.complete_move(table, A, "", {})
    assert {v for _, v in moves} == {"SEC-a", "SEC-c", "SEC-w"}
    assert all(len(label) <= 100 and len(v) <= 100 for label, v in moves)
    assert [v for _, v in await S.complete_move(table, A, "sec-c", {})] == ["SEC-c"]
    path = await S.complete_move(table, A, "SEC-w ", {})
    assert path and all(v.startswith("SEC-w ") for _, v in path)
    assert await S.complete_move(table, B, "", {}) == []  # not Bob's turn
    assert await S.complete_move(table, C, "", {}) == []  # not seated
    zones = await S.complete_attack_zone(table, A, "", {})
    assert [v for _, v in zones] == ["SEC-b"] and "2 Swarmers" in zones[0][0]
    weapons = {v for _, v in await S.complete_weapon(table, A, "", {"zone": "SEC-b"})}
    assert weapons == {"pistol", "plasma-cutter"}
    splits = {v for _, v in await S.complete_kill(table, A, "", {"zone": "SEC-b"})}
    assert splits == {"jaeger swarmer", "swarmer jaeger"}
    assert {v for _, v in await S.complete_noise(table, A, "", {})} == {"1", "2", "3"}
    assert await M.complete_survivor(table, C, "lind", {}) == [
        ("Medic Lindqvist (Lindqvist, medic-a; bob, SEC-b, Health 7)", "medic-a")
    ]
    give = await S.complete_give(table, A, "pistol ", {})
    assert [v for _, v in give] == ["pistol plasma-cutter"]
    st.event_deck = []
    assert len(await M.complete_turn(table, A, "", {})) <= 25


async def test_autocomplete_without_a_game_is_empty(table: Table) -> None:
    for helper in (S.complete_move, M.complete_turn, M.complete_survivor, M.complete_vote):
        assert await helper(table, A, "", {}) == []


# -- console ---------------------------------------------------------------------------------------------------


async def test_console_script(tmp_path: Path) -> None:
    assert spec.find("endure refuge visit") is not None and spec.find("endure attack") is not None
    assert not hasattr(console_module, "COMMANDS")  # no console-only declarations left
    script = tmp_path / "play.txt"
    script.write_text(
        "\n".join(
            [
                "as alice /game new system:endure scenario:CG00 options:crew=marine-a+medic-a",
                "as bob /game join",
                "as alice /game start",
                "/endure briefing",
                "/endure dashboard",
                "/endure move SEC-w",
                "/endure move to:NAV-a",
                "/endure noise level:1",
                "/endure end",
                "as bob /endure turn actions:move SEC-c; search",
                "/endure help",
            ]
        )
    )
    service = GameService(SqliteStore(tmp_path / "c.db"), seed_source=lambda: 3)
    await service.open()
    out = io.StringIO()
    try:
        errors = await run_console(service, boards=tmp_path / "boards", script=script, out=out)
    finally:
        await service.close()
    text = out.getvalue()
    assert errors == 1, text  # only the move to NAV-a
    assert "! NAV-a cannot be reached" in text
    assert "**alice**: Move to SEC-w · `move SEC-w`" in text and "**bob**: `move SEC-c; search`" in text
    assert "Kill the GEPs" in text and "Dashboard · Marine Kovac" in text
    pngs = sorted((tmp_path / "boards").glob("*.png"))
    assert pngs and all(p.read_bytes().startswith(PNG) for p in pngs)


# -- Discord, end to end through the stand-in ------------------------------------------------------------------

GUILD = 930000000000000001
CHANNEL = 930000000000000010
D_ALICE = FakeUser(id=730000000000000001, name="alice")
D_BOB = FakeUser(id=730000000000000002, name="bob")


def command_size(option: dict) -> int:
    size = len(option.get("name", "")) + len(option.get("description", ""))
    size += sum(len(c["name"]) + len(str(c["value"])) for c in option.get("choices") or [])
    return size + sum(command_size(o) for o in option.get("options") or [])


@pytest.mark.e2e
async def test_endure_through_discord(tmp_path: Path) -> None:
    config = starhost.load_config(env={}, dotenv=tmp_path / "missing.env")
    config = replace(config, token="fake-token", db_path=tmp_path / "e2e.db", dev_guild=GUILD, reminder_seconds=3600)
    async with StandIn(guild_id=GUILD, channel_ids=[CHANNEL], users=[D_ALICE, D_BOB]) as standin:
        bot = starhost.make_bot(config, guild_ready_timeout=0.05)
        bot.service.memo_positions = False  # positions are staged in place below
        await standin.run_client(bot)
        commands = await standin.wait_for_commands(GUILD)
        try:
            endure = next(c for c in commands if c["name"] == "endure")
            subs = {o["name"]: o for o in endure["options"]}
            assert len(subs) <= 25 and {"move", "attack", "turn", "dashboard", "briefing", "refuge"} <= set(subs)
            assert command_size(endure) <= 8000  # Discord's limit for one command with all its subcommands
            leaves = [*subs.values(), *subs["refuge"]["options"]]
            for sub in leaves:
                assert len(sub["description"]) <= 100 and sub["name"] == sub["name"].lower()
                for opt in sub.get("options", []):
                    assert len(opt["description"]) <= 100 and opt["name"] == opt["name"].lower()

            await standin.slash(
                "game new",
                {"system": "endure", "scenario": "CG00", "options": "crew=marine-a+medic-a"},
                user=D_ALICE,
                channel_id=CHANNEL,
            )
            await standin.slash("game join", user=D_BOB, channel_id=CHANNEL)
            started = await standin.slash("game start", user=D_ALICE, channel_id=CHANNEL)
            assert started.files["board.png"].startswith(PNG)

            choices = await standin.autocomplete(
                "endure move", focused="to", value="", user=D_ALICE, channel_id=CHANNEL
            )
            assert {c["value"] for c in choices} >= {"SEC-a", "SEC-w"}
            assert await standin.autocomplete("endure move", focused="to", user=D_BOB, channel_id=CHANNEL) == []

            moved = await standin.slash("endure move", {"to": "SEC-w"}, user=D_ALICE, channel_id=CHANNEL)
            assert not moved.ephemeral and "move SEC-w" in moved.text
            assert moved.files["board.png"].startswith(PNG)

            wrong = await standin.slash("endure move", {"to": "SEC-a"}, user=D_BOB, channel_id=CHANNEL)
            assert wrong.ephemeral and "Marine Kovac's turn" in wrong.text

            batch = await standin.autocomplete(
                "endure turn", focused="actions", value="move SEC-b; ", user=D_ALICE, channel_id=CHANNEL
            )
            assert batch and all(c["value"].startswith("move SEC-b; ") for c in batch)
            turn = await standin.slash("endure turn", {"actions": "move SEC-b; end"}, user=D_ALICE, channel_id=CHANNEL)
            assert "Lindqvist's turn" in turn.text

            record = await bot.service.game_in(CHANNEL)
            _, st = await bot.service.get(record.id)
            here = st.survivors[1].zone
            arm(st, 1, "plasma-cutter")
            place(st, "swarmer", here, 2)
            place(st, "jaeger", here)
            zones = await standin.autocomplete(
                "endure attack", focused="zone", value="", user=D_BOB, channel_id=CHANNEL
            )
            assert [c["value"] for c in zones] == [here]
            splits = await standin.autocomplete(
                "endure attack", focused="kill", value="", options={"zone": here}, user=D_BOB, channel_id=CHANNEL
            )
            assert {c["value"] for c in splits} == {"jaeger swarmer", "swarmer jaeger"}
            hit = await standin.slash(
                "endure attack", {"zone": here, "kill": "jaeger swarmer"}, user=D_BOB, channel_id=CHANNEL
            )
            assert f"attack {here} with plasma-cutter kill jaeger swarmer" in hit.text
            assert hit.files["board.png"].startswith(PNG)
            assert (
                await standin.autocomplete("endure refuge vote", focused="choice", user=D_BOB, channel_id=CHANNEL) == []
            )

            board = await standin.slash("endure dashboard", user=D_BOB, channel_id=CHANNEL)
            assert board.ephemeral and "Medic Lindqvist" in board.text
            brief = await standin.slash("endure briefing", user=D_BOB, channel_id=CHANNEL)
            assert brief.ephemeral and brief.files["board.png"].startswith(PNG)
        finally:
            await standin.stop_client()


async def test_objectives_by_colour_pick_the_one_in_your_zone(table: Table) -> None:
    st = await start(table, scenario="CG09")
    st.survivors[0].zone = "CQ-d"
    pairs = await S.complete_objective(table, A, "", {})
    assert [v for _, v in pairs] == ["vial-2"] and "blue objective in CQ-d" in pairs[0][0]
    reply = await run(table, A, "interact", objective="blue")
    assert "interact vial-2" in reply.as_text()
    assert [o.id for o in (await live(table)).objectives if o.carried_by == 0] == ["vial-2"]
    brief = (await run(table, A, "briefing")).as_text()
    assert "You lose if" in brief and "carrier dies" in brief and "carried by Marine Kovac" in brief


async def test_loader_enter_then_leave_next_turn(table: Table) -> None:
    st = await start(table, scenario="CG01")
    st.survivors[0].zone = st.loader_zone
    assert [v for _, v in await S.complete_loader(table, A, "", {})] == ["enter"]
    climbed = await run(table, A, "loader", do="enter")
    assert "loader enter" in climbed.as_text() and "Lindqvist's turn" in climbed.as_text()
    for _ in range(3):  # Bob ends turns until the Marine acts again (next round)
        st = await live(table)
        if st.survivors[st.order[st.turn_pos]].seat == 0:
            break
        await run(table, B, "end")
    assert [v for _, v in await S.complete_loader(table, A, "", {})] == ["leave"]
    await refused(table, run(table, A, "attack", zone=st.loader_zone, weapon="pistol"), "Loader")
    out = await run(table, A, "loader", do="out")
    assert "loader leave" in out.as_text()
    assert (await live(table)).loader_pilot == -1


async def test_exit_leaves_the_map(table: Table) -> None:
    st = await start(table, scenario="CG04")
    await refused(table, run(table, A, "exit"), "no exit here. Exits: REC-z, HYD-x")
    st.survivors[0].zone = "REC-z"
    out = await run(table, A, "exit")
    assert "`exit`" in out.as_text() and "leaves the area" in out.as_text()
    assert (await live(table)).survivors[0].exited


def typed_for(st: EndureState, seat: int, action: dict) -> tuple[spec.Command, dict[str, str]]:
    """The /endure command and option texts that play a legal action (its ``produces``)."""
    for command in GROUP.commands:
        options = command.produces(st, seat, action) if command.produces else None
        if options is not None:
            return command, options
    raise AssertionError(f"no command for {action}")


async def offered(table: Table, who: Ctx, command: spec.Command, name: str, options: dict[str, str]) -> list[str]:
    """What an option's suggestions offer, the other options filled in as the player typed them; a list
    of several words is typed up to its last one, as the suggestions complete one word at a time."""
    option = command.option(name)
    assert option is not None and option.suggest is not None
    value = options[name]
    given: dict[str, str | None] = {o.name: options.get(o.name) for o in command.options if o.name != name}
    pairs = await option.suggest(table, who, "", given)
    if value not in [v for _, v in pairs] and " " in value:
        pairs = await option.suggest(table, who, value.rsplit(" ", 1)[0] + " ", given)
    return [v for _, v in pairs]


RARE = {"attack", "keep", "interact", "equip", "use", "reward", "loader", "exit", "visit", "recruit", "vote", "salvage"}


@pytest.mark.parametrize("scenario,seed", [("CG00", 1), ("CG04", 2), ("CG01", 3), ("C014", 4), ("refuge", 5)])
async def test_every_legal_action_is_reachable_through_the_commands(tmp_path: Path, scenario: str, seed: int) -> None:
    """Random play where each move is one of legal() typed into the /endure command its ``produces`` names,
    every option value offered by that option's suggestions: the engine must receive exactly that
    action (same notation), and nothing may crash."""
    import random

    service = GameService(SqliteStore(tmp_path / "r.db"), seed_source=lambda: seed)
    await service.open()
    table = Table(service)
    pick = random.Random(seed)
    players = {0: A, 1: B}
    try:
        if scenario == "refuge":  # a campaign, straight to the Refuge with one survivor fallen
            await table.game_new(A, "endure", None, "campaign=house crew=marine-a+medic-a")
        else:
            await table.game_new(A, "endure", scenario, "crew=marine-a+medic-a")
        await table.game_join(B)
        await table.game_start(A)
        if scenario == "refuge":
            service.memo_positions = False  # the position is staged by editing the held state in place
            _, st = await service.get((await service.game_in(CHAN)).id)
            st.survivors[1].alive = False
            enter_refuge(st, Turn(st, None))
        for _ in range(80):
            record = await service.store.open_game_in(CHAN)
            if record is None:  # the game ended
                break
            _, st = await service.get(record.id)
            prompts = table_system().pending(st)
            if not prompts:
                break
            seat = prompts[0].seat
            legal = table_system().legal(st, seat)
            # prefer the rarer decisions, then anything but ending the turn, so the game goes somewhere
            rare = [a for a in legal if a["type"] in RARE]
            busy = [a for a in legal if a["type"] not in ("end", "discard")] or legal
            action = pick.choice(rare if rare and pick.random() < 0.6 else busy)
            command, options = typed_for(st, seat, action)
            for name in options:
                if command.option(name).suggest is not None:  # type: ignore[union-attr]
                    values = await offered(table, players[seat], command, name, options)
                    assert options[name] in values or len(values) == 25, (command.name, name, options, values)
            prefix = table_system().format(action) + "; "
            following = await M.complete_turn(table, players[seat], prefix, {})
            assert all(v.startswith(prefix) and len(v) <= 100 for _, v in following)
            reply = await run(table, players[seat], command.name, **options)
            assert f"`{table_system().format(action)}`" in reply.as_text()
    finally:
        await service.close()


def table_system():
    from rules.endure import SYSTEM

    return SYSTEM


async def test_new_player_hints_in_briefing_and_refusals(table: Table) -> None:
    """Where the marked radar token is, why an attack cannot reach, whom to patch up, where the exits are."""
    from rules.endure import SYSTEM
    from table.reference import rules_topic

    st = await start(table, "crew=medic-a+marine-a")  # alice: Medic in SEC-b, bob: Marine
    marked = next(r.zone for r in st.radar if r.marked)
    brief = (await run(table, A, "briefing")).as_text()
    assert f"Kill the GEPs of the marked radar token\n  (the marked contact is now in {marked})" in brief
    assert "green (G on the map), in NAV-a:" in brief
    # The Medic is unhurt: the refusal names who in the zone could use the treatment.
    st.survivors[1].health -= 2
    await refused(
        table, run(table, A, "ability", which="active", choice="medic"), r"needs no treatment\. Hurt here: Marine Kovac"
    )
    await refused(table, run(table, A, "keep"), "`/endure keep` and `/endure leave` only answer a search")
    await refused(table, run(table, A, "exit"), "this mission has no exit")
    # A melee weapon cannot reach the next zone, and the refusal says so.
    await run(table, A, "end")
    arm(st, 1, "plasma-cutter")
    place(st, "swarmer", "SEC-c")
    await refused(table, run(table, B, "attack", zone="SEC-c", weapon="plasma-cutter"), r"reach \(your own zone only\)")
    title, lines = rules_topic(SYSTEM, "board")
    assert "map picture" in title and "radar contact" in lines[0]
    assert "Resolve cards" in rules_topic(SYSTEM, "resolve")[0]


async def test_attack_suggestions_warn_about_friends_in_the_line_of_fire(table: Table) -> None:
    st = await start(table)  # alice: Marine in SEC-b, bob: Medic
    arm(st, 0, "pistol")
    place(st, "swarmer", "SEC-c")
    st.survivors[1].zone = "SEC-c"
    pairs = await S.complete_attack_zone(table, A, "", {})
    labels = {v: label for label, v in pairs}
    assert "Medic Lindqvist (ranged misses may hit them)" in labels["SEC-c"] and len(labels["SEC-c"]) <= 100
    assert "Marine Kovac" not in labels["SEC-c"]


async def test_dashboard_names_lasting_resolve_effects_by_card_name(table: Table) -> None:
    st = await start(table)
    st.survivors[0].phobias = ["memory_loss"]
    text = (await run(table, A, "dashboard")).as_text()
    assert "Lasting effects (from Resolve cards): Memory Loss" in text and "memory_loss" not in text


async def test_help_is_the_table_page_and_points_new_players_the_way(table: Table) -> None:
    reply = await run(table, A, "help")
    text = reply.as_text()
    assert reply.ephemeral and reply.lines == spec.help_page(GROUP)
    assert "/endure briefing" in text and "topic:board" in text and "ranged misses" in text
    for command in GROUP.commands:
        assert spec.usage(GROUP, command) in text


async def test_switch_and_ability_choice_texts_use_plain_names(table: Table) -> None:
    st = await start(table, "crew=medic-a+marine-a")  # alice: Medic, bob: Marine
    st.survivors[1].health -= 3
    await refused(
        table, run(table, A, "ability", which="active"), r"choice:<one of these>\): marine-a \(Marine Kovac\)"
    )
    st.survivors[0].zone = "NAV-a"
    reply = await run(table, A, "interact", objective="green")
    assert "the door between LAB-c and LAB-z unlocks" in reply.as_text()


async def test_a_hazard_event_points_to_what_it_does(table: Table) -> None:
    await start(table)  # the event deck holds only Lockdown cards
    await run(table, A, "end")
    reply = await run(table, B, "end")
    assert "(lasts a round; what it does: `/rules system:endure topic:events`)" in reply.as_text()


# -- a whole mission through the stand-in, slash commands only ---------------------------------------------------

MISSION_SEED = 1  # with these dice the crew wins (most seeds lose)
MAX_STEPS = 80


def goal_zones(st: EndureState) -> set[str]:
    """Where the mission's work is, as the board picture shows it: open objectives, the marked contact, exits."""
    from rules.endure.world import obj_specs

    specs = obj_specs(st)
    busy = ("object", "marker", "lair", "capture")
    zones = {o.zone for o in st.objectives if not o.done and o.carried_by < 0 and specs[o.id].hook not in busy}
    zones |= {r.zone for r in st.radar if r.marked} | {e.zone for e in st.enemies if e.marked}
    if st.exits_open:
        zones |= set(content().missions[st.mission].exits)
    return zones


def distance(st: EndureState, zone: str, goals: set[str]) -> int:
    from rules.endure.world import path_steps

    found = [d for g in goals if (d := path_steps(st, zone, g, mover_blocked=False)[0]) >= 0]
    return min(found, default=999)


def assert_board(reply) -> None:
    """A public game reply carries its board as a PNG shown in the embed."""
    assert not reply.ephemeral, reply.text
    assert reply.embed["image"]["url"] == "attachment://board.png"
    assert reply.files["board.png"].startswith(PNG)


async def one_step(standin: StandIn, bot, user: FakeUser, played: list[str]):
    """The pinged player's next command, chosen from the autocomplete the way the test's docstring says."""

    async def ask(command: str, focused: str, value: str = "", **options: str) -> list[str]:
        choices = await standin.autocomplete(
            command, focused=focused, value=value, options=options, user=user, channel_id=CHANNEL
        )
        return [c["value"] for c in choices]

    async def send(command: str, **options: str):
        played.append(f"{user.name}: /{command} {options}")
        return await standin.slash(command, options, user=user, channel_id=CHANNEL)

    if await ask("endure keep", "item"):  # a found item waits: leave it
        return await send("endure leave")
    if zones := await ask("endure attack", "zone"):
        weapons = await ask("endure attack", "weapon", zone=zones[0])
        return await send("endure attack", zone=zones[0], weapon=weapons[0])
    if objectives := await ask("endure interact", "objective"):
        return await send("endure interact", objective=objectives[0])
    if "exit" in await ask("act", "action", "exit"):
        return await send("endure exit")
    _, st = await bot.service.get((await bot.service.game_in(CHANNEL)).id)  # read only: a look at the map
    goals, here = goal_zones(st), st.survivors[table_system().current(st)].zone
    moves = sorted(await ask("endure move", "to"), key=lambda z: distance(st, z, goals))
    if moves and distance(st, moves[0], goals) < distance(st, here, goals):
        return await send("endure move", to=moves[0])
    return await send("endure end")


@pytest.mark.e2e
async def test_a_whole_endure_mission_through_discord(tmp_path: Path) -> None:
    """Noisy Neighbours played to its end with slash commands only. Each step the player pinged by the last
    reply asks the autocomplete of the /endure commands (and /act's) for choices and takes the first useful
    one: attack, then interact or exit, then a move toward the work (judged on the map), else end the turn."""
    config = starhost.load_config(env={}, dotenv=tmp_path / "missing.env")
    config = replace(config, token="fake-token", db_path=tmp_path / "e2e.db", dev_guild=GUILD, reminder_seconds=3600)
    users = {u.id: u for u in (D_ALICE, D_BOB)}
    async with StandIn(guild_id=GUILD, channel_ids=[CHANNEL], users=list(users.values())) as standin:
        bot = starhost.make_bot(config, guild_ready_timeout=0.05)
        bot.service.seed_source = lambda: MISSION_SEED  # the same dice every run
        await standin.run_client(bot)
        await standin.wait_for_commands(GUILD)
        try:
            await standin.slash(
                "game new",
                {"system": "endure", "scenario": "CG00", "options": "crew=marine-a+medic-a"},
                user=D_ALICE,
                channel_id=CHANNEL,
            )
            await standin.slash("game join", user=D_BOB, channel_id=CHANNEL)
            reply = await standin.slash("game start", user=D_ALICE, channel_id=CHANNEL)
            played: list[str] = []
            refusals = 0
            for _ in range(MAX_STEPS):
                assert_board(reply)
                if "Game over" in reply.text:
                    break
                pinged = [uid for uid in users if f"<@{uid}>" in reply.content]
                assert len(pinged) == 1, reply.content  # exactly the player who must act
                user = users[pinged[0]]
                if not played:  # the other player jumps the queue: refused privately, nothing changes
                    other = next(u for u in users.values() if u is not user)
                    wrong = await standin.slash("endure end", user=other, channel_id=CHANNEL)
                    assert wrong.ephemeral and "turn" in wrong.text and not wrong.files

                reply = await one_step(standin, bot, user, played)
                if reply.ephemeral:  # a suggestion that was refused: say so privately, then give up the turn
                    refusals += 1
                    assert not reply.files and reply.text, played[-1]
                    played.append(f"{user.name}: /endure end")
                    reply = await standin.slash("endure end", user=user, channel_id=CHANNEL)
            else:
                raise AssertionError(f"no end after {MAX_STEPS} steps:\n" + "\n".join(played[-20:]))

            assert refusals == 0, played
            assert "Mission CG00 Noisy Neighbours complete!" in reply.text, reply.text
            assert await standin.autocomplete("act", focused="action", user=D_ALICE, channel_id=CHANNEL) == []
            final = await standin.slash("game status", user=D_BOB, channel_id=CHANNEL)
            assert_board(final)
            assert "Final position" in final.text and "Noisy Neighbours complete!" in final.text
            assert "<@" not in final.content  # nobody is pinged any more
            verified = await standin.slash("game verify", user=D_ALICE, channel_id=CHANNEL)
            assert verified.ephemeral and f"Replayed {len(played)} actions: the record is intact." in verified.text
        finally:
            await standin.stop_client()
