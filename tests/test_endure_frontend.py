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
from table import Ctx, Table
from table import endure as play
from table.console import COMMANDS, load_system_commands, run_console
from tests.standin import FakeUser, StandIn

ALICE, BOB, CAROL = Actor(101, "alice"), Actor(102, "bob"), Actor(103, "carol")
CHAN = 77
PNG = b"\x89PNG\r\n\x1a\n"


def ctx(actor: Actor) -> Ctx:
    return Ctx(actor=actor, channel_id=CHAN, guild_id=1)


A, B, C = ctx(ALICE), ctx(BOB), ctx(CAROL)


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    service = GameService(SqliteStore(tmp_path / "t.db"), seed_source=lambda: 5)
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
    reply = await play.move(table, A, "sec-w")  # any case
    assert "`move SEC-w`" in reply.as_text() and reply.image is not None
    assert (await live(table)).survivors[0].zone == "SEC-w"
    await refused(table, play.move(table, A, "NAV-a"), "cannot be reached")
    await refused(table, play.move(table, A, "NAV-a"), r"Next to SEC-w: SEC-b, SEC-x \(a longer path")
    await refused(table, play.move(table, A, "Bridge-9"), "no zone 'Bridge-9'")
    await refused(table, play.move(table, A, ""), "Say where to move")
    await refused(table, play.move(table, B, "SEC-b"), "Marine Kovac's turn, played by alice")
    await refused(table, play.move(table, C, "SEC-b"), "not playing")
    path = await play.move(table, A, "SEC-b, SEC-c")
    assert "move SEC-b SEC-c" in path.as_text()
    assert (await live(table)).survivors[0].zone == "SEC-c"


async def test_attack_with_damage_split_and_refusals(table: Table) -> None:
    st = await start(table)
    arm(st, 0, "plasma-cutter", "pistol")
    place(st, "swarmer", "SEC-b", 2)
    place(st, "jaeger", "SEC-b")
    await refused(table, play.attack(table, A, "SEC-b"), "Pick a weapon: Plasma Cutter, Pistol|Pick a weapon: Pistol")
    await refused(table, play.attack(table, A, "SEC-b", "shotgun"), "has no 'shotgun'")
    await refused(table, play.attack(table, A, "SEC-b", "pistol", kill="icarus"), "no Icarus in SEC-b")
    await refused(table, play.attack(table, A, "SEC-b", "pistol", kill="toaster"), "not an enemy")
    await refused(table, play.attack(table, A, "SEC-c", "pistol"), "nothing to attack")
    reply = await play.attack(table, A, "sec-b", "Plasma Cutter", kill="jaegers, swarmer")
    assert "attack SEC-b with plasma-cutter kill jaeger swarmer" in reply.as_text()
    assert (await live(table)).survivors[0].actions == 2


async def test_search_keep_leave_discard(table: Table) -> None:
    st = await start(table)
    st.item_deck = ["med-kit", "fire-axe", "shotgun"]
    arm(st, 0, "pistol", "plasma-cutter", "swarmer-leg")
    await refused(table, play.keep(table, A), "not found anything")
    reply = await play.search(table, A)
    assert "`search`" in reply.as_text()
    assert [f.card for f in (await live(table)).survivors[0].found] == ["shotgun"]
    await refused(table, play.move(table, A, "SEC-a"), "First decide")
    await refused(table, play.keep(table, A), "No room")
    await refused(table, play.keep(table, A, drop="laser"), "has no 'laser'")
    kept = await play.keep(table, A, "shotgun", drop="Swarmer Leg")
    assert "keep shotgun drop swarmer-leg" in kept.as_text()
    await refused(table, play.search(table, A), "already searched")
    await play.move(table, A, "SEC-c")
    await play.search(table, A)
    assert (await live(table)).survivors[0].found
    thrown = await play.discard(table, A, "pistol")  # free, even with a find waiting
    assert "gone for good" in thrown.as_text()
    await refused(table, play.discard(table, A, "pistol"), "has no 'pistol'")
    left = await play.leave(table, A)
    assert "`leave`" in left.as_text() and "Lindqvist's turn" in left.as_text()  # no actions left


async def test_interact(table: Table) -> None:
    st = await start(table)
    await refused(table, play.interact(table, A), "nothing to interact")
    await refused(table, play.interact(table, A, "purple"), "no objective 'purple'")
    st.survivors[0].zone = "NAV-a"
    reply = await play.interact(table, A, "Green")
    assert "interact green" in reply.as_text()
    assert (await live(table)).doors.get("LAB-c|LAB-z") == "open"


async def test_abilities_with_and_without_a_choice(table: Table) -> None:
    st = await start(table, "crew=medic-a+marine-a")  # alice: Medic, bob: Marine
    st.survivors[1].health -= 3
    await refused(table, play.ability(table, A, "passive"), "active .* or crisis")
    await refused(table, play.ability(table, A, "active"), "needs a choice")
    await refused(table, play.ability(table, A, "active", "nobody-at-all"), "no survivor")
    pairs = await play.complete_ability_choice(table, A, "", {"which": "active"})
    assert ("marine-a" in {v for _, v in pairs}) and all(len(label) <= 100 for label, _ in pairs)
    reply = await play.ability(table, A, "active", "Marine")  # class name instead of key
    assert "ability active target marine-a" in reply.as_text()
    assert (await live(table)).survivors[1].health > content().survivors["marine-a"].health - 3
    await refused(table, play.ability(table, A, "active", "marine"), "already used")


async def test_reward(table: Table) -> None:
    st = await start(table)
    await refused(table, play.reward(table, A), "no unlocked reward")
    s = st.survivors[0]
    s.accomplishment, s.unlocked, s.resolve = "alone-time", True, 6
    reply = await play.reward(table, A)
    assert "`reward`" in reply.as_text()
    assert (await live(table)).survivors[0].resolve == 8


async def test_trade_offer_answered_by_the_other_player(table: Table) -> None:
    st = await start(table)
    arm(st, 0, "pistol")
    arm(st, 1, "med-kit")
    await refused(table, play.trade(table, A, "medic"), "Say what to give")
    await refused(table, play.trade(table, A, "medic", take="shotgun"), "has no 'shotgun'")
    await refused(table, play.trade(table, A, "ghost", give="pistol"), "no survivor 'ghost'")
    await refused(table, play.answer(table, A, "yes"), "no trade offer")
    partners = await play.complete_partner(table, A, "", {})
    assert [v for _, v in partners] == ["medic-a"]
    takes = await play.complete_take(table, A, "", {"partner": "medic-a"})
    assert ("Med Kit", "med-kit") in takes
    offer = await play.trade(table, A, "Lindqvist", give="pistol", take="med kit")
    assert "trade medic-a give pistol take med-kit" in offer.as_text()
    assert offer.mentions == [BOB.user_id]
    assert "offers Pistol for Med Kit" in offer.as_text()
    await refused(table, play.move(table, A, "SEC-a"), "Waiting for bob")
    await refused(table, play.answer(table, B, "maybe"), "yes or no")
    assert [v for _, v in await play.complete_answer(table, B, "", {})] == ["yes", "no"]
    done = await play.answer(table, B, "yes")
    assert "gives Pistol" in done.as_text()
    st = await live(table)
    assert [it.card for stack in st.survivors[0].slots for it in stack] == ["med-kit"]


async def test_use_reorganise_noise_end(table: Table) -> None:
    st = await start(table)
    arm(st, 0, "bastion-armour", "pistol", "med-kit", "riot-plating")  # the first armour is worn
    st.survivors[0].health -= 2
    await refused(table, play.use(table, A, "pistol"), "not something you use")
    await refused(table, play.use(table, A, "med-kit", at="Nowhere"), "no zone")
    used = await play.use(table, A, "Med Kit")
    assert "use med-kit" in used.as_text()
    await refused(table, play.reorganise(table, A, "pistol"), "Only armour and helmets")
    worn = await play.reorganise(table, A, "riot")
    assert "equip riot-plating" in worn.as_text()
    assert [it.card for it in (await live(table)).survivors[0].body] == ["riot-plating"]
    await refused(table, play.noise(table, A, "4"), "1, 2 or 3")
    await refused(table, play.noise(table, A, "2"), "only 1 action")
    loud = await play.noise(table, A, "1")
    assert "noise 1" in loud.as_text()
    assert (await live(table)).survivors[0].zone == "SEC-b"  # Alice's turn ended by itself: 0 actions
    await refused(table, play.end(table, A), "Lindqvist's turn")
    ended = await play.end(table, B)
    assert "ends the turn" in ended.as_text()


async def test_exit_and_loader(table: Table) -> None:
    st = await start(table, scenario="CG01")
    await refused(table, play.exit_map(table, A), "There is no exit here")
    await refused(table, play.loader(table, A, "fly"), "enter or leave")
    await refused(table, play.loader(table, A, "enter"), "Loader stands in")
    st.survivors[0].zone = st.loader_zone
    climbed = await play.loader(table, A, "in")
    assert "loader enter" in climbed.as_text()
    assert (await live(table)).loader_pilot == 0


async def test_whole_turn_in_one_command_is_all_or_nothing(table: Table) -> None:
    await start(table)
    await refused(table, play.turn(table, A, "move SEC-w; move NAV-a"), "cannot be reached")
    await refused(table, play.turn(table, A, "dance"), "not an Endure command")
    reply = await play.turn(table, A, "move SEC-w; move SEC-b; end")
    assert "move SEC-w; move SEC-b; end" in reply.as_text()
    assert "Lindqvist's turn" in reply.as_text()
    nxt = await play.complete_turn(table, B, "move SEC-c; ", {})
    assert nxt and all(v.startswith("move SEC-c; ") for _, v in nxt)
    assert any(v == "move SEC-c; move SEC-b" for _, v in nxt)  # computed from where the first move leads


async def test_dashboard_and_briefing_are_private(table: Table) -> None:
    st = await start(table)
    st.survivors[0].injuries = ["leg"]
    mine = await play.dashboard(table, A)
    text = mine.as_text()
    assert mine.ephemeral and "Marine Kovac" in text and "Health 10/10" in text
    assert "injured: leg" in text and "Slot 1:" in text and "? at" in text and "Accomplishment" in text
    assert "Acting now: 3 action(s) left" in text
    assert mine.image is not None and mine.image_name == "dashboard.png" and mine.image().startswith(PNG)
    other = await play.dashboard(table, C, "medic")  # a spectator may look, hidden cards stay hidden
    assert "Medic Lindqvist" in other.as_text() and "? at" in other.as_text()
    await refused(table, play.dashboard(table, A, "ghost"), "no survivor")
    await table.game_settings(A, "spectators", "off")
    await refused(table, play.dashboard(table, C, "medic"), "spectators are switched off")
    await refused(table, play.briefing(table, C), "spectators are switched off")
    brief = await play.briefing(table, B)
    assert brief.ephemeral and "Noisy Neighbours" in brief.title
    assert "Kill the GEPs of the marked radar token" in brief.as_text() and "green" in brief.as_text()
    assert brief.image is not None and brief.image().startswith(PNG)


async def test_refuge_visits_and_vote(table: Table) -> None:
    st = await start(table, "campaign=terrible crew=marine-a+medic-a", scenario="")
    await refused(table, play.vote(table, A, "leave"), "not at the Refuge")
    enter_refuge(st, Turn(st, None))
    await refused(table, play.move(table, A, "SEC-w"), "at the Refuge")
    await refused(table, play.visit(table, A, "medic", "quarters", "health"), "not your survivor")
    await refused(table, play.visit(table, A, "marine", "spa"), "Visit one of")
    await refused(table, play.visit(table, A, "marine", "quarters"), "pick health")
    places = [v for _, v in await play.complete_place(table, A, "", {})]
    assert "quarters" in places and "infirmary" in places
    assert [v for _, v in await play.complete_refuge_survivor(table, A, "", {})] == ["0"]
    visited = await play.visit(table, A, "Kovac", "quarters", "resolve")
    assert "visit 0 quarters pick resolve" in visited.as_text()
    await play.visit(table, B, "medic", "loved ones")
    assert {v for _, v in await play.complete_vote(table, A, "", {})} >= {"leave"}
    await refused(table, play.vote(table, A, "maybe"), "stay .* or leave")
    voted = await play.vote(table, A, "leave")
    assert "vote leave" in voted.as_text()


async def test_recruit_replaces_a_fallen_survivor(table: Table) -> None:
    st = await start(table, "campaign=terrible crew=marine-a+medic-a", scenario="")
    st.survivors[0].alive = False
    enter_refuge(st, Turn(st, None))
    fallen = await play.complete_fallen(table, A, "", {})
    assert [v for _, v in fallen] == ["0"]
    names = [v for _, v in await play.complete_recruit(table, A, "", {})]
    assert "marine-a" not in names and "scout-a" in names
    await refused(table, play.recruit(table, A, "0", "medic-a"), "already been played")
    await refused(table, play.recruit(table, A, "0", "janitor"), "no survivor 'janitor'")
    reply = await play.recruit(table, A, "Kovac", "Scout-A")
    assert "recruit 0 scout-a" in reply.as_text()


# -- autocomplete ---------------------------------------------------------------------------------------------


async def test_autocomplete_comes_from_legal_and_respects_limits(table: Table) -> None:
    st = await start(table)
    arm(st, 0, "pistol", "plasma-cutter")
    place(st, "swarmer", "SEC-b", 2)
    place(st, "jaeger", "SEC-b")
    moves = await play.complete_move(table, A, "", {})
    assert {v for _, v in moves} == {"SEC-a", "SEC-c", "SEC-w"}
    assert all(len(label) <= 100 and len(v) <= 100 for label, v in moves)
    assert [v for _, v in await play.complete_move(table, A, "sec-c", {})] == ["SEC-c"]
    path = await play.complete_move(table, A, "SEC-w ", {})
    assert path and all(v.startswith("SEC-w ") for _, v in path)
    assert await play.complete_move(table, B, "", {}) == []  # not Bob's turn
    assert await play.complete_move(table, C, "", {}) == []  # not seated
    zones = await play.complete_attack_zone(table, A, "", {})
    assert [v for _, v in zones] == ["SEC-b"] and "2 Swarmers" in zones[0][0]
    weapons = {v for _, v in await play.complete_weapon(table, A, "", {"zone": "SEC-b"})}
    assert weapons == {"pistol", "plasma-cutter"}
    splits = {v for _, v in await play.complete_kill(table, A, "", {"zone": "SEC-b"})}
    assert splits == {"jaeger swarmer", "swarmer jaeger"}
    assert {v for _, v in await play.complete_noise(table, A, "", {})} == {"1", "2", "3"}
    assert await play.complete_survivor(table, C, "lind", {}) == [("Medic Lindqvist (bob, SEC-b, Health 7)", "medic-a")]
    give = await play.complete_give(table, A, "pistol ", {})
    assert [v for _, v in give] == ["pistol plasma-cutter"]
    st.event_deck = []
    assert len(await play.complete_turn(table, A, "", {})) <= 25


async def test_autocomplete_without_a_game_is_empty(table: Table) -> None:
    for helper in (play.complete_move, play.complete_turn, play.complete_survivor, play.complete_vote):
        assert await helper(table, A, "", {}) == []


# -- console ---------------------------------------------------------------------------------------------------


async def test_console_script(tmp_path: Path) -> None:
    load_system_commands()
    assert "endure refuge visit" in COMMANDS and "endure attack" in COMMANDS
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
    assert "**alice**: `move SEC-w`" in text and "**bob**: `move SEC-c; search`" in text
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
    pairs = await play.complete_objective(table, A, "", {})
    assert [v for _, v in pairs] == ["vial-2"] and "blue objective in CQ-d" in pairs[0][0]
    reply = await play.interact(table, A, "blue")
    assert "interact vial-2" in reply.as_text()
    assert [o.id for o in (await live(table)).objectives if o.carried_by == 0] == ["vial-2"]
    brief = (await play.briefing(table, A)).as_text()
    assert "You lose if" in brief and "carrier dies" in brief and "carried by Marine Kovac" in brief


async def test_loader_enter_then_leave_next_turn(table: Table) -> None:
    st = await start(table, scenario="CG01")
    st.survivors[0].zone = st.loader_zone
    assert [v for _, v in await play.complete_loader(table, A, "", {})] == ["enter"]
    climbed = await play.loader(table, A, "enter")
    assert "loader enter" in climbed.as_text() and "Lindqvist's turn" in climbed.as_text()
    for _ in range(3):  # Bob ends turns until the Marine acts again (next round)
        st = await live(table)
        if st.survivors[st.order[st.turn_pos]].seat == 0:
            break
        await play.end(table, B)
    assert [v for _, v in await play.complete_loader(table, A, "", {})] == ["leave"]
    await refused(table, play.attack(table, A, st.loader_zone, "pistol"), "Loader")
    out = await play.loader(table, A, "out")
    assert "loader leave" in out.as_text()
    assert (await live(table)).loader_pilot == -1


async def test_exit_leaves_the_map(table: Table) -> None:
    st = await start(table, scenario="CG04")
    await refused(table, play.exit_map(table, A), "no exit here. Exits: REC-z, HYD-x")
    st.survivors[0].zone = "REC-z"
    out = await play.exit_map(table, A)
    assert "`exit`" in out.as_text() and "leaves the area" in out.as_text()
    assert (await live(table)).survivors[0].exited


def command_for(action: dict) -> tuple[object, dict]:
    """The /endure command and options a player would use for a legal action."""
    t = action["type"]
    if t == "move":
        return play.move, {"to": " ".join(action.get("zones") or [action["zone"]])}
    if t == "attack":
        opts = {"zone": action["zone"], "weapon": action["weapon"]}
        if action.get("object"):
            opts["target"] = action["object"]
        return play.attack, opts
    if t in ("search", "leave", "end", "reactivate"):
        return {"search": play.search, "leave": play.leave, "end": play.end, "reactivate": play.reactivate}[t], {}
    if t == "exit":
        return play.exit_map, {}
    if t == "keep":
        return play.keep, {k: action[k] for k in ("item", "drop") if action.get(k)}
    if t == "interact":
        return play.interact, {"objective": action["objective"]} if action.get("objective") else {}
    if t == "ability":
        return play.ability, {"which": action["which"], "choice": play._choice_value(action) or None}
    if t == "reward":
        return play.reward, {"choice": play._choice_value(action) or None}
    if t == "trade":
        return play.trade, {
            "partner": action["with"],
            "give": " ".join(action["give"]) or None,
            "take": " ".join(action["take"]) or None,
        }
    if t == "answer":
        return play.answer, {"reply": "yes" if action["accept"] else "no"}
    if t == "use":
        return play.use, {"item": action["item"], "at": action.get("zone")}
    if t == "equip":
        return play.reorganise, {"item": action["item"]}
    if t == "discard":
        return play.discard, {"item": action["item"]}
    if t == "noise":
        return play.noise, {"level": str(action["level"])}
    if t == "loader":
        return play.loader, {"do": action["do"]}
    if t == "salvage":
        return play.salvage, {"actions": str(action["actions"])}
    if t == "visit":
        return play.visit, {
            "survivor": str(action["survivor"]),
            "place": action["place"],
            "pick": action.get("pick"),
            "get": action.get("take"),
            "give": " ".join(action.get("give") or []) or None,
        }
    if t == "recruit":
        return play.recruit, {"fallen": str(action["replace"]), "survivor": action["survivor"]}
    if t == "vote":
        return play.vote, {"choice": action["choice"], "route": action.get("route")}
    raise AssertionError(f"no command for {action}")


def suggestions_for(action: dict) -> list[tuple[object, dict, str]]:
    """(autocomplete helper, other options, the value it must offer) for a legal action."""
    t = action["type"]
    out: list[tuple[object, dict, str]] = []
    if t == "move" and "zone" in action:
        out.append((play.complete_move, {}, action["zone"]))
    if t == "attack":
        out.append((play.complete_attack_zone, {}, action["zone"]))
        out.append((play.complete_weapon, {"zone": action["zone"]}, action["weapon"]))
        if action.get("object"):
            out.append((play.complete_object, {"zone": action["zone"]}, action["object"]))
    if t == "interact" and action.get("objective"):
        out.append((play.complete_objective, {}, action["objective"]))
    if t == "ability":
        out.append((play.complete_ability_which, {}, action["which"]))
        if play._choice_value(action):
            out.append((play.complete_ability_choice, {"which": action["which"]}, play._choice_value(action)))
    if t == "reward" and play._choice_value(action):
        out.append((play.complete_reward_choice, {}, play._choice_value(action)))
    if t == "trade":
        out.append((play.complete_partner, {}, action["with"]))
    if t == "use":
        out.append((play.complete_use, {}, action["item"]))
        if action.get("zone"):
            out.append((play.complete_use_at, {"item": action["item"]}, action["zone"]))
    if t == "equip":
        out.append((play.complete_reorganise, {}, action["item"]))
    if t == "discard":
        out.append((play.complete_discard, {}, action["item"]))
    if t == "noise":
        out.append((play.complete_noise, {}, str(action["level"])))
    if t == "loader":
        out.append((play.complete_loader, {}, action["do"]))
    if t == "answer":
        out.append((play.complete_answer, {}, "yes" if action["accept"] else "no"))
    if t == "keep":
        if action.get("item"):
            out.append((play.complete_keep, {}, action["item"]))
        if action.get("drop"):
            out.append((play.complete_drop, {}, action["drop"]))
    if t == "visit":
        out.append((play.complete_refuge_survivor, {}, str(action["survivor"])))
        out.append((play.complete_place, {}, action["place"]))
        if action.get("take"):
            out.append((play.complete_stock, {}, action["take"]))
    if t == "recruit":
        out.append((play.complete_fallen, {}, str(action["replace"])))
        out.append((play.complete_recruit, {}, action["survivor"]))
    if t == "vote":
        out.append((play.complete_vote, {}, action["choice"]))
        if action.get("route"):
            out.append((play.complete_route, {}, action["route"]))
    if t == "salvage":
        out.append((play.complete_salvage, {}, str(action["actions"])))
    return out


RARE = {"attack", "keep", "interact", "equip", "use", "reward", "loader", "exit", "visit", "recruit", "vote", "salvage"}


@pytest.mark.parametrize("scenario,seed", [("CG00", 1), ("CG04", 2), ("CG01", 3), ("C014", 4), ("refuge", 5)])
async def test_every_legal_action_is_reachable_through_the_commands(tmp_path: Path, scenario: str, seed: int) -> None:
    """Random play where each move is one of legal() typed into the matching /endure command:
    the engine must receive exactly that action (same notation), and nothing may crash."""
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
            for helper, others, value in suggestions_for(action):
                offered = [v for _, v in await helper(table, players[seat], "", others)]
                assert value in offered or len(offered) == 25, (helper.__name__, value, offered)
            prefix = table_system().format(action) + "; "
            following = await play.complete_turn(table, players[seat], prefix, {})
            assert all(v.startswith(prefix) and len(v) <= 100 for _, v in following)
            command, options = command_for(action)
            reply = await command(table, players[seat], **{k: v for k, v in options.items() if v is not None})
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
    brief = (await play.briefing(table, A)).as_text()
    assert f"Kill the GEPs of the marked radar token\n  (the marked contact is now in {marked})" in brief
    assert "green (G on the map), in NAV-a:" in brief
    # The Medic is unhurt: the refusal names who in the zone could use the treatment.
    st.survivors[1].health -= 2
    await refused(table, play.ability(table, A, "active", "medic"), r"needs no treatment\. Hurt here: Marine Kovac")
    await refused(table, play.keep(table, A), "keep and leave only answer a search")
    await refused(table, play.exit_map(table, A), "this mission has no exit")
    # A melee weapon cannot reach the next zone, and the refusal says so.
    await play.end(table, A)
    arm(st, 1, "plasma-cutter")
    place(st, "swarmer", "SEC-c")
    await refused(table, play.attack(table, B, "SEC-c", "plasma-cutter"), r"reach \(your own zone only\)")
    title, lines = rules_topic(SYSTEM, "board")
    assert "map picture" in title and "radar contact" in lines[0]
    assert "Resolve cards" in rules_topic(SYSTEM, "resolve")[0]


async def test_attack_suggestions_warn_about_friends_in_the_line_of_fire(table: Table) -> None:
    st = await start(table)  # alice: Marine in SEC-b, bob: Medic
    arm(st, 0, "pistol")
    place(st, "swarmer", "SEC-c")
    st.survivors[1].zone = "SEC-c"
    pairs = await play.complete_attack_zone(table, A, "", {})
    labels = {v: label for label, v in pairs}
    assert "Medic Lindqvist (ranged misses may hit them)" in labels["SEC-c"] and len(labels["SEC-c"]) <= 100
    assert "Marine Kovac" not in labels["SEC-c"]


async def test_dashboard_names_lasting_resolve_effects_by_card_name(table: Table) -> None:
    st = await start(table)
    st.survivors[0].phobias = ["memory_loss"]
    text = (await play.dashboard(table, A)).as_text()
    assert "Lasting effects (from Resolve cards): Memory Loss" in text and "memory_loss" not in text


def test_help_points_new_players_to_the_briefing_the_map_legend_and_friendly_fire() -> None:
    text = " ".join(play.HELP_LINES)
    assert "/endure briefing" in text and "topic:board" in text and "ranged misses" in text


async def test_switch_and_ability_choice_texts_use_plain_names(table: Table) -> None:
    st = await start(table, "crew=medic-a+marine-a")  # alice: Medic, bob: Marine
    st.survivors[1].health -= 3
    await refused(table, play.ability(table, A, "active"), r"choice:<one of these>\): marine-a \(Marine Kovac\)")
    st.survivors[0].zone = "NAV-a"
    reply = await play.interact(table, A, "green")
    assert "the door between LAB-c and LAB-z unlocks" in reply.as_text()


async def test_a_hazard_event_points_to_what_it_does(table: Table) -> None:
    await start(table)  # the event deck holds only Lockdown cards
    await play.end(table, A)
    reply = await play.end(table, B)
    assert "(lasts a round; what it does: /rules system:endure topic:events)" in reply.as_text()


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
