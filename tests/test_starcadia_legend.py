"""Issue 24 (Starcadia): the board's help pages come from the picture's own legend and describe only what it
draws; the armory item is named; doors are named by the spaces they join, never like a square (D2); tokens
are chips whose shape no figure shares; every die roll says what it is and for whom; Taco Tuesday names the
crews it feeds. The narration is checked through the /starcadia command table."""

from __future__ import annotations

import re

from render.starcadia import draw_board
from render.starcadia.key import PAGE, SPACE_KEYS, TOPICS, board_pages, legend_keys
from render.starcadia.station import Station, chip_outline
from render.starcadia.strip import LEGEND, armory_line
from rules.starcadia import SYSTEM
from rules.starcadia import engine as E
from rules.starcadia.dice import roll_words
from table import Table
from table.reference import rules_topic
from tests.legibility import recording
from tests.test_starcadia_frontend import ALICE, ctx, run, state_of, table  # noqa: F401  (the fixture)
from tests.test_starcadia_render import sample_state
from tests.test_starcadia_support import QUIET_EVENT, add_monster, place, play_state
from tests.test_starcadia_typing import seat_state


# -- the help pages -------------------------------------------------------------------------------------------
def test_every_legend_entry_has_page_text_and_the_topics_are_the_pages() -> None:
    assert set(legend_keys()) == set(PAGE), set(legend_keys()) ^ set(PAGE)
    assert all(PAGE[key].strip() for key in legend_keys()) and set(SPACE_KEYS) <= set(LEGEND)
    for key, text in board_pages().items():
        title, lines = rules_topic(SYSTEM, key)
        assert lines == [text], f"data/starcadia/rules.toml [{key}] must hold render.starcadia.key.board_pages()"
        assert title.endswith(TOPICS[key]) and len(text) <= 900


def test_the_pages_describe_only_what_the_picture_draws() -> None:
    pages = " ".join(board_pages().values())
    for gone in ("diamond", "STIM", "HOVR", "RCHG", "ARM ", "badge", ">"):
        assert gone not in pages, gone
    for letter in ("S", "H", "R", "V", "Q", "U"):  # the chips' letters, as the legend writes them
        assert f"{letter} (" in pages
    assert "door between E3 and F3" in pages and "chips with pointed ends" in pages


# -- the picture ------------------------------------------------------------------------------------------------
def test_tokens_are_pointed_chips_and_figures_are_not() -> None:
    mark = Station.token_mark("recharge", 1)
    assert mark.chip and mark.text == "R" and not mark.ring
    outline = chip_outline((0, 0, 40, 20), 5)
    assert (0, 10) in outline and (40, 10) in outline  # pointed ends: unlike a hero's round tag "RE"
    st = sample_state()
    st.tokens["G5"] = ["recharge"]
    with recording() as layout:
        draw_board(st)
    drawn = [t.text for t in layout.texts()]
    assert "R" in drawn and "RE" in drawn
    assert any("pointed chips tokens" in text for text in drawn)


def test_the_armory_item_is_named_under_the_board() -> None:
    st = sample_state()
    assert armory_line(st).startswith("Armory U at B6: Blaster Rifle")
    with recording() as layout:
        draw_board(st)
    assert any("Blaster Rifle" in t.text for t in layout.texts())


# -- the narration, through the table ---------------------------------------------------------------------------
async def test_a_door_is_named_by_the_spaces_it_joins(table: Table) -> None:  # noqa: F811
    st = play_state()
    place(st, "edge", "E3")
    await seat_state(table, st)
    reply = await run("move", table, ctx(ALICE), "door:E F3", hero="edge")
    text = "\n".join(reply.lines)
    assert "Edge opens the door between E3 and F3." in text and "door D1" not in text
    assert E.find_hero(await state_of(table), "edge").pos == "F3"


ROLL = re.compile(
    r"^🎲 (Edge attacks Weeble \(weeble#1\)|Weeble \(weeble#1\) (defends against|attacks) Edge)"
    r"(, \d+ CRIT bonus (?:die|dice)|, \d+ missed (?:die|dice) rerolled)?: \[[a-z, ]+\]$"
)


async def test_every_roll_line_says_what_it_is_and_for_whom(table: Table) -> None:  # noqa: F811
    bonus = False
    for seed in range(12):
        st = play_state(seed=seed)
        place(st, "edge", "C2")
        add_monster(st, "weeble", "C2")
        await seat_state(table, st, fresh=seed == 0)
        reply = await run("attack", table, ctx(ALICE), "WE1", hero="edge")
        rolls = [line for line in reply.lines if line.startswith("🎲")]
        assert rolls and all(ROLL.match(line) for line in rolls), rolls
        bonus = bonus or any("CRIT bonus" in line for line in rolls)
        if bonus:
            break
    assert bonus, "no CRIT came up in 12 seeds"


def test_roll_words_for_each_batch() -> None:
    assert roll_words("Edge attacks Weeble (weeble#1)", "roll", 3) == "Edge attacks Weeble (weeble#1)"
    assert roll_words("Edge attacks Weeble (weeble#1)", "crit", 1).endswith(", 1 CRIT bonus die")
    assert roll_words("Weeble defends against Edge", "reroll", 2).endswith(", 2 missed dice rerolled")


async def test_taco_tuesday_names_the_crews_it_feeds(table: Table) -> None:  # noqa: F811
    st = play_state()
    st.deck = ["E06", QUIET_EVENT]
    st.crews[1].vt = 2
    await seat_state(table, st)
    reply = await run("rest", table, ctx(ALICE))
    text = "\n".join(reply.lines)
    assert "Taco Tuesday! The fewest VT (0): the yellow (alice) crew gains 1 VT." in text
    after = await state_of(table)
    assert [c.vt for c in after.crews] == [1, 2]
