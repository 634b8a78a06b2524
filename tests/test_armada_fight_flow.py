"""A fight that costs few commands, played through the table layer (seed 12: alice and bob against
DecaBuilder (1) and Sentinel (2) at Terra in round 2; alice rolls M M S - -, bob - - T T T... see
``to_combat``): several dice in one command, the bot's placement as one button, captains with nothing
useful left finished by themselves, moves that change nothing kept out of the buttons, enemy numbers
kept for the whole fight."""

from __future__ import annotations

from rules.armada.helpers import dice_of
from table import Table
from table.armada import play as A
from table.armada import suggestions as S
from table.armada import views as V

from . import test_armada_frontend as F
from .test_armada_frontend import ALICE, BOB, cx, refused, start, state, to_combat

table = F.table  # the frontend tests' table (seed 12)


async def test_the_suggested_placement_is_the_first_button_and_one_press_plays_the_round(table: Table) -> None:
    await to_combat(table, autopass=True)
    st = await state(table)
    assert 0 in st.combat.finished  # alice: Medical, Science and blanks, nothing useful (full hull and shields)
    board = await table.game_status(cx(BOB))
    first = board.buttons[0].label
    assert first.startswith("Place as suggested: 5→") and "8→" in first and "9→" in first, first
    moves = await S.complete(table, cx(BOB), "assign", "dice", "")
    assert moves[0] == (first, "suggested")
    reply = await A.assign(table, cx(BOB), "suggested")
    text = reply.as_text()
    # bob's three dice went on in one command; nothing useful was left, so step 1 ended by itself
    assert text.count("fires Twin Link System") == 3, text
    assert "Enemy step on a " in text
    after = await state(table)
    assert after.combat is None or after.combat.round == 2 or after.combat.step != "assign"


async def test_several_dice_in_one_command_or_none_of_them(table: Table) -> None:
    await to_combat(table)
    placed = await A.assign(table, cx(BOB), "5,8", "weapons", "2")
    assert "Sentinel (2) takes" in placed.as_text()
    st = await state(table)
    assert {d.id for d in dice_of(st, 1, "station")} == {5, 8}
    # die 6 is a blank: the whole command is refused and die 9 stays in the crew section
    await refused(table, A.assign(table, cx(BOB), "9,6", "1", "1"), "Die 6: .*Nothing was placed")
    await refused(table, A.assign(table, cx(BOB), "9,0", "1", "1"), "not one of your crew")
    await refused(table, A.assign(table, cx(BOB), "9@1>1,9@2>1"), "named twice")


async def test_a_move_that_changes_nothing_is_not_offered_and_typed_says_so(table: Table) -> None:
    await to_combat(table)
    st = await state(table)
    assert st.players[0].shield == st.players[0].max_shield
    stations = [v for _, v in await S.complete(table, cx(ALICE), "assign", "station", "", {"dice": "3"})]
    assert "2" not in stations  # the Science die would recharge full shields
    board = await table.game_status(cx(ALICE))
    assert not any("Shield" in b.label for b in board.buttons)
    reply = await A.assign(table, cx(ALICE), "3", "2")
    assert "That changed nothing: your shields are full." in reply.as_text()


async def test_repair_at_full_hull_is_no_button_and_typed_changes_nothing(table: Table) -> None:
    await start(table)
    sc = await table.seat_context(cx(ALICE))
    assert {"type": "repair"} not in sc.system.legal(sc.state, 0)
    reply = await A.repair(table, cx(ALICE))
    assert "That changed nothing: your hull is full." in reply.as_text()
    assert (await state(table)).players[0].actions == 1  # the book lets it be done: it used the action


async def test_enemy_ships_keep_their_number_when_one_is_destroyed(table: Table) -> None:
    await to_combat(table)
    await A.assign(table, cx(BOB), "5,8,9", "1", "1")
    await A.end_step(table, cx(ALICE))
    await A.end_step(table, cx(BOB))
    st = await state(table)
    assert st.combat is not None and [s.card for s in st.fleets[0].ships] == ["sentinel"]
    assert "decabuilder" in st.combat.destroyed
    await A.roll(table, cx(ALICE))
    fleets = (await V.view_fleets(table, cx(BOB))).as_text().split("**Fleet 2**")[0]
    assert "`2` **Sentinel**" in fleets and "`1`" not in fleets
    sc = await table.seat_context(cx(BOB))
    targets = {a.get("target") for a in sc.system.legal(sc.state, 1) if a["type"] == "assign" and "target" in a}
    assert targets == {2}
    tactical = next((d.id for d in dice_of(sc.state, 1, "rolled") if "T" in d.face), None)
    if tactical is not None:
        await refused(table, A.assign(table, cx(BOB), str(tactical), "1", "1"), "no enemy 1 left")
        hit = await A.assign(table, cx(BOB), str(tactical), "1", "2")
        assert "Sentinel (2)" in hit.as_text()
