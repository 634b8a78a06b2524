"""The command layer and the console table: what players see, and what they may not do."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

import bot as starhost
from rules.core import RuleError
from sessions.errors import SessionError, StaleVersion
from sessions.service import Actor, GameService
from sessions.store import SqliteStore
from table import Ctx, Table, records
from table.console import parse_options, run_console

ALICE, BOB, CAROL = Actor(1, "alice"), Actor(2, "bob"), Actor(3, "carol")
CHAN, OTHER = 10, 20


def ctx(actor: Actor, channel: int = CHAN) -> Ctx:
    return Ctx(actor=actor, channel_id=channel, guild_id=1)


@pytest.fixture
async def table(tmp_path: Path):
    service = GameService(SqliteStore(tmp_path / "t.db"), seed_source=lambda: 11)
    await service.open()
    yield Table(service)
    await service.close()


async def started(table: Table) -> None:
    await table.game_new(ctx(ALICE), "pig", options="target=10")
    await table.game_join(ctx(BOB))
    await table.game_start(ctx(ALICE))


async def test_board_reply_pings_only_the_acting_player(table: Table) -> None:
    await table.game_new(ctx(ALICE), "pig")
    await table.game_join(ctx(BOB))
    reply = await table.game_start(ctx(ALICE))
    assert reply.mentions == [ALICE.user_id]
    assert [b.label for b in reply.buttons] == ["roll", "hold", "Status"]
    assert reply.image is not None and reply.image().startswith(b"\x89PNG")
    status = await table.game_status(ctx(CAROL))
    assert status.mentions == []


async def test_buttons_refuse_strangers_other_channels_and_stale_boards(table: Table) -> None:
    await started(table)
    board = await table.game_status(ctx(ALICE))
    roll = board.buttons[0].custom_id
    with pytest.raises(SessionError, match="Only the players"):
        await table.click(ctx(CAROL), roll)
    with pytest.raises(SessionError, match="for alice"):
        await table.click(ctx(BOB), roll)
    with pytest.raises(SessionError, match="gone"):
        await table.click(ctx(ALICE, OTHER), roll)
    for junk in ("", "sh:act:1", "sh:act:1:1:0:x", "sh:act:999:1:0:0", "nonsense", "sh:act:1:1:0:99"):
        with pytest.raises(SessionError):
            await table.click(ctx(ALICE), junk)
    await table.click(ctx(ALICE), roll)
    with pytest.raises(StaleVersion):
        await table.click(ctx(ALICE), roll)


async def test_lobby_buttons_close_when_the_game_starts(table: Table) -> None:
    lobby = await table.game_new(ctx(ALICE), "pig")
    join = next(b.custom_id for b in lobby.buttons if b.label == "Join")
    await table.click(ctx(BOB), join)
    await table.game_start(ctx(ALICE))
    with pytest.raises(StaleVersion, match="lobby is closed"):
        await table.click(ctx(CAROL), join)


async def test_spectators_can_be_switched_off(table: Table) -> None:
    await started(table)
    await table.game_status(ctx(CAROL))
    await table.game_settings(ctx(ALICE), "spectators", "off")
    with pytest.raises(SessionError, match="spectators"):
        await table.game_status(ctx(CAROL))
    with pytest.raises(SessionError, match="spectators"):
        await records.game_log(table, ctx(CAROL))
    await table.game_status(ctx(BOB))


async def test_export_hides_the_state_of_a_running_game(table: Table) -> None:
    await started(table)
    await table.act(ctx(ALICE), "roll")
    reply = await records.game_export(table, ctx(ALICE))
    assert reply.attachments
    data = json.loads(reply.attachments[0][1])
    assert data["state"] is None and data["seed"] is None and len(data["actions"]) == 1
    verified = await records.game_verify(table, ctx(ALICE))
    assert "intact" in verified.lines[0]


async def test_roll_answers_hostile_input_with_a_sentence(table: Table) -> None:
    for hostile in ("1000000d6", "x" * 10_000, "1d1e1", "", "d", "1d0", "((((((("):
        with pytest.raises(RuleError) as caught:
            table.roll(ctx(ALICE), hostile)
        assert str(caught.value).endswith(".")
    reply = table.roll(ctx(ALICE), "8d6>=5", reason="volley", secret=True)
    assert reply.ephemeral and "success" in reply.lines[0] and "volley" in reply.lines[0]


async def test_rules_reference_and_help(table: Table) -> None:
    help_text = "\n".join(table.help().lines)
    assert "/game new" in help_text and "pig" in help_text
    with pytest.raises(RuleError, match="no game called"):
        table.rules("chess")
    assert table.rule_topics("chess", "") == []


def test_console_options_parser() -> None:
    assert parse_options("system:pig options:target=10 crews=3", ["system", "scenario", "options"]) == {
        "system": "pig",
        "options": "target=10 crews=3",
    }
    assert parse_options("move B2 door:E", ["action"]) == {"action": "move B2 door:E"}
    with pytest.raises(ValueError):
        parse_options("x", [])
    with pytest.raises(ValueError, match=r"no option 'planet:' here\. Options: to:"):
        parse_options("planet:kagawa", ["to"])
    assert parse_options("Kagawa door:E", ["to"]) == {"to": "Kagawa door:E"}  # later words are values


async def test_console_script_plays_a_whole_game(tmp_path: Path) -> None:
    service = GameService(SqliteStore(tmp_path / "c.db"), seed_source=lambda: 4)
    await service.open()
    lines = ["/game new system:pig options:target=10", "as bob /game join", "as alice /game start"]
    for _ in range(40):
        lines += ["as alice /act roll", "as alice /act hold", "as bob /act roll", "as bob /act hold"]
    lines += ["/game log count:5", "/game export", "/game verify"]
    script = tmp_path / "demo.txt"
    script.write_text("\n".join(lines))
    out = io.StringIO()
    try:
        await run_console(service, boards=tmp_path / "boards", script=script, out=out)
    finally:
        await service.close()
    text = out.getvalue()
    assert "wins!" in text
    assert "the record is intact" in text
    pngs = list((tmp_path / "boards").glob("*.png"))
    assert pngs and all(p.read_bytes().startswith(b"\x89PNG") for p in pngs)


def test_missing_token_explains_how_to_get_one(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(starhost, "ROOT", tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert starhost.main([]) == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN" in err and "developers" in err and "--console" in err


def test_config_reads_dotenv(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("# comment\nDISCORD_TOKEN='abc'\nexport STARHOST_DEV_GUILD=123\n")
    config = starhost.load_config(env={}, dotenv=env_file)
    assert config.token == "abc" and config.dev_guild == 123
    assert starhost.load_config(env={"DISCORD_TOKEN": "env"}, dotenv=env_file).token == "env"


async def test_private_view_is_for_players_only(table: Table) -> None:
    await started(table)
    mine = await table.game_view(ctx(BOB))
    assert mine.ephemeral and mine.mentions == [] and mine.image is not None
    with pytest.raises(SessionError, match="Only players"):
        await table.game_view(ctx(CAROL))


async def test_status_after_the_end_shows_the_final_board(table: Table) -> None:
    await started(table)
    confirm = await table.game_end(ctx(ALICE))
    await table.click(ctx(ALICE), confirm.buttons[0].custom_id)
    final = await table.game_status(ctx(CAROL))
    assert "Final position" in final.lines[0] and final.buttons == [] and final.image is not None


def test_database_setting_is_a_sqlite_file(tmp_path: Path) -> None:
    assert starhost.database_path("sqlite:///" + str(tmp_path / "a.db")) == tmp_path / "a.db"
    assert starhost.database_path(" ./games.db ") == Path("games.db")
    with pytest.raises(starhost.ConfigError, match="SQLite file"):
        starhost.database_path("postgresql://user@host/starhost")
    with pytest.raises(starhost.ConfigError, match="is a folder"):
        starhost.database_path(str(tmp_path))


def test_a_url_in_starhost_db_is_refused_before_anything_is_created(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(starhost, "ROOT", tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    monkeypatch.setenv("STARHOST_DB", "mysql://user@host/starhost")  # postgresql:// selects PostgreSQL
    assert starhost.main([]) == 2
    err = capsys.readouterr().err
    assert "not supported" in err and "./starhost.db" in err
    assert list(tmp_path.iterdir()) == []


def test_unreachable_discord_is_one_line(tmp_path: Path, monkeypatch, capsys) -> None:
    """No network: the bot says so in one line instead of a traceback."""
    import socket

    import discord

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
    monkeypatch.setattr(starhost, "ROOT", tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    monkeypatch.setenv("STARHOST_DB", str(tmp_path / "bot.db"))
    assert starhost.main([]) == 4
    said = [line for line in capsys.readouterr().err.splitlines() if not line.startswith("{")]  # not JSON logs
    assert len(said) == 1 and "Discord cannot be reached" in said[0], said


async def test_a_new_player_in_a_seat_is_named_in_prompts_and_a_new_host_is_announced(table: Table) -> None:
    await started(table)
    left = await table.game_leave(ctx(ALICE))  # the host leaves a running game
    assert "bob is the host now." in left.as_text()
    await table.game_join(ctx(CAROL))
    board = await table.game_status(ctx(CAROL))
    now = dict(board.fields)["Now"]
    assert "carol" in now and "alice" not in now, "the prompt names who sits there now"


async def test_endings_say_who_won_in_the_title(table: Table) -> None:
    await table.game_new(ctx(ALICE), "pig", options="target=10")
    await table.game_join(ctx(BOB))
    await table.game_start(ctx(ALICE))
    reply = None
    for _ in range(200):
        status = await table.service.status(CHAN, include_finished=True)
        if status.game.status != "active":
            break
        who = ALICE if status.state.current == 0 else BOB
        reply = await table.act(ctx(who), "roll" if status.state.turn_total < 5 else "hold")
    assert reply is not None and reply.title.endswith("wins")
    winner = reply.title.split(" · ")[-1].removesuffix(" wins")
    assert dict(reply.fields)["Game over"].startswith(f"{winner} wins with ")


async def test_a_long_choice_list_gets_a_menu_in_plain_words(table: Table, monkeypatch) -> None:
    from tests.fixtures.pig import PIG

    monkeypatch.setattr(type(PIG), "legal", lambda self, state, seat: [{"type": "roll"}] * 3 + [{"type": "hold"}] * 9)
    monkeypatch.setattr(type(PIG), "action_label", lambda self, state, action: f"Do a {action['type']}")
    await started(table)
    board = await table.game_status(ctx(ALICE))
    # Labels are unique within a message: a repeat gets its number.
    assert [b.label for b in board.buttons][:4] == ["Do a roll", "Do a roll (2)", "Do a roll (3)", "Do a hold"]
    assert board.menu is not None and len(board.menu.options) == 8
    label, value = board.menu.options[0]
    assert label == "Do a hold (2)" and value == "4"
    assert "menu (More moves…, pick <n>)" in board.as_text()


async def test_a_private_view_shows_only_the_viewers_own_buttons(table: Table) -> None:
    await started(table)
    mine = await table.game_view(ctx(ALICE))
    theirs = await table.game_view(ctx(BOB))
    assert any(b.custom_id.startswith("sh:act:") for b in mine.buttons)
    assert not any(b.custom_id.startswith("sh:act:") for b in theirs.buttons)


def test_narration_is_folded_and_paged_in_order() -> None:
    from table.replies import Reply

    reply = Reply(lines=["No cards are left."] * 14 + [f"line {i}" for i in range(600)])
    pages = reply.pages(1000)
    assert pages[0].startswith("No cards are left. ×14\nline 0\n")
    joined = "\n".join(pages)
    assert [int(n) for n in re.findall(r"line (\d+)", joined)] == list(range(600))
    assert all(len(p) <= 1000 for p in pages)


async def test_actions_lists_each_move_as_its_game_command_and_its_act_notation(table: Table) -> None:
    await table.game_new(ctx(ALICE), "endure")
    await table.game_start(ctx(ALICE))
    listing = await table.actions(ctx(ALICE))
    moves = [line for line in listing.lines if line.startswith("`/endure move to:")]
    assert moves and all("(or `/act move " in line for line in moves)
    nothing = await table.actions(ctx(CAROL))
    assert "nothing to do" in nothing.lines[0]


async def test_secret_choices_stay_private_on_the_board_in_the_log_and_in_the_export(table: Table) -> None:
    """Quasar's commits are made in secret: no public buttons, no action text, masked in log and export."""
    from rules.core import registry

    await table.game_new(ctx(ALICE), "quasar")
    await table.game_join(ctx(BOB))
    await table.game_start(ctx(ALICE))
    system = registry.get("quasar")
    for _ in range(80):  # play the open steps until a secret choice is asked for
        status = await table.service.status(CHAN)
        prompt = status.prompts[0]
        legal = system.legal(status.state, prompt.seat)
        if any(a["type"] in system.secret_actions for a in legal):
            break
        who = ALICE if status.game.seats[prompt.seat].user_id == ALICE.user_id else BOB
        await table.act(ctx(who), legal[0])
    else:
        pytest.fail("no secret choice came up")
    public = await table.game_status(ctx(CAROL))
    assert not any(b.custom_id.startswith("sh:act:") for b in public.buttons) and public.menu is None
    who = ALICE if status.game.seats[prompt.seat].user_id == ALICE.user_id else BOB
    private = await table.game_view(ctx(who))
    assert any(b.custom_id.startswith("sh:act:") for b in private.buttons) or private.menu is not None
    secret = next(a for a in legal if a["type"] in system.secret_actions)
    after = await table.act(ctx(who), secret)
    assert f"{who.name} made a secret choice." in after.lines
    assert system.format(secret) not in after.as_text()
    log = await records.game_log(table, ctx(ALICE), 50)
    assert "a choice made in private" in log.as_text() and f"`{system.format(secret)}`" not in log.as_text()
    exported = json.loads((await records.game_export(table, ctx(ALICE))).attachments[0][1])
    assert {"type": "secret"} in [a["action"] for a in exported["actions"]]
    assert all(e.get("visible_to") is None for a in exported["actions"] for e in a["events"])


async def test_the_lobby_says_how_to_choose_a_games_setup(table: Table) -> None:
    lobby = await table.game_new(ctx(ALICE), "grimdark", options="heroes=kessa+ash")
    text = lobby.as_text()
    assert "Heroes: kessa+ash." in text and "options:heroes=" in text
    assert "`orrin` (Orrin Hale, Field Medic)" in text  # every hero, with the role


async def test_the_drop_down_follows_the_games_ranking_and_says_when_it_is_cut(table: Table, monkeypatch) -> None:
    from tests.fixtures.pig import PIG

    moves = [{"type": "roll"}] * 40
    monkeypatch.setattr(type(PIG), "legal", lambda self, state, seat: moves)
    monkeypatch.setattr(type(PIG), "action_label", lambda self, state, action: "Roll")
    monkeypatch.setattr(type(PIG), "button_choices", lambda self, state, seat, legal: list(range(39, -1, -1)))
    await started(table)
    board = await table.game_status(ctx(ALICE))
    assert [b.custom_id.rsplit(":", 1)[1] for b in board.buttons[:4]] == ["39", "38", "37", "36"]
    assert board.menu is not None and [v for _, v in board.menu.options][:2] == ["35", "34"]
    assert len(board.menu.options) == 25 and board.menu.placeholder == "25 more of 36: /actions lists all"
