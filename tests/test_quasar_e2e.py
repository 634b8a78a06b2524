"""A whole Quasar Search mission through the Discord stand-in, from /game new to the result.

The real discord.py client runs against the stand-in; alice and bob only use what a Discord user has:
slash commands (/game, /quasar, /act) and the buttons under the board. At every step the driver asks the
game service who must decide; when both must commit (or pick a Rank Card) they do so one after the
other, each in secret, and the test checks that the table learns nothing before both are in. Each
decision is the scripted player's choice from that player's own view, played with the /quasar command
that types it (``Command.produces``), a board button when one plays exactly it, or /act.

The seed is fixed: the engine alone plays the same policy first, so the Discord game is the same every
run (the other tests pin the rules; this one the plumbing).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import bot as starhost
from rules.quasar import SYSTEM
from rules.quasar.ai import choose
from rules.quasar.content import content
from rules.quasar.zones import hand
from table.console import convert_options
from table.quasar.commands import GROUP
from tests.e2e_support import bot_config
from tests.standin import FakeUser, StandIn

GUILD = 950000000000000001
CHANNEL = 950000000000000011
ALICE = FakeUser(id=750000000000000001, name="alice")
BOB = FakeUser(id=750000000000000002, name="bob")
PNG = b"\x89PNG\r\n\x1a\n"
SEED = 4
MAX_STEPS = 200


def make_config(tmp_path: Path) -> starhost.Config:
    return bot_config(tmp_path, GUILD)


def typed_command(state, seat: int, action: dict):
    """(command path, option values) of the /quasar command that plays ``action``, if any."""
    for command in GROUP.commands:
        if command.produces is None:
            continue
        options = command.produces(state, seat, action)
        if options is not None:
            return f"quasar {command.name}", convert_options(GROUP, command, options)
    return None


def hand_names(state, seat: int) -> set[str]:
    return {content().cards[state.cards[c].key].name for c in hand(state, seat)}


@pytest.mark.e2e
async def test_a_whole_quasar_mission_through_discord(tmp_path: Path) -> None:
    users = {ALICE.id: ALICE, BOB.id: BOB}
    async with StandIn(guild_id=GUILD, channel_ids=[CHANNEL], users=list(users.values())) as standin:
        client = starhost.make_bot(make_config(tmp_path), guild_ready_timeout=0.05)
        client.service.seed_source = lambda: SEED
        await standin.run_client(client)
        await standin.wait_for_commands(GUILD)
        try:
            opened = await standin.slash(
                "game new", {"system": "quasar", "options": "mission=first-light"}, user=ALICE, channel_id=CHANNEL
            )
            assert not opened.ephemeral, opened.text
            joined = await standin.click(opened, next(c for c in opened.custom_ids if c.endswith(":join")), user=BOB)
            assert "bob joined" in joined.text.lower(), joined.text
            board = await standin.slash("game start", user=ALICE, channel_id=CHANNEL)
            assert board.files["board.png"].startswith(PNG), board.text
            game_id = (await client.service.game_in(CHANNEL)).id

            played: list[str] = []
            clicks = typed = commands = 0
            secret_rounds = private_rounds = 0
            hand_checked = False
            for step in range(MAX_STEPS):
                record, state = await client.service.get(game_id)
                version = record.version
                if SYSTEM.outcome(state) is not None:
                    break
                prompts = SYSTEM.pending(state)
                assert prompts, "the game waits for nobody but is not over"
                waiting = sorted({p.seat for p in prompts})
                for seat in waiting:
                    assert f"<@{record.user_of(seat)}>" in board.content, board.content  # who must act is pinged
                seat = prompts[0].seat
                user = users[record.user_of(seat)]
                action = choose(SYSTEM.view(state, seat), seat, step)
                assert action is not None
                legal = SYSTEM.legal(state, seat)
                SYSTEM.check(state, seat, action)  # listed, or (a commit with Overcommit cards) accepted unlisted
                secret = action["type"] in ("commit", "stall", "rank")
                if secret and len(waiting) == 2 and seat == waiting[0]:
                    secret_rounds += 1
                if not hand_checked and action["type"] == "commit":
                    view = await standin.slash("quasar hand", user=user, channel_id=CHANNEL)
                    assert view.ephemeral and view.files["hand.png"].startswith(PNG), view.text
                    assert all(name in view.text for name in hand_names(state, seat))
                    other = 1 - seat
                    suggestions = await standin.autocomplete(
                        "quasar commit", "cards", "", user=user, channel_id=CHANNEL
                    )
                    values = " ".join(str(c["value"]) for c in suggestions)
                    mine = {state.cards[c].key for c in hand(state, seat)}
                    theirs_only = {state.cards[c].key for c in hand(state, other)} - mine
                    assert suggestions and not any(k in values.split() for k in theirs_only)  # only your own cards
                    hand_checked = True

                found = typed_command(state, seat, action)
                index = legal.index(action) if action in legal else -1
                wanted = f"sh:act:{game_id}:{version}:{seat}:{index}"
                private = not secret and SYSTEM.public_choices(state, seat) is None and len(waiting) == 1
                if private:
                    # A choice among cards of a hand: the board offers one private button, never the cards.
                    assert f"sh:mine:{game_id}" in board.custom_ids, (played[-1:], board.custom_ids)
                    assert not any(c.startswith("sh:act:") for c in board.custom_ids), board.custom_ids
                    mine = await standin.click(board, f"sh:mine:{game_id}", user=user)
                    assert mine.ephemeral and any(c.startswith(f"sh:act:{game_id}:") for c in mine.custom_ids)
                    private_rounds += 1
                if private and index >= 0 and wanted in mine.custom_ids:
                    pressed = await standin.click(mine, wanted, user=user)
                    reply = next(m for m in reversed(pressed.followups) if not m.ephemeral)
                    clicks += 1
                elif index >= 0 and wanted in board.custom_ids and not secret:
                    pressed = await standin.click(board, wanted, user=user)
                    reply = next(m for m in reversed(pressed.followups) if not m.ephemeral)  # private lines come apart
                    clicks += 1
                elif found is not None and step % 3:
                    path, options = found
                    reply = await standin.slash(path, options, user=user, channel_id=CHANNEL)
                    commands += 1
                else:
                    reply = await standin.slash("act", {"action": SYSTEM.format(action)}, user=user, channel_id=CHANNEL)
                    typed += 1
                played.append(f"{user.name}: {SYSTEM.format(action)}")
                assert not reply.ephemeral, (played[-1], reply.text)  # nothing the policy chose was refused
                assert reply.files["board.png"].startswith(PNG), played[-1]
                after, new_state = await client.service.get(game_id)
                assert after.version >= version + 1, played[-1]
                if secret and len(waiting) == 2 and SYSTEM.outcome(new_state) is None:
                    # the first of two secret choices: the table hears that it was made, nothing more
                    still = {p.seat for p in SYSTEM.pending(new_state)}
                    if still == {1 - seat}:
                        hidden = hand_names(state, seat) - hand_names(state, 1 - seat)
                        assert not [n for n in hidden if n in reply.text], reply.text
                        assert "has committed" in reply.text or "has picked" in reply.text, reply.text
                board = reply
            else:
                raise AssertionError(f"no result after {MAX_STEPS} steps:\n" + "\n".join(played[-20:]))

            assert secret_rounds >= 4, secret_rounds  # Rank picks and commits made together, in secret
            assert private_rounds >= 1, private_rounds  # a choice among hand cards, made through "Choose privately"
            assert clicks >= 1 and typed >= 3 and commands >= 10, (clicks, typed, commands)
            assert hand_checked
            assert {line.split(":")[0] for line in played} == {"alice", "bob"}
            outcome = SYSTEM.outcome(state)
            assert outcome is not None and outcome.summary in board.text, board.text
            assert "<@" not in board.content  # nobody is pinged any more

            final = await standin.slash("game status", user=BOB, channel_id=CHANNEL)
            assert final.files["board.png"].startswith(PNG) and "Game over" in final.text
            verified = await standin.slash("game verify", user=ALICE, channel_id=CHANNEL)
            assert verified.ephemeral and "the record is intact" in verified.text, verified.text
        finally:
            await standin.stop_client()
