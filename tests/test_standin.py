"""Self-test of the Discord stand-in: the real discord.py client against tests/standin."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import AsyncIterator

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from PIL import Image

from tests.standin import FakeUser, InteractionNotAnswered, StandIn

pytestmark = pytest.mark.e2e

GUILD = 910000000000000001
CHAN = 910000000000000010
OTHER_CHAN = 910000000000000011
ALICE = FakeUser(id=710000000000000001, name="alice")
BOB = FakeUser(id=710000000000000002, name="bob")
SYSTEMS = ["pig", "pirates", "starcadia"]


def tiny_png() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (3, 2), (200, 30, 30)).save(buf, format="PNG")
    return buf.getvalue()


PNG = tiny_png()


class Tell(discord.ui.DynamicItem[discord.ui.Button], template=r"t:(?P<n>[0-9]+)"):
    """Answers the presser privately."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"tell {n}", custom_id=f"t:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"{interaction.user.name} pressed {self.n}", ephemeral=True)


class Bump(discord.ui.DynamicItem[discord.ui.Button], template=r"bump:(?P<n>[0-9]+)"):
    """Edits the message it sits on (callback type 7)."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"bump {n}", custom_id=f"bump:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Tell(self.n + 1)).add_item(Bump(self.n + 1))
        await interaction.response.edit_message(content=f"count {self.n + 1}", view=view)


class RenameModal(discord.ui.Modal, title="Rename"):
    new_name: discord.ui.TextInput = discord.ui.TextInput(label="New name", custom_id="new_name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"renamed to {self.new_name.value}", ephemeral=True)


class MiniBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            guild_ready_timeout=0.05,
        )
        self.background: set[asyncio.Task[None]] = set()
        game = app_commands.Group(name="game", description="Game commands")

        @game.command(name="new", description="Start a game")
        @app_commands.describe(system="Game system", players="How many players")
        async def new(
            interaction: discord.Interaction, system: str, players: app_commands.Range[int, 1, 6] = 2
        ) -> None:
            embed = discord.Embed(title=f"New {system} game", description=f"{players} players")
            embed.set_image(url="attachment://board.png")
            view = discord.ui.View(timeout=None)
            view.add_item(Tell(players)).add_item(Bump(players))
            await interaction.response.send_message(
                embed=embed, file=discord.File(io.BytesIO(PNG), filename="board.png"), view=view
            )

        @new.autocomplete("system")
        async def system_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
            return [app_commands.Choice(name=s.title(), value=s) for s in SYSTEMS if current.lower() in s]

        @game.command(name="roll", description="Deferred private roll")
        async def roll(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await asyncio.sleep(0.02)
            await interaction.followup.send("rolled 4", ephemeral=True)
            await interaction.followup.send("and a bonus", ephemeral=True)

        @game.command(name="remind", description="Post a reminder later")
        async def remind(interaction: discord.Interaction, channel: discord.TextChannel) -> None:
            await interaction.response.send_message(f"will remind {channel.mention}")

            async def later() -> None:
                await asyncio.sleep(0.05)
                await channel.send("reminder: your turn")

            task = asyncio.create_task(later())
            self.background.add(task)
            task.add_done_callback(self.background.discard)

        @game.command(name="boom", description="Fails")
        async def boom(interaction: discord.Interaction) -> None:
            raise RuntimeError("kaboom in command")

        @game.command(name="duel", description="Challenge someone, optionally with a map")
        async def duel(
            interaction: discord.Interaction,
            opponent: discord.Member,
            board: discord.Attachment | None = None,
        ) -> None:
            size = len(await board.read()) if board else 0
            await interaction.response.send_message(
                f"{interaction.user.name} vs {opponent.name} on {board.filename if board else '-'} ({size} B)"
            )

        @game.command(name="rename", description="Opens a modal")
        async def rename(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(RenameModal())

        self.tree.add_command(game, guild=discord.Object(GUILD))
        self.seen: list[discord.Message] = []

        @commands.command()
        async def ping(ctx: commands.Context[MiniBot]) -> None:
            await ctx.reply("pong", mention_author=False)

        self.add_command(ping)

    async def on_message(self, message: discord.Message) -> None:
        self.seen.append(message)
        await self.process_commands(message)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Tell, Bump)
        await self.tree.sync(guild=discord.Object(GUILD))


@pytest.fixture
async def standin() -> AsyncIterator[tuple[StandIn, MiniBot]]:
    async with StandIn(guild_id=GUILD, channel_ids=[CHAN, OTHER_CHAN], users=[ALICE, BOB]) as s:
        bot = MiniBot()
        await s.run_client(bot)
        await s.wait_for_commands()
        yield s, bot
        await s.stop_client()


async def test_login_ready_and_command_sync(standin: tuple[StandIn, MiniBot]) -> None:
    s, bot = standin
    assert bot.user is not None and bot.user.id == s.bot.id
    guild = bot.get_guild(GUILD)
    assert guild is not None and guild.get_channel(CHAN) is not None
    assert s.identify is not None and s.identify["token"] == "fake-token"

    cmds = s.guild_commands[GUILD]
    assert [c["name"] for c in cmds] == ["game"]
    subs = {o["name"]: o for o in cmds[0]["options"]}
    assert set(subs) == {"new", "roll", "remind", "boom", "duel", "rename"}
    system = next(o for o in subs["new"]["options"] if o["name"] == "system")
    assert system["autocomplete"] is True and system["required"] is True
    assert s.requests_to("PUT", rf"/applications/{s.application_id}/guilds/{GUILD}/commands")
    assert [r.path for r in s.requests[:2]] == ["/users/@me", "/oauth2/applications/@me"]
    assert s.unexpected == []


async def test_slash_reply_carries_embed_png_and_buttons(standin: tuple[StandIn, MiniBot]) -> None:
    s, _ = standin
    reply = await s.slash("game new", options={"system": "pig", "players": 3}, user=ALICE, channel_id=CHAN)
    assert reply.response_type == 4
    assert reply.embed is not None and reply.embed["title"] == "New pig game"
    assert reply.attachments == [("board.png", PNG)]
    assert reply.files["board.png"].startswith(b"\x89PNG\r\n\x1a\n")
    assert reply.custom_ids == ["t:3", "bump:3"]
    assert not reply.ephemeral
    assert s.message(reply.message_id).channel_id == CHAN
    callback = reply.requests[0]
    assert callback.query == {"with_response": "1"} and callback.files[0][1] == "board.png"


async def test_dynamic_item_click_answers_ephemerally(standin: tuple[StandIn, MiniBot]) -> None:
    s, _ = standin
    reply = await s.slash("game new", options={"system": "pig"}, user=ALICE)
    pressed = await s.click(reply, "t:2", user=BOB)
    assert pressed.response_type == 4
    assert pressed.content == "bob pressed 2"
    assert pressed.ephemeral
    assert pressed.message_id != reply.message_id


async def test_dynamic_item_edits_its_message(standin: tuple[StandIn, MiniBot]) -> None:
    s, _ = standin
    reply = await s.slash("game new", options={"system": "pig", "players": 5})
    bumped = await s.click(reply, "bump:5", user=BOB)
    assert bumped.response_type == 7
    assert bumped.message_id == reply.message_id
    assert bumped.content == "count 6" and bumped.custom_ids == ["t:6", "bump:6"]
    assert bumped.attachments == [("board.png", PNG)]  # editing content keeps the attachment
    again = await s.click(bumped, "bump:6")
    assert again.content == "count 7"


async def test_autocomplete_returns_the_bots_choices(standin: tuple[StandIn, MiniBot]) -> None:
    s, _ = standin
    choices = await s.autocomplete("game new", focused="system", value="pi", user=ALICE)
    assert choices == [{"name": "Pig", "value": "pig"}, {"name": "Pirates", "value": "pirates"}]


async def test_deferred_response_and_followups(standin: tuple[StandIn, MiniBot]) -> None:
    s, _ = standin
    reply = await s.slash("game roll", user=BOB)
    assert reply.response_type == 5 and reply.deferred
    assert reply.content == "rolled 4" and reply.ephemeral
    assert [f.content for f in reply.followups] == ["and a bonus"]


async def test_channel_option_and_unprompted_channel_message(standin: tuple[StandIn, MiniBot]) -> None:
    s, _ = standin
    reply = await s.slash("game remind", options={"channel": OTHER_CHAN})
    assert reply.content == f"will remind <#{OTHER_CHAN}>"
    posted = await s.wait_for_message(OTHER_CHAN, timeout=2)
    assert posted.content == "reminder: your turn"
    assert s.channel_messages(CHAN) == []


async def test_failures_are_reported(standin: tuple[StandIn, MiniBot]) -> None:
    s, bot = standin
    with pytest.raises(InteractionNotAnswered, match="kaboom in command"):
        await s.slash("game boom")
    with pytest.raises(ValueError, match="no options"):
        await s.slash("game new", options={"system": "pig", "colour": "red"})
    with pytest.raises(ValueError, match="required options missing"):
        await s.slash("game new")
    with pytest.raises(ValueError, match="outside"):
        await s.slash("game new", options={"system": "pig", "players": 9})
    with pytest.raises(ValueError, match="is a group"):
        await s.slash("game")
    with pytest.raises(discord.NotFound):
        await bot.http.request(discord.http.Route("GET", "/voice/regions"))
    assert [(r.method, r.path) for r in s.unexpected] == [("GET", "/voice/regions")]


async def test_member_and_attachment_options(standin: tuple[StandIn, MiniBot]) -> None:
    s, _ = standin
    reply = await s.slash("game duel", options={"opponent": BOB, "board": ("map.png", PNG)}, user=ALICE)
    assert reply.content == f"alice vs bob on map.png ({len(PNG)} B)"  # the bot downloaded the attachment


async def test_modal_round_trip(standin: tuple[StandIn, MiniBot]) -> None:
    s, _ = standin
    opened = await s.slash("game rename", user=BOB)
    assert opened.response_type == 9 and opened.modal is not None and opened.modal["title"] == "Rename"
    done = await s.submit_modal(opened, {"new_name": "Zed"}, user=BOB)
    assert done.content == "renamed to Zed" and done.ephemeral


async def test_install_is_undone_on_exit() -> None:
    def current() -> tuple[str, object]:
        return discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY

    before = current()
    async with StandIn() as s:
        assert current()[0] == f"http://127.0.0.1:{s.port}/api/v10"
    assert current() == before


async def test_user_message_prefix_command_and_echo(standin: tuple[StandIn, MiniBot]) -> None:
    s, bot = standin
    s.echo_messages = True  # the bot's own posts come back as MESSAGE_CREATE, like on Discord
    mid = await s.send_user_message(f"<@{s.bot.id}> ping", user=ALICE, channel_id=CHAN)
    posted = await s.wait_for_message(CHAN)
    assert posted.content == "pong"
    assert s.message(posted.id).extra["message_reference"]["message_id"] == str(mid)
    await s.wait_until(lambda: len(bot.seen) == 2, what="the echo of the bot's reply")
    assert [m.author.id for m in bot.seen] == [ALICE.id, s.bot.id]
