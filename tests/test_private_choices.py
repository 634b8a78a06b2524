"""Choices that name private things are made in private; what one player learns reaches only them.

Played on Quasar through the real table: paying a Demand or discarding names cards of a hand, and
commits are secret picks two players make at once.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from rules.core import BaseState, Event, registry
from sessions.service import Actor, GameService, Update
from sessions.store import SqliteStore
from table import Ctx, Table
from table.present import board_reply

QUASAR = registry.get("quasar")
ALICE, BOB, SAM = Actor(1, "alice"), Actor(2, "bob"), Actor(9, "sam")
USERS = {ALICE.user_id: ALICE, BOB.user_id: BOB}
CHAN = 77


def ctx(actor: Actor) -> Ctx:
    return Ctx(actor=actor, channel_id=CHAN, guild_id=1)


@pytest.fixture
async def table(tmp_path: Path):
    service = GameService(SqliteStore(tmp_path / "games.db"), seed_source=lambda: 11)
    await service.open()
    yield Table(service)
    await service.close()


async def play_until(table: Table, wanted: Callable[[BaseState, int], bool], seed: int = 1) -> tuple[Update, int]:
    """Start a two-player Quasar game and let each seat's bot play until ``wanted(state, seat)``."""
    await table.game_new(ctx(ALICE), "quasar")
    await table.game_join(ctx(BOB))
    await table.game_start(ctx(ALICE))
    r = random.Random(seed)
    for _ in range(400):
        status = await table.service.status(CHAN)
        state = status.state
        for prompt in status.prompts:
            if wanted(state, prompt.seat):
                return status, prompt.seat
        prompt = r.choice(status.prompts)
        action = QUASAR.ai_action(QUASAR.view(state, prompt.seat), prompt.seat, r.getrandbits(32))
        user = USERS[status.game.user_of(prompt.seat)]
        await table.act(ctx(user), action or QUASAR.default_action(state, prompt))
        if status.game.status != "active":
            break
    pytest.skip("the bots never reached the wanted decision")


def hand_choice(state: BaseState, seat: int) -> bool:
    legal = QUASAR.legal(state, seat)
    return (
        bool(legal)
        and QUASAR.public_choices(state, seat) is None
        and not any(a["type"] in QUASAR.secret_actions for a in legal)
    )


def two_secret_pickers(state: BaseState, seat: int) -> bool:
    pickers = {p.seat for p in QUASAR.pending(state) if QUASAR.legal(state, p.seat)}
    return len(pickers) > 1


async def test_a_choice_among_hand_cards_gets_one_private_button(table: Table) -> None:
    status, seat = await play_until(table, hand_choice)
    decider, other = (ALICE, BOB) if seat == 0 else (BOB, ALICE)
    hand = [QUASAR.action_label(status.state, a) for a in QUASAR.legal(status.state, seat)]
    for watcher in (other, SAM):
        public = await table.game_status(ctx(watcher))
        assert [b.label for b in public.buttons] == ["Choose privately", "Status"]
        assert public.menu is None
        assert not any(label in public.as_text() for label in hand)
    clicked = await table.click(ctx(decider), f"sh:mine:{status.game.id}")
    assert clicked.ephemeral
    mine = [b.label for b in clicked.buttons] + [label for label, _ in (clicked.menu.options if clicked.menu else ())]
    assert set(hand) <= set(mine)
    # Someone else pressing it sees their own view, with no buttons for the decider's choice.
    theirs = await table.click(ctx(other), f"sh:mine:{status.game.id}")
    assert theirs.ephemeral and not any(b.custom_id.startswith("sh:act:") for b in theirs.buttons)


async def test_the_move_chosen_in_private_is_not_echoed(table: Table) -> None:
    status, seat = await play_until(table, hand_choice)
    decider = ALICE if seat == 0 else BOB
    action = QUASAR.legal(status.state, seat)[0]
    reply = await table.act(ctx(decider), action)
    assert f"{decider.name} chose in private." in reply.lines
    assert f"`{QUASAR.format(action)}`" not in reply.as_text()


async def test_two_players_choosing_at_once_each_open_their_own_choices(table: Table) -> None:
    status, _ = await play_until(table, two_secret_pickers)
    public = await table.game_status(ctx(SAM))
    assert [b.label for b in public.buttons] == ["Your choices", "Status"]
    for player in (ALICE, BOB):
        mine = await table.click(ctx(player), f"sh:mine:{status.game.id}")
        seat = status.game.seat_of(player.user_id)
        own = [b for b in mine.buttons if b.custom_id.startswith("sh:act:")]
        menu_ok = mine.menu is not None and mine.menu.custom_id.endswith(f":{seat}")
        assert menu_ok or (own and all(b.custom_id.split(":")[4] == str(seat) for b in own))


async def test_news_for_another_seat_is_announced_publicly_and_told_only_to_them(table: Table) -> None:
    status, _ = await play_until(table, lambda state, seat: True)
    update = Update(
        game=status.game,
        state=status.state,
        events=[Event(text="bob draws 1 card."), Event(text="You draw Star Sight.", kind="private", visible_to=1)],
        prompts=status.prompts,
    )
    reply = board_reply(update, actor_seat=0)
    assert "Star Sight" not in reply.as_text() and reply.private == []
    assert any("bob: news only you may see" in line for line in reply.lines)
    assert any(b.custom_id == f"sh:mine:{status.game.id}" for b in reply.buttons)


async def test_the_private_view_lists_your_own_cards_and_an_empty_seat_is_told_nothing(table: Table) -> None:
    status, seat = await play_until(table, hand_choice)
    mine = await table.game_view(ctx(ALICE if seat == 0 else BOB))
    assert any(line.startswith("**Your hand**") for line in mine.lines)
    kicked = await table.service.kick(CHAN, ALICE, BOB.user_id)
    update = Update(
        game=kicked.game,
        state=status.state,
        events=[Event(text="You draw Star Sight.", kind="private", visible_to=1)],
        prompts=status.prompts,
    )
    reply = board_reply(update, actor_seat=0)
    assert not any("news only you may see" in line for line in reply.lines)
    assert not any(b.label == "Your view" for b in reply.buttons)
