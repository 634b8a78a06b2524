"""Starcadia pictures: golden snapshots of the board (2 and 4 crews), the crew dashboard, the monster
dashboard, the quests and the campaign sheet; size limits; and no crash on states reached by play."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops

from render.starcadia import (
    board,
    campaign_picture,
    dashboard,
    draw_board,
    draw_campaign,
    draw_crew,
    draw_monsters,
    draw_offer,
    draw_quests,
    monsters_picture,
    offer_picture,
    quests_picture,
)
from render.starcadia.sheets import CARD_W
from rules.core import Event
from rules.starcadia import SYSTEM
from rules.starcadia import board as B
from rules.starcadia import engine as E
from rules.starcadia.state import Record, Up
from tests.snapshot_helpers import SNAPSHOTS, assert_png_snapshot
from tests.test_starcadia_support import QUIET_EVENT, add_monster, hero, place, play_state, setup_state

SNAP = SNAPSHOTS / "starcadia"
PNG = b"\x89PNG\r\n\x1a\n"
MAX_PNG = 400_000
CREW_HEROES = {0: ["edge", "red"], 1: ["hannah", "bahbaka"], 2: ["blaze", "zip"], 3: ["digits", "moxie"]}


def sample_state():
    st = play_state()
    add_monster(st, "weeble", "G3")
    add_monster(st, "iceheart", "C7", "villain").wounds = 3
    place(st, "edge", "G4")
    place(st, "red", "G4")
    hero(st, "red").dazed = True
    hero(st, "edge").wounds = 2
    hero(st, "hannah").upgrades[0].exhausted = True
    st.tokens = {"E2": ["stimpack"], "H2": ["victory"], "F9": ["quest:core"]}
    st.portal_tokens = {"H3": "cyan"}
    st.doors["D2"] = True
    st.crews[1].vt = 3
    st.armory_item, st.armory_space = "S03", "B6"  # drawn as chip U, named under the board
    return st


def four_crews():
    """Four crews in play (heroes by seat as in CREW_HEROES), every crew in its own shuttle, an empty station."""
    st = setup_state(seats=4)
    while st.phase == "draft":
        seat = st.order[st.order_pos]
        st, _ = SYSTEM.apply(st, seat, {"type": "pick", "heroes": CREW_HEROES[seat]})
    while st.phase == "shuttle":
        seat = st.order[st.order_pos]
        claim = next(a for a in SYSTEM.legal(st, seat) if a["type"] == "claim")
        st, _ = SYSTEM.apply(st, seat, claim)
    assert st.phase == "play"
    st.monsters, st.tokens = [], {}
    st.deck, st.discard = [QUIET_EVENT] * 10, []
    st.current = 0
    return st


def busy_state():
    """The crowded station a returning player may find: 4 crews, 7 monsters, two dead heroes, dazed and
    wounded figures, shared spaces, tokens everywhere, an open door and jammed portals."""
    st = four_crews()
    for hid, space in {
        "edge": "G4",
        "red": "G4",
        "hannah": "B7",
        "blaze": "E5",
        "zip": "C3",
        "digits": "H6",
    }.items():
        place(st, hid, space)
    for hid in ("bahbaka", "moxie"):
        h = hero(st, hid)
        h.dead, h.pos, h.wounds = True, "", 8
    hero(st, "red").dazed = True
    hero(st, "edge").wounds = 3
    hero(st, "blaze").wounds = 5
    hero(st, "blaze").gadgets = ["stimpack"]
    for u in hero(st, "zip").upgrades[:2]:
        u.exhausted = True
    add_monster(st, "weeble", "F2")
    add_monster(st, "weeble", "F2").dazed = True
    add_monster(st, "octocold", "C3", "trooper-II")
    add_monster(st, "octocruel", "I8", "officer-I").wounds = 2
    add_monster(st, "octocruel", "D9", "officer-I")
    add_monster(st, "iceheart", "C7", "villain").wounds = 4
    add_monster(st, "weeble", "H9")
    st.dashboard["trooper-II"] = "octocold"
    st.tokens = {"E2": ["stimpack"], "H2": ["victory", "recharge"], "F9": ["quest:core"], "I4": ["hoverboard"]}
    st.portal_tokens = {"H3": "cyan"}
    st.jammed = ["amber"]
    st.doors["D1"] = True
    st.done, st.pve_index = {"1-1": 2}, 1
    for c, vt in zip(st.crews, (4, 7, 2, 5), strict=True):
        c.vt = vt
    st.current, st.turn_no = 1, 23
    b = E.board_of(st)
    spaces = [m.pos for m in st.monsters] + [h.pos for h in st.heroes if h.pos]
    assert all(b.cells[B.parse_space(p)] != "#" for p in spaces)  # nobody stands on a blocked space
    return st


def busy_events():
    """What the last update did: a walk through the open door and a monster's attack."""
    return [
        Event(text="Digits moves to H6.", data={"path": ["F4", "G4", "G5", "G6", "H6"]}),
        Event(text="octocruel#1 attacks Digits at H6.", data={"attack": ["I8", "H6"], "monster": True}),
    ]


def test_a_decision_the_engine_waits_for_is_marked():
    """A mid-play prompt (run a monster, pick a guard, place a shove) names who decides and marks the figures."""
    from rules.starcadia.state import Wait

    st = busy_state()
    plain = draw_board(st)
    st.wait = Wait(kind="monster", seat=2, monster="octocruel#1")
    run = draw_board(st)
    st.wait = Wait(kind="shove", seat=0, hero="edge", options=["F4", "G5"])
    shove = draw_board(st)
    st.wait = Wait(kind="place", seat=1, options=["B2", "D4"], why="villain")
    place = draw_board(st)
    assert _differs(plain, run) and _differs(run, shove) and _differs(shove, place)
    _size_ok(board(st))


def crew_state():
    """Seat 0's dashboard: Edge dead, Red dazed and wounded with exhausted tokens, gadgets and the data core."""
    st = sample_state()
    edge, red = hero(st, "edge"), hero(st, "red")
    edge.dead, edge.pos, edge.wounds = True, "", 8
    red.wounds = 5
    red.upgrades += [Up(id="R1"), Up(id="S06")]
    red.upgrades[0].exhausted = red.upgrades[1].exhausted = True
    red.gadgets = ["stimpack", "hoverboard"]
    red.quest_tokens = ["quest:core"]
    red.reaction = "S06"
    st.crews[0].vt, st.crews[0].badges, st.crews[0].total_vt, st.crews[0].kills = 6, 2, 17, 3
    st.crews[0].stash = ["R2A"]
    st.act.hero = "red"
    return st


def campaign_state():
    """A campaign after scenarios 1 and 2B, now playing 3C."""
    st = sample_state()
    st.history = [
        Record(scenario="1", vt=[9, 12], winners=[1], badges=[1, 2]),
        Record(scenario="2B", vt=[15, 11], winners=[0], badges=[4, 3]),
    ]
    st.scenario = "3C"
    st.crews[0].badges, st.crews[0].total_vt = 4, 24
    st.crews[1].badges, st.crews[1].total_vt = 3, 23
    hero(st, "edge").upgrades.append(Up(id="R1"))
    st.crews[1].stash = ["R2B"]
    return st


def quests_state():
    st = busy_state()
    st.done = {"1-1": 2, "pvp-blue": 0}
    return st


def offer_state():
    """The upgrade phase after scenario 1: five level-1 tokens on offer, yellow took one already."""
    st = sample_state()
    st.phase, st.pool = "upgrade", ["1-01", "1-02", "1-04", "1-06", "1-08"]
    st.order, st.order_pos = [1, 0, 1, 0], 1
    st.crews[0].stash = ["R1"]
    return st


def _size_ok(png: bytes, max_width: int = 1400) -> Image.Image:
    assert png.startswith(PNG) and len(png) <= MAX_PNG, len(png)
    img = Image.open(io.BytesIO(png))
    assert img.width <= max_width and img.height <= 2400, img.size
    return img


# -- golden pictures ------------------------------------------------------------------------------------
def test_board_snapshot():
    assert_png_snapshot(draw_board(sample_state()), SNAP / "board.png", tolerance=1.5)


def test_board_with_four_crews_snapshot():
    assert_png_snapshot(draw_board(busy_state(), events=busy_events()), SNAP / "board_busy.png", tolerance=1.5)


def test_crew_dashboard_snapshot():
    assert_png_snapshot(draw_crew(crew_state(), 0), SNAP / "crew.png", tolerance=1.5)


def test_monster_dashboard_snapshot():
    assert_png_snapshot(draw_monsters(busy_state()), SNAP / "monsters.png", tolerance=1.5)


def test_quests_snapshot():
    assert_png_snapshot(draw_quests(quests_state()), SNAP / "quests.png", tolerance=1.5)


def test_campaign_sheet_snapshot():
    assert_png_snapshot(draw_campaign(campaign_state()), SNAP / "campaign.png", tolerance=1.5)


def test_upgrades_on_offer_snapshot():
    assert_png_snapshot(draw_offer(offer_state(), 0), SNAP / "offer.png", tolerance=1.5)


def test_offer_picture_in_every_choosing_phase():
    """Free heroes in the draft, the own draft hand (others' face down), the pool, the outfit stock."""
    draft = setup_state()
    assert draft.phase == "draft"
    _size_ok(offer_picture(draft, 0), max_width=1000)
    hand = sample_state()
    hand.phase = "updraft"
    hand.crews[0].hand, hand.crews[1].hand = ["2-01", "2-03", "2-05"], ["?", "?", "?"]
    mine, theirs = draw_offer(hand, 0), draw_offer(hand, 1)
    assert _differs(mine, theirs)
    outfit = offer_state()
    outfit.phase = "outfit"
    _size_ok(offer_picture(outfit, 0), max_width=1000)
    _size_ok(offer_picture(play_state(), 0), max_width=1000)  # nothing to choose: the crew dashboard


# -- what the pictures must show ----------------------------------------------------------------------------
def _differs(a: Image.Image, b: Image.Image) -> bool:
    return a.size != b.size or ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is not None


def test_png_is_small_and_valid():
    img = _size_ok(board(sample_state()))
    assert 800 <= img.width <= 1400
    busy = _size_ok(board(busy_state(), events=busy_events()))
    assert busy.height > img.height  # two more crew rows in the status strip


def test_crew_dashboard_is_a_picture_of_both_heroes():
    st = crew_state()
    img = _size_ok(dashboard(st, 0), max_width=1000)
    assert img.width == CARD_W
    # Exhausting a token, a wound and daze each change the picture.
    base = draw_crew(st, 0)
    for change in (
        lambda s: setattr(hero(s, "red").upgrades[2], "exhausted", True),
        lambda s: setattr(hero(s, "red"), "wounds", 1),
        lambda s: setattr(hero(s, "red"), "dazed", not hero(s, "red").dazed),
        lambda s: setattr(s.crews[0], "vt", 9),
    ):
        other = crew_state()
        change(other)
        assert _differs(base, draw_crew(other, 0))
    # A crew before the draft has no heroes yet.
    fresh = setup_state()
    _size_ok(dashboard(fresh, 1), max_width=1000)


def test_moves_and_attacks_are_drawn_from_event_data():
    st = play_state()
    add_monster(st, "weeble", "E7")
    hero(st, "red").upgrades = [Up(id="S03")]
    place(st, "red", "B7")
    st.deck = ["E17"] * 5
    st, ev1 = SYSTEM.apply(st, 0, {"type": "move", "hero": "red", "path": ["C7", "D7"]})
    st, ev2 = SYSTEM.apply(st, 0, {"type": "attack", "hero": "red", "target": "weeble#1", "weapon": "blaster-rifle"})
    data = [e.data for e in ev1 + ev2 if e.data]
    assert {"path": ["B7", "C7", "D7"]} in data and {"attack": ["D7", "E7"]} in data
    assert _differs(draw_board(st), draw_board(st, events=ev1 + ev2))


def test_dead_heroes_leave_the_board_and_show_in_the_strip():
    st = sample_state()
    before = draw_board(st)
    edge = hero(st, "edge")
    edge.dead, edge.pos = True, ""
    assert _differs(before, draw_board(st))


def test_dashboard_pictures_react_to_the_game():
    st = sample_state()
    add_monster(st, "octocold", "B2", "trooper-II")
    add_monster(st, "octocruel", "B3", "officer-I")
    st.dashboard.update({"trooper-II": "octocold", "officer-I": "octocruel"})
    st.done, st.pve_index = {"1-1": 1, "pvp-yellow": 1}, 1
    st.history = [Record(scenario="1", vt=[9, 12], winners=[1])]
    for fn in (monsters_picture, quests_picture, campaign_picture):
        img = _size_ok(fn(st), max_width=1000)
        assert img.width == CARD_W and 300 <= img.height <= 2000
    one = play_state()
    one.dashboard = {"trooper-I": "weeble"}
    assert draw_monsters(st).height > draw_monsters(one).height
    before = draw_quests(st)
    st.done["1-2"], st.pve_index = 0, 2
    assert _differs(before, draw_quests(st))
    # The campaign sheet names the winner once the campaign is over.
    st.phase, st.winners = "over", [1]
    assert _differs(draw_campaign(st), draw_campaign(campaign_state()))


def test_every_phase_renders():
    states = [
        setup_state(),
        SYSTEM.view(setup_state(draft="random", seats=4), 0),
        setup_state(draft="random", mode="episodic", scenario="4", tiles="random"),
        setup_state(draft="random", seats=4, mode="episodic", scenario="3B", tiles="random"),
    ]
    for st in states:
        _size_ok(board(st))
        for fn in (monsters_picture, quests_picture, campaign_picture):
            _size_ok(fn(SYSTEM.view(st, 0)), max_width=1000)
        for seat in range(len(st.crews)):
            _size_ok(dashboard(SYSTEM.view(st, seat), seat), max_width=1000)


def _strip_texts(monkeypatch, state) -> tuple[int, list[tuple[str, int]]]:
    """Draw the board and record (text, font size) of everything written in the status strip below it."""
    from PIL import ImageDraw

    from render.starcadia.station import height_of

    drawn: list[tuple[float, str, int]] = []
    original = ImageDraw.ImageDraw.text

    def record(self, xy, text, *args, **kwargs):
        face = kwargs.get("font")
        drawn.append((xy[1], str(text), getattr(face, "size", 0)))
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", record)
    img = draw_board(state)
    top = height_of(state)
    return img.width, [(text, size) for y, text, size in drawn if y >= top]


def test_the_board_shows_what_ends_the_scenario_and_the_turn_limit(monkeypatch):
    """Rulebook p. 24 (Quests): the scenario ends once every PvE quest and one PvP quest are done; the board
    says how far along that is, and shows the turn limit when the table set that option (our rule)."""
    st = busy_state()
    _, texts = _strip_texts(monkeypatch, st)
    joined = " ".join(t for t, _ in texts)
    assert "Ends when: PvE quests 1/3 done; a PvP quest: none done yet" in joined
    assert "turn 23: P1" in joined and "of 40" not in joined
    st.turn_limit = 40
    st.done["pvp-red"] = 0
    _, texts = _strip_texts(monkeypatch, st)
    joined = " ".join(t for t, _ in texts)
    assert "turn 23 of 40: P1" in joined and "a PvP quest: done (yellow crew); or after turn 40" in joined


def test_status_strip_text_reads_at_500_px_on_every_board_width(monkeypatch):
    """Every text of the status strip is at least 11 px tall when the board is shown 500 px wide, on the
    narrow (2 tiles across) and the wide (3 tiles across) stations."""
    wide = setup_state(draft="random", mode="episodic", scenario="2A", tiles="random", turn_limit="40")
    while wide.phase != "play":
        p = SYSTEM.pending(wide)[0]
        wide, _ = SYSTEM.apply(wide, p.seat, SYSTEM.default_action(wide, p))
    for state in (sample_state(), busy_state(), wide):
        width, texts = _strip_texts(monkeypatch, state)
        assert texts and any(t.startswith("Ends when:") for t, _ in texts)
        small = [(t, size) for t, size in texts if size * 500 / width < 11]
        assert not small, (width, small)


# -- robustness: pictures of states reached by random legal play -----------------------------------------
PLAY_CASES = [  # (seed, seats, options): a campaign opener, two episodic scenarios, a 4-crew table
    (11, 2, {"draft": "random"}),
    (12, 3, {"draft": "random", "mode": "episodic", "scenario": "2A"}),
    (13, 4, {"draft": "random", "mode": "episodic", "scenario": "3B"}),
]
PLAY_STEPS = 400
RENDER_EVERY = 100
OTHERS = (monsters_picture, quests_picture, campaign_picture, lambda st: dashboard(st, st.current))


def render_all(state, events) -> None:
    _size_ok(board(state, events=events))
    for fn in (monsters_picture, quests_picture, campaign_picture):
        _size_ok(fn(state), max_width=1000)
    for seat in range(len(state.crews)):
        _size_ok(dashboard(state, seat), max_width=1000)


def public(state, events):
    return SYSTEM.view(state, None), [e for e in events if e.visible_to is None]


@pytest.mark.parametrize(("seed", "seats", "options"), PLAY_CASES)
def test_pictures_of_states_reached_by_random_play(seed, seats, options):
    """Random legal play (any seat with a prompt answers): the board and one other picture render from the
    public view every 100 steps, every picture at the end, each under 400 KB."""
    state = SYSTEM.setup([f"Player{i}" for i in range(seats)], options, seed)
    rnd = random.Random(seed)
    events: list[Event] = []
    for step in range(PLAY_STEPS):
        prompts = SYSTEM.pending(state)
        if not prompts:
            break
        seat = rnd.choice(prompts).seat
        legal = SYSTEM.legal(state, seat)
        if not legal:
            break
        state, events = SYSTEM.apply(state, seat, rnd.choice(legal))
        if step % RENDER_EVERY == 0:
            view, shown = public(state, events)
            _size_ok(board(view, events=shown))
            _size_ok(OTHERS[(step // RENDER_EVERY) % len(OTHERS)](view), max_width=1000)
    render_all(*public(state, events))


def test_pictures_through_a_whole_campaign():
    """A goal-minded bot plays the four-scenario campaign to its end: the board renders at every change of
    phase, the campaign sheet and what each player chooses from between scenarios, every picture at the end."""
    from rules.starcadia.ai import smart_choice

    state = SYSTEM.setup(["Player0", "Player1"], {"draft": "random", "monsters": "bot"}, 1)
    rnd = random.Random(1)
    events: list[Event] = []
    seen: set[tuple[str, str]] = set()
    for _ in range(3000):
        prompts = SYSTEM.pending(state)
        if not prompts:
            break
        seat = prompts[0].seat
        state, events = SYSTEM.apply(state, seat, smart_choice(state, SYSTEM.legal(state, seat), rnd))
        if (state.phase, state.scenario) in seen:
            continue
        seen.add((state.phase, state.scenario))
        view, shown = public(state, events)
        _size_ok(board(view, events=shown))
        if state.phase in ("upgrade", "outfit", "route"):
            _size_ok(campaign_picture(view), max_width=1000)
            for s in range(len(state.crews)):
                _size_ok(offer_picture(SYSTEM.view(state, s), s), max_width=1000)
    assert {"upgrade", "outfit", "route"} <= {phase for phase, _ in seen}
    render_all(*public(state, events))


# -- the text sheets that go with the pictures -------------------------------------------------------------
def test_sheets_name_tokens_as_players_type_them():
    from rules.starcadia.sheets import crew_sheet, monster_sheet

    st = sample_state()
    lines = crew_sheet(st, 0)
    assert lines[0].startswith("Yellow crew (P0)")
    assert any("pulse-blade [S01] (weapon, melee, 3 dice)" in x for x in lines)
    assert any("red-shirt [S07]" in x and "+1 def" in x for x in lines)
    mons = monster_sheet(st)
    assert any(x.startswith("villain: Iceheart") and "iceheart#1@C7" in x for x in mons)


def test_crew_sheet_shows_a_dead_hero_plainly():
    from rules.starcadia.sheets import crew_sheet

    st = sample_state()
    edge = hero(st, "edge")
    edge.dead, edge.pos, edge.dazed, edge.wounds = True, "", True, 9
    lines = crew_sheet(st, 0)
    line = next(x for x in lines if x.startswith("Edge"))
    assert "dead (revive by resting)" in line
    assert "wounds" not in line and "dazed" not in line and " at " not in line
    alive = next(x for x in lines if x.startswith("Red"))
    assert "at G4 dazed: wounds 0/" in alive


def test_free_shuttle_slots_are_outlined_only_while_crews_claim_them():
    from render.starcadia.station import CELL, MARGIN

    def _box(xy):
        return MARGIN + xy[0] * CELL, MARGIN + xy[1] * CELL, MARGIN + (xy[0] + 1) * CELL, MARGIN + (xy[1] + 1) * CELL

    st = setup_state(seats=2)
    for _ in range(2):
        seat = st.order[st.order_pos]
        st, _ = SYSTEM.apply(st, seat, {"type": "pick", "heroes": CREW_HEROES[seat]})
    assert st.phase == "shuttle"
    unused = _box(E.board_of(st).shuttle_slot_spaces[3][0])
    assert _has_slot_outline(draw_board(st), unused)
    for slot in (1, 2):
        st, _ = SYSTEM.apply(st, st.order[st.order_pos], {"type": "claim", "slot": slot})
    assert st.phase == "play"
    assert not _has_slot_outline(draw_board(st), unused)  # slot 4 stays empty, no longer drawn


def _has_slot_outline(img: Image.Image, box: tuple[int, int, int, int]) -> bool:
    crop = img.crop(box).convert("RGB")
    colours = crop.getcolors(crop.width * crop.height) or []
    return any(colour == (0xFF, 0xD2, 0x4A) for _count, colour in colours)  # the highlight yellow
