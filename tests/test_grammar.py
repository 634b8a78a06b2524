"""Articles and plurals come from inflect (rules/core/grammar.py), not from hand-written rules."""

from __future__ import annotations

import pytest

from rules.core.grammar import a, count, listing, plural


@pytest.mark.parametrize(
    ("noun", "expected"),
    [("Adrenaline Shot", "an Adrenaline Shot"), ("Medi-Kit", "a Medi-Kit"), ("EVA suit", "an EVA suit")],
)
def test_articles(noun: str, expected: str) -> None:
    assert a(noun) == expected


def test_plurals_and_counts() -> None:
    assert plural("Swarmer", 2) == "Swarmers" and plural("Swarmer", 1) == "Swarmer"
    assert count(1, "unknown ship") == "1 unknown ship" and count(3, "unknown ship") == "3 unknown ships"
    assert count(0, "card") == "0 cards"


def test_listing() -> None:
    assert listing([]) == "" and listing(["alice"]) == "alice"
    assert listing(["alice", "bob", "carol"]) == "alice, bob and carol"
    assert listing(["a", "b"], "or") == "a or b"
