"""Starcadia Quest's front end: the /starcadia command table (run as the console runs it: option texts
converted by kind), autocomplete, the console and one Discord session."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from rules.core import RuleError
from rules.starcadia import SYSTEM
from rules.starcadia import board as B
from rules.starcadia import engine as E
from rules.starcadia.ai import smart_choice
from rules.starcadia.content import CONTENT
from sessions.errors import SessionError
from sessions.service import Actor, GameService
from sessions.store import SqliteStore
from table import Ctx, Reply, Table
from table.console import convert_options, run_console
from table.spec import Pairs
from table.starcadia.commands import GROUP

ALICE, BOB, CAROL = Actor(1, "alice"), Actor(2, "bob"), Actor(3, "carol")
PLAYERS = [ALICE, BOB]
CHAN = 10


def ctx(actor: Actor) -> Ctx:
    return Ctx(actor=actor, channel_id=CHAN, guild_id=1)


@pytest.fixture
async def table():
    service = GameService(SqliteStore(":memory:"), seed_source=lambda: 7)  # in memory: fast, same SQL
    # Some tests stage positions by editing the held state in place; a position's memo cannot see such
    # an edit (a real game only ever moves to a new state), so it is left out here.
    service.memo_positions = False
    await service.open()
    yield Table(service)
    await service.close()


async def run(name: str, table: Table, context: Ctx, *values: object, **options: object) -> Reply:
    """``/starcadia <name>`` with these option texts (positional in the table's order), as the console runs it."""
    command = GROUP.command(name)
    assert command is not None, name
    typed = dict(zip((o.name for o in command.options), values, strict=False)) | options
    texts = {key: str(value) for key, value in typed.items() if value is not None}
    return await command.handler(table, context, **convert_options(GROUP, command, texts))


async def suggest(table: Table, context: Ctx, name: str, option: str, typed: str, given: dict) -> Pairs:
    """What ``option`` of ``/starcadia <name>`` suggests after ``typed``, the other options being ``given``."""
    command = GROUP.command(name)
    found = command.option(option) if command else None
    assert found is not None and found.suggest is not None, (name, option)
    return await found.suggest(table, context, typed, given)


async def new_game(table: Table, options: str = "draft=random") -> None:
    await table.game_new(ctx(ALICE), "starcadia", options=options)
    await table.game_join(ctx(BOB))
    await table.game_start(ctx(ALICE))


async def state_of(table: Table):
    return (await table.seat_context(ctx(CAROL), "starcadia")).state


async def version(table: Table) -> int:
    return (await table.service.game_in(CHAN)).version


async def waiting(table: Table) -> Actor:
    state = await state_of(table)
    return PLAYERS[SYSTEM.pending(state)[0].seat]


async def refused(table: Table, call, match: str) -> None:
    """The call is refused with a sentence matching ``match`` and the game does not move."""
    before = await version(table)
    with pytest.raises(RuleError, match=match):
        await call
    assert await version(table) == before


async def to_play(table: Table) -> None:
    """Random heroes, then both shuttle slots claimed through /starcadia claim."""
    await new_game(table)
    for _ in range(2):
        actor = await waiting(table)
        slots = await suggest(table, ctx(actor), "claim", "slot", "", {})
        await run("claim", table, ctx(actor), slots[0][1])
    assert (await state_of(table)).phase == "play"


async def answer_all(table: Table) -> None:
    """Answer every mid-play decision (event monsters, guard order...) with /starcadia answer's default."""
    for _ in range(20):
        state = await state_of(table)
        if state.wait is None and state.payback is None:
            return
        await run("answer", table, ctx(PLAYERS[SYSTEM.pending(state)[0].seat]))


def hero_of(state, actor: Actor) -> list[str]:
    return list(state.crews[PLAYERS.index(actor)].heroes)


def distance_to_monsters(state, space: str) -> int:
    x, y = B.parse_space(space)
    return min(
        (abs(x - B.parse_space(m.pos)[0]) + abs(y - B.parse_space(m.pos)[1]) for m in state.monsters), default=99
    )


async def until_attack(table: Table, turns: int = 30) -> Actor:
    """Walk heroes toward the monsters with /starcadia move and end until someone can attack."""
    for _ in range(turns):
        state = await state_of(table)
        actor = await waiting(table)
        seat = PLAYERS.index(actor)
        legal = SYSTEM.legal(state, seat)
        if any(a["type"] == "attack" for a in legal):
            return actor
        if state.act.hero:
            await run("end", table, ctx(actor))
            continue
        moves = [a for a in legal if a["type"] == "move" and B.parse_space(a["path"][-1]) is not None]
        if not moves:
            await run("rest", table, ctx(actor))
            continue
        best = min(moves, key=lambda a: (distance_to_monsters(state, a["path"][-1]), -len(a["path"])))
        await run("move", table, ctx(actor), " ".join(best["path"]), hero=best["hero"])
        state = await state_of(table)
        mine = state.phase == "play" and state.act.hero and PLAYERS[state.current] == actor
        if mine and not any(a["type"] == "attack" for a in SYSTEM.legal(state, seat)):
            await run("end", table, ctx(actor))
    raise AssertionError("nobody got into attack range")


# -- setup ------------------------------------------------------------------------------------------
async def test_pick_heroes_by_name_and_refusals(table: Table) -> None:
    await new_game(table, "draft=choice")
    first = await waiting(table)
    other = BOB if first is ALICE else ALICE
    offers = await suggest(table, ctx(first), "pick", "heroes", "zip", {})
    assert offers and all("zip" in v for _, v in offers) and all(len(label) <= 100 for label, _ in offers)
    assert await suggest(table, ctx(other), "pick", "heroes", "", {}) == []
    free = await run("offer", table, ctx(other))
    assert free.ephemeral and len(free.lines) == len(CONTENT.heroes)
    assert free.image is not None and free.image()[:8] == b"\x89PNG\r\n\x1a\n"
    await refused(table, run("pick", table, ctx(first), "batman zip"), "no hero 'batman'")
    await refused(table, run("pick", table, ctx(first), "zip"), "exactly 2")
    reply = await run("pick", table, ctx(first), "Zip Kablooey, digits")
    assert "Zip Kablooey" in "\n".join(reply.lines)
    await refused(table, run("pick", table, ctx(other), "zip red"), "already taken")
    await refused(table, run("claim", table, ctx(other), "1"), "cannot claim a shuttle slot now")
    await run("pick", table, ctx(other), "red edge")
    with pytest.raises(RuleError, match="Nothing to choose"):
        await run("offer", table, ctx(other))  # the draft is over


async def test_claim_gear_and_prefs_before_play(table: Table) -> None:
    await new_game(table)
    actor = await waiting(table)
    state = await state_of(table)
    a, b = hero_of(state, actor)
    await refused(table, run("claim", table, ctx(actor), "front"), "a number")
    await refused(table, run("gear", table, ctx(actor), a, "laser-sword"), "not an upgrade of your crew")
    await refused(table, run("gear", table, ctx(actor), "nobody", "pulse-blade"), "no hero 'nobody'")
    reply = await run("gear", table, ctx(actor), CONTENT.heroes[a].name, "pulse blade, iron fists, red shirt")
    assert "now carries" in "\n".join(reply.lines)
    state = await state_of(table)
    assert [u.id for u in E.find_hero(state, a).upgrades] == ["S01", "S04", "S07"]
    assert len(E.find_hero(state, b).upgrades) == 4
    await refused(table, run("prefs", table, ctx(actor), a), "Say what to change")
    await refused(table, run("prefs", table, ctx(actor), a, reaction="pulse-blade"), "not a reaction")
    await run("prefs", table, ctx(actor), b, reroll="off", reaction="kitty")
    assert E.find_hero(await state_of(table), b).reaction == "S06"
    slots = await suggest(table, ctx(actor), "claim", "slot", "", {})
    places = await suggest(table, ctx(actor), "claim", "place", "", {"slot": slots[-1][1]})
    assert len(places) == 2
    await run("claim", table, ctx(actor), slots[-1][1], places[1][1])
    state = await state_of(table)
    want = dict(item.split(":") for item in places[1][1].split())
    assert {h: E.find_hero(state, h).pos for h in (a, b)} == want


# -- a turn --------------------------------------------------------------------------------------------
async def test_move_with_a_suggested_path_and_refusals(table: Table) -> None:
    await to_play(table)
    actor = await waiting(table)
    other = BOB if actor is ALICE else ALICE
    state = await state_of(table)
    a, b = hero_of(state, actor)
    await refused(table, run("move", table, ctx(actor), "B2"), "Say which hero")
    await refused(table, run("move", table, ctx(actor), "Z99 x", hero=b), "not part of a path")
    start = E.find_hero(state, a).pos
    far = B.name((B.parse_space(start)[0] + 3, B.parse_space(start)[1] + 3))
    await refused(table, run("move", table, ctx(actor), far, hero=a), "MP away")  # a destination out of reach
    await refused(table, run("move", table, ctx(other), "B2", hero=hero_of(state, other)[0]), "not your turn")
    paths = await suggest(table, ctx(actor), "move", "path", "", {"hero": a})
    assert paths and len(paths) <= 25 and all(len(label) <= 100 for label, _ in paths)
    assert await suggest(table, ctx(other), "move", "path", "", {}) == []
    path = min((v for _, v in paths), key=lambda v: len(v.split()))  # one step: MP left, so the turn goes on
    # "/starcadia move <hero> <path>" with the start space written first also works.
    reply = await run("move", table, ctx(actor), f"{a} {start} {path}")
    assert f"move {a}" in "\n".join(reply.lines) and reply.image is not None
    state = await state_of(table)
    assert state.act.hero == a and E.find_hero(state, a).pos != start
    await refused(table, run("move", table, ctx(actor), path, hero=b), "already activated")
    await run("end", table, ctx(actor))
    await refused(table, run("end", table, ctx(actor)), "not your turn")


async def test_attack_with_weapon_boosts_and_refusals(table: Table) -> None:
    await to_play(table)
    actor = await until_attack(table)
    seat = PLAYERS.index(actor)
    state = await state_of(table)
    legal = [a for a in SYSTEM.legal(state, seat) if a["type"] == "attack"]
    hero = legal[0]["hero"]
    targets = await suggest(table, ctx(actor), "attack", "target", "", {"hero": hero})
    assert targets and all(len(label) <= 100 for label, _ in targets)
    target = targets[0][1]
    weapons = await suggest(table, ctx(actor), "attack", "weapon", "", {"hero": hero, "target": target})
    assert weapons
    weapon = weapons[0][1]
    boosts = await suggest(
        table, ctx(actor), "attack", "boosts", "", {"hero": hero, "target": target, "weapon": weapon}
    )
    assert boosts[0][1] == "none"
    # The boost suggestions are exactly the engine's bounded list of useful sets.
    wcard = CONTENT.upgrade_by_ref(weapon)
    combos = E.boost_combos(E.find_hero(state, hero), wcard)
    assert [v for _label, v in boosts[1:]] == [", ".join(c) for c in combos if c]
    assert len(boosts) <= E.MAX_COMBOS
    await refused(table, run("attack", table, ctx(actor), "nobody", weapon, hero=hero), "no 'nobody' on the board")
    own = next(h for h in hero_of(state, actor) if h != hero)
    await refused(table, run("attack", table, ctx(actor), own, weapon, hero=hero), "own crew")
    await refused(table, run("attack", table, ctx(actor), target, "laser-sword", hero=hero), "no weapon called")
    wrong = [c.slug for c, _ in E.ups(E.find_hero(state, hero)) if c.category == "boost"]
    wrong = [w for w in wrong if not E.boost_fits(CONTENT.upgrade_by_ref(weapon), CONTENT.upgrade_by_ref(w))]
    if wrong:
        await refused(table, run("attack", table, ctx(actor), target, weapon, wrong[0], hero=hero), "cannot power")
    if any(E.monster_tag(m) == target for m in state.monsters):  # monsters are suggested by their board tag
        grabbing = run("attack", table, ctx(actor), target, weapon, hero=hero, grab="core")
        await refused(table, grabbing, "Only a rival hero")
    else:
        grabbing = run("attack", table, ctx(actor), target, weapon, hero=hero, grab="banana")
        await refused(table, grabbing, "carries nothing")
    reply = await run("attack", table, ctx(actor), target, weapon, boosts[-1][1], hero=hero)
    text = "\n".join(reply.lines)
    assert "attacks" in text and "hit(s)" in text
    state = await state_of(table)
    tok = next(u for u in E.find_hero(state, hero).upgrades if CONTENT.upgrades[u.id].slug == weapon)
    assert tok.exhausted or state.current != seat  # exhausted (or the rest already readied it)


async def test_rest_gives_tokens_and_use_needs_a_gadget(table: Table) -> None:
    await to_play(table)
    actor = await waiting(table)
    state = await state_of(table)
    a, b = hero_of(state, actor)
    await refused(table, run("use", table, ctx(actor), "stimpack"), "carries a stimpack|Nobody")
    await refused(table, run("use", table, ctx(actor), "banana"), "The gadgets: stimpack \\(STIM\\)")
    await refused(table, run("rest", table, ctx(actor), give="pulse-blade"), "token>hero")
    await refused(table, run("rest", table, ctx(actor), place=f"{a}:shuttle"), "not dead")
    gives = await suggest(table, ctx(actor), "rest", "give", "", {})
    assert gives and all(">" in v for _, v in gives)
    donor_token = next(v for _, v in gives if v.endswith(f">{b}"))
    more = await suggest(table, ctx(actor), "rest", "give", donor_token + ", ", {})
    assert more and all(v.startswith(donor_token + ", ") for _, v in more)
    reply = await run("rest", table, ctx(actor), give=donor_token)
    assert "rests" in "\n".join(reply.lines)
    state = await state_of(table)
    slug = donor_token.split(">")[0]
    assert any(CONTENT.upgrades[u.id].slug == slug for u in E.find_hero(state, b).upgrades)
    assert PLAYERS[state.current] is not actor


async def test_views_are_private(table: Table) -> None:
    await to_play(table)
    crew = await run("crew", table, ctx(ALICE))
    assert crew.ephemeral and "crew" in crew.lines[0] and crew.image().startswith(b"\x89PNG")
    rival = await run("crew", table, ctx(CAROL), "blue")
    assert rival.ephemeral and "Blue crew" in rival.lines[0]
    with pytest.raises(RuleError, match="no crew 'purple'"):
        await run("crew", table, ctx(ALICE), "purple")
    with pytest.raises(RuleError, match="name a crew"):
        await run("crew", table, ctx(CAROL))
    monsters = await run("monsters", table, ctx(BOB))
    assert monsters.ephemeral and any("weeble" in line.lower() for line in monsters.lines)
    quests = await run("quests", table, ctx(BOB))
    assert quests.ephemeral and "CURRENT" in quests.lines[0]
    sheet = await run("campaign", table, ctx(BOB))
    assert sheet.ephemeral and sheet.lines[0].startswith("Route")
    # Each view is a picture too (private, like the text it stands beside); the text stays as fallback.
    for reply, name in ((monsters, "monsters.png"), (quests, "quests.png"), (sheet, "campaign.png")):
        assert reply.image is not None and reply.image_name == name and reply.lines
        assert reply.image().startswith(b"\x89PNG")
    with pytest.raises(RuleError, match="Nothing to choose"):
        await run("offer", table, ctx(BOB))
    colours = await suggest(table, ctx(CAROL), "crew", "crew", "bl", {})
    assert colours == [("blue (bob)", "blue")]


async def test_between_scenario_commands_refuse_during_play(table: Table) -> None:
    await to_play(table)
    actor = await waiting(table)
    await refused(table, run("take", table, ctx(actor), "anything"), "cannot take an upgrade now")
    await refused(table, run("outfit", table, ctx(actor)), "cannot outfit")
    await refused(table, run("route", table, ctx(actor), "2A"), "cannot choose the next scenario")
    await refused(table, run("keep", table, ctx(actor), "a, b"), "cannot keep")
    await refused(table, run("event", table, ctx(actor)), "No event card")
    await refused(table, run("payback", table, ctx(actor)), "No Payback")


async def test_episodic_draft_keep_and_outfit(table: Table) -> None:
    await new_game(table, "draft=random mode=episodic scenario=2A")
    state = await state_of(table)
    assert state.phase == "updraft"
    hand = await run("offer", table, ctx(ALICE))
    assert hand.ephemeral and "keep 2" in hand.title
    await refused(table, run("keep", table, ctx(ALICE), "pulse-blade, red-shirt"), "not in your hand")
    for actor in PLAYERS:
        offers = await suggest(table, ctx(actor), "keep", "tokens", "", {})
        await run("keep", table, ctx(actor), offers[0][1])
    while (await state_of(table)).phase == "updraft":
        for actor in PLAYERS:
            offers = await suggest(table, ctx(actor), "keep", "tokens", "", {})
            if offers:
                await run("keep", table, ctx(actor), offers[0][1])
    assert (await state_of(table)).phase == "outfit"
    stock = await run("offer", table, ctx(ALICE))
    assert "auto would give" in stock.lines[-1]
    loads = await suggest(table, ctx(ALICE), "outfit", "loadout", "", {})
    await refused(table, run("outfit", table, ctx(ALICE), "nobody: pulse-blade"), "no hero 'nobody'")
    await run("outfit", table, ctx(ALICE), loads[1][1])
    await run("outfit", table, ctx(BOB), "auto")
    assert (await state_of(table)).phase == "shuttle"


async def test_payback_run_by_the_player_to_the_right(table: Table) -> None:
    await table.game_new(ctx(ALICE), "starcadia", options="draft=random monsters=player")
    await table.game_join(ctx(BOB))
    await table.game_start(ctx(ALICE))
    for _ in range(2):
        actor = await waiting(table)
        await run("claim", table, ctx(actor), (await suggest(table, ctx(actor), "claim", "slot", "", {}))[0][1])
    for _ in range(40):
        state = await state_of(table)
        if state.payback is not None:
            break
        if state.wait is not None:  # an event monster or a guard order: take the suggested default
            await run("answer", table, ctx(PLAYERS[state.wait.seat]))
            continue
        actor = PLAYERS[SYSTEM.pending(state)[0].seat]
        seat = PLAYERS.index(actor)
        monster_hits = [
            a for a in SYSTEM.legal(state, seat) if a["type"] == "attack" and E.find_monster(state, a["target"])
        ]
        if monster_hits:
            a = monster_hits[0]
            await run("attack", table, ctx(actor), a["target"], a["weapon"], hero=a["hero"])
        elif state.act.hero:
            await run("end", table, ctx(actor))
        else:
            moves = [a for a in SYSTEM.legal(state, seat) if a["type"] == "move" and B.parse_space(a["path"][-1])]
            best = min(moves, key=lambda a: (distance_to_monsters(state, a["path"][-1]), -len(a["path"])))
            await run("move", table, ctx(actor), " ".join(best["path"]), best["hero"])
            state = await state_of(table)
            if (
                state.act.hero
                and state.payback is None
                and state.wait is None
                and not any(a["type"] == "attack" for a in SYSTEM.legal(state, seat))
            ):
                await run("end", table, ctx(actor))
    state = await state_of(table)
    if state.payback is None:
        pytest.skip("no Payback arose with this seed")
    runner = PLAYERS[state.payback.seat]
    other = BOB if runner is ALICE else ALICE
    await refused(table, run("payback", table, ctx(other)), "not your turn|runs this Payback")
    await refused(table, run("payback", table, ctx(runner), "A1 A2 A3 A4 A5"), "not a space|not next to|movement")
    paths = await suggest(table, ctx(runner), "payback", "path", "", {})
    assert paths
    await run("payback", table, ctx(runner), paths[0][1])
    assert (await state_of(table)).payback is None


async def test_answer_with_autocomplete_resolves_what_the_game_waits_for(table: Table) -> None:
    await to_play(table)
    for _ in range(30):  # rest until an event card makes a monster act for the active player
        state = await state_of(table)
        if state.wait is not None:
            break
        await run("rest", table, ctx(await waiting(table)))
    state = await state_of(table)
    if state.wait is None:
        pytest.skip("no monster activation came up with this seed")
    runner = PLAYERS[state.wait.seat]
    other = BOB if runner is ALICE else ALICE
    choices = await suggest(table, ctx(runner), "answer", "choice", "", {})
    assert choices and len(choices) <= 9 and "(default)" in choices[0][0]
    assert all(len(label) <= 100 and 0 < len(value) <= 100 for label, value in choices)
    assert await suggest(table, ctx(other), "answer", "choice", "", {}) == []
    await refused(table, run("answer", table, ctx(other)), "waits for")
    await refused(table, run("answer", table, ctx(runner), "fly to the moon"), ".+")
    await refused(table, run("rest", table, ctx(runner)), "(?i)first answer|not your turn")
    reply = await run("answer", table, ctx(runner), choices[-1][1])
    assert reply.lines
    after = await state_of(table)
    assert after.wait is None or after.wait != state.wait
    await answer_all(table)
    await refused(table, run("answer", table, ctx(await waiting(table))), "(?i)nothing is waiting")


# -- console ---------------------------------------------------------------------------------------------
async def test_console_commands(tmp_path: Path) -> None:
    state = SYSTEM.setup(["alice", "bob"], {"draft": "random"}, 7)  # same seed: who claims first
    first = ["alice", "bob"][SYSTEM.pending(state)[0].seat]
    second = "bob" if first == "alice" else "alice"
    lines = [
        "/game new system:starcadia options:draft=random",
        "as bob /game join",
        "as alice /game start",
        "/starcadia help",
        f"as {first} /starcadia claim 1",
        f"as {second} /starcadia claim slot:2",
        f"as {first} /starcadia crew",
        "/starcadia quests",
        "/starcadia monsters",
        "/starcadia campaign",
        f"as {first} /starcadia move Q1 Q2",
        f"as {first} /starcadia rest",
        f"as {second} /starcadia end",
    ]
    script = tmp_path / "play.txt"
    script.write_text("\n".join(lines))
    out = io.StringIO()
    service = GameService(SqliteStore(tmp_path / "c.db"), seed_source=lambda: 7)
    await service.open()
    try:
        refusals = await run_console(service, boards=tmp_path / "boards", script=script, out=out)
    finally:
        await service.close()
    text = out.getvalue()
    assert "Starcadia Quest commands" in text
    assert "docks at slot 1" in text and "docks at slot 2" in text
    assert "crew dashboard" in text and "Monster dashboard" in text and "Route:" in text
    assert "crew rests" in text
    assert "! " in text and refusals == 2  # the bad path, and "end" before activating a hero
    assert list((tmp_path / "boards").glob("*.png"))


# -- Discord, end to end ---------------------------------------------------------------------------------
GUILD = 930000000000000001
DCHAN = 930000000000000010
PNG = b"\x89PNG\r\n\x1a\n"


def make_config(tmp_path: Path):
    from tests.e2e_support import bot_config

    return bot_config(tmp_path, GUILD)


@pytest.mark.e2e
async def test_a_starcadia_session_through_discord(tmp_path: Path) -> None:
    import bot as starhost
    from tests.standin import FakeUser, StandIn

    users = {
        ALICE.name: FakeUser(id=730000000000000001, name="alice"),
        BOB.name: FakeUser(id=730000000000000002, name="bob"),
    }
    alice, bob = users["alice"], users["bob"]

    def next_up(reply) -> FakeUser:
        return alice if f"<@{alice.id}>" in reply.content else bob

    async with StandIn(guild_id=GUILD, channel_ids=[DCHAN], users=[alice, bob]) as standin:
        client = starhost.make_bot(make_config(tmp_path), guild_ready_timeout=0.05)
        client.service.seed_source = lambda: 7  # a fixed table: the same station and shuffle every run
        await standin.run_client(client)
        commands = await standin.wait_for_commands(GUILD)
        group = next(c for c in commands if c["name"] == "starcadia")
        subs = {o["name"] for o in group["options"]}
        assert {"move", "attack", "rest", "use", "end", "pick", "claim", "crew", "monsters", "quests", "answer"} <= subs
        assert len(subs) <= 25
        for sub in group["options"]:
            assert len(sub["description"]) <= 100
            for opt in sub.get("options", []):  # every option offers its values (autocomplete or choices)
                assert opt["name"].islower() and len(opt["description"]) <= 100
                offers = opt.get("autocomplete") or opt.get("choices") or opt["type"] == 5  # 5: a yes/no boolean
                assert offers, (sub["name"], opt["name"])
        try:
            await standin.slash(
                "game new", {"system": "starcadia", "options": "draft=random"}, user=alice, channel_id=DCHAN
            )
            await standin.slash("game join", user=bob, channel_id=DCHAN)
            board = await standin.slash("game start", user=alice, channel_id=DCHAN)
            assert board.files["board.png"].startswith(PNG)
            for _ in range(2):
                who = next_up(board)
                slots = await standin.autocomplete(
                    "starcadia claim", focused="slot", value="", user=who, channel_id=DCHAN
                )
                assert slots and all(len(c["name"]) <= 100 for c in slots)
                board = await standin.slash("starcadia claim", {"slot": slots[0]["value"]}, user=who, channel_id=DCHAN)
                assert "docks at slot" in board.text and board.files["board.png"].startswith(PNG)
            who = next_up(board)
            other = bob if who is alice else alice
            # A refusal is private and clear.
            wrong = await standin.slash("starcadia end", user=other, channel_id=DCHAN)
            assert wrong.ephemeral and "not your turn" in wrong.text.lower()
            paths = await standin.autocomplete("starcadia move", focused="path", value="", user=who, channel_id=DCHAN)
            assert paths and len(paths) <= 25
            assert (
                await standin.autocomplete("starcadia move", focused="path", value="", user=other, channel_id=DCHAN)
                == []
            )
            step = min((c["value"] for c in paths), key=lambda v: len(v.split()))  # MP left: the turn goes on
            moved = await standin.slash("starcadia move", {"path": step}, user=who, channel_id=DCHAN)
            assert not moved.ephemeral and "activates" in moved.text and moved.files["board.png"].startswith(PNG)
            bad = await standin.slash("starcadia move", {"path": "A1 A2"}, user=who, channel_id=DCHAN)
            assert bad.ephemeral and re.search("not next to|not a space you can enter|movement", bad.text), bad.text
            mine = await standin.slash("starcadia crew", user=who, channel_id=DCHAN)
            assert mine.ephemeral and mine.files["crew.png"].startswith(PNG)
            targets = await standin.autocomplete(
                "starcadia attack", focused="weapon", value="", options={"target": "we1"}, user=who, channel_id=DCHAN
            )
            assert isinstance(targets, list) and len(targets) <= 25
            assert (
                await standin.autocomplete("starcadia rest", focused="give", value="", user=who, channel_id=DCHAN) == []
            )
            ended = await standin.slash("starcadia end", user=who, channel_id=DCHAN)
            assert "Event" in ended.text and f"<@{other.id}>" in ended.content
            gives = await standin.autocomplete("starcadia rest", focused="give", value="", user=other, channel_id=DCHAN)
            assert gives and all(">" in c["value"] for c in gives)
            rested = await standin.slash("starcadia rest", {"give": gives[0]["value"]}, user=other, channel_id=DCHAN)
            assert "rests" in rested.text and rested.files["board.png"].startswith(PNG)
            # A mid-play decision through Discord: rest until an event's monster waits for its runner.
            answered = None
            for _ in range(12):
                up = next_up(rested)
                choices = await standin.autocomplete(
                    "starcadia answer", focused="choice", value="", user=up, channel_id=DCHAN
                )
                if choices:
                    assert "(default)" in choices[0]["name"]
                    answered = await standin.slash(
                        "starcadia answer", {"choice": choices[0]["value"]}, user=up, channel_id=DCHAN
                    )
                    break
                rested = await standin.slash("starcadia rest", user=up, channel_id=DCHAN)
            assert answered is not None and not answered.ephemeral, "no monster decision came up"
        finally:
            await standin.stop_client()


JUNK = ["", "???", "zip", "A1", "all", "x" * 150, "a:b>c, d; e", "portal", "door:Q", "weeble", "-1", "S01"]


async def test_every_command_answers_junk_with_a_sentence(table: Table, caplog) -> None:
    """Junk in every option of every /starcadia command, in setup and in play: a reply or a RuleError, and
    every suggestion list (with junk in the other options too) fits Discord."""
    await new_game(table)
    for phase_round in range(2):
        if phase_round == 1:
            for _ in range(2):
                state = await state_of(table)
                if state.phase != "shuttle":
                    break
                actor = await waiting(table)
                await run("claim", table, ctx(actor), (await suggest(table, ctx(actor), "claim", "slot", "", {}))[0][1])
        for command in GROUP.commands:
            names = [o.name for o in command.options]
            for actor in (ALICE, BOB, CAROL):
                for junk in JUNK:
                    with contextlib.suppress(RuleError, SessionError):
                        await run(command.name, table, ctx(actor), **dict.fromkeys(names, junk))
                for option in command.options:
                    if option.suggest is None:
                        continue
                    for typed in ("", "a", "zz top"):
                        given = dict.fromkeys((n for n in names if n != option.name), "zz")
                        for other in ({}, given):
                            pairs = await option.suggest(table, ctx(actor), typed, other)
                            assert len(pairs) <= 25, command.name
                            assert all(len(label) <= 100 and 0 < len(value) <= 100 for label, value in pairs)
    assert not [r for r in caplog.records if "autocomplete failed" in r.getMessage()]


async def test_upgrade_phase_outfit_and_route_after_a_played_scenario(table: Table) -> None:
    import random

    rnd = random.Random(5)
    await new_game(table)
    for _ in range(3000):
        state = await state_of(table)
        if state.phase not in ("shuttle", "play"):
            break
        seat = SYSTEM.pending(state)[0].seat
        await table.act(ctx(PLAYERS[seat]), smart_choice(state, SYSTEM.legal(state, seat), rnd))
    state = await state_of(table)
    assert state.phase == "upgrade", SYSTEM.describe(state)
    picker = PLAYERS[state.order[state.order_pos]]
    other = BOB if picker is ALICE else ALICE
    offer = await run("offer", table, ctx(other))
    assert offer.title == "Upgrades on offer" and "Picks to come" in offer.lines[-1]
    tokens = await suggest(table, ctx(picker), "take", "token", "", {})
    assert tokens and await suggest(table, ctx(other), "take", "token", "", {}) == []
    await refused(table, run("take", table, ctx(other), tokens[0][1]), "not your turn")
    await refused(table, run("take", table, ctx(picker), "pulse-blade"), "not on offer")
    reply = await run("take", table, ctx(picker), CONTENT.upgrade_by_ref(tokens[0][1]).name)
    assert "takes" in "\n".join(reply.lines)
    while (state := await state_of(table)).phase == "upgrade":
        actor = PLAYERS[state.order[state.order_pos]]
        await run("take", table, ctx(actor), (await suggest(table, ctx(actor), "take", "token", "", {}))[0][1])
    assert state.phase == "outfit"
    for actor in PLAYERS:
        await run("outfit", table, ctx(actor))
    state = await state_of(table)
    assert state.phase == "route"
    chooser = PLAYERS[state.order[0]]
    routes = await suggest(table, ctx(chooser), "route", "scenario", "", {})
    assert {v for _, v in routes} == set(CONTENT.scenarios["1"].next)
    await refused(table, run("route", table, ctx(chooser), "4"), "goes to")
    await run("route", table, ctx(chooser), routes[0][1].lower())
    state = await state_of(table)
    assert state.scenario == routes[0][1] and state.phase == "shuttle"
    sheet = await run("campaign", table, ctx(ALICE))
    assert "Scenario 1:" in "\n".join(sheet.lines)


async def test_event_choices_when_players_choose(table: Table) -> None:
    await new_game(table, "draft=random events=choose")
    for _ in range(2):
        actor = await waiting(table)
        await run("claim", table, ctx(actor), (await suggest(table, ctx(actor), "claim", "slot", "", {}))[0][1])
    for _ in range(20):
        state = await state_of(table)
        if state.pending_event:
            break
        actor = await waiting(table)
        await run("rest", table, ctx(actor))
    state = await state_of(table)
    assert state.pending_event, "no event waited for a choice"
    actor = PLAYERS[state.current]
    other = BOB if actor is ALICE else ALICE
    await refused(table, run("event", table, ctx(other)), "not your turn")
    await refused(table, run("event", table, ctx(actor), figure="nobody#9"), "no figure 'nobody#9'")
    figures = await suggest(table, ctx(actor), "event", "figure", "", {})
    spawns = await suggest(table, ctx(actor), "event", "spawn", "", {})
    assert figures or spawns
    if figures:
        await refused(table, run("event", table, ctx(actor), spawn="A1"), "activate it instead")
        reply = await run("event", table, ctx(actor), figure=figures[0][1])
    else:
        reply = await run("event", table, ctx(actor), spawn=spawns[0][1])
    assert reply.lines and not (await state_of(table)).pending_event


async def test_hoverboard_sends_the_ally_along_a_path(table: Table) -> None:
    await to_play(table)
    state = await state_of(table)
    actor = await waiting(table)
    seat = PLAYERS.index(actor)
    boards = {s for s, toks in state.tokens.items() if "hoverboard" in toks}
    grab = [a for a in SYSTEM.legal(state, seat) if a["type"] == "move" and boards & set(a["path"])]
    if not grab:
        pytest.skip("no hoverboard within reach with this seed")
    await run("move", table, ctx(actor), " ".join(grab[0]["path"]), grab[0]["hero"])
    carrier = grab[0]["hero"]
    assert "hoverboard" in E.find_hero(await state_of(table), carrier).gadgets
    await run("end", table, ctx(actor))
    await answer_all(table)
    await run("rest", table, ctx(BOB if actor is ALICE else ALICE))
    await answer_all(table)
    gadgets = await suggest(table, ctx(actor), "use", "gadget", "", {})
    assert ("hoverboard" in {v for _, v in gadgets}) and all(len(label) <= 100 for label, _ in gadgets)
    await refused(table, run("use", table, ctx(actor), "hover"), "path")
    await refused(table, run("use", table, ctx(actor), "stimpack", path="B2"), "carries")
    rides = await suggest(table, ctx(actor), "use", "path", "", {"gadget": "hoverboard"})
    assert rides
    ally = next(h for h in hero_of(state, actor) if h != carrier)
    before = E.find_hero(await state_of(table), ally).pos
    await run("use", table, ctx(actor), "hoverboard", path=rides[0][1])
    state = await state_of(table)
    assert E.find_hero(state, ally).pos != before and "hoverboard" not in E.find_hero(state, carrier).gadgets


async def test_new_player_hints_in_prompts_views_and_refusals(table: Table) -> None:
    """What a first-time player reads: where to see heroes, free slots, terminals, board symbols."""
    from table.reference import rules_topic

    await new_game(table, "draft=choice")
    state = await state_of(table)
    first = await waiting(table)
    assert "/starcadia offer" in SYSTEM.pending(state)[0].text and "hero(es)" not in SYSTEM.pending(state)[0].text
    crew = await run("crew", table, ctx(first))
    assert any("No heroes yet" in line for line in crew.lines)
    await refused(table, run("pick", table, ctx(first), "hannah nobody"), "/starcadia offer")
    await run("pick", table, ctx(first), "hannah red")
    await run("pick", table, ctx(await waiting(table)), "edge zip")
    state = await state_of(table)
    assert SYSTEM.pending(state)[0].text.endswith("(free: 1, 2, 3, 4)")
    claimer = await waiting(table)
    await run("claim", table, ctx(claimer), "1")
    second = await waiting(table)
    await refused(table, run("claim", table, ctx(second), "1"), r"taken\. Free slots: 2, 3, 4")
    await run("claim", table, ctx(second), "2")
    state = await state_of(table)
    actor = await waiting(table)
    assert "activate one hero" in SYSTEM.pending(state)[0].text
    # The quest page says where the terminals are; a wrong hack names them too.
    terms = [B.name(t) for t in E.board_of(state).terminals]
    quests = await run("quests", table, ctx(actor))
    assert any(f"Terminals (T on the board): {', '.join(terms)}" in line for line in quests.lines)
    seat = PLAYERS.index(actor)
    hero = hero_of(state, actor)[0]
    with pytest.raises(RuleError, match=f"Terminals \\(T on the board\\): {terms[0]}"):
        SYSTEM.apply(SYSTEM.clone(state), seat, {"type": "move", "hero": hero, "path": ["hack"]})
    with pytest.raises(RuleError, match="taken just by walking onto them"):
        SYSTEM.apply(SYSTEM.clone(state), seat, {"type": "move", "hero": hero, "path": ["pickup"]})
    # Out of reach: the refusal uses the board tag (WE1), lists what is in reach and suggests moving.
    reach = {a["target"] for a in SYSTEM.legal(state, seat) if a["type"] == "attack" and a["hero"] == hero}
    far = next((m for m in state.monsters if m.uid not in reach), None)
    if far is not None:
        await refused(
            table,
            run("attack", table, ctx(actor), E.monster_tag(far), hero=hero),
            f"cannot hit {E.monster_tag(far)} at",
        )
        await refused(table, run("attack", table, ctx(actor), E.monster_tag(far), hero=hero), "Move first")
    # After a move the prompt says what is still possible.
    paths = await suggest(table, ctx(actor), "move", "path", "", {"hero": hero})
    step = min((v for _, v in paths), key=lambda v: len(v.split()))  # MP left: nothing is played for them
    await run("move", table, ctx(actor), step, hero=hero)
    state = await state_of(table)
    text = SYSTEM.pending(state)[0].text
    assert "is active; still possible:" in text and "move" not in text.split(":")[-1] and "end" in text
    can_attack = any(a["type"] == "attack" for a in SYSTEM.legal(state, seat))
    assert text.endswith("attack, end") if can_attack else text.endswith("end (nothing in reach to attack)")
    # The event line names the monster that acts by its name, not only by its dashboard slot.
    ended = "\n".join((await run("end", table, ctx(actor))).lines)
    event = re.search(r"Event: [^\n]*", ended)
    assert event and re.fullmatch(r"Event: [^()]+( \([A-Z][^,]*, the [\w-]+ monster\))?\.\**", event.group(0))
    title, lines = rules_topic(SYSTEM, "board")
    assert "Reading the board" in title and "terminal" in lines[0] and "spawn point" in lines[0]


async def test_game_status_and_quests_say_what_ends_the_scenario(table: Table) -> None:
    """Rulebook p. 24 (Quests): the scenario ends once every PvE quest and one PvP quest are done.
    /game status and /starcadia quests say how far along that is."""
    await to_play(table)
    reply = await table.game_status(ctx(CAROL))
    assert "Ends when: PvE quests 0/3 done; a PvP quest: none done yet." in reply.lines
    quests = await run("quests", table, ctx(ALICE))
    assert "Ends when: PvE quests 0/3 done; a PvP quest: none done yet." in quests.lines
    assert not any("turn_limit" in line for line in quests.lines)


async def test_turn_limit_is_shown_where_players_look(table: Table) -> None:
    """Our turn_limit table option (not in the book) is named with its rule on the quests page and in the
    end condition of /game status."""
    await new_game(table, "draft=random turn_limit=30")
    for _ in range(2):
        actor = await waiting(table)
        await run("claim", table, ctx(actor), (await suggest(table, ctx(actor), "claim", "slot", "", {}))[0][1])
    lines = (await table.game_status(ctx(CAROL))).lines
    assert any(line.endswith("· turn 1 of 30") for line in lines)
    assert any(line.endswith("; or after turn 30 (most VT).") for line in lines)
    lines = (await run("quests", table, ctx(ALICE))).lines
    assert any(line.startswith("Table option turn_limit=30 (our rule") for line in lines)


def test_buttons_suggest_the_walk_towards_an_open_pvp_quest() -> None:
    """Rulebook p. 24 (Quests): a scenario needs a PvP quest (a kill of a rival crew's hero) to end. Among the
    buttons is the move that brings a hero nearest a rival whose PvP quest is still open; once every rival
    crew's PvP quest is done, no such walk is offered."""
    from tests.test_starcadia_support import place, play_state

    st = play_state()
    place(st, "edge", "B2")
    place(st, "red", "C1")
    place(st, "hannah", "G6")
    place(st, "bahbaka", "J4")
    legal = SYSTEM.legal(st, 0)
    approach = E.pvp_approach(st, 0)
    assert approach is not None and approach.target in ("hannah", "bahbaka")
    towards = {"type": "move", "hero": approach.hero, "path": approach.path}
    assert towards in legal
    assert towards in [legal[i] for i in SYSTEM.button_choices(st, 0, legal)]
    # It ends nearer the rival than the hero stands now.
    b = E.board_of(st)
    dist = E.travel_costs(st, b, E.find_hero(st, approach.target).pos, 99, doors=True)
    assert dist[approach.path[-1]][0] < dist[E.find_hero(st, approach.hero).pos][0]
    st.done = {"pvp-blue": 0}
    assert E.pvp_approach(st, 0) is None and E.pvp_targets(st, 0) == []


def test_buttons_put_attacks_on_an_open_pvp_quest_first() -> None:
    """Rulebook p. 24: killing a rival hero fulfils that crew's PvP quest. With two monsters and a rival
    hero in reach, the first attack buttons go for the rival hero."""
    from tests.test_starcadia_support import add_monster, place, play_state

    st = play_state()
    place(st, "edge", "C2")
    add_monster(st, "weeble", "C2")
    add_monster(st, "weeble", "D2")
    place(st, "hannah", "B2")
    legal = SYSTEM.legal(st, 0)
    first = [legal[i] for i in SYSTEM.button_choices(st, 0, legal)]
    assert first[0]["type"] == "attack" and first[0]["target"] == "hannah"
    assert next(a["target"] for a in legal if a["type"] == "attack") == "weeble#1"  # legal() order unchanged


async def test_move_suggestions_name_the_walk_towards_a_pvp_quest(table: Table) -> None:
    """Rulebook p. 24: the move autocomplete lists the walk towards a rival whose PvP quest is open right
    after the quest moves (hack, pickup), labelled as such."""
    await to_play(table)
    state = await state_of(table)
    actor = await waiting(table)
    approach = E.pvp_approach(state, PLAYERS.index(actor))
    assert approach is not None
    pairs = await suggest(table, ctx(actor), "move", "path", "", {"hero": approach.hero})
    marked = [i for i, (label, _) in enumerate(pairs) if "(PvP quest)" in label]
    assert len(marked) == 1
    label, value = pairs[marked[0]]
    assert value == " ".join(approach.path) and E.hero_name(E.find_hero(state, approach.target)) in label
    assert all(v.endswith(("hack", "pickup")) for _, v in pairs[: marked[0]])
    targets = await suggest(table, ctx(actor), "attack", "target", "", {})
    assert all("PvP quest open" in label for label, v in targets if E.find_hero(state, v) is not None)


def test_buttons_prefer_attacks_and_quest_moves() -> None:
    from rules.starcadia import SYSTEM

    legal = [
        {"type": "rest"},
        {"type": "move", "hero": "edge", "path": ["B3"]},
        {"type": "move", "hero": "edge", "path": ["B3", "hack"]},
        {"type": "end"},
        {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "pulse-blade"},
    ]
    state = SYSTEM.setup(["a", "b"], {}, 1)
    assert SYSTEM.button_choices(state, 0, legal) == [4, 2, 0, 3, 1]
