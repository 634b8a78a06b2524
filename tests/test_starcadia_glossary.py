"""Issue 24, Starcadia part: every game term the bot prints has a short explanation of our own.

A *term* is every name the content defines (hero, hero ability, monster, monster attack and ability,
upgrade token, gadget, event card, quest, scenario, station tile, shuttle) and every capitalised game
word of a narrated line; the narration of a few seeded random games is held to it. Entries are found
by the spellings the narration uses ("Weeble (weeble#2)", "WE1", "Quest 'Fox Hunt'", "Scenario 3B").
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from rules.starcadia import SYSTEM as S
from rules.starcadia.content import CONTENT as C
from rules.starcadia.glossary import _raw, glossary, lookup, terms
from table.reference import rules_topic, topics_for

BOOK = Path("/work/shared/rules/starcadia_quest.txt")
SEATS = ["ann", "ben", "cat"]


def content_names() -> list[str]:
    """Every name the content defines, as the bot prints it."""
    names = [h.name for h in C.heroes.values()] + [h.ability.name for h in C.heroes.values()]
    names += [m.name for m in C.monsters.values()] + [m.attack_name for m in C.monsters.values()]
    names += [m.ability.name for m in C.monsters.values() if m.ability.kind != "none"]
    names += [u.name for u in C.upgrades.values()] + ["stimpack", "hoverboard", "recharge"]
    names += [e.name for e in C.events.values()] + [q.name for q in C.quests.values()]
    names += [s.title for s in C.scenarios.values()] + [t.name for t in C.tiles.values()]
    names += list(C.shuttles.values())
    return names


def narration(seed: int, scenario: str, steps: int = 700) -> list[str]:
    """The public lines of a seeded game (bot choices, some random ones)."""
    rnd = random.Random(seed)
    st = S.setup(SEATS, {"mode": "episodic", "scenario": scenario}, seed)
    lines: list[str] = []
    for _ in range(steps):
        if S.outcome(st) is not None:
            break
        seat = S.pending(st)[0].seat
        action = S.ai_action(S.view(st, seat), seat, seed)
        if action is None or rnd.random() < 0.15:
            action = rnd.choice(S.legal(st, seat))
        st, events = S.apply(st, seat, action)
        lines += [e.text for e in events if e.visible_to is None]
    return lines


@pytest.fixture(scope="module")
def played() -> list[str]:
    return narration(11, "1") + narration(12, "2A") + narration(13, "3B")


PLAIN = {"A", "No", "All", "Every", "Everyone", "For", "On", "The", "Your", "After", "Round", "Outcome"}
"""Capitalised words that are plain English, not game terms (sentence starts)."""


def game_words(line: str, seats: list[str]) -> set[str]:
    """The capitalised words of a line that could be game terms: not a seat, not a sentence start."""
    out = set()
    for sentence in re.split(r"(?<=[.!?:;(])\s+", line):
        words = re.findall(r"[A-Za-z][A-Za-z0-9'-]*", sentence)
        for word in words[1:]:
            word = word.removesuffix("'s").strip("'")
            if word[0].isupper() and word not in seats and word not in PLAIN and not word.isupper():
                out.add(word)
    return out


def test_every_name_the_content_defines_has_an_entry() -> None:
    missing = [name for name in content_names() if lookup(name) is None]
    assert missing == []


def test_every_term_a_seeded_game_narrates_is_in_the_glossary(played: list[str]) -> None:
    said = " ".join(played)
    assert len(played) > 500
    for name in content_names():
        if name in said:
            assert lookup(name) is not None, name
    spelled = [w.lower() for term in [*glossary(), *_raw()["alias"]] for w in re.findall(r"[A-Za-z0-9'-]+", term)]
    known = {w.removesuffix("'s") for w in spelled}
    unknown = sorted({w for line in played for w in game_words(line, SEATS) if w.lower() not in known})
    assert unknown == []
    shouting = sorted({w for line in played for w in re.findall(r"\b[A-Z]{2,}\b", line)} - {"II", "III"})
    assert [w for w in shouting if lookup(w) is None] == []
    for m in C.monsters.values():  # a figure as printed: "Weeble (weeble#2)"
        for shown in re.findall(rf"{re.escape(m.name)} \({m.id}#\d+\)", said):
            assert lookup(shown) == lookup(m.name), shown


def test_the_general_terms_of_the_issue_are_found_as_players_see_them() -> None:
    for typed, term in [
        ("VT", "VT"),
        ("crit", "CRIT"),
        ("Overkill!", "Overkill"),
        ("payback", "Payback"),
        ("reward", "Reward"),
        ("Guard", "Guard"),
        ("close", "Close"),
        ("huge", "Huge"),
        ("shuttles", "Shuttle"),
        ("the station", "Station"),
        ("hack", "Hack"),
        ("MP", "MP"),
        ("Weeble (weeble#2)", "Weeble"),
        ("WE1", "Weeble"),
        ("weebles", "Weeble"),
        ("pulse-blade", "Pulse Blade"),
        ("S01", "Pulse Blade"),
        ("Quest 'Fox Hunt'", "Fox Hunt"),
        ("Scenario 3B", "Amazeonia Canopy Lab"),
        ("stimpacks", "Stimpack"),
        ("Muahaha! (Just Practising)", "Muahaha! (Just Practising)"),
    ]:
        found = lookup(typed.rstrip("!") if typed == "Overkill!" else typed)
        assert found is not None and found[0] == term, typed
    assert lookup("flux capacitor") is not None  # a real level-3 boost here
    assert lookup("sonic screwdriver") is None
    assert "Iceheart" in glossary() and "Huge" in glossary()["Iceheart"]


def test_the_platform_hook_gives_every_entry_short_and_in_our_words() -> None:
    entries = S.glossary()
    assert entries == glossary() and terms() == sorted(entries, key=str.lower)
    assert S.lookup_term("OC1") == lookup("OC1")
    assert [t for t, _ in topics_for(S)][-len(entries) :] == terms()
    book = re.sub(r"\s+", " ", BOOK.read_text(encoding="utf-8").lower()) if BOOK.exists() else ""
    for term, text in entries.items():
        assert 10 <= len(text) <= 300, term
        words = re.findall(r"[a-z0-9']+", text.lower())
        for k in range(len(words) - 7):  # no run of 8 words from the rulebook
            assert " ".join(words[k : k + 8]) not in book, (term, text)


def test_rules_finds_a_term() -> None:
    title, lines = rules_topic(S, "payback")
    assert title.endswith("Payback") and "strikes back" in lines[0]
