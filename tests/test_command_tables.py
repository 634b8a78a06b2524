"""Command tables: one declaration per command, and every front end and text generated from it.

- The Discord command tree is generated and matches a committed snapshot, so a change to the
  public surface is a visible diff (``STARHOST_UPDATE_SNAPSHOTS=1`` rewrites it).
- Every text a player reads (rules references, help pages, the README, refusals in the code) names
  commands and options that exist under exactly that name.
- The console runs the same commands, converts option values by kind and completes them.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

import bot as starhost
from rules.core import RuleError, registry
from sessions.service import Actor, GameService
from sessions.store import SqliteStore
from table import Ctx, Table, spec
from table.console import Console, convert_options, help_reply
from table.console_input import completion_words
from table.spec import Command, CommandGroup, Option

from .snapshot_helpers import UPDATE_ENV

ROOT = Path(__file__).resolve().parents[1]
SNAPSHOT = Path(__file__).parent / "snapshots" / "commands.json"


async def command_tree() -> list[dict]:
    """The whole slash-command surface as Discord receives it (names, options, descriptions)."""
    config = starhost.load_config(env={}, dotenv=Path("/nonexistent/.env"))
    bot = starhost.make_bot(config)
    for name in starhost.cog_modules():
        if name != "cogs.reminders":
            await bot.load_extension(name)
    payload = [command.to_dict(bot.tree) for command in bot.tree.get_commands()]
    await bot.http.close()  # the bot never started: only its HTTP session may need closing
    return sorted(payload, key=lambda c: c["name"])


async def test_the_discord_command_tree_matches_its_snapshot() -> None:
    tree = await command_tree()
    text = json.dumps(tree, indent=1, sort_keys=True) + "\n"
    if os.environ.get(UPDATE_ENV) == "1" or not SNAPSHOT.exists():
        SNAPSHOT.write_text(text)
    changed = "the public command surface changed: review it, then rerun with STARHOST_UPDATE_SNAPSHOTS=1"
    assert text == SNAPSHOT.read_text(), changed


async def test_descriptions_fit_discord_limits() -> None:
    def walk(options: list[dict], where: str) -> None:
        assert len(options) <= 25, where
        for option in options:
            assert 1 <= len(option["description"]) <= 100, f"{where} {option['name']}"
            assert re.fullmatch(r"[a-z0-9_-]{1,32}", option["name"]), option["name"]
            walk(option.get("options", []), f"{where} {option['name']}")

    tree = await command_tree()
    assert len(tree) <= 100
    for command in tree:
        assert 1 <= len(command["description"]) <= 100, command["name"]
        walk(command.get("options", []), command["name"])


def command_size(node: dict) -> int:
    """What Discord counts against its 4 000-character limit for one top-level command: names,
    descriptions and choice names and values, of the command, its groups, subcommands and options."""
    size = len(node.get("name", "")) + len(node.get("description", ""))
    size += sum(len(str(c["name"])) + len(str(c["value"])) for c in node.get("choices") or [])
    return size + sum(command_size(option) for option in node.get("options") or [])


COMMAND_MAX = 4000
"""Discord refuses a larger command, and then the whole sync."""

COMMAND_ROOM = 0.9
"""Each table stays within 90 % of it, so new commands and options still fit."""


async def test_every_command_fits_discords_size_limit_with_room_to_grow() -> None:
    sizes = {command["name"]: command_size(command) for command in await command_tree()}
    assert all(size <= COMMAND_MAX for size in sizes.values()), sizes
    crowded = {name: size for name, size in sizes.items() if size > COMMAND_MAX * COMMAND_ROOM}
    assert not crowded, f"over {COMMAND_MAX * COMMAND_ROOM:.0f} characters: {crowded}"


def test_every_top_level_and_game_command_comes_from_a_table() -> None:
    names = {g.name for g in spec.groups()}
    assert {"", "game"} <= names
    game = next(g for g in spec.groups() if g.name == "game")
    assert {c.name for c in game.commands} >= {"new", "join", "leave", "start", "status", "kick", "settings"}


# -- vocabulary: texts name commands that exist ------------------------------------------------------------


def known_commands() -> dict[str, set[str]]:
    """Every command path with its option names, from the command tables."""
    known: dict[str, set[str]] = {}
    for group in spec.groups():
        for command in group.commands:
            known[group.path(command)] = {o.name for o in command.options}
    return known


def references(text: str, groups: set[str]) -> list[tuple[str, str]]:
    """(command words, the options text after them) for each `/command` a text names.

    The options text ends where a sentence goes on: at a comma, semicolon, bracket, quote, another
    command or a double space (columns in a docstring).
    """
    heads = "|".join(sorted(groups, key=len, reverse=True))
    found = []
    for match in re.finditer(rf"(?<![\w/.])/({heads})\b((?: [a-z][a-z0-9_-]*){{0,2}})([^`\n]*)", text):
        rest = re.split(r"[,;()'\"]|  |(?= /)", match[3])[0]
        found.append((match[1] + match[2], rest))
    return found


def reference_problems(text: str, known: dict[str, set[str]]) -> list[str]:
    groups = {path.split(" ")[0] for path in known}
    problems = []
    for words, rest in references(text, groups):
        path = words
        while path not in known and " " in path:  # `/act move SEC-a`: the command, then its text
            path, _, tail = path.rpartition(" ")
            rest = f" {tail}{rest}"
        if path not in known:
            if any(k.startswith(f"{words} ") for k in known):
                continue  # a group named on its own: `/armada`, `/armada view`
            head = words.split(" ")[0]
            if head in groups and not any(k.startswith(f"{head} ") for k in known if k != head):
                continue
            problems.append(f"`/{words}` is not a command")
            continue
        for option in re.finditer(r"(?:^|\s|\[)([a-z][a-z0-9_-]*):(?!//)", rest):
            if option[1] not in known[path]:
                problems.append(f"`/{path}` has no option {option[1]}:")
    return problems


def player_texts() -> list[tuple[str, str]]:
    """(where, text) for everything players read that may name commands."""
    texts = [("README.md", (ROOT / "README.md").read_text())]
    for path in sorted((ROOT / "data").glob("*/*.toml")):
        texts.append((str(path.relative_to(ROOT)), path.read_text()))
    for folder in ("table", "rules", "sessions", "cogs"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            texts.append((str(path.relative_to(ROOT)), path.read_text()))
    return texts


def test_texts_name_only_commands_and_options_that_exist() -> None:
    known = known_commands()
    problems = [f"{where}: {p}" for where, text in player_texts() for p in reference_problems(text, known)]
    assert not problems, "\n".join(problems)


def test_the_reference_check_catches_a_wrong_name() -> None:
    known = {"game kick": {"player"}, "act": {"action"}}
    assert reference_problems("use `/game kick player:@bob`", known) == []
    assert reference_problems("use `/game kick user:bob`", known) == ["`/game kick` has no option user:"]
    assert reference_problems("try `/game boot`", known) == ["`/game boot` is not a command"]
    assert reference_problems("`/act move SEC-a door:E`", known) == ["`/act` has no option door:"]
    assert reference_problems("see https://example.com/game kick", known) == []
    assert reference_problems("look at /game kick and /act; off: players only", known) == []
    assert reference_problems("`/game` commands", known) == []


def test_help_pages_are_generated_from_the_table() -> None:
    group = next(g for g in spec.groups() if g.name == "game")
    page = "\n".join(spec.help_page(group))
    for command in group.commands:
        assert f"/game {command.name}" in page
    assert "[seat:<seat>]" in page and "player:<player>" in page


def test_a_command_table_refuses_sloppy_declarations() -> None:
    async def handler(table, ctx):  # pragma: no cover - never called
        raise AssertionError

    with pytest.raises(ValueError, match="help"):
        Command("move", "x" * 101, handler)
    with pytest.raises(ValueError, match="name"):
        Command("Move", "Move", handler)
    with pytest.raises(ValueError, match="required options come before"):
        Command("move", "Move", handler, (Option("a", "a"), Option("b", "b", required=True)))
    with pytest.raises(ValueError, match="share a name"):
        CommandGroup("g", "g", (Command("a", "a", handler), Command("a", "b", handler)))
    with pytest.raises(ValueError, match="kind"):
        Option("a", "a", kind="float")


# -- the console speaks the same table ---------------------------------------------------------------------


def test_option_values_are_converted_by_kind() -> None:
    found = spec.find("game join")
    assert found is not None
    group, command = found
    assert convert_options(group, command, {"seat": "2"}) == {"seat": 2}
    with pytest.raises(RuleError, match="whole number"):
        convert_options(group, command, {"seat": "two"})
    with pytest.raises(RuleError, match="between 1 and 12"):
        convert_options(group, command, {"seat": "40"})
    group, command = spec.find("game kick")  # type: ignore[misc]
    kicked = convert_options(group, command, {"player": "@bob"})["player"]
    assert kicked.name == "bob" and kicked.id > 0
    with pytest.raises(RuleError, match=r"needs player:\. Usage: /game kick player:<player>"):
        convert_options(group, command, {})
    group, command = spec.find("roll")  # type: ignore[misc]
    assert convert_options(group, command, {"expression": "2d6", "secret": "yes"})["secret"] is True


@pytest.fixture
async def console(tmp_path: Path):
    service = GameService(SqliteStore(tmp_path / "c.db"), seed_source=lambda: 4)
    await service.open()
    import io

    out = io.StringIO()
    yield Console(Table(service), boards=tmp_path / "boards", out=out), out
    await service.close()


async def test_console_help_is_an_index_with_a_page_for_every_table(console) -> None:
    from table.reference import help_topics

    index = help_reply().as_text()
    assert len(index.splitlines()) < 60 and "as <name>" in index  # an index, and the console's own keys
    pages = "\n".join(help_reply(topic).as_text() for _, topic in help_topics())
    for _, topic in help_topics():
        assert f"`{topic}`" in index
    for group in spec.groups():
        for command in group.commands:
            assert spec.usage(group, command) in pages


async def test_console_completes_commands_and_values(console) -> None:
    con, _ = console
    word, candidates = completion_words(con, "/ga")
    assert word == "/ga" and ("/game", "/game") in candidates
    word, candidates = completion_words(con, "/game st")
    assert {c[1] for c in candidates} == {"start", "stats", "status"}
    from table.console_input import ConsoleCompleter

    completions = await ConsoleCompleter(con).option_completions("/game new system:ar")
    assert any(c.text == "armada" for c in completions)
    completions = await ConsoleCompleter(con).option_completions("/game new sc")
    assert any(c.text == "scenario:" for c in completions)


async def test_console_kick_uses_the_same_option_name_as_discord(console) -> None:
    con, out = console
    await con.run_line("/game new system:pig")
    await con.run_line("as bob /game join")
    await con.run_line("as alice /game kick player:bob")
    assert "removed bob" in out.getvalue()


async def test_console_thread_per_game_opens_a_thread(console) -> None:
    con, out = console
    con.user = "alice"
    actor = Actor(1, "alice", is_admin=True)
    await con.table.guild_setting(Ctx(actor=actor, channel_id=1, guild_id=1), "thread_per_game", "on")
    await con.run_line("/game new system:pig")
    assert "you are now in #pig-table-of-alice" in out.getvalue()
    assert con.channel == "pig-table-of-alice"
    await con.run_line("as bob /game join")
    assert "bob joined" in out.getvalue()


def test_every_registered_system_has_rules_or_a_summary() -> None:
    for system in registry.all_systems():
        assert system.summary, system.id
