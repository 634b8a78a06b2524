"""A whole Starcadia Quest scenario through the Discord stand-in, from /game new to the winner.

The real discord.py client runs against the stand-in; players only use what a Discord user has:
slash commands (/game, /act, /starcadia ...) and the buttons under the board. The driver is generic:
at every step it asks the game service which seats have a prompt (any kind: the active crew's turn,
a Payback run by the player to the right, whatever the engine adds later), picks one of that seat's
legal() actions with the goal-minded policy (rules/starcadia/ai.py), and plays it through Discord: the
board's button when one offers exactly that action, /starcadia end for a plain end, else /act with the
action's typed notation. Steps with nothing to decide (an end with nothing left to do) the game service
plays at once without asking anyone (autopass); the driver checks that exactly those came after each action.

The seed: the same policy first plays candidate seeds in the engine alone (milliseconds a game) and the
test takes the first, from a fixed list, whose scenario ends within FAST_STEPS decisions and asks at least
three kinds of mid-play decision. So the Discord game is short and the same every run, and it stays short
when the engine's rules change the dice's course (the other tests pin the rules; this one the plumbing).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import bot as starhost
from rules.core import parse_options
from rules.starcadia import SYSTEM
from rules.starcadia.ai import smart_choice
from tests.e2e_support import bot_config
from tests.standin import FakeUser, StandIn

GUILD = 930000000000000001
CHANNEL = 930000000000000011
ALICE = FakeUser(id=730000000000000001, name="alice")
BOB = FakeUser(id=730000000000000002, name="bob")
PNG = b"\x89PNG\r\n\x1a\n"

OPTIONS = "draft=random mode=episodic monsters=player defence=ask"  # players run monsters and defend live
SCENARIO = "1"
SEATS = ["alice", "bob"]
PREFERRED_SEEDS = (19, 56, 35, 50, 20, 31)  # fast with the rules of 22 Nov 2026; any seed below 200 may serve
FAST_STEPS = 120
MAX_STEPS = 250  # a bound far above FAST_STEPS: a game that does not end fails instead of hanging


def wait_kind(state) -> str:
    """The kind of mid-play decision the state waits for ('' for a plain turn)."""
    wait = getattr(state, "wait", None)
    if wait is not None:
        return str(wait.kind)
    return "payback" if state.payback is not None else ""


def play_forced(state):
    """Play the steps with nothing to decide, as the game service does (autopass, the default)."""
    for _ in range(50):
        forced = next(((p.seat, f) for p in SYSTEM.pending(state) if (f := SYSTEM.forced_action(state, p))), None)
        if forced is None:
            return state
        state, _ = SYSTEM.apply(state, *forced)
    return state


def fast_seed() -> int:
    """The first candidate seed whose game, played by the driver's policy in the engine alone, is short."""
    options = parse_options(OPTIONS, SYSTEM.options())
    options.setdefault("scenario", SCENARIO)  # as the game service does
    for seed in (*PREFERRED_SEEDS, *range(1, 200)):
        state, rnd, waits = SYSTEM.setup(SEATS, options, seed), random.Random(seed), set()
        for _ in range(FAST_STEPS):
            state = play_forced(state)
            prompts = SYSTEM.pending(state)
            if not prompts:
                break
            waits.add(wait_kind(state))
            seat = prompts[0].seat
            state, _ = SYSTEM.apply(state, seat, smart_choice(state, SYSTEM.legal(state, seat), rnd))
        if SYSTEM.outcome(state) is not None and len(waits - {""}) >= 3:
            return seed
    raise AssertionError(f"no candidate seed ends within {FAST_STEPS} decisions")


def make_config(tmp_path: Path) -> starhost.Config:
    return bot_config(tmp_path, GUILD)


def button_for(message, record_id: int, version: int, seat: int, index: int) -> str | None:
    """The custom id of the board button that plays legal()[index] for ``seat`` at ``version``, if shown."""
    wanted = f"sh:act:{record_id}:{version}:{seat}:{index}"
    return wanted if message is not None and wanted in message.custom_ids else None


@pytest.mark.e2e
async def test_a_whole_starcadia_scenario_through_discord(tmp_path: Path) -> None:
    users = {ALICE.id: ALICE, BOB.id: BOB}
    async with StandIn(guild_id=GUILD, channel_ids=[CHANNEL], users=list(users.values())) as standin:
        client = starhost.make_bot(make_config(tmp_path), guild_ready_timeout=0.05)
        seed = fast_seed()
        client.service.seed_source = lambda: seed  # the same station, shuffle and dice every run
        await standin.run_client(client)
        await standin.wait_for_commands(GUILD)
        try:
            opened = await standin.slash(
                "game new",
                {"system": "starcadia", "scenario": SCENARIO, "options": OPTIONS},
                user=ALICE,
                channel_id=CHANNEL,
            )
            assert not opened.ephemeral, opened.text
            joined = await standin.click(opened, next(c for c in opened.custom_ids if c.endswith(":join")), user=BOB)
            assert "bob joined" in joined.text.lower(), joined.text
            board = await standin.slash("game start", user=ALICE, channel_id=CHANNEL)
            assert board.files["board.png"].startswith(PNG)
            record = await client.service.game_in(CHANNEL)
            game_id = record.id

            rnd = random.Random(seed)
            played: list[str] = []
            pictures = 1
            clicks = typed = auto = 0
            kinds: set[str] = set()
            waits: set[str] = set()  # the mid-play decisions answered (guard, payback, monster, defend, ...)
            off_turn = 0  # prompts answered by the player whose turn it is not
            views_checked = False
            for _ in range(MAX_STEPS):
                record, state = await client.service.get(game_id)
                version = record.version  # the record object is updated in place by the next action
                if SYSTEM.outcome(state) is not None:
                    break
                prompts = SYSTEM.pending(state)
                assert prompts, "the game waits for nobody but is not over"
                prompt = prompts[0]
                kinds.add(prompt.kind)
                seat = prompt.seat
                if wait_kind(state):
                    waits.add(wait_kind(state))
                off_turn += state.phase == "play" and seat != state.current
                user = users[record.user_of(seat)]
                assert f"<@{user.id}>" in board.content, (prompt, board.content)  # the board pings who must act
                legal = SYSTEM.legal(state, seat)
                assert legal, prompt
                action = smart_choice(state, legal, rnd)
                text = SYSTEM.format(action)
                played.append(f"{user.name}: {text}")

                if not views_checked and state.phase == "play" and state.monsters:
                    # Mid-game the private views are pictures too, and only the asker sees them.
                    for command, name in (
                        ("starcadia crew", "crew.png"),
                        ("starcadia monsters", "monsters.png"),
                        ("starcadia quests", "quests.png"),
                        ("starcadia campaign", "campaign.png"),
                    ):
                        view = await standin.slash(command, user=user, channel_id=CHANNEL)
                        assert view.ephemeral and view.files[name].startswith(PNG), (command, view.text)
                    views_checked = True

                button = button_for(board, game_id, version, seat, legal.index(action))
                if button is not None:
                    pressed = await standin.click(board, button, user=user)
                    assert not pressed.ephemeral, (played[-1], pressed.text)
                    reply = pressed.followups[-1]
                    clicks += 1
                elif action == {"type": "end"}:
                    reply = await standin.slash("starcadia end", user=user, channel_id=CHANNEL)
                else:
                    reply = await standin.slash("act", {"action": text}, user=user, channel_id=CHANNEL)
                    typed += 1
                assert not reply.ephemeral, (played[-1], reply.text)  # nothing the policy chose was refused
                assert reply.files["board.png"].startswith(PNG), played[-1]
                after, after_state = await client.service.get(game_id)
                forced = after.version - version - 1  # steps with nothing to decide, played by the service
                assert forced >= 0 and play_forced(SYSTEM.apply(state, seat, action)[0]) == after_state, played[-1]
                auto += forced
                pictures += 1
                board = reply
            else:
                raise AssertionError(f"seed {seed}: no winner after {MAX_STEPS} steps:\n" + "\n".join(played[-20:]))

            assert len(played) <= FAST_STEPS, (seed, len(played))  # the very game the engine-only run played
            assert clicks >= 3 and typed >= 3, (clicks, typed)
            assert len(kinds) >= 3 and views_checked, kinds  # setup, turns and at least one other prompt kind
            assert {line.split(":")[0] for line in played} == {"alice", "bob"}
            assert off_turn >= 5 and len(waits) >= 3, (off_turn, waits)  # monsters and defence run by players
            outcome = SYSTEM.outcome(state)
            winner = record.seats[outcome.winners[0]].name
            assert len(outcome.winners) == 1 and winner in ("alice", "bob")
            assert winner in outcome.summary and "scenario" in outcome.summary
            assert "Game over" in board.text and outcome.summary in board.text, board.text
            assert "<@" not in board.content  # nobody is pinged any more
            assert pictures == len(played) + 1

            final = await standin.slash("game status", user=BOB, channel_id=CHANNEL)
            assert final.files["board.png"].startswith(PNG) and "Game over" in final.text
            verified = await standin.slash("game verify", user=ALICE, channel_id=CHANNEL)
            assert f"Replayed {len(played) + auto} actions: the record is intact." in verified.text, verified.text
            assert verified.ephemeral and auto >= 1  # an end with nothing left was played without asking
        finally:
            await standin.stop_client()
