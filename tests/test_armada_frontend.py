"""The Armada front end: table commands, autocomplete, private views, console and Discord.

Seed 12 with two captains (alice: Pathfinder, bob: Hades) puts Fleet 1 (two face-down ships) at
Terra after round 1, so round 2's Encounter is a Combat at the starting planet.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from rules.armada.content import CONTENT as C
from rules.core import RuleError
from sessions.errors import SessionError
from sessions.service import Actor, GameService
from sessions.store import SqliteStore
from table import Ctx, Table, spec
from table.armada import play as A
from table.armada import suggestions as S
from table.armada import views as V
from table.armada.commands import GROUP, show_help
from table.armada.texts import next_steps
from table.commands import SeatContext
from table.console import convert_options, parse_options, run_console
from table.replies import Reply

ALICE, BOB, CAROL = Actor(1, "alice"), Actor(2, "bob"), Actor(3, "carol")
CHAN = 10
SEED = 12
PNG = b"\x89PNG\r\n\x1a\n"


def cx(actor: Actor) -> Ctx:
    return Ctx(actor=actor, channel_id=CHAN, guild_id=1)


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    service = GameService(SqliteStore(tmp_path / "armada.db"), seed_source=lambda: SEED)
    await service.open()
    yield Table(service)
    await service.close()


async def start(table: Table, options: str | None = None) -> None:
    await table.game_new(cx(ALICE), "armada", options=options)
    await table.game_join(cx(BOB))
    await table.game_start(cx(ALICE))


async def snapshot(table: Table) -> tuple[int, bytes]:
    sc = await table.seat_context(cx(ALICE))
    return sc.record.version, sc.system.dumps(sc.state)


async def refused(table: Table, call, match: str) -> None:
    """The call is refused with a sentence matching ``match`` and nothing changes."""
    before = await snapshot(table)
    with pytest.raises(RuleError, match=match):
        await call
    assert await snapshot(table) == before


async def state(table: Table):
    return (await table.seat_context(cx(ALICE))).state


async def to_combat(table: Table, *, autopass: bool = False) -> None:
    """Round 1 passes quietly; in round 2's Encounter alice and bob face Fleet 1 at Terra together.
    Without ``autopass`` every step is asked (the step-by-step tests); with it, as a table plays."""
    await start(table)
    if not autopass:
        await table.game_settings(cx(ALICE), "autopass", "off")
    for _ in range(3):
        await A.end_turn(table, cx(ALICE))
        await A.end_turn(table, cx(BOB))
    reply = await A.engage(table, cx(ALICE), "1", "bob")
    assert "Combat!" in reply.as_text()


def good_choices(choices: list[tuple[str, str]]) -> None:
    assert len(choices) <= 25
    for label, value in choices:
        assert 0 < len(label) <= 100 and 0 < len(value) <= 100


# -- Planning ---------------------------------------------------------------------------------


async def test_travel_with_autocomplete_and_refusals(table: Table) -> None:
    await start(table)
    choices = await S.complete(table, cx(ALICE), "travel", "to", "")
    good_choices(choices)
    assert {v for _, v in choices} == {"Luna", "Kagawa", "Zenith One", "Titan VI"}
    assert all(v != "Invictus" for _, v in choices)
    assert await S.complete(table, cx(ALICE), "travel", "to", "kag") == [c for c in choices if c[1] == "Kagawa"]
    assert await S.complete(table, cx(CAROL), "travel", "to", "") == []  # not seated
    await refused(table, A.travel(table, cx(ALICE), "Narnia"), "no planet 'Narnia'")
    await refused(table, A.travel(table, cx(ALICE), "Invictus"), "not nearby")
    await refused(table, A.travel(table, cx(ALICE), "terra"), "already at Terra")
    with pytest.raises(SessionError, match="not playing"):
        await A.travel(table, cx(CAROL), "Luna")
    reply = await A.travel(table, cx(ALICE), "zen")  # a unique prefix is enough
    assert "travels to Zenith One" in reply.as_text() and reply.image is not None
    await refused(table, A.travel(table, cx(BOB), "Luna"), "turn")  # alice's turn is open


async def test_shipyard_buy_configure_and_end_step(table: Table) -> None:
    await start(table, "difficulty=easy")  # 4 credits each
    await refused(table, A.configure(table, cx(ALICE), "2", "storage"), "open the shipyard")
    await refused(table, A.buy(table, cx(ALICE), "lupin-teleporter"), "Open the shipyard first")
    opened = await A.buy(table, cx(ALICE))
    assert "On offer: Lupin Teleporter" in opened.as_text()
    offers = await S.complete(table, cx(ALICE), "buy", "module", "")
    good_choices(offers)
    assert [v for _, v in offers] == ["lupin-teleporter", "zephyranthes-relay", "raflesia-gatling"]
    assert offers[-1][0].startswith("(too expensive) Raflesia Beam Gatling") and " 5 cr" in offers[-1][0]
    await refused(table, A.buy(table, cx(ALICE)), "already open")
    assert "**Your move**: Shipyard open" in (await V.view_ship(table, cx(ALICE))).as_text()
    assert "alice is taking a turn" in (await V.view_ship(table, cx(BOB))).as_text()
    await refused(table, A.buy(table, cx(ALICE), "nonsense module"), "no module called")
    await refused(table, A.buy(table, cx(ALICE), "raflesia-gatling"), "credit")
    bought = await A.buy(table, cx(ALICE), "Zephyranthes Relay")  # by name works too
    assert "buys Zephyranthes Relay for 3 credits" in bought.as_text()
    stations = await S.complete(table, cx(ALICE), "configure", "station", "")
    good_choices(stations)
    assert [v for _, v in stations] == ["1", "2", "3", "4", "5", "6"]
    modules = await S.complete(table, cx(ALICE), "configure", "module", "", {"station": "4"})
    assert [v for _, v in modules] == ["zephyranthes-relay"]
    await refused(table, A.configure(table, cx(ALICE), "9", "storage"), "1 to 6")
    await refused(table, A.configure(table, cx(ALICE), "4", "lupin-teleporter"), "not in your storage")
    installed = await A.configure(table, cx(ALICE), "4", "zephyranthes-relay")
    assert "installs Zephyranthes Relay in station 4 (covering Standard Laser)" in installed.as_text()
    assert ("storage: take the installed module off", "storage") in await S.complete(
        table, cx(ALICE), "configure", "module", "", {"station": "4"}
    )
    stored = await A.configure(table, cx(ALICE), "4", "storage")
    assert "moves Zephyranthes Relay to storage" in stored.as_text()
    await refused(table, A.configure(table, cx(ALICE), "4", "storage"), "no installed module")
    await refused(table, A.sell(table, cx(ALICE), "zephyranthes-relay"), "Violet Kashi")
    closed = await A.end_step(table, cx(ALICE))
    assert "done shopping" in closed.as_text()
    await refused(table, A.end_step(table, cx(ALICE)), "no step to end")
    sheet = await V.view_ship(table, cx(ALICE))
    assert "**Storage**: Zephyranthes Relay [zephyranthes-relay]" in sheet.as_text()


async def test_hire_repair_and_end_turn(table: Table) -> None:
    await start(table, "difficulty=easy")
    await refused(table, A.hire(table, cx(ALICE)), "no Waystation")
    await A.travel(table, cx(ALICE), "Kagawa")  # free (Galeforce Thrusters)
    visit = await A.hire(table, cx(ALICE))
    assert "For hire: Kisaragi Atsuta" in visit.as_text()
    heroes = await S.complete(table, cx(ALICE), "hire", "hero", "")
    good_choices(heroes)
    assert [v for _, v in heroes] == ["kisaragi", "pathos", "v41-k"]
    assert heroes[2][0].startswith("(too expensive) V41-K")
    await refused(table, A.hire(table, cx(ALICE), "Nobody Special"), "no hero called")
    await refused(table, A.hire(table, cx(ALICE), "V41-K"), "credit")
    hired = await A.hire(table, cx(ALICE), "Kisaragi Atsuta")
    assert "Kisaragi Atsuta joins alice's crew (die #10)" in hired.as_text()
    if (await state(table)).players[0].offer_kind:  # with no credits left the waystation may close by itself
        await A.end_step(table, cx(ALICE))
    repaired = await A.repair(table, cx(ALICE))
    assert "repairs" in repaired.as_text()
    await refused(table, A.repair(table, cx(ALICE)), "no actions left|not your turn")
    if not (await state(table)).players[0].done:  # a turn with nothing left to do may end by itself
        await A.end_turn(table, cx(ALICE))
    # bob is at Terra, alice at Kagawa: no trading partner.
    await refused(table, A.give(table, cx(BOB), "alice", "credits", "1"), "not at Terra")
    await refused(table, A.give(table, cx(BOB), "bob", "credits", "1"), "another captain")
    await refused(table, A.give(table, cx(BOB), "zed", "credits", "1"), "no captain 'zed'")
    await refused(table, A.give(table, cx(BOB), "1", "spaceship", "1"), "credits, module or hero")
    assert await S.complete(table, cx(BOB), "give", "captain", "") == []


async def test_trade_credits_between_captains_here(table: Table) -> None:
    await start(table)
    captains = await S.complete(table, cx(ALICE), "give", "captain", "")
    assert [v for _, v in captains] == ["2"]
    assert await S.complete(table, cx(ALICE), "give", "what", "") == [("credits", "credits")]
    values = await S.complete(table, cx(ALICE), "give", "value", "", {"what": "credits"})
    assert [v for _, v in values] == ["1", "2"]
    await refused(table, A.give(table, cx(ALICE), "bob", "credits", "9"), "only have 2")
    await refused(table, A.give(table, cx(ALICE), "bob", "credits", "-1"), "at least 1")
    given = await A.give(table, cx(ALICE), "Hades Mk II", "credits", "2")  # a ship name names its captain
    assert "gives 2 credits to bob" in given.as_text()
    st = await state(table)
    assert (st.players[0].credits, st.players[1].credits) == (0, 4)


# -- Encounter: missions --------------------------------------------------------------------------


async def test_away_mission_assign_end_step_and_giveup(table: Table) -> None:
    await start(table)
    await A.end_turn(table, cx(ALICE))
    await A.end_turn(table, cx(BOB))
    await refused(table, A.mission(table, cx(BOB), "99"), "no beacon 99")
    beacons = await S.complete(table, cx(BOB), "mission", "beacon", "")
    assert [v for _, v in beacons] == ["0"] and "First Light" in beacons[0][0]
    mates = await S.complete(table, cx(BOB), "mission", "teammates", "", {"beacon": "0"})
    assert [v for _, v in mates] == ["1"]
    await refused(table, A.assign(table, cx(BOB), "5", "1"), "neither")
    started = await A.mission(table, cx(BOB), "0")
    assert "Away Mission 0" in started.as_text()
    await refused(table, A.end_turn(table, cx(BOB)), "Finish the Away Mission")
    await refused(table, A.repair(table, cx(BOB)), "You are on an Away Mission: `/armada assign`")
    assert "**Your move**: Away Mission: `/armada assign" in (await V.view_ship(table, cx(BOB))).as_text()
    dice = await S.complete(table, cx(BOB), "assign", "dice", "")
    good_choices(dice)
    st = await state(table)
    wrong = next((d for d in st.dice if d.owner == 1 and d.loc == "rolled" and "E" not in d.face), None)
    if wrong is not None:
        await refused(table, A.assign(table, cx(BOB), str(wrong.id), "1"), "does not fit")
    await refused(table, A.assign(table, cx(BOB), "0", "1"), "not one of your crew")
    await refused(table, A.assign(table, cx(BOB), "#77", "1"), "no die #77")
    if dice:
        die = dice[0][1]
        sections = await S.complete(table, cx(BOB), "assign", "station", "", {"dice": die})
        assert sections and all(label.startswith("section") for label, _ in sections)
        placed = await A.assign(table, cx(BOB), f"#{die}", sections[0][1])
        assert "puts" in placed.as_text()
    st = await state(table)
    if st.mission is not None and st.mission.step == "assign":
        again = await A.roll(table, cx(BOB))  # /armada roll = Try Again
        assert "Try Again" in again.as_text() or "Infirmary" in again.as_text()
    st = await state(table)
    if st.mission is not None and st.mission.step == "sacrifice":
        await refused(table, A.end_step(table, cx(BOB)), "sacrifice")
        die = (await S.complete(table, cx(BOB), "sacrifice", "die", ""))[0][1]
        await A.sacrifice(table, cx(BOB), die)
    if (await state(table)).mission is not None:
        gave_up = await A.giveup(table, cx(BOB))
        assert "abandoned" in gave_up.as_text()
    await refused(table, A.giveup(table, cx(BOB)), "not on an Away Mission")


# -- Encounter: Combat ------------------------------------------------------------------------------


async def test_combat_assign_swap_end_step_and_escape(table: Table) -> None:
    await start(table)
    await table.game_settings(cx(ALICE), "autopass", "off")  # every step asked, one by one
    for _ in range(3):
        await A.end_turn(table, cx(ALICE))
        await A.end_turn(table, cx(BOB))
    await refused(table, A.end_turn(table, cx(ALICE)), "must be fought")
    targets = await S.complete(table, cx(ALICE), "engage", "target", "")
    assert targets == [("Fleet 1 at Terra: 2 ships (2 unknown)", "1")]
    mates = await S.complete(table, cx(ALICE), "engage", "teammates", "", {"target": "1"})
    assert mates == [("2: bob (Hades Mk II at Terra)", "2")]
    fronts = await S.complete(table, cx(ALICE), "engage", "frontline", "", {"target": "1", "teammates": "2"})
    assert [v for _, v in fronts] == ["1", "2"]
    await refused(table, A.engage(table, cx(ALICE), "7"), "no fleet 7")
    await refused(table, A.engage(table, cx(ALICE), "1", "alice"), "your own team")
    reply = await A.engage(table, cx(ALICE), "fleet 1", "bob", "bob")
    assert "Combat! alice and bob engage fleet 1 at Terra: DecaBuilder (1), Sentinel (2)." in reply.as_text()
    assert "place your crew dice with `/armada assign`, then `/armada end-step`" in reply.as_text()
    assert (await state(table)).combat.frontline == 1

    await refused(table, A.end_turn(table, cx(BOB)), "Finish the Combat")
    await refused(table, A.assign(table, cx(BOB), "5", "9"), "Stations are numbered")
    for turn_command in (A.engage(table, cx(BOB), "1"), A.travel(table, cx(BOB), "Luna"), A.buy(table, cx(BOB))):
        await refused(table, turn_command, "You are in Combat: `/armada assign`")
    await refused(table, A.assign(table, cx(BOB), "5", "warp drive"), "not a station")
    await refused(table, A.assign(table, cx(BOB), "5", "1", "shields=3"), "not a choice")
    await refused(table, A.assign(table, cx(BOB), "6", "1", "1"), "blank")
    await refused(table, A.escape(table, cx(BOB), "5"), "start the escape")
    await refused(table, A.roll(table, cx(BOB)), "assign` them")

    # bob: Tactical #5 on the Twin Link, aimed with the suggestions.
    dice = await S.complete(table, cx(BOB), "assign", "dice", "")
    good_choices(dice)
    assert ("#5 crew: Tactical", "5") in dice
    sc = await table.seat_context(cx(BOB))
    engine_dice = {str(a["die"]) for a in sc.system.legal(sc.state, 1) if a["type"] == "assign"}
    assert dice[0][0].startswith("Place as suggested: ") and dice[0][1] == "suggested"  # the bot's placement first
    assert {v for _, v in dice[1:]} == engine_dice  # then exactly the dice the engine lists, every one of them
    stations = await S.complete(table, cx(BOB), "assign", "station", "", {"dice": "5"})
    # not 6: the Sick Bay (Medical + any) would wait for a Medical that none of bob's rolled dice shows
    assert [v for _, v in stations] == ["1", "2", "swap"]
    aims = await S.complete(table, cx(BOB), "assign", "target", "", {"dice": "5", "station": "1"})
    assert aims == [
        ("target 1: DecaBuilder (hull 3/3, shields 1)", "1"),
        ("target 2: Sentinel (hull 2/2, shields 0)", "2"),
    ]
    fired = await A.assign(table, cx(BOB), "#5", "1", "2")
    assert "Sentinel (2) takes 2 kinetic" in fired.as_text()
    await refused(table, A.reroll(table, cx(BOB), "all"), "before you assign")

    # Tactic: Swap needs Tactical dice; alice has none.
    for die in ("8", "9"):
        assert "swap" in [v for _, v in await S.complete(table, cx(BOB), "assign", "station", "", {"dice": die})]
    for _, die in await S.complete(table, cx(ALICE), "assign", "dice", ""):
        assert "swap" not in [v for _, v in await S.complete(table, cx(ALICE), "assign", "station", "", {"dice": die})]
    readied = await A.assign(table, cx(BOB), "8", "swap")
    assert "readies the Swap" in readied.as_text()
    await refused(table, A.assign(table, cx(BOB), "9", "swap"), "already have a die")
    await refused(table, A.assign(table, cx(ALICE), "0", "swap"), "Swap card needs Tactical")

    await A.end_step(table, cx(ALICE))
    enemy = await A.end_step(table, cx(BOB))
    assert "Enemy step" in enemy.as_text() and "gather your crew for the next round (`/armada roll`)" in enemy.as_text()
    await refused(table, A.end_turn(table, cx(ALICE)), "Finish the Combat")
    started = await A.escape(table, cx(ALICE))
    assert "Escape attempt" in started.as_text()
    await refused(table, A.escape(table, cx(ALICE)), "under way")
    esc = await S.complete(table, cx(ALICE), "escape", "die", "")
    good_choices(esc)
    assert esc
    out = await A.escape(table, cx(ALICE), esc[0][1], hull_to_one=True)
    assert "escapes" in out.as_text()
    assert (await state(table)).combat is None
    assert (await state(table)).players[0].hull == 1


async def test_roll_gathers_for_the_next_round(table: Table) -> None:
    await to_combat(table)
    assert await S.complete(table, cx(ALICE), "hero", "ability", "") == []
    await A.end_step(table, cx(ALICE))
    await A.end_step(table, cx(BOB))
    await refused(table, A.roll(table, cx(BOB)), "Waiting for alice")  # alice leads step 4
    assert "Step 4: alice gathers" in (await V.view_ship(table, cx(BOB))).as_text()
    assert "Step 4: `/armada roll`" in (await V.view_ship(table, cx(ALICE))).as_text()
    rolled = await A.roll(table, cx(ALICE))
    assert "Combat round 2" in rolled.as_text() and "rolls crew" in rolled.as_text()
    await refused(table, A.reroll(table, cx(ALICE), "all"), "reroll|no rolled")
    await refused(table, A.hero(table, cx(ALICE), "warp 3"), "Hero moves are")
    await refused(table, A.ram(table, cx(ALICE), "2", "1"), "Ram|ram|can")
    await refused(table, A.reroll(table, cx(ALICE), "enemy"), "relay|Relay|enemy die")


# -- private views ------------------------------------------------------------------------------


async def test_views_are_private_and_keep_face_down_cards_hidden(table: Table) -> None:
    await to_combat(table)
    ship = await V.view_ship(table, cx(ALICE))
    assert ship.ephemeral and "Pathfinder" in ship.as_text() and "Crew dice" in ship.as_text()
    assert "**Your move**: Combat step 1: `/armada assign" in ship.as_text()
    bobs = await V.view_ship(table, cx(CAROL), "bob")  # spectators may look (default settings)
    assert "Hades" in bobs.as_text()
    with pytest.raises(SessionError, match="no ship"):
        await V.view_ship(table, cx(CAROL))
    captains = await S.complete(table, cx(CAROL), "view ship", "captain", "")
    assert [v for _, v in captains] == ["1", "2"]

    fleets = await V.view_fleets(table, cx(ALICE))
    text = fleets.as_text()
    assert fleets.ephemeral and "Fleet 1" in text
    st = await state(table)
    for f in st.fleets:
        if f.token != 1:  # not in Combat: still face down
            assert all(not s.revealed for s in f.ships)
    hidden = text.split("**Fleet 2**")[1] if "**Fleet 2**" in text else ""
    assert "face-down ship" in hidden
    engine = (await table.seat_context(cx(ALICE))).state
    secret_names = {C.enemies[s.card].name for f in engine.fleets if f.token != 1 for s in f.ships}
    shown_names = {C.enemies[s.card].name for s in engine.fleets[0].ships}
    for name in secret_names - shown_names:
        assert name not in text
    # pictures: the ship board, and the combat table while a fight is on
    assert ship.image is not None and ship.image().startswith(b"\x89PNG")
    assert fleets.image is not None and fleets.image().startswith(b"\x89PNG")

    events = await V.view_events(table, cx(BOB))
    assert events.ephemeral and "First Light" in events.as_text()
    board = await V.view_map(table, cx(BOB))
    assert board.ephemeral and "Terra" in board.as_text()
    assert board.image is not None and board.image().startswith(PNG)


async def test_commands_of_another_game_are_refused(table: Table) -> None:
    await table.game_new(cx(ALICE), "pig")
    await table.game_join(cx(BOB))
    await table.game_start(cx(ALICE))
    with pytest.raises(SessionError, match="use its commands"):
        await A.repair(table, cx(ALICE))
    assert await S.complete(table, cx(ALICE), "travel", "to", "") == []


# -- ship modules and heroes, on an engine state (no database) ------------------------------------


class FakeTable:
    """Just enough of Table for the /armada commands: a state in memory, actions applied by the engine."""

    def __init__(self, state, seat: int) -> None:
        from rules.armada import SYSTEM

        self.system = SYSTEM
        self.state = state
        self.seat = seat
        self.played: list[dict] = []

    async def seat_context(self, ctx: Ctx, system_id: str | None = None) -> SeatContext:
        return SeatContext(record=None, state=self.state, system=self.system, seat=self.seat)  # type: ignore[arg-type]

    async def act(self, ctx: Ctx, action: dict) -> Reply:
        self.state, events = self.system.apply(self.state, self.seat, action)
        self.played.append(action)
        return Reply(lines=[e.text for e in events])


def combat_state(
    ships: str, modules: dict[int, str], heroes: tuple[str, ...] = (), *, fight: bool = True, owner: int = 0
):
    """Seed 12, two captains, round 2: both fight Fleet 1 at Terra; alice's stations hold ``modules``."""
    from rules.armada import SYSTEM
    from rules.armada.state import Die

    st = SYSTEM.setup(["alice", "bob"], {"ships": ships}, SEED)
    for _ in range(3):
        st, _ = SYSTEM.apply(st, 0, {"type": "end"})
        st, _ = SYSTEM.apply(st, 1, {"type": "end"})
    for number, mid in modules.items():
        st.players[owner].stations[number - 1].module = mid
    for hid in heroes:
        st.players[0].heroes.append(hid)
        st.dice.append(Die(id=st.next_die, owner=0, hero=hid))
        st.next_die += 1
    if fight:
        st, _ = SYSTEM.apply(st, 0, {"type": "fight", "fleet": 1, "team": ["2"]})
    return st


async def test_stasis_and_polarity_choices_come_from_the_engine() -> None:
    fake = FakeTable(combat_state("ag-01,harmony", {}), 0)
    fake_bob = FakeTable(fake.state, 1)
    seen_extra = False
    for who, table_ in ((ALICE, fake), (BOB, fake_bob)):
        for _, die in await S.complete(table_, cx(who), "assign", "dice", ""):  # type: ignore[arg-type]
            for _, station in await S.complete(table_, cx(who), "assign", "station", "", {"dice": die}):  # type: ignore[arg-type]
                extras = await S.complete(table_, cx(who), "assign", "target", "", {"dice": die, "station": station})  # type: ignore[arg-type]
                good_choices(extras)
                for label, value in extras:
                    if "=" in value:
                        seen_extra = True
                        assert "action" in label or "mode" in label
    assert seen_extra  # AG-01's Stasis Beam (target + action) or Harmony's Polarity Drive (mode)


async def test_rerolls_hero_moves_ram_scan_and_relay() -> None:
    modules = {3: "ai-core-2", 4: "titan-arum-ram", 5: "iris-scanners", 6: "zephyranthes-relay"}
    fake = FakeTable(combat_state("pathfinder,hades", modules, ("kisaragi",)), 0)
    ctx = cx(ALICE)
    rerolls = await S.complete(fake, ctx, "reroll", "dice", "")  # type: ignore[arg-type]
    assert rerolls and rerolls[-1][0].startswith("all:")
    await A.reroll(fake, ctx, "all")  # type: ignore[arg-type]
    assert fake.played[-1]["type"] == "reroll"
    moves = await S.complete(fake, ctx, "hero", "ability", "")  # type: ignore[arg-type]
    assert moves and all(label.startswith("Lock On: keep #") for label, _ in moves)
    await A.hero(fake, ctx, moves[0][1])  # type: ignore[arg-type]
    assert fake.played[-1]["type"] == "lockon"
    targets = await S.complete(fake, ctx, "ram", "target", "")  # type: ignore[arg-type]
    assert [v for _, v in targets] == ["1", "2"]
    rammed = await A.ram(fake, ctx, "1", "2")  # type: ignore[arg-type]
    assert fake.played[-1] == {"type": "ram", "amount": 1, "target": 2} and rammed.lines
    with pytest.raises(RuleError):
        await A.scan(fake, ctx, "1")  # type: ignore[arg-type]  (Combat: scanning is a turn action)
    with pytest.raises(RuleError):
        await A.reroll(fake, ctx, "enemy")  # type: ignore[arg-type]  (only after the enemy die is rolled)


async def test_blossom_beam_takes_extra_dice_in_the_target_option() -> None:
    fake = FakeTable(combat_state("pathfinder,hades", {3: "blossom-beam"}, owner=1), 1)
    ctx = cx(BOB)
    await refused_fake(fake, A.assign(fake, ctx, "5", "3", "2 extra=#6"), "must show Tactical")  # type: ignore[arg-type]
    await refused_fake(fake, A.assign(fake, ctx, "5", "3", "2 _bonus=9"), "not a choice")  # type: ignore[arg-type]
    fired = await A.assign(fake, ctx, "5", "3", "2 extra=#8,9")  # type: ignore[arg-type]
    assert fake.played[-1] == {"type": "assign", "die": 5, "station": 3, "target": 2, "extra": "8,9"}
    assert any("4 energy" in line for line in fired.lines), fired.lines
    sheet = await V.view_ship(fake, ctx)  # type: ignore[arg-type]
    assert "+1 per extra matching die" in sheet.as_text()


async def test_iris_scanners_reveal_a_fleet_before_the_fight() -> None:
    fake = FakeTable(combat_state("pathfinder,hades", {5: "iris-scanners"}, fight=False), 0)
    fleets = await S.complete(fake, cx(ALICE), "scan", "fleet", "")  # type: ignore[arg-type]
    assert [v for _, v in fleets] == ["1", "2", "3"] and "unknown" in fleets[0][0]
    await refused_fake(fake, A.scan(fake, cx(ALICE), "8"), "no fleet 8")  # type: ignore[arg-type]
    scanned = await A.scan(fake, cx(ALICE), "fleet 2")  # type: ignore[arg-type]
    assert "Iris Scanners reveal" in scanned.lines[-1]
    sheet = await V.view_fleets(fake, cx(ALICE))  # type: ignore[arg-type]
    assert "face-down" not in sheet.as_text().split("**Fleet 2**")[1].split("**Fleet 3**")[0]
    await refused_fake(fake, A.scan(fake, cx(ALICE), "3"), "once per round")  # type: ignore[arg-type]


async def refused_fake(fake: FakeTable, call, match: str) -> None:
    before = fake.system.dumps(fake.state)
    with pytest.raises(RuleError, match=match):
        await call
    assert fake.system.dumps(fake.state) == before


def planning_state(modules: tuple[str, ...] = (), heroes: tuple[str, ...] = ()):
    """A fresh two-captain game at Terra; alice has ``modules`` in storage and ``heroes`` aboard."""
    from rules.armada import SYSTEM
    from rules.armada.state import Die

    st = SYSTEM.setup(["alice", "bob"], {}, SEED)
    st.players[0].storage.extend(modules)
    for hid in heroes:
        st.players[0].heroes.append(hid)
        st.dice.append(Die(id=st.next_die, owner=0, hero=hid))
        st.next_die += 1
    return st


async def test_trade_a_module_and_a_hero() -> None:
    fake = FakeTable(planning_state(("ai-core-1",), ("kisaragi",)), 0)
    ctx = cx(ALICE)
    whats = await S.complete(fake, ctx, "give", "what", "")  # type: ignore[arg-type]
    assert [v for _, v in whats] == ["credits", "module", "hero"]
    mods = await S.complete(fake, ctx, "give", "value", "", {"what": "module"})  # type: ignore[arg-type]
    assert [v for _, v in mods] == ["ai-core-1"] and "1 reroll per combat round" in mods[0][0]
    await refused_fake(fake, A.give(fake, ctx, "2", "module", "lotus-laser"), "no module|storage")  # type: ignore[arg-type]
    given = await A.give(fake, ctx, "bob", "module", "AI Core 1x")  # type: ignore[arg-type]
    assert "hands AI Core 1x to bob" in given.lines[-1]
    await refused_fake(fake, A.give(fake, ctx, "2", "hero", "Pathos"), "not in your crew")  # type: ignore[arg-type]
    moved = await A.give(fake, ctx, "2", "hero", "kisaragi")  # type: ignore[arg-type]
    assert "Kisaragi Atsuta transfers to bob" in moved.lines[-1]
    assert fake.state.players[1].storage == ["ai-core-1"] and fake.state.players[1].heroes == ["kisaragi"]
    await refused_fake(fake, A.give(fake, ctx, "2", "credits", "1"), "no actions left")  # type: ignore[arg-type]


async def test_swap_a_module_for_a_hero_with_an_answer() -> None:
    from rules.armada.state import Die

    st = planning_state(("ai-core-1",))
    st.players[1].heroes.append("kisaragi")
    st.dice.append(Die(id=st.next_die, owner=1, hero="kisaragi"))
    st.next_die += 1
    fake = FakeTable(st, 0)
    ctx = cx(ALICE)
    backs = await S.complete(fake, ctx, "trade", "for_what", "", {"captain": "2"})  # type: ignore[arg-type]
    assert "hero" in [v for _, v in backs]
    theirs = await S.complete(  # type: ignore[arg-type]
        fake, ctx, "trade", "for_value", "", {"captain": "bob", "for_what": "hero"}
    )
    assert [v for _, v in theirs] == ["kisaragi"]
    await refused_fake(  # type: ignore[arg-type]
        fake, A.trade(fake, ctx, "2", "module", "ai-core-1", "hero", "genevieve"), "not in bob's crew"
    )
    await refused_fake(fake, A.trade(fake, ctx, "2", "module", "ai-core-1", "spaceship", "x"), "want back")  # type: ignore[arg-type]
    offered = await A.trade(fake, ctx, "bob", "module", "AI Core 1x", "hero", "kisaragi")  # type: ignore[arg-type]
    assert "offers bob a swap: AI Core 1x for Kisaragi Atsuta" in offered.lines[-1]
    fake.seat = 1
    assert "offers you a swap" in next_steps(fake.state, 1)
    answers = await S.complete(fake, cx(BOB), "answer", "reply", "")  # type: ignore[arg-type]
    assert [v for _, v in answers] == ["accept", "decline"]
    await refused_fake(fake, A.answer(fake, cx(BOB), "maybe"), "reply:accept")  # type: ignore[arg-type]
    assert spec.command_for(GROUP, fake.state, 1, {"type": "accept_trade"}) == "/armada answer reply:accept"
    await run_command_text(fake, BOB, "/armada answer reply:accept")
    assert fake.state.players[0].heroes == ["kisaragi"] and fake.state.players[1].storage == ["ai-core-1"]
    assert fake.state.trade is None


async def test_violet_kashi_sells_and_nobody_delivers_without_cargo() -> None:
    fake = FakeTable(planning_state(("ai-core-2",), ("violet-kashi",)), 0)
    ctx = cx(ALICE)
    await refused_fake(fake, A.sell(fake, ctx, "ai-core-2"), "while shopping")  # type: ignore[arg-type]
    await A.buy(fake, ctx)  # type: ignore[arg-type]
    sells = await S.complete(fake, ctx, "sell", "module", "")  # type: ignore[arg-type]
    assert [v for _, v in sells] == ["ai-core-2"]
    await refused_fake(fake, A.sell(fake, ctx, "nothing-like-it"), "no module called")  # type: ignore[arg-type]
    sold = await A.sell(fake, ctx, "AI Core 2x")  # type: ignore[arg-type]
    assert fake.played[-1] == {"type": "sell", "module": "ai-core-2"} and "sold" in " ".join(sold.lines)
    await A.end_step(fake, ctx)  # type: ignore[arg-type]
    await refused_fake(fake, A.mission(fake, ctx), "Encounter|cargo")  # type: ignore[arg-type]


# -- a random captain plays only through the suggestions -----------------------------------------


async def random_command(fake: FakeTable, who: Actor, rng) -> None:
    ctx = cx(who)

    async def pick(command: str, option: str, given: dict | None = None) -> str | None:
        choices = await S.complete(fake, ctx, command, option, "", given or {})  # type: ignore[arg-type]
        good_choices(choices)
        return rng.choice(choices)[1] if choices else None

    kinds = ["end-step", "end-turn", "end-turn", "roll", "assign", "assign", "assign", "engage", "mission"]
    kinds += ["travel", "repair", "buy", "hire", "configure", "give", "reroll", "escape", "swap", "sacrifice"]
    kinds += ["hero", "ram", "scan", "giveup", "deliver", "relay"]
    kind = rng.choice(kinds)
    f = fake  # type: ignore[assignment]
    if kind == "end-step":
        await A.end_step(f, ctx)
    elif kind == "end-turn":
        await A.end_turn(f, ctx)
    elif kind in ("roll", "repair", "giveup"):
        await getattr(A, kind)(f, ctx)
    elif kind == "deliver":
        await A.mission(f, ctx)
    elif kind == "relay":
        await A.reroll(f, ctx, "enemy")
    elif kind == "swap":
        await A.assign(f, ctx, await pick("assign", "dice"), "swap")
    elif kind == "assign":
        die = await pick("assign", "dice")
        station = await pick("assign", "station", {"dice": die}) if die else None
        target = await pick("assign", "target", {"dice": die, "station": station}) if station else None
        await A.assign(f, ctx, die, station, target)
    elif kind == "engage":
        target = await pick("engage", "target")
        mate = await pick("engage", "teammates", {"target": target}) if rng.random() < 0.5 else None
        await A.engage(f, ctx, target, mate)
    elif kind == "mission":
        beacon = await pick("mission", "beacon")
        await A.mission(f, ctx, beacon)
    elif kind in ("travel", "scan", "reroll", "sacrifice", "hero"):
        option = {"travel": "to", "scan": "fleet", "reroll": "dice", "hero": "ability"}.get(kind, "die")
        await getattr(A, kind)(f, ctx, await pick(kind, option))
    elif kind in ("buy", "hire"):
        option = "module" if kind == "buy" else "hero"
        await getattr(A, kind)(f, ctx, await pick(kind, option) if rng.random() < 0.5 else None)
    elif kind == "configure":
        station = await pick("configure", "station")
        await A.configure(f, ctx, station, await pick("configure", "module", {"station": station}))
    elif kind == "give":
        captain = await pick("give", "captain")
        what = await pick("give", "what")
        await A.give(f, ctx, captain, what, await pick("give", "value", {"what": what}))
    elif kind == "escape":
        await A.escape(f, ctx, await pick("escape", "die") if rng.random() < 0.7 else None, rng.random() < 0.2)
    elif kind == "ram":
        await A.ram(f, ctx, "1", await pick("ram", "target"))


async def test_random_captains_play_through_the_commands() -> None:
    import random

    rng = random.Random(5)
    fake = FakeTable(planning_state(), 0)
    refusals = 0
    for _ in range(2500):
        who = rng.choice([ALICE, BOB])
        fake.seat = 0 if who is ALICE else 1
        try:
            await random_command(fake, who, rng)
        except RuleError:
            refusals += 1
        if fake.system.outcome(fake.state) is not None:
            break
    kinds = {a["type"] for a in fake.played}
    assert len(fake.played) > 80 and refusals > 0, (len(fake.played), fake.state.round, fake.state.reason)
    assert {"travel", "fight", "assign", "done", "end"} <= kinds, kinds
    assert fake.state.round >= 3


async def run_command_text(fake: FakeTable, who: Actor, text: str) -> None:
    """Play ``/armada ...`` text the way the console does: the command table finds it, options converted."""
    words = text.lstrip("/").split()
    found = spec.find_words(words)
    assert found is not None, f"no command for {text}"
    (group, command), length = found
    raw = parse_options(" ".join(words[length:]), [o.name for o in command.options])
    await command.handler(fake, cx(who), **convert_options(group, command, raw))


async def _every_move_plays(fake: FakeTable, checked: set[str]) -> None:
    """Every legal move (up to 40 per captain) here has a command text that plays exactly it."""
    for seat, actor in ((0, ALICE), (1, BOB)):
        for action in fake.system.legal(fake.state, seat)[:40]:
            text = spec.command_for(GROUP, fake.state, seat, action)
            assert text is not None and text.startswith("/armada "), action
            expected, _ = fake.system.apply(fake.state, seat, action)
            probe = FakeTable(fake.state, seat)
            await run_command_text(probe, actor, text)
            assert fake.system.dumps(probe.state) == fake.system.dumps(expected), (action, text)
            checked.add(action["type"])


async def test_every_legal_move_has_a_command_that_plays_it() -> None:
    import random

    from rules.armada.state import Retreat, Split, Vote

    rng = random.Random(5)
    fake = FakeTable(planning_state(("ai-core-1",), ("kisaragi", "genevieve")), 0)
    fake.state.players[0].stations[2].module = "ai-core-2"
    fake.state.players[0].credits = fake.state.players[1].credits = 15
    checked: set[str] = set()
    # positions a random walk may miss: a waystation open, and each choice the rules leave to players
    inn = FakeTable(fake.system.clone(fake.state), 0)
    inn.state.players[0].planet = inn.state.players[1].planet = "Luna"
    await _every_move_plays(inn, checked)
    inn.state, _ = inn.system.apply(inn.state, 0, {"type": "recruit"})
    await _every_move_plays(inn, checked)
    from .test_armada_support import in_combat

    # a Combat step 1 with Kisaragi's Lock On on offer
    fight = FakeTable(in_combat(fake.system.clone(fake.state), ["kannon"], ["T", "E", "S"]), 0)
    await _every_move_plays(fight, checked)
    for setup in (
        lambda st: st.retreats.append(Retreat(seat=0, origin="Terra")),
        lambda st: setattr(st, "split", Split(total=3, members=[0, 1], shares=[2, 1])),
        lambda st: setattr(st, "vote", Vote(event=20, credits=2, tied=[0, 1], voters=[0, 1])),
    ):
        choice = FakeTable(fake.system.clone(fake.state), 0)
        choice.state.phase = "encounter"
        setup(choice.state)
        await _every_move_plays(choice, checked)
    last = -1
    for _ in range(1500):
        who = rng.choice([ALICE, BOB])
        fake.seat = 0 if who is ALICE else 1
        if len(fake.played) != last:  # something happened: check the new position
            last = len(fake.played)
            await _every_move_plays(fake, checked)
        with contextlib.suppress(RuleError):
            await random_command(fake, who, rng)
        if fake.system.outcome(fake.state) is not None:
            break
    wanted = {"travel", "shop", "buy", "install", "store", "recruit", "hire", "give", "repair", "close", "end"}
    wanted |= {"fight", "assign", "reroll", "lockon", "parley", "done", "gather", "escape", "mission", "giveup"}
    wanted |= {"retreat", "split", "agree", "vote", "begin"}
    assert wanted <= checked, wanted - checked
    moves = await V.view_moves(FakeTable(fake.state, 0), cx(ALICE))  # type: ignore[arg-type]
    assert moves.ephemeral and moves.lines[0].startswith("**Your move**")


# -- junk never crashes ------------------------------------------------------------------------

JUNK = ["", "#", "-1", "99999999999999999999", "²", "x" * 300, "1,2,,3", "target==", "ally=zed crew=#"]
JUNK += ["savior", "1 2 3 4 5", "\u0000", "Kagawa Prime", "lockon 1"]


async def poke_everything(table: Table, who: Actor) -> None:
    """Every command with junk in every option: only player-readable refusals, never a crash."""
    calls = []
    for junk in JUNK:
        calls += [
            lambda j=junk: A.travel(table, cx(who), j),
            lambda j=junk: A.give(table, cx(who), j, j, j),
            lambda j=junk: A.trade(table, cx(who), j, j, j, j, j),
            lambda j=junk: A.give(table, cx(who), "2", "credits", j),
            lambda j=junk: A.give(table, cx(who), "2", "module", j),
            lambda j=junk: A.buy(table, cx(who), j or "x"),
            lambda j=junk: A.sell(table, cx(who), j),
            lambda j=junk: A.configure(table, cx(who), j, j),
            lambda j=junk: A.configure(table, cx(who), "3", j),
            lambda j=junk: A.hire(table, cx(who), j or "x"),
            lambda j=junk: A.engage(table, cx(who), j, j, j),
            lambda j=junk: A.engage(table, cx(who), "1", j),
            lambda j=junk: A.mission(table, cx(who), j, j),
            lambda j=junk: A.scan(table, cx(who), j),
            lambda j=junk: A.assign(table, cx(who), j, j, j),
            lambda j=junk: A.assign(table, cx(who), "5", "1", j),
            lambda j=junk: A.reroll(table, cx(who), j or "x"),
            lambda j=junk: A.escape(table, cx(who), j or "x", True),
            lambda j=junk: A.assign(table, cx(who), j, "swap"),
            lambda j=junk: A.sacrifice(table, cx(who), j),
            lambda j=junk: A.ram(table, cx(who), j, j),
            lambda j=junk: A.hero(table, cx(who), j),
            lambda j=junk: V.view_ship(table, cx(who), j or None),
        ]
    for call in calls:
        before = await snapshot(table)
        try:
            await call()
        except RuleError:
            assert await snapshot(table) == before
    for command, options in [
        ("travel", ["to"]),
        ("give", ["captain", "what", "value"]),
        ("trade", ["captain", "what", "value", "for_what", "for_value"]),
        ("answer", ["reply"]),
        ("escape", ["die"]),
        ("sacrifice", ["die"]),
        ("configure", ["station", "module"]),
        ("engage", ["target", "teammates", "frontline"]),
        ("mission", ["beacon", "teammates"]),
        ("assign", ["dice", "station", "target"]),
        ("reroll", ["dice"]),
        ("hero", ["ability"]),
        ("ram", ["amount", "target"]),
        ("view ship", ["captain"]),
    ]:
        for option in options:
            for junk in JUNK[:8]:
                good_choices(await S.complete(table, cx(who), command, option, junk, dict.fromkeys(options, junk)))


async def test_junk_input_is_refused_cleanly_in_every_phase(table: Table) -> None:
    await start(table)
    await poke_everything(table, BOB)  # planning, not bob's turn once alice acts
    await A.end_turn(table, cx(ALICE))
    await A.end_turn(table, cx(BOB))
    await A.mission(table, cx(BOB), "0")
    await poke_everything(table, BOB)  # on an Away Mission
    await A.giveup(table, cx(BOB))


async def test_junk_input_in_combat(table: Table) -> None:
    await to_combat(table)
    await poke_everything(table, BOB)
    await poke_everything(table, ALICE)


# -- console -------------------------------------------------------------------------------------


async def test_console_script(tmp_path: Path) -> None:
    script = tmp_path / "armada.txt"
    script.write_text(
        "\n".join(
            [
                "/game new system:armada",
                "as bob /game join",
                "as alice /game start",
                "/armada help",
                "/armada assign 3 4",
                "/armada view ship",
                "/armada travel Narnia",
                "/armada travel Kagawa",
                "/armada hire",
                "/armada end-turn",
                "as bob /armada buy",
                "as bob /armada end-turn",
                "as bob /armada view events",
                "as bob /armada view map",
                "as bob /armada mission beacon:0",
                "as bob /armada end-step",
            ]
        )
    )
    service = GameService(SqliteStore(tmp_path / "c.db"), seed_source=lambda: SEED)
    await service.open()
    out = io.StringIO()
    try:
        errors = await run_console(service, boards=tmp_path / "boards", script=script, out=out)
    finally:
        await service.close()
    text = out.getvalue()
    assert errors == 2, text  # Narnia, and an assign outside Combat
    assert "! There is no planet 'Narnia'" in text
    assert "travels to Kagawa" in text and "visits the waystation" in text
    assert "On offer" in text and "Away Mission 0" in text
    assert "(only you see this) == Ship of alice ==" in text
    assert "Deep Space D-6: Armada commands" in text and "needs a subcommand" not in text
    assert "! Dice are assigned in Combat or on an Away Mission; you are in neither." in text
    assert list((tmp_path / "boards").glob("*.png"))


# -- Discord, end to end --------------------------------------------------------------------------


@pytest.mark.e2e
async def test_armada_through_discord(tmp_path: Path) -> None:
    import bot as starhost
    from tests.standin import FakeUser, StandIn
    from tests.test_e2e_bot import GUILD, make_config

    chan = 920000000000000010
    alice = FakeUser(id=720000000000000001, name="alice")
    bob = FakeUser(id=720000000000000002, name="bob")
    async with StandIn(guild_id=GUILD, channel_ids=[chan], users=[alice, bob]) as standin:
        bot = starhost.make_bot(make_config(tmp_path), guild_ready_timeout=0.05)
        await standin.run_client(bot)
        commands = await standin.wait_for_commands(GUILD)
        try:
            armada = next(c for c in commands if c["name"] == "armada")
            subs = armada["options"]
            assert len(subs) <= 25
            names = {o["name"] for o in subs}
            assert {"travel", "repair", "trade", "buy", "configure", "hire", "engage", "roll", "assign"} <= names
            assert {"reroll", "escape", "give", "end-step", "end-turn", "start-turn", "view", "help"} <= names
            for sub in subs:
                assert len(sub["description"]) <= 100
                for opt in sub.get("options", []):
                    assert opt["name"] == opt["name"].lower() and len(opt["description"]) <= 100

            bot.service.seed_source = lambda: SEED
            await standin.slash("game new", {"system": "armada"}, user=alice, channel_id=chan)
            await standin.slash("game join", user=bob, channel_id=chan)
            started = await standin.slash("game start", user=alice, channel_id=chan)
            assert started.files["board.png"].startswith(PNG)

            places = await standin.autocomplete("armada travel", focused="to", value="", user=alice, channel_id=chan)
            assert {c["value"] for c in places} == {"Luna", "Kagawa", "Zenith One", "Titan VI"}
            moved = await standin.slash("armada travel", {"to": "Kagawa"}, user=alice, channel_id=chan)
            assert "travels to Kagawa" in moved.text
            assert moved.files["board.png"].startswith(PNG)

            refusal = await standin.slash("armada travel", {"to": "Narnia"}, user=alice, channel_id=chan)
            assert refusal.ephemeral and "Narnia" in refusal.text

            sheet = await standin.slash("armada view ship", user=alice, channel_id=chan)
            assert sheet.ephemeral and "Pathfinder" in sheet.text
            captains = await standin.autocomplete(
                "armada view ship", focused="captain", value="bo", user=alice, channel_id=chan
            )
            assert [c["value"] for c in captains] == ["2"]
            bobs = await standin.slash("armada view ship", {"captain": "2"}, user=alice, channel_id=chan)
            assert bobs.ephemeral and "Hades" in bobs.text
            moves = await standin.slash("armada view moves", user=alice, channel_id=chan)
            assert moves.ephemeral and "/armada end-turn" in moves.text
            guide = await standin.slash("armada help", user=alice, channel_id=chan)
            assert guide.ephemeral and "Planning" in guide.text and "/armada end-turn" in guide.text
            seen = await standin.slash("armada view map", user=alice, channel_id=chan)
            assert seen.ephemeral and seen.files["board.png"].startswith(PNG)

            await standin.slash("armada end-turn", user=alice, channel_id=chan)
            await standin.slash("armada end-turn", user=bob, channel_id=chan)
            beacons = await standin.autocomplete(
                "armada mission", focused="beacon", value="", user=bob, channel_id=chan
            )
            assert [c["value"] for c in beacons] == ["0"]
            mission = await standin.slash("armada mission", {"beacon": "0"}, user=bob, channel_id=chan)
            assert "Away Mission 0" in mission.text
            dice = await standin.autocomplete("armada assign", focused="dice", value="", user=bob, channel_id=chan)
            assert dice
            sections = await standin.autocomplete(
                "armada assign",
                focused="station",
                value="",
                options={"dice": dice[0]["value"]},
                user=bob,
                channel_id=chan,
            )
            assert sections and sections[0]["name"].startswith("section")
            placed = await standin.slash(
                "armada assign", {"dice": dice[0]["value"], "station": sections[0]["value"]}, user=bob, channel_id=chan
            )
            assert "puts" in placed.text and placed.files["board.png"].startswith(PNG)
        finally:
            await standin.stop_client()


async def test_help_page_is_ordered_and_names_every_command() -> None:
    reply = await show_help(None, cx(ALICE))  # type: ignore[arg-type]
    text = "\n".join(reply.lines)
    assert reply.ephemeral and len(text) < 4096  # one embed
    order = [text.index(f"**{word}**") for word in ("Planning", "Encounter", "Combat", "Away Mission")]
    assert order == sorted(order)
    for command in GROUP.commands:
        assert f"`/armada {command.name}" in text, command.name


# -- every legal action round-trips through /act and through its /armada command ----------------------


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (2, 12), (3, 21), (4, 5)])
async def test_every_legal_action_is_played_by_exactly_one_command(players: int, seed: int) -> None:
    """Random legal play (a seeded choice among legal() only): at every step, every legal action of each
    captain asked survives ``format -> parse`` and is played exactly by the one command whose
    ``produces`` names it (tests/command_roundtrip.py)."""
    import random

    from rules.armada import SYSTEM

    from .command_roundtrip import check_commands_play_legal_actions

    rng = random.Random(seed)
    st = SYSTEM.setup([f"captain{i + 1}" for i in range(players)], {}, seed)
    checked, kinds = 0, set()
    for _ in range(400):
        prompts = SYSTEM.pending(st)
        if SYSTEM.outcome(st) is not None or not prompts:
            break
        for prompt in prompts:
            checked += await check_commands_play_legal_actions(SYSTEM, GROUP, st, prompt.seat, limit=80)
            kinds |= {a["type"] for a in SYSTEM.legal(st, prompt.seat)}
        prompt = rng.choice(prompts)
        legal = SYSTEM.legal(st, prompt.seat)
        moves = [a for a in legal if a["type"] not in ("end", "giveup")] or legal
        st, _ = SYSTEM.apply(st, prompt.seat, rng.choice(moves) if moves else dict(prompt.default or {}))
    assert checked > 300 and {"travel", "end", "begin", "fight", "assign", "done", "gather"} <= kinds, (checked, kinds)


# -- one vocabulary: every name form the game shows, and refusals that list what would work ---------------


async def test_names_in_every_form_and_refusals_that_list_the_names() -> None:
    from rules.armada import SYSTEM

    ctx = cx(ALICE)
    for typed in ("2", "bob", "@bob", "Hades Mk II", "hades"):  # seat, player, ship name, ship id
        fake = FakeTable(planning_state(), 0)
        await A.give(fake, ctx, typed, "credits", "1")  # type: ignore[arg-type]
        assert fake.played[-1] == {"type": "give", "to": 2, "what": "credits", "value": 1}, typed
    fake = FakeTable(planning_state(("ai-core-1",)), 0)
    await refused_fake(fake, A.give(fake, ctx, "zed", "credits", "1"), "Captains: 1 alice \\(Pathfinder\\), 2 bob")  # type: ignore[arg-type]
    for typed in ("ai-core-1", "AI Core 1x", "AI Core 1x [ai-core-1]"):  # id, name, a suggestion's label
        probe = FakeTable(planning_state(("ai-core-1",)), 0)
        await A.give(probe, ctx, "2", "module", typed)  # type: ignore[arg-type]
        assert probe.played[-1]["value"] == "ai-core-1", typed
    await refused_fake(
        fake, A.give(fake, ctx, "2", "module", "warp core"), r"in your storage: AI Core 1x \(ai-core-1\)"
    )  # type: ignore[arg-type]
    await refused_fake(fake, A.give(fake, ctx, "2", "module", "lotus-laser"), "is not in your storage")  # type: ignore[arg-type]
    for typed in ("kagawa", "KAG"):
        probe = FakeTable(planning_state(), 0)
        await A.travel(probe, ctx, typed)  # type: ignore[arg-type]
        assert probe.played[-1] == {"type": "travel", "to": "Kagawa"}
    await refused_fake(fake, A.answer(fake, ctx, "yes"), "Nothing is waiting for your answer")  # type: ignore[arg-type]

    fleets = FakeTable(combat_state("pathfinder,hades", {5: "iris-scanners"}, fight=False), 0)
    for typed in ("2", "F2", "fleet 2", "#2"):
        probe = FakeTable(SYSTEM.clone(fleets.state), 0)
        await A.scan(probe, ctx, typed)  # type: ignore[arg-type]
        assert probe.played[-1] == {"type": "scan", "fleet": 2}, typed
    await refused_fake(fleets, A.scan(fleets, ctx, "F9"), "Fleets in play: F1 at Terra, F2 at")  # type: ignore[arg-type]

    fight = FakeTable(combat_state("pathfinder,hades", {}), 1)
    for typed in ("5", "#5"):
        probe = FakeTable(SYSTEM.clone(fight.state), 1)
        await A.assign(probe, cx(BOB), typed, "Twin Link System" if typed == "5" else "1", "1")  # type: ignore[arg-type]
        assert probe.played[-1] == {"type": "assign", "die": 5, "station": 1, "target": 1}, typed
    await refused_fake(fight, A.assign(fight, cx(BOB), "0", "1"), r"not one of your crew; your free dice: #5")  # type: ignore[arg-type]
