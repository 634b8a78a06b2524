"""Mid-play decisions: monsters run by players (guard order, payback, event moves, CRIT shoves),
the live defender prompt (defence=ask), and their defaults (the bot's policy)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as hs

from rules.starcadia import SYSTEM
from tests.test_starcadia_support import (
    ForcedDice,
    add_monster,
    hero,
    place,
    play_state,
    refused,
    texts,
)


@pytest.fixture
def dice(monkeypatch) -> ForcedDice:
    return ForcedDice(monkeypatch)


def defence_counts(dice: ForcedDice, who: str) -> list[int]:
    return [n for label, n in zip(dice.labels, dice.counts, strict=True) if label == f"{who} defends"]


# -- CRIT shove (1.12) ----------------------------------------------------------------------------------
def test_crit_shove_destination_is_asked_and_the_path_is_dropped(dice):
    st = play_state()
    place(st, "edge", "G4")
    add_monster(st, "weeble", "G3")
    dice.set("crit", "blank", "blank")  # weeble: CRIT + blank, its extra die blank; Edge's defence blank
    st2, ev = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["G5", "G6"]})
    assert st2.wait.kind == "shove" and st2.wait.seat == 1 and st2.wait.hero == "edge"
    (prompt,) = SYSTEM.pending(st2)
    options = SYSTEM.legal(st2, 1)
    assert prompt.default == options[0] and 2 <= len(options) <= 4
    assert all(a["type"] == "shove" for a in options)
    refused(st2, 1, {"type": "shove", "to": "A1"}, "shove into one of")
    refused(st2, 0, options[0], "waits for P1")
    refused(st2, 0, {"type": "end"}, "waits for P1")
    to = options[-1]["to"]
    st3, ev = SYSTEM.apply(st2, 1, options[-1])
    assert hero(st3, "edge").pos == to
    assert f"Edge was knocked off the path and stops at {to}." in texts(ev)
    assert st3.act.mp == 0 and st3.wait is None and st3.current == 0
    for action in options:
        assert SYSTEM.parse(SYSTEM.format(action), st2, 1) == action


def test_crit_shove_with_monsters_bot_takes_the_first_free_space(dice):
    st = play_state(monsters="bot")
    place(st, "edge", "G4")
    add_monster(st, "weeble", "G3")
    dice.set("crit", "blank", "blank")
    st2, ev = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["G5"]})
    assert st2.wait is None and hero(st2, "edge").pos not in ("G4", "G5")
    assert any("is shoved to" in t for t in texts(ev))


def test_huge_push_destinations_are_asked_and_the_walk_goes_on(dice):
    st = play_state()
    st.dashboard["villain"] = "iceheart"
    add_monster(st, "iceheart", "B7", "villain")
    place(st, "hannah", "C7")
    place(st, "bahbaka", "D7")
    place(st, "edge", "D7")
    st.deck = ["E27"]  # villain slot, no effect
    st2, _ = SYSTEM.apply(st, 0, {"type": "rest"})
    assert st2.wait.kind == "monster" and st2.wait.seat == 0
    st3, ev = SYSTEM.apply(st2, 0, {"type": "monster", "path": ["C7", "D7"], "target": "edge"})
    assert st3.wait.kind == "shove" and st3.wait.hero == "hannah" and st3.wait.seat == 0
    assert st3.monsters[0].pos == "C7"  # the walk waits at C7
    st4, ev = SYSTEM.apply(st3, 0, SYSTEM.legal(st3, 0)[-1])
    assert hero(st4, "hannah").pos == st3.wait.options[-1]
    # D7 holds two heroes: one decision each, then the walk ends and the attack follows.
    assert st4.wait.kind == "shove" and st4.wait.hero in ("bahbaka", "edge")
    st5 = st4
    for _ in range(2):
        if st5.wait is None or st5.wait.kind != "shove":
            break
        st5, more = SYSTEM.apply(st5, 0, SYSTEM.pending(st5)[0].default)
        ev += more
    assert st5.monsters[0].pos == "D7" and hero(st5, "edge").pos != "D7" and hero(st5, "bahbaka").pos != "D7"
    assert "Iceheart (iceheart#1) moves to D7." in texts(ev)


def test_quest_monster_on_a_full_spawn_point_is_placed_by_the_active_player():
    from rules.core import Turn
    from rules.starcadia import board as B
    from rules.starcadia import engine as E

    st = play_state()
    b = E.board_of(st)
    points = b.spawns_by_tile[0]  # quest 1-3 brings Iceheart to the first tile's spawn point
    for p in points:
        add_monster(st, "weeble", B.name(p))
        add_monster(st, "weeble", B.name(p))
    st.pve_index = 1
    turn = Turn(st, None)
    E.fulfil(st, turn, "1-2", 0)
    E.drain(st, turn)
    assert st.wait.kind == "place" and st.wait.seat == 0 and not any(m.card == "iceheart" for m in st.monsters)
    options = SYSTEM.legal(st, 0)
    assert len(options) >= 2 and SYSTEM.pending(st)[0].default == options[0]
    refused(st, 0, {"type": "place", "space": "J9"}, "place it on one of")
    refused(st, 1, options[0], "waits for P0")
    st2, _ = SYSTEM.apply(st, 0, options[-1])
    iceheart = next(m for m in st2.monsters if m.card == "iceheart")
    assert iceheart.pos == options[-1]["space"] and st2.wait is None
    assert SYSTEM.parse(SYSTEM.format(options[-1]), st, 0) == options[-1]
    # monsters=bot: the policy places it at once.
    st = play_state(monsters="bot")
    for p in points:
        add_monster(st, "weeble", B.name(p))
        add_monster(st, "weeble", B.name(p))
    st.pve_index = 1
    turn = Turn(st, None)
    E.fulfil(st, turn, "1-2", 0)
    assert st.wait is None and any(m.card == "iceheart" for m in st.monsters)


# -- guard and payback prompts ---------------------------------------------------------------------------
def test_three_guards_are_ordered_one_decision_at_a_time(dice):
    st = play_state()
    place(st, "edge", "G4")
    add_monster(st, "weeble", "G3")
    add_monster(st, "scuttlebutt", "F4")
    add_monster(st, "octocold", "G4")
    st2, _ = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["G5"]})
    assert len(SYSTEM.legal(st2, 1)) == 3
    st3, ev = SYSTEM.apply(st2, 1, {"type": "guard", "monster": "octocold#1"})
    assert sum("(guard)" in t for t in texts(ev)) == 1
    assert SYSTEM.legal(st3, 1) == [
        {"type": "guard", "monster": "weeble#1"},
        {"type": "guard", "monster": "scuttlebutt#1"},
    ]
    st4, ev = SYSTEM.apply(st3, 1, SYSTEM.pending(st3)[0].default)
    assert sum("(guard)" in t for t in texts(ev)) == 2 and hero(st4, "edge").pos == "G5"


def test_payback_path_any_legal_route_not_only_the_menu(dice):
    st = play_state()
    place(st, "edge", "B7")
    hero(st, "edge").upgrades = [hero(st, "edge").upgrades[0].__class__(id="S03")]
    add_monster(st, "weeble", "E7")
    st2, _ = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "blaster-rifle"})
    # D7 C7 B7: into Edge's own space, a route the short menu may not list.
    st3, ev = SYSTEM.apply(st2, 1, {"type": "payback", "path": ["D7", "C7", "B7"], "attack": True})
    assert st3.monsters[0].pos == "B7" and any("attacks Edge" in t for t in texts(ev))
    refused(st2, 1, {"type": "payback", "path": "D7 portal Z9", "attack": False}, "portal")
    refused(st2, 1, {"type": "payback", "path": ["D7", "door:N"], "attack": False}, "no door")
    refused(st2, 1, {"type": "payback", "path": [["x"]], "attack": False}, "space name")


def test_event_activation_may_hold_and_refuses_bad_answers(dice):
    st = play_state()
    st.dashboard["trooper-II"] = "scuttlebutt"
    add_monster(st, "scuttlebutt", "G3", "trooper-II")
    place(st, "hannah", "G4")
    st.deck = ["E10"]
    st2, _ = SYSTEM.apply(st, 0, {"type": "rest"})
    refused(st2, 0, {"type": "monster", "path": "G4 G5 G6 G7 G8 G9", "target": "none"}, "movement point")
    refused(st2, 0, {"type": "monster", "path": [], "target": 7}, "hero's name")
    refused(st2, 0, {"type": "guard", "monster": "scuttlebutt#1"}, "first answer the monster")
    st3, ev = SYSTEM.apply(st2, 0, {"type": "monster", "path": [], "target": "none"})
    assert "Scuttlebutt (scuttlebutt#1) holds its position." in texts(ev) and st3.current == 1


def _event_run(st, **extra):
    """Seat 0 rests and draws the trooper-II event (E10): its scuttlebutt is theirs to run."""
    st.dashboard["trooper-II"] = "scuttlebutt"
    st.deck = ["E10"]
    st2, _ = SYSTEM.apply(st, 0, {"type": "rest"})
    assert st2.wait is not None and st2.wait.kind == "monster" and st2.wait.seat == 0
    return st2


def test_event_monster_default_goes_for_a_rival_in_reach_not_the_own_hero(dice):
    """Rulebook p. 20 (Activated by an Event Card): the active player runs the monster and may aim it at any
    hero, their own included. The default (first button, time-out answer) is that player's sensible choice:
    the scuttlebutt shares a space with the player's own Red, yet it walks to Hannah (a rival in reach) and
    attacks her; attacking Red stays on the menu."""
    st = play_state()
    add_monster(st, "scuttlebutt", "C7", "trooper-II")
    place(st, "red", "C7")
    place(st, "hannah", "E7")  # two steps away: D7 is Close to her
    st2 = _event_run(st)
    (prompt,) = SYSTEM.pending(st2)
    menu = SYSTEM.legal(st2, 0)
    assert prompt.default == menu[0] == {"type": "monster", "path": ["D7"], "target": "hannah"}
    assert SYSTEM.button_choices(st2, 0, menu)[0] == 0
    assert {"type": "monster", "path": [], "target": "red"} in menu  # the book still allows it
    _st3, ev = SYSTEM.apply(st2, 0, prompt.default)
    assert any("attacks Hannah" in t for t in texts(ev)) and not any("attacks Red" in t for t in texts(ev))


def test_event_monster_default_never_hits_the_own_hero_when_no_rival_is_in_reach(dice):
    """Rulebook p. 20: with no rival hero in reach the default spares the active player's own hero (Red,
    Close to the monster) and closes in on the rival instead; the bot (monsters=bot) plays the same."""
    st = play_state()
    add_monster(st, "scuttlebutt", "C7", "trooper-II")
    place(st, "red", "C7")
    place(st, "hannah", "I9")
    place(st, "bahbaka", "J4")
    st2 = _event_run(st)
    default = SYSTEM.pending(st2)[0].default
    assert default["target"] == "none" and default["path"], default
    st3, ev = SYSTEM.apply(st2, 0, default)
    assert not any(" attacks " in t for t in texts(ev)) and hero(st3, "red").wounds == 0
    bot = play_state(monsters="bot")
    add_monster(bot, "scuttlebutt", "C7", "trooper-II")
    place(bot, "red", "C7")
    place(bot, "hannah", "I9")
    place(bot, "bahbaka", "J4")
    bot.dashboard["trooper-II"] = "scuttlebutt"
    bot.deck = ["E10"]
    bot2, ev = SYSTEM.apply(bot, 0, {"type": "rest"})
    assert not any(" attacks " in t for t in texts(ev)) and bot2.monsters[0].pos == st3.monsters[0].pos


def test_event_picks_the_figure_that_can_reach_a_rival(dice):
    """Rulebook p. 20: with several figures of the slot out, the active player picks which one acts; the
    default picks one that can reach a rival hero over one that could only hit the player's own hero."""
    st = play_state()
    add_monster(st, "scuttlebutt", "C7", "trooper-II")  # next to the own Red only
    add_monster(st, "scuttlebutt", "H6", "trooper-II")  # Hannah at H8 is in reach
    place(st, "red", "C7")
    place(st, "hannah", "H8")
    place(st, "bahbaka", "J4")
    st2 = _event_run(st)
    assert st2.wait.monster == "scuttlebutt#2"
    assert SYSTEM.pending(st2)[0].default["target"] == "hannah"


def test_event_activation_may_attack_first_then_walk(dice):
    st = play_state()
    st.dashboard["trooper-II"] = "scuttlebutt"
    add_monster(st, "scuttlebutt", "G3", "trooper-II")
    place(st, "hannah", "G4")
    st.deck = ["E10"]
    st2, _ = SYSTEM.apply(st, 0, {"type": "rest"})
    menu = SYSTEM.legal(st2, 0)
    hit_and_run = [a for a in menu if a.get("first") == "attack"]
    assert len(hit_and_run) == 1 and len(menu) <= 9
    for action in menu:
        assert SYSTEM.parse(SYSTEM.format(action), st2, 0) == action
    refused(st2, 0, {"type": "monster", "path": [], "target": "none", "first": "attack"}, "name the target")
    refused(st2, 0, {"type": "monster", "path": [], "target": "hannah", "first": "later"}, "first is move")
    refused(st2, 0, {"type": "monster", "path": ["G4"], "target": "edge", "first": "attack"}, "cannot hit edge")
    (run,) = hit_and_run
    assert run["target"] == "hannah" and run["path"]
    st3, ev = SYSTEM.apply(st2, 0, run)
    t = texts(ev)
    hit = next(i for i, x in enumerate(t) if "attacks Hannah" in x)
    walk = next(i for i, x in enumerate(t) if "moves to" in x)
    assert hit < walk and st3.monsters[0].pos == run["path"][-1] and st3.current == 1


def test_nothing_waiting_refuses_answers():
    st = play_state()
    for action in (
        {"type": "guard", "monster": "weeble#1"},
        {"type": "monster", "path": []},
        {"type": "shove", "to": "C3"},
        {"type": "defend"},
    ):
        refused(st, 0, action, "nothing is waiting")


# -- the live defender prompt (1.7) ------------------------------------------------------------------------
def test_defence_ask_prompts_the_defending_player_before_the_roll(dice):
    st = play_state(defence="ask")
    place(st, "edge", "C2")
    place(st, "hannah", "D2")  # Hannah carries Kitty Primed (reaction) and Red Shirt (1 reroll)
    st2, ev = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "hannah", "weapon": "pulse-blade"})
    assert not dice.counts  # nothing rolled yet
    assert st2.wait.kind == "defend" and st2.wait.seat == 1
    (prompt,) = SYSTEM.pending(st2)
    assert prompt.default == {"type": "defend", "reaction": "none", "reroll": "on"}  # standing prefs
    menu = SYSTEM.legal(st2, 1)
    assert menu[0] == prompt.default and {"type": "defend", "reaction": "kitty-primed", "reroll": "off"} in menu
    refused(st2, 0, prompt.default, "waits for P1")
    refused(st2, 1, {"type": "defend", "reaction": "pulse-blade"}, "not a reaction")
    refused(st2, 1, {"type": "defend", "reaction": "none", "reroll": "maybe"}, "on or off")
    st3, ev = SYSTEM.apply(st2, 1, {"type": "defend", "reaction": "kitty-primed", "reroll": "off"})
    assert defence_counts(dice, "Hannah Lone") == [5]  # 2 + Red Shirt 1 + Kitty Primed 2, no reroll
    assert "Hannah Lone reacts with Kitty Primed." in texts(ev)
    kitty = next(u for u in hero(st3, "hannah").upgrades if u.id == "S06")
    assert kitty.exhausted and st3.act.attacked and not st3.answers
    for action in menu:
        assert SYSTEM.parse(SYSTEM.format(action), st2, 1) == action


def test_defence_ask_default_is_the_standing_preference(dice):
    st = play_state(defence="ask")
    st, _ = SYSTEM.apply(st, 1, {"type": "prefs", "hero": "hannah", "reaction": "kitty-primed", "reroll": "off"})
    place(st, "edge", "C2")
    place(st, "hannah", "D2")
    st2, _ = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "hannah", "weapon": "pulse-blade"})
    assert SYSTEM.pending(st2)[0].default == {"type": "defend", "reaction": "kitty-primed", "reroll": "off"}
    SYSTEM.apply(st2, 1, SYSTEM.pending(st2)[0].default)
    assert defence_counts(dice, "Hannah Lone") == [5]


def test_defence_ask_for_monster_attacks_guard_and_event(dice):
    # Guard: the moving hero's player is asked before each guard attack rolls.
    st = play_state(defence="ask")
    place(st, "edge", "G4")
    add_monster(st, "weeble", "G3")
    st2, _ = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["G5"]})
    assert st2.wait.kind == "defend" and st2.wait.seat == 0 and hero(st2, "edge").pos == "G4"
    st3, ev = SYSTEM.apply(st2, 0, {"type": "defend", "reaction": "kitty-primed", "reroll": "on"})
    assert defence_counts(dice, "Edge")[0] == 5 and hero(st3, "edge").pos == "G5"
    # An event activation run by the bot: the attacked hero's player is asked, then the turn goes on.
    st = play_state(defence="ask", monsters="bot")
    st.dashboard["trooper-II"] = "scuttlebutt"
    add_monster(st, "scuttlebutt", "G3", "trooper-II")
    place(st, "hannah", "G4")
    st.deck = ["E10"]  # doors open after the attack
    st2, _ = SYSTEM.apply(st, 0, {"type": "rest"})
    assert st2.wait.kind == "defend" and st2.wait.seat == 1 and not any(st2.doors.values())
    st3, ev = SYSTEM.apply(st2, 1, SYSTEM.pending(st2)[0].default)
    assert any("attacks Hannah" in t for t in texts(ev)) and all(st3.doors.values()) and st3.current == 1


def test_defence_ask_skips_heroes_with_no_choice(dice):
    st = play_state(defence="ask")
    place(st, "edge", "C2")
    place(st, "hannah", "D2")
    hero(st, "hannah").dazed = True  # a dazed hero rolls nothing and cannot react
    st2, _ = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "hannah", "weapon": "pulse-blade"})
    assert st2.wait is None
    st = play_state(defence="ask")
    place(st, "edge", "C2")
    place(st, "hannah", "D2")
    hero(st, "hannah").upgrades = []  # no reaction, no reroll: nothing to decide
    st2, _ = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "hannah", "weapon": "pulse-blade"})
    assert st2.wait is None


def test_defence_prefs_never_prompts(dice):
    st = play_state()
    place(st, "edge", "C2")
    place(st, "hannah", "D2")
    st2, _ = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "hannah", "weapon": "pulse-blade"})
    assert st2.wait is None and defence_counts(dice, "Hannah Lone") == [3, 1]  # auto-reroll on


def test_bad_options_are_refused():
    from rules.core import RuleError

    for opts in ({"monsters": "robot"}, {"defence": "sometimes"}):
        with pytest.raises(RuleError):
            SYSTEM.setup(["A", "B"], opts, 1)


@pytest.mark.parametrize("seed", [3, 11])
def test_timeouts_never_block_with_every_prompt_switched_on(seed):
    """Only defaults, as /game timeout would apply them: the game keeps moving through every prompt."""
    st = SYSTEM.setup(["A", "B", "C"], {"events": "choose", "defence": "ask", "draft": "random"}, seed)
    kinds = set()
    for _ in range(200):
        prompts = SYSTEM.pending(st)
        if not prompts:
            break
        p = prompts[0]
        if st.wait is not None:
            kinds.add(st.wait.kind)
        st, _ = SYSTEM.apply(st, p.seat, SYSTEM.default_action(st, p))
    assert st.phase in ("play", "over") and st.turn_no > 5
    assert kinds  # some mid-play decision came up and its default was accepted


# -- junk thrown at every kind of wait -------------------------------------------------------------------
def _waiting_states() -> dict:
    """One state per kind of mid-play decision (built with forced-free, deterministic setups)."""
    out = {}
    st = play_state()
    place(st, "edge", "G4")
    add_monster(st, "weeble", "G3")
    add_monster(st, "scuttlebutt", "F4")
    out["guard"], _ = SYSTEM.apply(st, 0, {"type": "move", "hero": "edge", "path": ["G5"]})
    st = play_state()
    st.dashboard["trooper-II"] = "scuttlebutt"
    add_monster(st, "scuttlebutt", "G3", "trooper-II")
    place(st, "hannah", "G4")
    st.deck = ["E10"]
    out["monster"], _ = SYSTEM.apply(st, 0, {"type": "rest"})
    st = play_state(defence="ask")
    place(st, "edge", "C2")
    place(st, "hannah", "D2")
    out["defend"], _ = SYSTEM.apply(
        st, 0, {"type": "attack", "hero": "edge", "target": "hannah", "weapon": "pulse-blade"}
    )
    st = play_state()
    place(st, "edge", "B7")
    hero(st, "edge").upgrades = [hero(st, "edge").upgrades[0].__class__(id="S03")]
    add_monster(st, "octocruel", "E7", "officer-I").wounds = 0
    out["payback"], _ = SYSTEM.apply(
        st, 0, {"type": "attack", "hero": "edge", "target": "octocruel#1", "weapon": "blaster-rifle"}
    )
    return {k: v for k, v in out.items() if v.wait is not None or v.payback is not None}


WAITING = _waiting_states()
JUNK = hs.recursive(
    hs.none()
    | hs.booleans()
    | hs.integers()
    | hs.text(max_size=8)
    | hs.sampled_from(["G5", "weeble#1", "edge", "on", "kitty-primed", "door:E", "portal"]),
    lambda inner: hs.lists(inner, max_size=6) | hs.dictionaries(hs.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)


@given(
    which=hs.sampled_from(sorted(WAITING)),
    kind=hs.sampled_from(["guard", "payback", "monster", "shove", "defend", "end", "rest", "move", "attack"]),
    values=hs.dictionaries(
        hs.sampled_from(["monster", "path", "target", "to", "reaction", "reroll", "attack", "hero"]), JUNK, max_size=4
    ),
    seat=hs.integers(min_value=0, max_value=1),
)
def test_junk_answers_only_raise_rule_errors(which, kind, values, seat):
    from rules.core import RuleError

    st = WAITING[which]
    before = SYSTEM.dumps(st)
    try:
        after, _ = SYSTEM.apply(st, seat, {"type": kind, **values})
    except RuleError:
        assert SYSTEM.dumps(st) == before
    else:
        assert SYSTEM.loads(SYSTEM.dumps(after)) == after


def test_buttons_for_a_decision_start_with_its_default():
    for which, st in WAITING.items():
        (prompt,) = SYSTEM.pending(st)
        legal = SYSTEM.legal(st, prompt.seat)
        first = SYSTEM.button_choices(st, prompt.seat, legal)[0]
        assert legal[first] == prompt.default, which
