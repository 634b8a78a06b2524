"""Issue 23 (Starcadia): typing a move as a destination, suggestions and buttons that cover every move, prompts
that name the command answering them, and suggestion values that always fit whole (100 characters).

Each trap is played through the /starcadia command table as the console runs it, on the fixed test board of
:mod:`tests.test_starcadia_support` put into a table's running game."""

from __future__ import annotations

from rules.starcadia import SYSTEM
from rules.starcadia import board as B
from rules.starcadia import engine as E
from rules.starcadia.campaign import auto_loadout
from rules.starcadia.content import CONTENT
from rules.starcadia.state import StarState, Wait
from table import Table
from table.starcadia.commands import GROUP
from tests.test_starcadia_frontend import (
    ALICE,
    BOB,
    CHAN,
    PLAYERS,
    ctx,
    new_game,
    refused,
    run,
    state_of,
    suggest,
    table,  # noqa: F401  (the fixture)
    version,
)
from tests.test_starcadia_support import add_monster, place, play_state


async def seat_state(table: Table, st: StarState, *, fresh: bool = True) -> None:  # noqa: F811
    """Run ``st`` (seat 0 alice, seat 1 bob) as the channel's game (``fresh``: open one first)."""
    if fresh:
        await new_game(table)
    st.seats = [a.name for a in PLAYERS]
    record = await table.service.game_in(CHAN)
    loaded = await table.service._load(record.id)
    loaded.state = st
    loaded.memo = {}  # a new position: nothing worked out for the old one holds


def walks(st: StarState, hid: str) -> dict[str, list[str]]:
    """Each space the hero can walk to now -> the path the move buttons offer."""
    h = E.find_hero(st, hid)
    return {s: p for s, (_c, p) in E.reach(st, E.board_of(st), h.pos, E.move_points(st, h), hid).items() if p}


# -- a destination ---------------------------------------------------------------------------------------------
async def test_a_destination_walks_the_shortest_legal_route(table: Table) -> None:  # noqa: F811
    st = play_state()
    await seat_state(table, st)
    edge = E.find_hero(st, "edge")
    assert edge.pos == "C1"
    route = walks(st, "edge")["B2"]
    assert len(route) == 2  # B2 is not next to C1: the old refusal ("B2 is not next to C1")
    reply = await run("move", table, ctx(ALICE), "B2", hero="edge")
    assert f"move edge {' '.join(route)}" in "\n".join(reply.lines)
    after = await state_of(table)
    assert E.find_hero(after, "edge").pos == "B2" and after.act.mp == 4 - len(route)


async def test_a_destination_finds_the_one_hero_that_reaches_it(table: Table) -> None:  # noqa: F811
    st = play_state()
    place(st, "red", "H6")
    await seat_state(table, st)
    only_edge = sorted(set(walks(st, "edge")) - set(walks(st, "red")) - {"C1", "D1"})
    far = next(s for s in only_edge if len(walks(st, "edge")[s]) > 1)
    await run("move", table, ctx(ALICE), far)
    assert E.find_hero(await state_of(table), "edge").pos == far


async def test_a_whole_path_and_a_destination_with_pickup_still_work(table: Table) -> None:  # noqa: F811
    st = play_state()
    armory = next(u for u in CONTENT.upgrades if CONTENT.upgrades[u].category == "weapon")
    st.armory_item, st.armory_space = armory, "B2"
    await seat_state(table, st)
    await run("move", table, ctx(ALICE), "B2 pickup", hero="edge")
    after = await state_of(table)
    assert E.find_hero(after, "edge").pos == "B2" and not after.armory_item
    assert armory in [u.id for u in E.find_hero(after, "edge").upgrades]
    await run("move", table, ctx(ALICE), "B3 C3", hero="edge")  # a path typed step by step, as before
    assert E.find_hero(await state_of(table), "edge").pos == "C3"


async def test_a_destination_out_of_reach_or_full_is_refused_untouched(table: Table) -> None:  # noqa: F811
    st = play_state()
    add_monster(st, "weeble", "B2")
    add_monster(st, "weeble", "B2")
    await seat_state(table, st)
    await refused(table, run("move", table, ctx(ALICE), "B2", hero="edge"), r"B2 is full \(2 figures\)")
    costs = E.travel_costs(st, E.board_of(st), "C1", 99, doors=True)
    far = min((s for s, (c, _) in costs.items() if c > 4), key=lambda s: (costs[s][0], s))
    await refused(table, run("move", table, ctx(ALICE), far, hero="edge"), rf"{far} is \d+ MP away from C1.*has 4 MP")
    await refused(table, run("move", table, ctx(ALICE), "A9", hero="edge"), "not a space you can enter")
    await refused(table, run("move", table, ctx(ALICE), "C5 pickup", hero="edge"), "nothing to pick up|MP away")
    assert E.find_hero(await state_of(table), "edge").pos == "C1"


async def test_the_hoverboard_takes_a_destination_too(table: Table) -> None:  # noqa: F811
    st = play_state()
    E.find_hero(st, "edge").gadgets.append("hoverboard")
    await seat_state(table, st)
    red = E.find_hero(st, "red")
    target = next(s for s, p in walks(st, "red").items() if len(p) == 3 and "portal" not in p)
    await run("use", table, ctx(ALICE), "hoverboard", hero="edge", path=target)
    assert E.find_hero(await state_of(table), "red").pos == target != red.pos


# -- every move reachable from the suggestions and buttons ---------------------------------------------------------
def open_ground() -> StarState:
    st = play_state()
    place(st, "edge", "G6")
    place(st, "red", "C6")
    return st


async def test_move_suggestions_cover_every_move(table: Table) -> None:  # noqa: F811
    st = open_ground()
    await seat_state(table, st)
    moves = [a for a in SYSTEM.legal(st, 0) if a["type"] == "move"]
    assert len(moves) > 25 and {a["hero"] for a in moves} == {"edge", "red"}
    first = await suggest(table, ctx(ALICE), "move", "path", "", {})
    assert len(first) == 25 and {v.split()[0] for _, v in first} == {"edge", "red"}  # both heroes show
    for a in moves:
        value = " ".join([a["hero"], *a["path"]])
        spaces = [p for p in a["path"] if B.parse_space(p)]
        typed = spaces[-1] if spaces else a["path"][0]
        found = await suggest(table, ctx(ALICE), "move", "path", typed, {})
        assert value in [v for _, v in found], (typed, value)
    # A destination typed alone: the walks ending there come first.
    found = await suggest(table, ctx(ALICE), "move", "path", "f6", {"hero": "edge"})
    assert found[0][1] == " ".join(walks(st, "edge")["F6"]) and "→ F6" in found[0][0]
    assert all(len(label) <= 100 and len(value) <= 100 for label, value in found)


def test_buttons_rank_every_move_and_take_the_heroes_in_turn() -> None:
    st = open_ground()
    legal = SYSTEM.legal(st, 0)
    order = SYSTEM.button_choices(st, 0, legal)
    assert sorted(order) == list(range(len(legal)))  # nothing is left out
    approach = E.pvp_approach(st, 0)
    towards = {"type": "move", "hero": approach.hero, "path": approach.path} if approach else None

    def kind(a: dict) -> str:
        if a == towards:
            return "towards"
        if a["type"] == "move" and a["path"][-1] in ("hack", "pickup"):
            return "quest"
        return a["type"]

    kinds = [kind(legal[i]) for i in order]
    walking = [legal[i]["hero"] for i in order if kinds[order.index(i)] == "move"]
    assert walking[:4] in (["edge", "red"] * 2, ["red", "edge"] * 2)
    assert kinds.index("rest") < kinds.index("move")  # quest moves, the walk to a PvP quest, rest, then walks


# -- prompts name their command --------------------------------------------------------------------------------------
async def test_the_monster_prompt_names_the_command_that_answers_it(table: Table) -> None:  # noqa: F811
    st = play_state()
    add_monster(st, "weeble", "F6")
    st.wait = Wait(kind="monster", seat=0, monster="weeble#1")
    await seat_state(table, st)
    reply = await table.game_status(ctx(BOB))
    text = "\n".join(reply.lines + [value for _, value in reply.fields])
    assert "run Weeble (weeble#1) for the event with /starcadia answer" in text
    assert GROUP.command("answer") is not None
    choices = await suggest(table, ctx(ALICE), "answer", "choice", "", {})
    assert choices and all(len(v) <= 100 for _, v in choices)
    await refused(table, run("move", table, ctx(ALICE), "B2", hero="edge"), "/starcadia answer")
    for kind, options in (("guard", ["weeble#1"]), ("shove", ["E6", "G6"])):
        st.wait = Wait(kind=kind, seat=0, monster="weeble#1", hero="edge", options=options)
        assert "/starcadia answer" in SYSTEM.pending(st)[0].text


# -- values that fit -------------------------------------------------------------------------------------------------
async def test_outfit_suggestions_fit_whole_and_give_the_listed_loadout(table: Table) -> None:  # noqa: F811
    await new_game(table, "draft=random mode=episodic scenario=2A")
    record = await table.service.game_in(CHAN)
    st = (await table.service._load(record.id)).state
    st.phase = "outfit"
    longest = sorted(CONTENT.upgrades, key=lambda u: -len(CONTENT.upgrades[u].slug))[:12]
    crew = st.crews[0]
    for hid in crew.heroes:
        E.find_hero(st, hid).upgrades = []
    crew.stash, crew.ready = list(longest), False
    st.crews[1].ready = False
    before = await version(table)
    loads = await suggest(table, ctx(ALICE), "outfit", "loadout", "", {})
    assert loads[0][1] == "auto" and all(len(v) <= 100 for _, v in loads)
    want = auto_loadout(st, 0)
    await run("outfit", table, ctx(ALICE), loads[1][1])  # the whole loadout, by id: nothing cut mid-item
    after = await state_of(table)
    assert await version(table) == before + 1
    assert {h: [u.id for u in E.find_hero(after, h).upgrades] for h in crew.heroes} == want


def test_the_rest_place_help_names_any_free_shuttle_space() -> None:
    command = GROUP.command("rest")
    place_help = next(o.help for o in command.options if o.name == "place")
    assert "J4" in place_help and "free space of your shuttle" in place_help and len(place_help) <= 100
