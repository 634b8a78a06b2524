"""The first time a game's narration uses one of its terms, the reply explains it in one line."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from rules.core import registry
from sessions.service import Actor, GameService
from sessions.store import SqliteStore
from table import Ctx, Table
from table.commands import EXPLAIN_AT_ONCE, EXPLAINED
from table.terms import terms_in

ALICE = Actor(1, "alice")
CHAN = 31


@pytest.fixture
async def table(tmp_path: Path):
    service = GameService(SqliteStore(tmp_path / "t.db"), seed_source=lambda: 5)
    await service.open()
    yield Table(service)
    await service.close()


def test_terms_are_found_as_whole_words_in_order() -> None:
    endure = registry.get("endure")
    assert terms_in(endure, "The GEP moves; a Jaeger appears. GEP again.")[:1] == ["GEP"]
    assert terms_in(endure, "GEPs") == [] and terms_in(registry.get("pig"), "anything") == []


def _by_one_pattern(system_id: str, text: str) -> list[str]:
    """The plain way to find the terms: one pattern of every term, longest first (what terms_in does faster)."""
    terms = sorted(registry.get(system_id).glossary(), key=len, reverse=True)
    pattern = re.compile(r"(?<![\w-])(" + "|".join(re.escape(t) for t in terms) + r")(?![\w-])")
    return list(dict.fromkeys(m.group(1) for m in pattern.finditer(text)))


@pytest.mark.parametrize("system_id", ["armada", "endure", "grimdark", "quasar", "starcadia"])
def test_terms_are_found_exactly_as_one_pattern_of_every_term_finds_them(system_id: str) -> None:
    terms = sorted(registry.get(system_id).glossary())
    r = random.Random(system_id)
    glue = [" ", " ", ", ", ". ", "-", "s ", "_", "x", "(", ") ", "\n", "'s ", ": ", "!", "é", "2"]
    words = [*terms, *(t.lower() for t in terms), *(t.split()[0] for t in terms), "the", "a", "moves", "and"]
    for _ in range(300):
        text = "".join(r.choice(words) + r.choice(glue) for _ in range(r.randint(1, 30)))
        assert terms_in(registry.get(system_id), text) == _by_one_pattern(system_id, text), text
    every = " ".join(terms) + "; " + "-".join(terms) + " " + "".join(terms)
    assert terms_in(registry.get(system_id), every) == _by_one_pattern(system_id, every)


async def test_a_term_is_explained_once_per_game(table: Table) -> None:
    ctx = Ctx(ALICE, CHAN, 1)
    await table.game_new(ctx, "endure")
    reply = await table.game_start(ctx)
    endure = registry.get("endure")
    explained: list[str] = []
    for _ in range(60):
        explained += [line for line in reply.lines if line.startswith("📖 ")]
        status = await table.service.status(CHAN, include_finished=True)
        if status.game.status != "active" or len(explained) >= 4:
            break
        state, prompt = status.state, status.prompts[0]
        action = endure.ai_action(endure.view(state, prompt.seat), prompt.seat, 1) or endure.default_action(
            state, prompt
        )
        reply = await table.act(ctx, action)
        assert sum(line.startswith("📖 ") for line in reply.lines) <= EXPLAIN_AT_ONCE
    assert explained, "no term was ever explained"
    terms = [line.split("**")[1] for line in explained]
    assert len(terms) == len(set(terms)), "a term was explained twice"
    assert all(endure.glossary()[term] in line for term, line in zip(terms, explained, strict=True))
    # Kept with the game: a new process (a new table on the same store) does not explain them again.
    again = Table(table.service)
    assert await again._explained(status.game.id) == set(terms)


async def test_the_terms_explained_are_noted_without_waiting_and_kept_across_a_restart(tmp_path: Path) -> None:
    """The note is written in the background (the reply does not wait for it) and lands before the store
    closes; a restarted bot reads it with the game and does not explain those terms again."""
    path = tmp_path / "t.db"
    service = GameService(SqliteStore(path), seed_source=lambda: 5)
    await service.open()
    table = Table(service)
    ctx = Ctx(ALICE, CHAN, 1)
    await table.game_new(ctx, "endure")
    reply = await table.game_start(ctx)
    game_id = (await service.status(CHAN)).game.id
    endure = registry.get("endure")
    for _ in range(40):
        if await table._explained(game_id):
            break
        status = await service.status(CHAN)
        state, prompt = status.state, status.prompts[0]
        reply = await table.act(ctx, endure.ai_action(endure.view(state, prompt.seat), prompt.seat, 1))
    terms = set(await table._explained(game_id))
    assert terms and reply.lines
    await service.close()  # waits for the note
    service = GameService(SqliteStore(path), seed_source=lambda: 5)
    await service.open()
    try:
        assert set(json.loads((await service.store.get_settings(game_id))[EXPLAINED])) == terms
        await service.status(CHAN)  # the game is loaded with its settings row: the note is read from it
        assert await Table(service)._explained(game_id) == terms
    finally:
        await service.close()
