"""`/rules system:<game> topic:<term>`: the rules pages and every game term of the glossary."""

from __future__ import annotations

import pytest

from rules.core import RuleError, registry
from table.reference import rules_topic, topics_for


def test_a_glossary_term_is_a_topic_in_any_spelling() -> None:
    endure = registry.get("endure")
    title, lines = rules_topic(endure, "GEPs")
    assert title.startswith("Endure the Stars:") and lines and lines[0]
    assert rules_topic(endure, "periphery")[0].lower().endswith("periphery")
    keys = [key for key, _ in topics_for(endure)]
    assert "board" in keys and len(keys) > 100  # the pages first, then every term


def test_an_unknown_topic_is_answered_with_the_topics() -> None:
    with pytest.raises(RuleError, match=r"no rules topic or term 'zzz'\. Topics: .*board.*autocomplete"):
        rules_topic(registry.get("endure"), "zzz")


def test_a_game_without_a_glossary_still_has_its_pages() -> None:
    pig = registry.get("pig")
    assert pig.glossary() == {} and pig.lookup_term("anything") is None
