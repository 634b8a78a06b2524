"""A whole Deep Space D-6: Armada game through the Discord stand-in, from /game new to the result.

The real discord.py client runs against the stand-in and the captain only uses what a Discord user has:
slash commands (/game, /act, /armada ...) and the buttons under the board. At every step the driver asks
the game service who must act, lets the careful policy of the balance test pick among that seat's legal()
actions, and plays it through Discord: the board's button when one offers exactly that action, else the
/armada command whose ``produces`` types it (every third time /act with the action's notation instead).
Steps with nothing to decide that the engine plays by itself afterwards are allowed; the chosen action
must be the first one recorded.

The seed: the policy first plays candidate seeds in the engine alone and the test takes the first, from
a fixed list, whose game ends within FAST_STEPS decisions, so the Discord game is short and the same every
run even when rule changes move the dice (the other tests pin the rules; this one the plumbing).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import bot as starhost
from rules.armada import SYSTEM
from table.armada.commands import GROUP
from table.console import convert_options
from tests.e2e_support import bot_config
from tests.standin import FakeUser, StandIn
from tests.test_armada_balance import careful

GUILD = 940000000000000001
CHANNEL = 940000000000000011
ALICE = FakeUser(id=740000000000000001, name="alice")
PNG = b"\x89PNG\r\n\x1a\n"
PREFERRED_SEEDS = (1005, 1004, 1009, 1010, 1000)  # short solo games (1005 first with the rules of 25 Nov 2026)
FAST_STEPS = 300
MAX_STEPS = 400  # far above FAST_STEPS: a game that does not end fails instead of hanging


def choose(state):
    """(seat, action) the careful policy plays next, as tests/test_armada_balance.play_careful does."""
    prompts = SYSTEM.pending(state)
    prompt = next((q for q in prompts if SYSTEM.legal(state, q.seat)), prompts[0])
    legal = SYSTEM.legal(state, prompt.seat)
    return prompt.seat, careful(state, prompt.seat, legal, prompt.default), legal


def fast_seed() -> int:
    for seed in (*PREFERRED_SEEDS, *range(1011, 1100)):
        state = SYSTEM.setup(["alice"], {}, seed)
        for _ in range(FAST_STEPS):
            if SYSTEM.outcome(state) is not None:
                return seed
            seat, action, _legal = choose(state)
            state, _ = SYSTEM.apply(state, seat, action)
    raise AssertionError(f"no candidate seed ends within {FAST_STEPS} decisions")


def game_command(state, seat: int, action: dict) -> tuple[str, dict]:
    """The /armada command (name and option values, as Discord sends them) that plays ``action``."""
    for command in GROUP.commands:
        options = command.produces(state, seat, action) if command.produces else None
        if options is not None:
            return command.name, convert_options(GROUP, command, options)
    raise AssertionError(f"no /armada command plays {SYSTEM.format(action)}")


def make_config(tmp_path: Path) -> starhost.Config:
    return bot_config(tmp_path, GUILD)


@pytest.mark.e2e
async def test_a_whole_armada_game_through_discord(tmp_path: Path) -> None:
    async with StandIn(guild_id=GUILD, channel_ids=[CHANNEL], users=[ALICE]) as standin:
        client = starhost.make_bot(make_config(tmp_path), guild_ready_timeout=0.05)
        seed = fast_seed()
        client.service.seed_source = lambda: seed
        await standin.run_client(client)
        await standin.wait_for_commands(GUILD)
        try:
            opened = await standin.slash("game new", {"system": "armada"}, user=ALICE, channel_id=CHANNEL)
            assert not opened.ephemeral, opened.text
            board = await standin.slash("game start", user=ALICE, channel_id=CHANNEL)
            assert board.files["board.png"].startswith(PNG), board.text
            game_id = (await client.service.game_in(CHANNEL)).id
            first = (await client.service.get(game_id))[0].version

            played: list[str] = []
            clicks = typed = commands = 0
            phases: set[str] = set()
            views_checked = False
            for _ in range(MAX_STEPS):
                record, state = await client.service.get(game_id)
                version = record.version
                if SYSTEM.outcome(state) is not None:
                    break
                phases.add(state.phase)
                assert f"<@{ALICE.id}>" in board.content, board.content  # the board pings the captain
                seat, action, legal = choose(state)
                text = SYSTEM.format(action)
                played.append(text)

                if not views_checked and state.combat is not None:
                    # Mid-fight the private views are pictures, and only the asker sees them.
                    for command, name in (("armada view ship", "ship.png"), ("armada view fleets", None)):
                        view = await standin.slash(command, user=ALICE, channel_id=CHANNEL)
                        assert view.ephemeral, (command, view.text)
                        assert name is None or view.files[name].startswith(PNG), (command, view.text)
                    views_checked = True

                wanted = f"sh:act:{game_id}:{version}:{seat}:{legal.index(action)}" if action in legal else None
                if wanted is not None and wanted in board.custom_ids:
                    pressed = await standin.click(board, wanted, user=ALICE)
                    assert not pressed.ephemeral, (text, pressed.text)
                    reply = pressed.followups[-1]
                    clicks += 1
                elif (typed + commands) % 3 == 2:
                    reply = await standin.slash("act", {"action": text}, user=ALICE, channel_id=CHANNEL)
                    typed += 1
                else:
                    name, options = game_command(state, seat, action)
                    reply = await standin.slash(f"armada {name}", options, user=ALICE, channel_id=CHANNEL)
                    commands += 1
                assert not reply.ephemeral, (text, reply.text)  # nothing the policy chose was refused
                assert any(data.startswith(PNG) for data in reply.files.values()), text
                recorded = await client.service.store.actions(game_id, since_version=version)
                assert recorded and recorded[0].action == action, (text, recorded[:1])  # exactly the chosen action
                assert all(r.kind == "auto" for r in recorded[1:]), text  # then only steps with no choice
                board = reply
            else:
                raise AssertionError(f"seed {seed}: no result after {MAX_STEPS} steps:\n" + "\n".join(played[-20:]))

            assert len(played) <= FAST_STEPS, (seed, len(played))
            assert clicks >= 5 and typed >= 3 and commands >= 5, (clicks, typed, commands)
            assert {"planning", "encounter"} <= phases, phases
            assert views_checked
            outcome = SYSTEM.outcome(state)
            assert outcome is not None and outcome.summary in board.text, board.text
            assert "<@" not in board.content  # nobody is pinged any more

            last, _ = await client.service.get(game_id)
            final = await standin.slash("game status", user=ALICE, channel_id=CHANNEL)
            assert "Game over" in final.text, final.text
            verified = await standin.slash("game verify", user=ALICE, channel_id=CHANNEL)
            assert (
                verified.ephemeral
                and f"Replayed {last.version - first} actions: the record is intact." in verified.text
            )
        finally:
            await standin.stop_client()
