"""Issue 24, Armada part: the bot explains itself to a captain who never read the book.

- Every game term the bot prints is in the glossary (``/rules system:armada topic:<term>``), built from
  the game's data and found by any spelling the narration uses ("Hawk (2)", "Hazard 35", "PRIME").
  A *term* here is every name the content defines (module, module family, hero, hero ability, enemy
  ship, Final Encounter ship, event card, starship, planet, final foe, die face, Data symbol) and every
  capitalised game word of a narrated line; a seeded random game's narration is held to it.
- The board's help page is made from the renderer's legend and table columns.
- A turn the bot ends for a captain says why; each roll is one line of faces; counts are grammatical.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from render.armada.key import COLUMN_TEXT, PAGE, board_page, fight_page, legend_keys
from render.armada.mapview import LEGEND
from render.armada.panel import COLUMNS
from rules.armada import SYSTEM as S
from rules.armada import combat
from rules.armada.content import CONTENT as C
from rules.armada.finals import FINAL_NAMES
from rules.armada.glossary import _final_ships, glossary, lookup, terms
from rules.armada.helpers import dice_of, roll
from rules.armada.state import State
from rules.armada.why import end_reason
from rules.core import Turn
from table.reference import rules_topic, topics_for

from .test_armada_support import add_fleet, in_combat, new_game, place_beacon, to_encounter

BOOK = Path("/work/shared/rules/deep_space_d6_armada.txt")
SEATS = ["ann", "ben", "cat"]


def content_names() -> list[str]:
    """Every name the content defines, as the bot prints it."""
    names = [m.name for m in C.modules.values()] + sorted({m.family for m in C.modules.values()})
    names += [h.name for h in C.heroes.values()]
    names += [h.text.split(":")[0] for h in C.heroes.values() if ":" in h.text[:21]]
    names += [e.name for e in C.enemies.values()] + [e.name for e in _final_ships()]
    names += [e.name for e in C.events.values()] + [s.name for s in C.ships.values()]
    names += list(C.planets) + list(FINAL_NAMES.values()) + [s.capitalize() for s in C.data_symbols]
    names += ["Tactical", "Engineering", "Science", "Medical", "Command", "blank", "energy", "kinetic", "ion"]
    return names


def narration(seed: int, steps: int = 900) -> list[str]:
    """The public lines of a seeded game (bot choices, some random ones), with the forced steps' labels."""
    rnd = random.Random(seed)
    st = S.setup(SEATS, {}, seed)
    lines: list[str] = []
    for _ in range(steps):
        if S.outcome(st) is not None:
            break
        prompts = S.pending(st)
        auto = next(((p, f) for p in prompts if (f := S.forced_action(st, p)) is not None), None)
        if auto is not None:
            seat, action = auto[0].seat, auto[1]
            lines.append(f"{st.seats[seat]} had nothing to decide: {S.action_label(st, action)}.")
        else:
            seat = prompts[0].seat
            action = S.ai_action(S.view(st, seat), seat, seed)
            if action is None or rnd.random() < 0.2:
                action = rnd.choice(S.legal(st, seat))
        st, events = S.apply(st, seat, action)
        lines += [e.text for e in events if e.visible_to is None]
    return lines


@pytest.fixture(scope="module")
def played() -> list[str]:
    return narration(11) + narration(12)


# -- the glossary --------------------------------------------------------------------------------------------


def test_every_name_the_content_defines_has_an_entry() -> None:
    missing = [name for name in content_names() if lookup(name) is None]
    assert missing == []


PLAIN = {"A", "No", "All", "Every", "Everyone", "For", "On", "The", "Your", "After", "Round", "Outcome"}
"""Capitalised words that are plain English, not game terms (sentence starts, 'Round 3')."""


def game_words(line: str, seats: list[str]) -> set[str]:
    """The capitalised words of a line that could be game terms: not a seat, not a sentence start."""
    out = set()
    for sentence in re.split(r"(?<=[.!?:;(])\s+", line):
        words = re.findall(r"[A-Za-z][A-Za-z0-9'-]*", sentence)
        for word in words[1:]:
            word = word.removesuffix("'s")
            if word[0].isupper() and word not in seats and word not in PLAIN and not word.isupper():
                out.add(word)
    return out


def test_every_term_a_seeded_game_narrates_is_in_the_glossary(played: list[str]) -> None:
    said = " ".join(played)
    for name in content_names():
        if name in said:
            assert lookup(name) is not None, name
    spelled = [w.lower() for term in [*glossary(), *aliases()] for w in re.findall(r"[A-Za-z0-9'-]+", term)]
    known = {w.removesuffix("'s") for w in spelled}
    unknown = sorted({w for line in played for w in game_words(line, SEATS) if w.lower() not in known})
    assert unknown == []
    for term in ("Infirmary", "Enemy step", "Enemy die", "Try Again", "Prime beacon", "Unknown ship", "Offline"):
        assert lookup(term) is not None, term


def aliases() -> list[str]:
    from rules.armada.glossary import _raw

    return list(_raw()["alias"])


def test_the_issue_words_are_found_as_players_see_them() -> None:
    for typed, term in [
        ("PRIME", "Prime beacon"),
        ("Hawk (2)", "Hawk"),
        ("hawks", "Hawk"),
        ("Hazard 35", "Hazard"),
        ("Distress Beacon 7", "Distress Beacon"),
        ("unknown ships", "Unknown ship"),
        ("dice:suggested", "Suggested placement"),
        ("Place as suggested", "Suggested placement"),
        ("ship number", "Ship number"),
        ("nothing to decide", "nothing to decide"),
        ("twin-link", "Twin Link System"),
        ("Twin Link", "Twin Link System"),
        ("Kabuto's", "Kabuto"),
        ("enemy dice", "Enemy die"),
    ]:
        found = lookup(typed)
        assert found is not None and found[0] == term, typed
    assert lookup("flux capacitor") is None
    assert "number" in glossary()["Enemy ship"] and "whole fight" in glossary()["Enemy ship"]
    assert "Prime" in glossary()["Senate Escort"] and "Terra" in glossary()["Senate Escort"]


def test_the_platform_hook_gives_every_entry_short_and_in_our_words() -> None:
    entries = S.glossary()
    assert entries == glossary() and terms() == sorted(entries, key=str.lower)
    assert S.lookup_term("Hawk (2)") == lookup("Hawk (2)")
    assert [t for t, _ in topics_for(S)][-len(entries) :] == terms()
    book = re.sub(r"\s+", " ", BOOK.read_text(encoding="utf-8").lower()) if BOOK.exists() else ""
    for term, text in entries.items():
        assert 10 <= len(text) <= 300, term
        words = re.findall(r"[a-z0-9']+", text.lower())
        for k in range(len(words) - 7):  # no run of 8 words from the rulebook
            assert " ".join(words[k : k + 8]) not in book, (term, text)


def test_rules_finds_a_term() -> None:
    title, lines = rules_topic(S, "prime")
    assert title.endswith("Prime beacon") and "first" in lines[0]


# -- the board's help page -------------------------------------------------------------------------------------


def test_every_legend_entry_and_column_has_page_text_and_the_topics_are_the_pages() -> None:
    assert set(legend_keys()) == set(PAGE), set(legend_keys()) ^ set(PAGE)
    assert [kind for kind, _ in LEGEND] == list(PAGE)
    assert all(PAGE[key].strip() for key in legend_keys())
    assert [name for name, _, _ in COLUMNS] == list(COLUMN_TEXT)
    _, lines = rules_topic(S, "board")
    assert lines == [board_page()], "data/armada/rules.toml [board] must hold render.armada.key.board_page()"
    _, lines = rules_topic(S, "fight-picture")
    assert lines == [fight_page()], "data/armada/rules.toml [fight-picture] must hold render.armada.key.fight_page()"


def test_the_page_writes_tags_as_the_picture_does() -> None:
    page = board_page()
    for _, text in LEGEND:
        sample = text.split(" ")[0]
        if sample in ("★", "6"):
            assert sample in page
    assert "F3 ×9" in page and "SHOP" in page and "HIRE" in page and "2!" in page


# -- automatic steps, rolls, counts ------------------------------------------------------------------------------


def encounter_at_terra() -> State:
    st = to_encounter(new_game(2))
    st.beacons = []
    st.fleets = []
    st.players[1].planet = "Luna"
    return st


def forced_label(st: State, seat: int) -> str:
    prompt = next(p for p in S.pending(st) if p.seat == seat)
    action = S.forced_action(st, prompt)
    assert action is not None
    return S.action_label(st, action)


def test_an_ended_turn_says_why_when_a_prime_beacon_bars_the_beacons_here() -> None:
    """The issue: a turn ended 'with nothing to decide' while two beacons sat at Terra."""
    st = encounter_at_terra()
    place_beacon(st, 1, "Terra")
    place_beacon(st, 2, "Terra")
    place_beacon(st, 35, "Zenith One")  # Admiralty Summit, a Prime beacon
    st.players[1].planet = "Zenith One"
    label = forced_label(st, 0)
    assert label == "End the Encounter turn (beacons 1 and 2 here: the Prime beacon 35 at Zenith One comes first)"
    assert len(label) > 80  # never a button: the whole reason is kept for the narration


def test_an_ended_turn_says_why_for_a_critical_ship_and_an_empty_planet() -> None:
    st = encounter_at_terra()
    assert forced_label(st, 0) == "End the Encounter turn (nothing to fight or answer at Terra)"
    place_beacon(st, 5, "Terra")  # Senate Escort, Prime, here
    st.players[0].critical = True
    assert "beacon 5 here: your ship is in Critical Damage" in forced_label(st, 0)
    assert "Critical Damage" in end_reason(st, 0)


def test_the_forced_end_names_its_captain_and_no_one_else_may_use_it() -> None:
    st = encounter_at_terra()
    prompt = next(p for p in S.pending(st) if p.seat == 1)
    assert S.forced_action(st, prompt) == {"type": "end", "for": 2}
    with pytest.raises(Exception, match="your own turn"):
        S.apply(st, 0, {"type": "end", "for": 2})
    after, events = S.apply(st, 1, {"type": "end", "for": 2})
    assert 1 in after.encountered and any("ends the turn" in e.text for e in events)


def test_a_planning_turn_with_no_action_left_says_so() -> None:
    st = new_game(2)
    st, _ = S.apply(st, 1, {"type": "travel", "to": "Luna"})
    st, _ = S.apply(st, 1, {"type": "travel", "to": "Terra"})
    assert forced_label(st, 1) == "End your Planning turn (no action left)"


def test_each_roll_is_one_line_of_faces_naming_whose_dice() -> None:
    st = in_combat(new_game(), ["sentinel", "hawk"], ["T", "E", "-"])
    turn = Turn(st, 0)
    dice = dice_of(st, 0, "rolled")
    roll(st, dice, turn, "cap1 rolls crew")
    rolls = [e for e in turn.events if e.kind == "roll"]
    assert len(rolls) == 1, [e.text for e in rolls]  # the faces, not the raw numbers as well
    line = rolls[0].text
    assert line.startswith("cap1 rolls crew: #") and "[" not in line
    assert all(f"#{d.id} " in line for d in dice)
    assert rolls[0].data is not None and len(rolls[0].data["faces"]) == len(dice)
    assert turn.saw_hidden and turn.brought_to_light() == ["a die was rolled"]


def test_the_enemy_step_says_which_ships_act_on_the_die() -> None:
    st = in_combat(new_game(), ["sentinel", "hawk"], [])
    st.combat.enemy_die = 1  # Sentinel fires on 1-2, Hawk on 1 and 3
    turn = Turn(st, 0)
    combat.enemy_step(st, turn)
    assert turn.events[0].text == "Enemy step on a 1: Sentinel (1) and Hawk (2) act."
    st = in_combat(new_game(), ["sentinel"], [])
    st.combat.enemy_die = 6
    turn = Turn(st, 0)
    combat.enemy_step(st, turn)
    assert turn.events[0].text == "Enemy step on a 6: no ship of fleet 1 has an action for 6."


def test_counts_are_grammatical(played: list[str]) -> None:
    said = "\n".join(played)
    assert "(s)" not in said and "die/dice" not in said
    assert re.search(r"Fleet \d+ \(\d+ unknown ships?\) appears", said)
    st = new_game(2)
    add_fleet(st, ["sentinel"], planet="Luna")
    assert S.status_lines(st)[1].startswith("Threat: 1 fleet, 1 beacon")


def test_enemy_ships_are_narrated_with_the_number_they_keep(played: list[str]) -> None:
    for line in played:
        m = re.match(r"^(.+?) is destroyed!$", line)
        if m and not m.group(1).startswith("The "):
            assert re.search(r"\(\d+\)$", m.group(1)), line
