"""Issue 24, Quasar part: every term the bot prints has a short explanation of our own, found by any
spelling a player types, and generated from the card data where there is any.

A *term* here is every name our content defines: each card (player, Faction, Rank, Challenge, Act,
Mission, Lost in Space), each Faction, zone title, card keyword, Target part and phase, plus the game's
token and status words (Glory, Lessons, Energy, Morale, Crew Damage, Boon, Demand, Team Leader...).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from rules.quasar import SYSTEM as S
from rules.quasar.ai import choose
from rules.quasar.content import TARGETS, content
from rules.quasar.glossary import describe_part_name, glossary, lookup, terms
from rules.quasar.text import PHASE_NAMES, card_lines
from table.reference import rules_topic, topics_for

from .test_quasar_support import act, game

ALMANAC = Path("/work/shared/rules/quasar_search_almanac.txt")

WORDS = [
    "Glory",
    "Lessons",
    "Energy",
    "Morale",
    "Crew Damage",
    "Boon",
    "Demand",
    "Team Leader",
    "Rank Card",
    "Rank Value",
    "Rankbreaker",
    "Project",
    "Active Project",
    "Progress",
    "Target",
    "SUCCESS",
    "FAILURE",
    "MVP",
    "Confrontation",
    "Mission complete",
    "Hand Size",
    "Faction card",
    "Overcommit",
    "Lost in Space",
    "Challenge",
    "Act",
    "Mission",
]
"""Token and status words the narration, prompts and pictures use."""


def defined_terms() -> list[str]:
    c = content()
    names = [card.name for card in c.cards.values() if card.kind != "rules"]
    names += [f.name for f in c.factions.values()]
    names += [z.title for z in c.zones.values()]
    names += [title.removesuffix(" N") for title, _ in c.mechanics.values()]
    names += [describe_part_name(kind) for kind in TARGETS]
    names += list(PHASE_NAMES.values())
    return sorted(set(names + WORDS))


def narration(seeds: range) -> list[str]:
    """Every line (public and private) of scripted games over the three missions and 1-4 players."""
    lines: list[str] = []
    for seed in seeds:
        players = seed % 4 + 1
        st = game(players, seed=seed, mission=["first-light", "silent-running", "quasar"][seed % 3])
        r = random.Random(seed)
        for _ in range(700):
            if S.outcome(st) is not None:
                break
            prompt = r.choice(S.pending(st))
            lines.append(prompt.text)
            st, events = act(st, prompt.seat, choose(S.view(st, prompt.seat), prompt.seat, r.randint(0, 999)))
            lines += [e.text for e in events]
    return lines


def test_every_name_the_content_defines_has_an_entry() -> None:
    missing = [name for name in defined_terms() if lookup(name) is None]
    assert missing == []


def test_every_term_in_a_seeded_games_narration_is_in_the_glossary() -> None:
    said = "\n".join(narration(range(8)))
    used = [t for t in defined_terms() if re.search(rf"(?<![\w-]){re.escape(t)}(?![\w-])", said)]
    assert len(used) > 60, used  # the games did say a lot: cards, Challenges, zones, tokens
    assert [t for t in used if lookup(t) is None] == []
    # keyword and Target words with their number, as narrated ("Reach 9", "Glory 1", "Demand 2")
    for shown in set(re.findall(r"\b(?:Reach|Precisely|Average|Peak|At most|Demand|Glory) \d+", said)):
        assert lookup(shown) is not None, shown


def test_the_terms_of_the_issue_are_found_by_the_words_players_see() -> None:
    for typed, term in [
        ("zones", None),
        ("Demand 2", "Demand N"),
        ("boons", "Boon"),
        ("glory", "Glory"),
        ("lessons", "Lessons"),
        ("Lesson", "Lessons"),
        ("energy", "Energy"),
        ("Morale", "Morale"),
        ("rank cards", "Rank Card"),
        ("projects", "Project"),
        ("LiS", "Lost in Space"),
        ("the warp zone", "Warp Zone"),
        ("overcommit", "Overcommit"),
        ("Precisely 9", "Precisely"),
        ("Stand Together", "Stand Together"),
        ("Shift 2", "Shift"),
        ("boarding-party", "Boarding Party"),
        ("letters of marque", "Letters of Marque"),
        ("Reach 3P+3", "Reach"),
        ("pre-resolution", "Pre-Resolution"),
    ]:
        found = lookup(typed)
        assert (found[0] if found else None) == term, typed
    assert lookup("flux capacitor") is None


def test_card_entries_are_generated_from_the_cards() -> None:
    c = content()
    g = glossary()
    for card in c.cards.values():
        if card.kind == "player":
            assert f"value {card.value}" in g[card.name]
            assert all(line.rstrip(".") in g[card.name] for line in card_lines(card.key)), card.key
    for faction in c.factions.values():
        assert f"Rankbreaker {faction.rankbreaker}" in g[c.cards[faction.card].name]
    assert "Demand 2" in g["Pressure Hull"] and "Every card at least 4" in g["Pressure Hull"]
    # a Mission that shares its name with its last Act (and a Challenge) explains every meaning
    assert "A mission" in g["The Quasar"] and "Act 3 of The Quasar" in g["The Quasar"]
    assert "A Challenge of The Quasar" in g["The Quasar"]


def test_the_platform_hook_gives_every_entry_short_and_in_our_words() -> None:
    entries = S.glossary()
    assert entries == glossary() and terms() == sorted(entries, key=str.lower)
    assert [key for key, _ in topics_for(S)][-len(entries) :] == terms()
    assert rules_topic(S, "Shift 2") == ("Quasar Search: Shift", [entries["Shift"]])
    book = re.sub(r"\s+", " ", ALMANAC.read_text(encoding="utf-8").lower()) if ALMANAC.exists() else ""
    card_text = {line.rstrip(".") for key in content().cards for line in card_lines(key)}
    for term, text in entries.items():
        assert 10 <= len(text) <= 560, term
        for line in card_text:  # a card's own text, generated from its effects, is the card's, not prose
            text = text.replace(line, "")
        words = re.findall(r"[a-z0-9']+", text.lower())
        for k in range(len(words) - 7):  # no run of 8 words from the almanac
            assert " ".join(words[k : k + 8]) not in book, (term, text)
