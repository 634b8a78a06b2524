"""The ``/quasar`` command table: every legal action is played by its command, names are forgiving and
refusals say what would work, private things stay private, and the rules reference names real commands."""

from __future__ import annotations

import random

import pytest

from rules.core import RuleError
from rules.quasar import SYSTEM as S
from rules.quasar.ai import choose
from rules.quasar.state import Task, owned_key
from rules.quasar.steps import push
from rules.quasar.zones import deck, hand, move
from table import Ctx, Reply, spec
from table.quasar.commands import GROUP

from .command_roundtrip import ACTOR, CapturingTable, check_commands_play_legal_actions
from .test_quasar_scenarios import arrange
from .test_quasar_support import act, commit_all, game, pick_ranks, place, play_until, set_hand


def positions(seed: int, players: int, steps: int):
    """Positions of a scripted game, every few decisions."""
    st = game(players, seed=seed)
    out = [st]
    r = random.Random(seed)
    for _ in range(steps):
        if S.outcome(st) is not None:
            break
        prompt = r.choice(S.pending(st))
        st, _ = act(st, prompt.seat, choose(S.view(st, prompt.seat), prompt.seat, r.randint(0, 99)))
        if r.random() < 0.3:
            out.append(st)
    return out


@pytest.mark.parametrize("players", [1, 2, 4])
async def test_every_legal_action_is_played_by_its_command(players: int) -> None:
    checked = 0
    for st in positions(players, players, 160):
        for prompt in S.pending(st):
            checked += await check_commands_play_legal_actions(S, GROUP, st, prompt.seat)
    assert checked > 20


async def test_rare_decisions_are_played_by_their_commands() -> None:
    st = game(2, factions="meridian+corsairs")
    place(st, "relay", "warp", 1)
    st.tasks = [Task(kind="draw", player=0, n=2, data=[2], text="deck:0,warp,stockpile:0")]
    assert await check_commands_play_legal_actions(S, GROUP, st, 0) == 3
    st.tasks = [Task(kind="order", player=0, src="rules#0", data=[0, 1])]
    assert await check_commands_play_legal_actions(S, GROUP, st, 0) == 2
    st.lessons = [3, 0]
    st.tasks = [Task(kind="refit", data=[0, 1])]
    assert await check_commands_play_legal_actions(S, GROUP, st, 0) > 5
    for cid in deck(st, 0)[:2]:
        move(st, cid, owned_key("personal", 0), 0, down=True)
    st.tasks = [Task(kind="drop", player=0)]
    assert await check_commands_play_legal_actions(S, GROUP, st, 0) == 2
    st.tasks = []
    push(st, [Task(kind="boon", player=0)])
    assert await check_commands_play_legal_actions(S, GROUP, st, 0) == 4


async def run(st, seat: int, path: str, **options: str) -> list:
    """Run ``/quasar <path>`` for ``seat`` with typed option texts; what it played."""
    found = spec.find(f"quasar {path}")
    assert found is not None
    group, command = found
    from table.console import convert_options

    table = CapturingTable(S, st, seat)
    await command.handler(table, Ctx(actor=ACTOR, channel_id=1, guild_id=1), **convert_options(group, command, options))
    return table.played


async def test_names_are_forgiving() -> None:
    st = pick_ranks(game(2))
    st = play_until(st, "commit")
    set_hand(st, 0, ["raid", "boarding-party", "raid"])
    assert await run(st, 0, "commit", cards="Raid") == [{"type": "commit", "cards": [1]}]
    assert await run(st, 0, "commit", cards="raid, Boarding Party") == [{"type": "commit", "cards": [1, 2]}]
    assert await run(st, 0, "commit", cards="board") == [{"type": "commit", "cards": [2]}]
    assert await run(st, 0, "commit", cards="3") == [{"type": "commit", "cards": [3]}]  # the second Raid
    assert {"type": "commit", "cards": [3]} in S.legal(st, 0)  # twins are offered at every position
    assert await check_commands_play_legal_actions(S, GROUP, st, 0) == len(S.legal(st, 0))
    with pytest.raises(RuleError, match=r"There is no card in your hand 'trim' here\. Choose from: Raid \(raid\)"):
        await run(st, 0, "commit", cards="trim")


async def test_rank_by_value_or_name() -> None:
    st = game(2, factions="corsairs+meridian")
    played = await run(st, 0, "rank", card="4")
    assert played == [{"type": "rank", "rank": 4}]
    assert await run(st, 0, "rank", card="corsair captain") == played
    with pytest.raises(RuleError, match="unused Rank Card 'admiral'"):
        await run(st, 0, "rank", card="admiral")


async def test_use_needs_a_target_and_an_amount_for_a_shift() -> None:
    st = pick_ranks(game(2, factions="meridian+corsairs"))
    st = play_until(st, "commit")
    st.glory[0] = 1
    st = commit_all(st, {0: ["trim"], 1: ["cutlass"]})
    with pytest.raises(RuleError, match="Say which confronting card to Shift"):
        await run(st, 0, "use", card="trim")
    with pytest.raises(RuleError, match=r"shift:\+2"):
        await run(st, 0, "use", card="trim", target="cutlass")
    with pytest.raises(RuleError, match="A shift is a number"):
        await run(st, 0, "use", card="trim", target="cutlass", shift="lots")
    played = await run(st, 0, "use", card="Trim", target="Cutlass", shift="+2")
    assert played == [{"type": "use", "card": "trim", "target": "cutlass", "amount": 2}]


async def test_pay_and_boon_words() -> None:
    st = game(2)
    arrange(st, ["fuel-check"])
    st = pick_ranks(st)
    leader = S.pending(st)[0].seat
    assert await run(st, leader, "pay", card="Energy") == [{"type": "pay", "with": "energy"}]
    st.tasks = [Task(kind="boon", player=1)]
    assert await run(st, 1, "boon", take="Lessons") == [{"type": "boon", "outcome": "lesson"}]
    with pytest.raises(RuleError, match=r"not a Boon you can choose\. Choose: glory, project, lesson"):
        await run(st, 1, "boon", take="fame")


async def test_the_hand_is_private_and_numbered() -> None:
    from table.quasar.views import hand_lines

    st = game(2)
    lines = hand_lines(S.view(st, 0), 0)
    keys = [S.view(st, 0).cards[c].key for c in hand(st, 0)]
    assert lines[1].startswith("`1` ") and len([line for line in lines if line.startswith("`")]) >= len(keys)
    assert all(S.view(st, 1).cards[c].key == "" for c in S.view(st, 1).zones[owned_key("hand", 0)])


def test_labels_of_secret_choices_name_no_card() -> None:
    st = pick_ranks(game(2))
    st = play_until(st, "commit")
    names = {S.view(st, 0).cards[c].key for c in hand(st, 0)}
    for action in S.legal(st, 0):
        label = S.action_label(st, action).lower()
        assert not any(n.replace("-", " ") in label for n in names), label
        assert not any(n in S.format(action) for n in names)
    assert S.button_choices(st, 0, S.legal(st, 0)) == []


def test_help_page_lists_every_command() -> None:
    page = "\n".join(spec.help_page(GROUP))
    for command in GROUP.commands:
        assert f"/quasar {command.name}" in page


async def test_help_command_answers_privately() -> None:
    _, command = spec.find("quasar help")  # type: ignore[misc]
    reply = await command.handler(None, Ctx(actor=ACTOR, channel_id=1, guild_id=1))
    assert isinstance(reply, Reply) and reply.ephemeral and any("/quasar commit" in line for line in reply.lines)
