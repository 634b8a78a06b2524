"""Issue 24, Grimdark part: every game term the bot narrates has a short explanation of our own.

A "term" here: the name of every hero, enemy unit, weapon, item, skill, spell and condition the content
defines, and the general words of data/grimdark/glossary.toml; the test plays seeded random games and
checks that each such name found in a narrated line is in the glossary and found by /rules."""

from __future__ import annotations

import random
import re

from rules.grimdark import SYSTEM as G
from rules.grimdark.content import content
from rules.grimdark.effects import STATUS_NAMES


def names() -> set[str]:
    c = content()
    out = {h.name for h in c.heroes.values()} | {u.name for u in c.units.values()}
    out |= {w.name for w in c.weapons.values()} | {i.name for i in c.items.values()}
    out |= {s.name for s in c.skills.values()} | {s.name for s in c.spells.values()}
    return out | set(STATUS_NAMES.values())


def narration(seed: int, steps: int) -> list[str]:
    r = random.Random(seed)
    state = G.setup(["a", "b"], {"heroes": "3", "scenario": "landing"}, seed)
    said: list[str] = []
    for _ in range(steps):
        if G.outcome(state) is not None or not G.pending(state):
            break
        prompt = r.choice(G.pending(state))
        state, events = G.apply(state, prompt.seat, r.choice(G.legal(state, prompt.seat)))
        said += [e.text for e in events]
    return said


def test_every_narrated_term_is_in_the_glossary() -> None:
    entries = G.glossary()
    terms = names() | set(entries)
    seen: set[str] = set()
    for seed in (1, 2, 3):
        for line in narration(seed, 150):
            seen |= {t for t in terms if re.search(rf"\b{re.escape(t)}\b", line)}
    assert len(seen) >= 5
    missing = sorted(t for t in seen if G.lookup_term(t) is None)
    assert missing == []


def test_every_content_name_has_a_short_entry() -> None:
    entries = G.glossary()
    assert sorted(n for n in names() if n not in entries) == []
    for term, text in entries.items():
        assert 10 <= len(text) <= 300, term
    assert G.lookup_term("shaken") is not None and G.lookup_term("Medi-Kit") is not None


def test_no_entry_copies_the_rulebook() -> None:
    from pathlib import Path

    book = Path("/work/shared/rules/grimdark_future_star_quest.txt")
    text = re.sub(r"\s+", " ", book.read_text(encoding="utf-8").lower()) if book.exists() else ""
    for term, entry in G.glossary().items():
        words = re.findall(r"[a-z0-9']+", entry.lower())
        for k in range(len(words) - 7):  # no run of 8 words from the rulebook
            assert " ".join(words[k : k + 8]) not in text, (term, entry)
