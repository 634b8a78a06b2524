"""A local stand-in for Discord's REST API v10 and gateway, enough to drive the real discord.py client.

Usage::

    async with StandIn(guild_id=G, channel_ids=[C], users=[ALICE, BOB]) as s:
        bot = make_bot()                      # any discord.Client / commands.Bot
        await s.run_client(bot)               # bot.start("fake-token") as a task, waits for on_ready
        await s.wait_for_commands()           # the bot's tree.sync() reached us
        reply = await s.slash("game new", options={"system": "pig"}, user=ALICE)
        reply2 = await s.click(reply, "join", user=BOB)
        await s.stop_client()

Everything the client sends is recorded in ``s.requests`` (in order); unknown routes answer 404
JSON and are listed in ``s.unexpected``. Nothing listens beyond 127.0.0.1.

Sharding: ``StandIn(..., guilds={G2: [C2], ...}, shard_count=4)`` serves several guilds and
recommends 4 shards in ``GET /gateway/bot``. Each gateway connection IDENTIFYs with
``shard: [id, count]`` and receives the guilds Discord would route to it,
``(guild_id >> 22) % shard_count``; every event of a guild (interactions included) goes to
that shard's connection, whichever process holds it. Clients in other processes (``install``
in each) connect to the same stand-in.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import mimetypes
import re
import secrets
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
import discord.gateway
import discord.http
import yarl
from aiohttp import WSMsgType, web

from .models import (
    ALL_PERMISSIONS,
    MEMBER_PERMISSIONS,
    FakeUser,
    InteractionNotAnswered,
    MessageView,
    RecordedRequest,
    Reply,
    StoredAttachment,
    StoredMessage,
    iso_now,
    snowflake,
    walk_components,
)

API_PREFIX = "/api/v10"
_REC = web.RequestKey("standin_request", RecordedRequest)
EPHEMERAL = 64
LOADING = 128

# --------------------------------------------------------------------------------------- install


_saved: list[tuple[str, yarl.URL]] = []


def install(port: int) -> None:
    """Point discord.py's REST routes and default gateway at the stand-in on ``port``."""
    _saved.append((discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY))
    discord.http.Route.BASE = f"http://127.0.0.1:{port}{API_PREFIX}"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{port}/gateway/")


def uninstall() -> None:
    """Undo the latest install()."""
    if not _saved:
        return
    base, gateway = _saved.pop()
    discord.http.Route.BASE = base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway


# ---------------------------------------------------------------------------------------- helpers


def _json(data: Any, status: int = 200) -> web.Response:
    # discord.py compares the content type with == 'application/json': no charset allowed.
    return web.Response(status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"})


def _error(status: int, code: int, message: str) -> web.Response:
    return _json({"code": code, "message": message}, status=status)


def _no_content() -> web.Response:
    return web.Response(status=204)


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord sends a guild's events to (direct messages: shard 0)."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


def _static(make: Callable[[], web.Response]) -> Callable[[web.Request], Any]:
    async def handler(_: web.Request) -> web.Response:
        return make()

    return handler


class _ErrorCollector(logging.Handler):
    """Collects ERROR records the client logs (exceptions in commands, views, event handlers)."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.exc_info:
            text += "\n" + "".join(traceback.format_exception(*record.exc_info))
        self.records.append(text)


@dataclass
class _Interaction:
    id: int
    token: str
    type: int
    payload: dict[str, Any]
    channel_id: int
    message_id: int | None = None  # the message a component sits on
    received: asyncio.Event = field(default_factory=asyncio.Event)
    tasks: list[asyncio.Task[Any]] = field(default_factory=list)
    error: BaseException | None = None
    callback_type: int | None = None
    callback_data: dict[str, Any] | None = None
    original_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    first_request: int = 0
    first_error: int = 0


# ------------------------------------------------------------------------------------------ StandIn


class StandIn:
    """An aiohttp server on 127.0.0.1 that plays Discord for one bot in one guild."""

    def __init__(
        self,
        guild_id: int = 900000000000000001,
        channel_ids: Sequence[int] = (900000000000000010,),
        users: Iterable[FakeUser | int] = (),
        *,
        guild_name: str = "Stand-in Guild",
        channel_names: Mapping[int, str] | None = None,
        roles: Mapping[int, str] | None = None,
        bot_id: int = 800000000000000001,
        bot_name: str = "Starhost",
        heartbeat_interval: float = 45.0,
        echo_messages: bool = False,
        timeout: float = 5.0,
        settle: float = 0.02,
        guilds: Mapping[int, Sequence[int]] | None = None,
        shard_count: int = 1,
    ) -> None:
        self.guild_id = int(guild_id)
        self.guild_name = guild_name
        self.shard_count = shard_count
        # guild -> its channels; the first guild is ``guild_id``, others come from ``guilds``
        self.guild_channels: dict[int, list[int]] = {self.guild_id: [int(c) for c in channel_ids]}
        for gid, cids in (guilds or {}).items():
            self.guild_channels[int(gid)] = [int(c) for c in cids]
        self.users: dict[int, FakeUser] = {}
        for u in users:
            fu = u if isinstance(u, FakeUser) else FakeUser(id=int(u))
            self.users[fu.id] = fu
        if not self.users:
            fu = FakeUser(id=700000000000000001, name="tester")
            self.users[fu.id] = fu
        self.bot = FakeUser(id=bot_id, name=bot_name, bot=True, permissions=ALL_PERMISSIONS)
        self.app_permissions = ALL_PERMISSIONS  # what the bot may do in the channel (tests can lower it)
        self.application_id = bot_id
        names = dict(channel_names or {})
        self.channels: dict[int, dict[str, Any]] = {}
        for gid, cids in self.guild_channels.items():
            for pos, cid in enumerate(cids):
                self.channels[cid] = self._text_channel(cid, names.get(cid, f"channel-{pos + 1}"), pos, gid)
        self.threads: dict[int, dict[str, Any]] = {}
        self.roles: dict[int, dict[str, Any]] = {
            self.guild_id: self._role(self.guild_id, "@everyone", MEMBER_PERMISSIONS, 0)
        }
        for i, (rid, rname) in enumerate((roles or {}).items(), start=1):
            self.roles[int(rid)] = self._role(int(rid), rname, 0, i)
        for fu in self.users.values():
            for rid in fu.roles:
                self.roles.setdefault(rid, self._role(rid, f"role{rid}", 0, len(self.roles)))
        self.heartbeat_interval = heartbeat_interval
        self.echo_messages = echo_messages
        self.timeout = timeout
        self.settle = settle

        # recorded state
        self.requests: list[RecordedRequest] = []
        self.messages: dict[int, StoredMessage] = {}
        self.global_commands: list[dict[str, Any]] | None = None
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.identify: dict[str, Any] | None = None
        self.identifies: list[dict[str, Any]] = []
        """Every IDENTIFY payload received, in order (``shard`` says which shard each opened)."""
        self.gateway_sent: list[dict[str, Any]] = []
        self.gateway_received: list[dict[str, Any]] = []
        self.interactions: dict[int, _Interaction] = {}
        self._by_token: dict[str, _Interaction] = {}
        self._consumed: set[int] = set()
        self._command_ids: dict[tuple[int | None, str, int], int] = {}
        self._uploads: dict[int, StoredAttachment] = {}  # attachments given as command options
        self.dm_channels: dict[int, int] = {}  # DM channel id -> the user it reaches
        self.direct_messages: dict[int, list[StoredMessage]] = {}  # user -> DMs the bot sent them

        self._changed = asyncio.Condition()
        self._sockets: dict[int, web.WebSocketResponse] = {}  # shard id -> its gateway connection
        self._ready: dict[int, asyncio.Event] = {}  # shard id -> set while identified
        self._sessions: dict[str, int] = {}  # session id -> shard id (for RESUME)
        self._seqs: dict[int, int] = {}
        self._runner: web.AppRunner | None = None
        self.port: int = 0
        self.client: discord.Client | None = None
        self._client_task: asyncio.Task[None] | None = None
        self._tracked = False
        self._errors = _ErrorCollector()
        self._installed = False

    # ------------------------------------------------------------------ lifecycle

    async def __aenter__(self) -> StandIn:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def start(self) -> None:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        self._routes(app)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=0.5)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None and server.sockets  # type: ignore[union-attr]
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        install(self.port)
        self._installed = True
        logging.getLogger("discord").addHandler(self._errors)

    async def close(self) -> None:
        await self.stop_client()
        for ws in list(self._sockets.values()):
            if not ws.closed:
                await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        logging.getLogger("discord").removeHandler(self._errors)
        if self._installed:
            uninstall()
            self._installed = False

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_url(self) -> str:
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway/"

    @property
    def errors(self) -> list[str]:
        """ERROR log records of the client (tracebacks included) since the stand-in started."""
        return list(self._errors.records)

    # ------------------------------------------------------------------ client

    def attach(self, client: discord.Client) -> None:
        """Watch ``client``'s INTERACTION_CREATE parsing to know exactly when it finished an interaction.

        run_client() does this; call it yourself only when you start the client another way.
        """
        self.client = client
        parsers = client._connection.parsers
        original = parsers["INTERACTION_CREATE"]
        if getattr(original, "__standin__", None) is self:
            return

        def tracked(data: dict[str, Any]) -> None:
            rec = self.interactions.get(int(data["id"]))
            before = asyncio.all_tasks()
            try:
                original(data)
            except BaseException as exc:
                if rec is not None:
                    rec.error = exc
                raise
            finally:
                if rec is not None:
                    rec.tasks = [t for t in asyncio.all_tasks() if t not in before]
                    rec.received.set()

        tracked.__standin__ = self  # type: ignore[attr-defined]
        parsers["INTERACTION_CREATE"] = tracked
        self._tracked = True

    async def run_client(self, client: discord.Client, token: str = "fake-token", *, timeout: float = 10.0) -> None:
        """Start ``client.start(token)`` as a task and wait until it is ready (on_ready)."""
        self.attach(client)
        self._client_task = asyncio.create_task(client.start(token), name="standin-client")
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not client.is_ready():
            if self._client_task.done():
                self._client_task.result()  # raises the start() failure
                raise RuntimeError("client.start() returned before the client became ready")
            if loop.time() > deadline:
                raise TimeoutError(f"client not ready after {timeout}s; requests: {self.requests}")
            await asyncio.sleep(0.01)

    async def stop_client(self) -> None:
        """Close the client started by run_client() and wait for its task."""
        client, task = self.client, self._client_task
        self._client_task = None
        if client is not None and not client.is_closed():
            await client.close()
        if task is not None:
            try:
                await asyncio.wait_for(task, timeout=5)
            except (asyncio.CancelledError, TimeoutError):
                task.cancel()
            except Exception:
                # the start() task's own failure surfaces here; a closed client may raise ConnectionClosed
                if not (client is not None and client.is_closed()):
                    raise

    # ------------------------------------------------------------------ waiting

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    async def wait_until(self, predicate: Callable[[], Any], timeout: float | None = None, what: str = "") -> Any:
        """Wait until ``predicate()`` is truthy (re-checked whenever a request arrives); return its value."""
        timeout = self.timeout if timeout is None else timeout

        async def waiter() -> Any:
            async with self._changed:
                result = predicate()
                while not result:
                    await self._changed.wait()
                    result = predicate()
                return result

        try:
            return await asyncio.wait_for(waiter(), timeout)
        except TimeoutError:
            raise TimeoutError(
                f"stand-in: timed out after {timeout}s waiting for {what or predicate}; "
                f"last requests: {self.requests[-10:]}; errors: {self.errors[-3:]}"
            ) from None

    async def wait_for_commands(
        self, scope: str | int = "any", *, timeout: float | None = None
    ) -> list[dict[str, Any]]:
        """Wait for a bulk overwrite of commands (scope "any", "global" or a guild id); return them."""

        def synced() -> list[dict[str, Any]] | None:
            if scope in ("any", "global") and self.global_commands is not None:
                return self.global_commands
            if scope == "any" and self.guild_commands:
                return next(iter(self.guild_commands.values()))
            if isinstance(scope, int) and scope in self.guild_commands:
                return self.guild_commands[scope]
            return None

        return await self.wait_until(synced, timeout, f"command sync ({scope})")

    def channel_messages(self, channel_id: int | None = None) -> list[MessageView]:
        """Messages the bot posted through POST /channels/{id}/messages (oldest first)."""
        return [
            m.snapshot()
            for m in self.messages.values()
            if m.interaction_id is None and (channel_id is None or m.channel_id == channel_id)
        ]

    async def wait_for_message(
        self,
        channel_id: int | None = None,
        predicate: Callable[[MessageView], bool] | None = None,
        *,
        timeout: float | None = None,
    ) -> MessageView:
        """The oldest channel message (not an interaction reply) not yet returned by this method that
        matches; waits for one if there is none yet. Use it for reminders and other unprompted posts."""

        def find() -> MessageView | None:
            for m in self.messages.values():
                if m.interaction_id is not None or m.id in self._consumed or m.deleted:
                    continue
                if channel_id is not None and m.channel_id != channel_id:
                    continue
                snap = m.snapshot()
                if predicate is None or predicate(snap):
                    self._consumed.add(m.id)
                    return snap
            return None

        return await self.wait_until(find, timeout, f"a bot message in channel {channel_id}")

    def message(self, message_id: int) -> StoredMessage:
        return self.messages[message_id]

    @property
    def unexpected(self) -> list[RecordedRequest]:
        """Requests no route of the stand-in handles (answered 404)."""
        return [r for r in self.requests if not r.matched]

    def requests_to(self, method: str, path_regex: str) -> list[RecordedRequest]:
        return [r for r in self.requests if r.method == method and re.fullmatch(path_regex, r.path)]

    # ------------------------------------------------------------------ gateway out

    def shard_of(self, guild_id: int | None) -> int:
        return shard_of(guild_id, self.shard_count)

    def guild_of(self, channel_id: int) -> int | None:
        """The guild a channel or thread belongs to (None for a DM channel)."""
        ch = self._channel(channel_id)
        return int(ch["guild_id"]) if ch is not None and ch.get("guild_id") else None

    @property
    def connected_shards(self) -> list[int]:
        """Shards with an identified gateway connection now."""
        return sorted(sid for sid, ready in self._ready.items() if ready.is_set())

    def _shard_ready(self, shard: int) -> asyncio.Event:
        return self._ready.setdefault(shard, asyncio.Event())

    async def dispatch(self, event: str, data: dict[str, Any], *, shard: int | None = None) -> None:
        """Send a DISPATCH (op 0) event to the client holding ``shard`` (default: the one of
        ``data['guild_id']``, else of the primary guild); waits for that shard to connect."""
        if shard is None:
            guild = data.get("guild_id") if isinstance(data, dict) else None
            shard = self.shard_of(int(guild) if guild else self.guild_id)
        try:
            await asyncio.wait_for(self._shard_ready(shard).wait(), self.timeout)
        except TimeoutError:
            raise RuntimeError(f"stand-in: no client connected to the gateway for shard {shard}") from None
        ws = self._sockets[shard]
        self._seqs[shard] = self._seqs.get(shard, 0) + 1
        frame = {"op": 0, "t": event, "s": self._seqs[shard], "d": data}
        self.gateway_sent.append(frame)
        await ws.send_str(json.dumps(frame))

    async def send_user_message(
        self, content: str, *, user: FakeUser | int | None = None, channel_id: int | None = None
    ) -> int:
        """Dispatch MESSAGE_CREATE for a message a member typed; returns its id."""
        fu = self._user(user)
        cid = channel_id or self._default_channel()
        mid = snowflake()
        data = {
            "id": str(mid), "channel_id": str(cid), "guild_id": str(self.guild_of(cid) or self.guild_id),
            "author": fu.user_payload(),
            "member": {k: v for k, v in fu.member_payload().items() if k != "user"},
            "content": content, "timestamp": iso_now(), "edited_timestamp": None, "tts": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
            "components": [], "pinned": False, "type": 0, "flags": 0,
        }  # fmt: skip
        await self.dispatch("MESSAGE_CREATE", data)
        return mid

    # ------------------------------------------------------------------ interactions

    async def slash(
        self,
        path: str,
        options: Mapping[str, Any] | None = None,
        *,
        user: FakeUser | int | None = None,
        channel_id: int | None = None,
        timeout: float | None = None,
        expect_answer: bool = True,
    ) -> Reply:
        """Invoke a synced slash command ("group sub" paths allowed) and return the bot's answer."""
        data = self._command_data(path, dict(options or {}), focused=None, channel_id=channel_id)
        payload = self._interaction_payload(2, data, user=user, channel_id=channel_id)
        return await self._run(payload, timeout=timeout, expect_answer=expect_answer)

    async def autocomplete(
        self,
        path: str,
        focused: str,
        value: Any = "",
        options: Mapping[str, Any] | None = None,
        *,
        user: FakeUser | int | None = None,
        channel_id: int | None = None,
        timeout: float | None = None,
    ) -> list[dict[str, Any]]:
        """Type-4 interaction with ``focused`` being typed as ``value``; returns the bot's choices."""
        opts = dict(options or {})
        opts[focused] = value
        data = self._command_data(path, opts, focused=focused, channel_id=channel_id)
        payload = self._interaction_payload(4, data, user=user, channel_id=channel_id)
        reply = await self._run(payload, timeout=timeout, expect_answer=True)
        if reply.response_type != 8:
            raise AssertionError(f"autocomplete answered with callback type {reply.response_type}, not 8")
        return list(reply.choices)

    async def click(
        self,
        message: Reply | MessageView | StoredMessage | int,
        custom_id: str,
        *,
        user: FakeUser | int | None = None,
        values: Sequence[str] | None = None,
        timeout: float | None = None,
        expect_answer: bool = True,
    ) -> Reply:
        """Press a button (or choose ``values`` in a select) on a message the bot sent."""
        msg = self.messages[self._message_id(message)]
        comp = msg.component(custom_id)
        if comp is None:
            raise ValueError(f"no component {custom_id!r} on message {msg.id}; custom ids: {msg.custom_ids}")
        if comp.get("disabled"):
            raise ValueError(f"component {custom_id!r} is disabled")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": comp["type"]}
        if comp["type"] in (3, 5, 6, 7, 8):
            data["values"] = [str(v) for v in (values or [])]
        elif values is not None:
            raise ValueError("values only apply to select menus")
        payload = self._interaction_payload(3, data, user=user, channel_id=msg.channel_id, message=msg)
        return await self._run(payload, timeout=timeout, expect_answer=expect_answer, message_id=msg.id)

    async def submit_modal(
        self,
        reply: Reply,
        values: Mapping[str, str | Sequence[str]],
        *,
        user: FakeUser | int | None = None,
        channel_id: int | None = None,
        timeout: float | None = None,
    ) -> Reply:
        """Submit the modal the bot opened in ``reply`` (callback type 9) with text/select values."""
        if reply.modal is None:
            raise ValueError("that reply did not open a modal")
        modal = reply.modal

        def fill(comps: list[dict[str, Any]]) -> list[dict[str, Any]]:
            out = []
            for c in comps:
                if c["type"] == 1:
                    out.append({"type": 1, "components": fill(c.get("components", []))})
                elif c["type"] == 18:
                    out.append({"type": 18, "component": fill([c["component"]])[0]})
                elif "custom_id" in c:
                    v = values.get(c["custom_id"], c.get("value", ""))
                    item: dict[str, Any] = {"type": c["type"], "custom_id": c["custom_id"]}
                    if c["type"] == 4:
                        item["value"] = v
                    else:
                        item["values"] = [v] if isinstance(v, str) else list(v)
                    out.append(item)
                else:
                    out.append(c)
            return out

        unknown = set(values) - {c["custom_id"] for c in walk_components(modal.get("components", []))
                                 if "custom_id" in c}  # fmt: skip
        if unknown:
            raise ValueError(f"modal {modal.get('custom_id')!r} has no inputs {sorted(unknown)}")
        data = {"custom_id": modal["custom_id"], "components": fill(modal.get("components", []))}
        rec = self.interactions[reply.interaction_id]
        payload = self._interaction_payload(
            5, data, user=user, channel_id=channel_id or rec.channel_id,
            message=self.messages.get(rec.message_id) if rec.message_id else None,
        )  # fmt: skip
        return await self._run(payload, timeout=timeout, expect_answer=True, message_id=rec.message_id)

    # internal ---------------------------------------------------------

    def _user(self, user: FakeUser | int | None) -> FakeUser:
        if user is None:
            return next(iter(self.users.values()))
        if isinstance(user, FakeUser):
            self.users.setdefault(user.id, user)
            return user
        return self.users.setdefault(int(user), FakeUser(id=int(user)))

    def _default_channel(self) -> int:
        if not self.channels:
            raise ValueError("the stand-in guild has no channels")
        return next(iter(self.channels))

    def _channel(self, channel_id: int) -> dict[str, Any] | None:
        return self.channels.get(channel_id) or self.threads.get(channel_id)

    @staticmethod
    def _message_id(message: Reply | MessageView | StoredMessage | int) -> int:
        if isinstance(message, int):
            return message
        if isinstance(message, Reply):
            if message.message is None:
                raise ValueError("that reply has no message")
            return message.message.id
        return message.id

    def _find_command(self, name: str, guild_id: int | None = None) -> dict[str, Any]:
        pools = [self.guild_commands.get(guild_id or self.guild_id) or [], self.global_commands or []]
        for pool in pools:
            for cmd in pool:
                if cmd["name"] == name and cmd.get("type", 1) == 1:
                    return cmd
        known = sorted({c["name"] for pool in pools for c in pool})
        raise ValueError(f"no synced slash command {name!r}; synced: {known} (did the bot sync?)")

    def _command_data(
        self, path: str, given: dict[str, Any], focused: str | None, channel_id: int | None = None
    ) -> dict[str, Any]:
        parts = path.split()
        cmd = self._find_command(parts[0], self.guild_of(channel_id or self._default_channel()))
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1}
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        node = cmd
        chain: list[dict[str, Any]] = []  # option wrappers for group/subcommand
        for part in parts[1:]:
            sub = next((o for o in node.get("options", []) if o["name"] == part and o["type"] in (1, 2)), None)
            if sub is None:
                subs = [o["name"] for o in node.get("options", []) if o["type"] in (1, 2)]
                raise ValueError(f"{node['name']!r} has no subcommand/group {part!r}; it has {subs}")
            chain.append({"type": sub["type"], "name": sub["name"], "options": []})
            node = sub
        if any(o["type"] in (1, 2) for o in node.get("options", [])):
            subs = [o["name"] for o in node["options"] if o["type"] in (1, 2)]
            raise ValueError(f"{path!r} is a group; pick one of {subs}")
        resolved: dict[str, dict[str, Any]] = {}
        leaf_opts = self._leaf_options(node, given, focused, resolved)
        if chain:
            for outer, inner in itertools.pairwise(chain):
                outer["options"] = [inner]
            chain[-1]["options"] = leaf_opts
            data["options"] = [chain[0]]
        else:
            data["options"] = leaf_opts
        if resolved:
            data["resolved"] = resolved
        return data

    def _leaf_options(
        self, node: dict[str, Any], given: dict[str, Any], focused: str | None, resolved: dict[str, Any]
    ) -> list[dict[str, Any]]:
        schema = {o["name"]: o for o in node.get("options", [])}
        unknown = set(given) - set(schema)
        if unknown:
            raise ValueError(f"{node['name']!r} has no options {sorted(unknown)}; it has {sorted(schema)}")
        if focused is None:
            missing = [n for n, o in schema.items() if o.get("required") and n not in given]
            if missing:
                raise ValueError(f"{node['name']!r}: required options missing: {missing}")
        out = []
        for name, value in given.items():
            opt = schema[name]
            item: dict[str, Any] = {"name": name, "type": opt["type"]}
            if name == focused:
                item["value"] = str(value)
                item["focused"] = True
            else:
                item["value"] = self._coerce(opt, value, resolved)
            out.append(item)
        return out

    def _coerce(self, opt: dict[str, Any], value: Any, resolved: dict[str, Any]) -> Any:
        t = opt["type"]
        name = opt["name"]
        if t == 3:
            v: Any = str(value)
        elif t == 4:
            try:
                v = int(value)
            except (TypeError, ValueError):
                v = None
            if v is None or isinstance(value, bool) or (isinstance(value, float) and value != v):
                raise ValueError(f"option {name!r} wants an integer, got {value!r}")
        elif t == 5:
            if not isinstance(value, bool):
                raise ValueError(f"option {name!r} wants a bool, got {value!r}")
            v = value
        elif t == 10:
            v = float(value)
        elif t in (6, 9) and (isinstance(value, FakeUser) or (t == 6 or int(value) in self.users)):
            fu = self._user(value)
            resolved.setdefault("users", {})[str(fu.id)] = fu.user_payload()
            member = fu.member_payload(with_permissions=True)
            member.pop("user")
            resolved.setdefault("members", {})[str(fu.id)] = member
            v = str(fu.id)
        elif t in (8, 9):
            rid = int(value)
            if rid not in self.roles:
                raise ValueError(f"option {name!r}: unknown role {rid}")
            resolved.setdefault("roles", {})[str(rid)] = self.roles[rid]
            v = str(rid)
        elif t == 7:
            cid = int(value)
            ch = self._channel(cid)
            if ch is None:
                raise ValueError(f"option {name!r}: unknown channel {cid}")
            partial = {k: ch[k] for k in ("id", "type", "name", "parent_id", "thread_metadata") if k in ch}
            partial["permissions"] = str(ALL_PERMISSIONS)
            resolved.setdefault("channels", {})[str(cid)] = partial
            v = str(cid)
        elif t == 11:
            filename, blob = value
            att = StoredAttachment(snowflake(), filename, bytes(blob), mimetypes.guess_type(filename)[0])
            self._uploads[att.id] = att
            resolved.setdefault("attachments", {})[str(att.id)] = att.payload(self.base_url)
            v = str(att.id)
        else:
            raise ValueError(f"option {name!r}: unsupported option type {t}")
        choices = opt.get("choices")
        if choices and v not in [c["value"] for c in choices]:
            raise ValueError(f"option {name!r}: {v!r} is not one of {[c['value'] for c in choices]}")
        # the Discord client enforces these before anything is sent
        if t in (4, 10):
            lo, hi = opt.get("min_value"), opt.get("max_value")
            if (lo is not None and v < lo) or (hi is not None and v > hi):
                raise ValueError(f"option {name!r}: {v} is outside [{lo}, {hi}]")
        if t == 3:
            lo, hi = opt.get("min_length"), opt.get("max_length")
            if (lo is not None and len(v) < lo) or (hi is not None and len(v) > hi):
                raise ValueError(f"option {name!r}: length {len(v)} is outside [{lo}, {hi}]")
        return v

    def _channel_partial(self, channel_id: int) -> dict[str, Any]:
        ch = self._channel(channel_id)
        if ch is None:
            raise ValueError(f"unknown channel {channel_id}")
        partial = dict(ch)
        partial["permissions"] = str(ALL_PERMISSIONS)
        return partial

    def _interaction_payload(
        self,
        itype: int,
        data: dict[str, Any],
        *,
        user: FakeUser | int | None,
        channel_id: int | None,
        message: StoredMessage | None = None,
    ) -> dict[str, Any]:
        fu = self._user(user)
        cid = channel_id or self._default_channel()
        gid = self.guild_of(cid) or self.guild_id
        iid = snowflake()
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "guild_id": str(gid),
            "guild": {"id": str(gid), "locale": "en-US", "features": []},
            "channel_id": str(cid),
            "channel": self._channel_partial(cid),
            "member": fu.member_payload(with_permissions=True),
            "token": f"itk.{iid}.{secrets.token_urlsafe(24)}",
            "version": 1,
            "app_permissions": str(self.app_permissions),
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(gid)},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if message is not None:
            payload["message"] = message.payload(self.base_url)
        return payload

    async def _run(
        self,
        payload: dict[str, Any],
        *,
        timeout: float | None,
        expect_answer: bool,
        message_id: int | None = None,
    ) -> Reply:
        timeout = self.timeout if timeout is None else timeout
        rec = _Interaction(
            id=int(payload["id"]),
            token=payload["token"],
            type=payload["type"],
            payload=payload,
            channel_id=int(payload["channel_id"]),
            message_id=message_id,
            first_request=len(self.requests),
            first_error=len(self._errors.records),
        )
        self.interactions[rec.id] = rec
        self._by_token[rec.token] = rec
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        await self.dispatch("INTERACTION_CREATE", payload)
        if self._tracked:
            try:
                await asyncio.wait_for(rec.received.wait(), max(deadline - loop.time(), 0.01))
            except TimeoutError:
                raise TimeoutError(f"stand-in: the client did not read interaction {rec.id}") from None
            if rec.error is not None:
                raise rec.error
            if rec.tasks:
                _, pending = await asyncio.wait(rec.tasks, timeout=max(deadline - loop.time(), 0.01))
                if pending:
                    raise TimeoutError(
                        f"stand-in: the bot was still handling interaction {rec.id} after {timeout}s "
                        f"(callback: {rec.callback_type}); requests: {self.requests[rec.first_request :]}"
                    )
        else:
            await self.wait_until(lambda: rec.callback_type is not None, deadline - loop.time(), "a callback")
        await asyncio.sleep(self.settle)
        if rec.callback_type is None and expect_answer:
            errors = self._errors.records[rec.first_error :]
            raise InteractionNotAnswered(
                f"the bot did not answer {payload['type']=} {payload['data'].get('name') or payload['data']}"
                f"\nrequests: {self.requests[rec.first_request :]}\nunexpected: {self.unexpected}"
                + ("\nclient errors:\n" + "\n".join(errors) if errors else "")
            )
        return self._reply(rec)

    def _reply(self, rec: _Interaction) -> Reply:
        msg = self.messages.get(rec.original_id) if rec.original_id else None
        reqs = tuple(r for r in self.requests[rec.first_request :] if rec.token in r.path or str(rec.id) in r.path)
        data = rec.callback_data or {}
        return Reply(
            interaction_id=rec.id,
            response_type=rec.callback_type,
            message=msg.snapshot() if msg else None,
            followups=tuple(self.messages[i].snapshot() for i in rec.followup_ids),
            choices=tuple(data.get("choices", [])) if rec.callback_type == 8 else (),
            modal=data if rec.callback_type == 9 else None,
            requests=reqs,
        )

    # ------------------------------------------------------------------ payload builders

    def _text_channel(self, cid: int, name: str, position: int, guild_id: int) -> dict[str, Any]:
        return {
            "id": str(cid), "type": 0, "name": name, "position": position, "guild_id": str(guild_id),
            "permission_overwrites": [], "parent_id": None, "nsfw": False, "topic": None,
            "rate_limit_per_user": 0, "last_message_id": None, "flags": 0,
        }  # fmt: skip

    @staticmethod
    def _role(rid: int, name: str, permissions: int, position: int) -> dict[str, Any]:
        return {
            "id": str(rid), "name": name, "permissions": str(permissions), "position": position,
            "color": 0, "colors": {"primary_color": 0}, "hoist": False, "managed": False,
            "mentionable": False, "flags": 0, "icon": None, "unicode_emoji": None,
        }  # fmt: skip

    def _guild_payload(self, guild_id: int | None = None) -> dict[str, Any]:
        """A GUILD_CREATE payload; every user is a member of every guild, with the same roles."""
        gid = self.guild_id if guild_id is None else guild_id
        members = [self.bot.member_payload()] + [u.member_payload() for u in self.users.values()]
        roles = [self._role(gid, "@everyone", MEMBER_PERMISSIONS, 0)]
        roles += [r for rid, r in self.roles.items() if rid != self.guild_id]
        channels = [self.channels[c] for c in self.guild_channels[gid]]
        threads = [t for t in self.threads.values() if t.get("guild_id") == str(gid)]
        name = self.guild_name if gid == self.guild_id else f"{self.guild_name} {gid}"
        return {
            "id": str(gid), "name": name, "icon": None, "owner_id": str(
                next(iter(self.users))), "unavailable": False, "member_count": len(members),
            "large": False, "features": [], "emojis": [], "stickers": [], "roles": roles,
            "channels": channels, "threads": threads,
            "members": members, "presences": [], "voice_states": [], "stage_instances": [],
            "guild_scheduled_events": [], "soundboard_sounds": [], "joined_at": iso_now(),
            "verification_level": 0, "default_message_notifications": 0, "explicit_content_filter": 0,
            "mfa_level": 0, "nsfw_level": 0, "premium_tier": 0, "preferred_locale": "en-US",
            "system_channel_id": None, "afk_channel_id": None, "afk_timeout": 300,
        }  # fmt: skip

    def _app_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.application_id), "name": self.bot.name, "description": "", "icon": None,
            "bot_public": True, "bot_require_code_grant": False, "owner": self.users[next(iter(self.users))]
            .user_payload(), "team": None, "verify_key": "0" * 64, "flags": 0, "summary": "",
            "bot": self.bot.user_payload(),
        }  # fmt: skip

    # ------------------------------------------------------------------ HTTP plumbing

    def _routes(self, app: web.Application) -> None:
        api = API_PREFIX
        r = app.router
        r.add_get("/gateway/", self._gateway)
        r.add_get("/gateway", self._gateway)
        r.add_get("/attachments/{aid}/{filename}", self._attachment)
        r.add_get(api + "/users/@me", _static(lambda: _json(self.bot.user_payload())))
        r.add_get(api + "/oauth2/applications/@me", _static(lambda: _json(self._app_payload())))
        r.add_get(api + "/applications/@me", _static(lambda: _json(self._app_payload())))
        r.add_get(api + "/gateway", _static(lambda: _json({"url": self.gateway_url})))
        r.add_get(api + "/gateway/bot", self._gateway_bot)
        r.add_route("*", api + "/applications/{app}/commands", self._commands)
        r.add_route("*", api + "/applications/{app}/guilds/{guild}/commands", self._commands)
        r.add_post(api + "/interactions/{iid}/{token}/callback", self._callback)
        r.add_post(api + "/webhooks/{app}/{token}", self._followup)
        r.add_route("*", api + "/webhooks/{app}/{token}/messages/{mid}", self._webhook_message)
        r.add_get(api + "/channels/{cid}", self._get_channel)
        r.add_post(api + "/channels/{cid}/messages", self._create_message)
        r.add_route("*", api + "/channels/{cid}/messages/{mid}", self._channel_message)
        r.add_post(api + "/channels/{cid}/threads", self._create_thread)
        r.add_post(api + "/channels/{cid}/messages/{mid}/threads", self._create_thread)
        r.add_post(api + "/channels/{cid}/typing", _static(_no_content))
        r.add_post(api + "/users/@me/channels", self._open_dm)
        r.add_get(api + "/users/{uid}", self._get_user)

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Callable[..., Any]) -> web.StreamResponse:
        if request.path.startswith("/gateway"):
            return await handler(request)
        path = request.path[len(API_PREFIX) :] if request.path.startswith(API_PREFIX) else request.path
        rec = RecordedRequest(method=request.method, path=path, query=dict(request.query))
        if request.can_read_body:
            ctype = request.content_type
            if ctype.startswith("multipart/"):
                reader = await request.multipart()
                async for part in reader:
                    if part.name == "payload_json":  # type: ignore[union-attr]
                        rec.json = json.loads(await part.text())  # type: ignore[union-attr]
                    else:
                        blob = await part.read()  # type: ignore[union-attr]
                        rec.files.append((part.name or "", part.filename or "", bytes(blob)))  # type: ignore
            else:
                raw = await request.read()
                if raw:
                    try:
                        rec.json = json.loads(raw)
                    except ValueError:
                        rec.json = raw.decode(errors="replace")
        self.requests.append(rec)
        request[_REC] = rec
        try:
            response = await handler(request)
        except (web.HTTPNotFound, web.HTTPMethodNotAllowed):
            rec.matched = False
            response = _error(404, 0, f"stand-in: no route for {request.method} {path}")
        rec.status = response.status
        await self._notify()
        return response

    # ------------------------------------------------------------------ gateway

    async def _gateway_bot(self, _: web.Request) -> web.Response:
        return _json({
            "url": self.gateway_url, "shards": self.shard_count,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
        })  # fmt: skip

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        shard: int | None = None  # known once the client IDENTIFYs or RESUMEs
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": int(self.heartbeat_interval * 1000)}}))
        try:
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                self.gateway_received.append(frame)
                op, d = frame.get("op"), frame.get("d")
                if op == 1:
                    await ws.send_str(json.dumps({"op": 11}))
                elif op == 2:
                    shard = await self._identified(ws, d or {})
                    if shard is None:
                        break
                elif op == 6:
                    shard = self._sessions.get((d or {}).get("session_id"), 0)
                    self._sockets[shard] = ws
                    self._shard_ready(shard).set()
                    await self.dispatch("RESUMED", {}, shard=shard)
                elif op == 8:
                    guild = int((d or {}).get("guild_id") or self.guild_id)
                    members = [self.bot.member_payload()] + [u.member_payload() for u in self.users.values()]
                    await self.dispatch("GUILD_MEMBERS_CHUNK", {
                        "guild_id": str(guild), "members": members, "chunk_index": 0,
                        "chunk_count": 1, "nonce": (d or {}).get("nonce"),
                    }, shard=shard)  # fmt: skip
                await self._notify()
        finally:
            if shard is not None and self._sockets.get(shard) is ws:
                del self._sockets[shard]
                self._shard_ready(shard).clear()
                await self._notify()
        return ws

    async def _identified(self, ws: web.WebSocketResponse, d: dict[str, Any]) -> int | None:
        """Answer an IDENTIFY: READY with this shard's guilds, then their GUILD_CREATEs. None if refused."""
        shard, count = d.get("shard") or [0, 1]
        if count != self.shard_count or not 0 <= shard < count:
            # as Discord: 4010 invalid shard, 4011 sharding required
            await ws.close(code=4011 if count == 1 else 4010, message=b"Invalid shard")
            return None
        self.identify = d
        self.identifies.append(d)
        self._sockets[shard] = ws
        self._seqs[shard] = 0
        self._shard_ready(shard).set()
        session = secrets.token_hex(16)
        self._sessions[session] = shard
        guilds = [g for g in self.guild_channels if self.shard_of(g) == shard]
        await self.dispatch("READY", {
            "v": 10, "user": self.bot.user_payload(), "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
            "session_id": session, "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [], "relationships": [], "presences": [], "shard": [shard, count],
        }, shard=shard)  # fmt: skip
        for guild in guilds:
            await self.dispatch("GUILD_CREATE", self._guild_payload(guild), shard=shard)
        return shard

    # ------------------------------------------------------------------ REST handlers

    async def _attachment(self, request: web.Request) -> web.Response:
        aid = int(request.match_info["aid"])
        att = self._uploads.get(aid) or next(
            (a for m in self.messages.values() for a in m.attachments if a.id == aid), None
        )
        if att is None:
            return _error(404, 0, "no such attachment")
        return web.Response(body=att.data, headers={"Content-Type": att.content_type or "application/octet-stream"})

    async def _commands(self, request: web.Request) -> web.Response:
        guild = request.match_info.get("guild")
        gid = int(guild) if guild else None
        if request.method == "GET":
            cmds = self.guild_commands.get(gid, []) if gid else (self.global_commands or [])
            return _json(cmds)
        if request.method != "PUT":
            raise web.HTTPNotFound()
        body = request[_REC].json or []
        stored = []
        for cmd in body:
            key = (gid, cmd["name"], cmd.get("type", 1))
            cid = self._command_ids.setdefault(key, snowflake())
            full = {
                "type": 1, "description": "", "options": [], "default_member_permissions": None,
                "nsfw": False, **cmd, "id": str(cid), "application_id": str(self.application_id),
                "version": str(snowflake()),
            }  # fmt: skip
            if gid:
                full["guild_id"] = str(gid)
            stored.append(full)
        if gid:
            self.guild_commands[gid] = stored
        else:
            self.global_commands = stored
        return _json(stored)

    def _new_message(self, channel_id: int, body: dict[str, Any], files: list[tuple[str, str, bytes]],
                     **kw: Any) -> StoredMessage:  # fmt: skip
        msg = StoredMessage(
            id=kw.pop("id", None) or snowflake(),
            channel_id=channel_id,
            guild_id=self.guild_of(channel_id) or self.guild_id,
            author=self.bot.user_payload(),
            **kw,
        )
        self._apply(msg, body, files, creating=True)
        self.messages[msg.id] = msg
        return msg

    def _apply(self, msg: StoredMessage, body: dict[str, Any] | None, files: list[tuple[str, str, bytes]],
               *, creating: bool = False) -> None:  # fmt: skip
        body = body or {}
        if "content" in body:
            msg.content = body["content"] or ""
        if "embeds" in body:
            msg.embeds = list(body["embeds"] or [])
        if "components" in body:
            msg.components = list(body["components"] or [])
        if "flags" in body and body["flags"] is not None:
            keep = msg.flags & EPHEMERAL if not creating else 0
            msg.flags = (int(body["flags"]) & ~LOADING) | keep
        by_index: dict[int, tuple[str, bytes]] = {}
        for name, filename, blob in files:
            m = re.fullmatch(r"files\[(\d+)\]", name)
            idx = int(m.group(1)) if m else len(by_index)
            by_index[idx] = (filename, blob)
        if "attachments" in body or files:
            existing = {a.id: a for a in msg.attachments}
            new: list[StoredAttachment] = []
            used: set[int] = set()
            entries = body.get("attachments")
            if entries is None:
                entries = (
                    [{"id": i} for i in by_index]
                    if creating
                    else ([{"id": a.id} for a in msg.attachments] + [{"id": i} for i in by_index])
                )
            for entry in entries:
                aid = int(entry["id"])
                if aid in existing and aid not in by_index:
                    new.append(existing[aid])
                elif aid in by_index:
                    filename, blob = by_index[aid]
                    filename = entry.get("filename") or filename
                    used.add(aid)
                    ctype = mimetypes.guess_type(filename)[0]
                    new.append(StoredAttachment(snowflake(), filename, blob, ctype, entry.get("description")))
            for idx, (filename, blob) in by_index.items():
                if idx not in used:
                    new.append(StoredAttachment(snowflake(), filename, blob, mimetypes.guess_type(filename)[0]))
            msg.attachments = new
        if not creating:
            msg.edits += 1
            msg.edited_at = iso_now()

    async def _echo(self, msg: StoredMessage, event: str = "MESSAGE_CREATE") -> None:
        if self.echo_messages and self.shard_of(msg.guild_id) in self._sockets and not msg.ephemeral:
            await self.dispatch(event, msg.payload(self.base_url), shard=self.shard_of(msg.guild_id))

    async def _callback(self, request: web.Request) -> web.Response:
        rec = self.interactions.get(int(request.match_info["iid"]))
        if rec is None or rec.token != request.match_info["token"]:
            return _error(404, 10062, "Unknown interaction")
        if rec.callback_type is not None:
            return _error(400, 40060, "Interaction has already been acknowledged.")
        body = request[_REC].json or {}
        ctype = int(body.get("type", 0))
        data = body.get("data") or {}
        rec.callback_type = ctype
        rec.callback_data = data
        files = request[_REC].files
        msg: StoredMessage | None = None
        if ctype == 4:
            msg = self._new_message(rec.channel_id, data, files, type=20 if rec.type == 2 else 19,
                                    webhook_id=self.application_id, interaction_id=rec.id)  # fmt: skip
            msg.flags = int(data.get("flags") or 0) & ~LOADING
            rec.original_id = msg.id
        elif ctype == 5:
            msg = self._new_message(rec.channel_id, {}, [], type=20 if rec.type == 2 else 19,
                                    webhook_id=self.application_id, interaction_id=rec.id)  # fmt: skip
            msg.flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            rec.original_id = msg.id
        elif ctype in (6, 7):
            if rec.message_id is None:
                return _error(400, 50035, f"callback type {ctype} needs a component/modal interaction on a message")
            rec.original_id = rec.message_id
            msg = self.messages[rec.message_id]
            if ctype == 7:
                self._apply(msg, data, files)
        elif ctype not in (1, 8, 9, 10, 12):
            return _error(400, 50035, f"Invalid interaction callback type {ctype}")
        answer: dict[str, Any] = {
            "interaction": {
                "id": str(rec.id),
                "type": rec.type,
                "response_message_id": str(msg.id) if msg else None,
                "response_message_loading": bool(msg and msg.loading),
                "response_message_ephemeral": bool(msg and msg.ephemeral),
            },
            "resource": {"type": ctype},
        }
        if msg is not None:
            answer["resource"]["message"] = msg.payload(self.base_url)
            if ctype == 4:
                await self._echo(msg)
        if "with_response" not in request.query:
            return _no_content()
        return _json(answer)

    def _interaction_for(self, request: web.Request) -> _Interaction | None:
        rec = self._by_token.get(request.match_info["token"])
        if rec is None or str(self.application_id) != request.match_info["app"]:
            return None
        return rec

    async def _followup(self, request: web.Request) -> web.Response:
        rec = self._interaction_for(request)
        if rec is None:
            return _error(404, 10015, "Unknown Webhook")
        if rec.callback_type is None:
            return _error(400, 40060, "stand-in: followup before the interaction was acknowledged")
        body = request[_REC].json or {}
        files = request[_REC].files
        original = self.messages.get(rec.original_id) if rec.original_id else None
        if rec.callback_type == 5 and original is not None and original.loading:
            # the first followup after a 'thinking' defer replaces the loading message
            self._apply(original, {k: v for k, v in body.items() if k != "flags"}, files)
            original.flags &= ~LOADING
            msg = original
        else:
            msg = self._new_message(rec.channel_id, body, files, webhook_id=self.application_id,
                                    interaction_id=rec.id)  # fmt: skip
            msg.flags = int(body.get("flags") or 0) & ~LOADING
            rec.followup_ids.append(msg.id)
            await self._echo(msg)
        return _json(msg.payload(self.base_url))

    async def _webhook_message(self, request: web.Request) -> web.Response:
        rec = self._interaction_for(request)
        if rec is None:
            return _error(404, 10015, "Unknown Webhook")
        mid_s = request.match_info["mid"]
        mid = rec.original_id if mid_s == "@original" else int(mid_s)
        msg = self.messages.get(mid) if mid else None
        if msg is None or msg.deleted:
            return _error(404, 10008, "Unknown Message")
        if request.method == "GET":
            return _json(msg.payload(self.base_url))
        if request.method == "PATCH":
            self._apply(msg, request[_REC].json, request[_REC].files)
            msg.flags &= ~LOADING
            await self._echo(msg, "MESSAGE_UPDATE")
            return _json(msg.payload(self.base_url))
        if request.method == "DELETE":
            msg.deleted = True
            return _no_content()
        raise web.HTTPNotFound()

    async def _get_channel(self, request: web.Request) -> web.Response:
        ch = self._channel(int(request.match_info["cid"]))
        if ch is None:
            return _error(404, 10003, "Unknown Channel")
        return _json(ch)

    async def _get_user(self, request: web.Request) -> web.Response:
        user = self.users.get(int(request.match_info["uid"]))
        if user is None:
            return _error(404, 10013, "Unknown User")
        return _json(user.user_payload())

    async def _open_dm(self, request: web.Request) -> web.Response:
        body = request[_REC].json or {}
        user = self.users.get(int(body.get("recipient_id", 0)))
        if user is None:
            return _error(400, 50035, "Invalid Form Body")
        cid = next((c for c, u in self.dm_channels.items() if u == user.id), None) or snowflake()
        self.dm_channels[cid] = user.id
        return _json({"id": str(cid), "type": 1, "recipients": [user.user_payload()], "last_message_id": None})

    async def _send_dm(self, request: web.Request, cid: int) -> web.Response:
        user = self.users[self.dm_channels[cid]]
        if not user.dms_open:
            return _error(403, 50007, "Cannot send messages to this user")
        body = request[_REC].json or {}
        msg = StoredMessage(
            id=snowflake(),
            channel_id=cid,
            guild_id=None,
            author=self.bot.user_payload(),
            content=body.get("content") or "",
        )
        self.direct_messages.setdefault(user.id, []).append(msg)
        return _json(msg.payload(self.base_url))

    async def _create_message(self, request: web.Request) -> web.Response:
        cid = int(request.match_info["cid"])
        if cid in self.dm_channels:
            return await self._send_dm(request, cid)
        if self._channel(cid) is None:
            return _error(404, 10003, "Unknown Channel")
        body = request[_REC].json or {}
        if not body.get("content") and not body.get("embeds") and not request[_REC].files \
                and not body.get("components") and not body.get("sticker_ids"):  # fmt: skip
            return _error(400, 50006, "Cannot send an empty message")
        mtype = 19 if body.get("message_reference") else 0
        msg = self._new_message(cid, body, request[_REC].files, type=mtype)
        if "message_reference" in body:
            ref = body["message_reference"]
            msg.extra["message_reference"] = {
                k: str(v) if k.endswith("_id") and v is not None else v for k, v in ref.items()
            }
        await self._echo(msg)
        return _json(msg.payload(self.base_url))

    async def _channel_message(self, request: web.Request) -> web.Response:
        cid, mid = int(request.match_info["cid"]), int(request.match_info["mid"])
        msg = self.messages.get(mid)
        if msg is None or msg.deleted or msg.channel_id != cid:
            return _error(404, 10008, "Unknown Message")
        if request.method == "GET":
            return _json(msg.payload(self.base_url))
        if request.method == "PATCH":
            self._apply(msg, request[_REC].json, request[_REC].files)
            await self._echo(msg, "MESSAGE_UPDATE")
            return _json(msg.payload(self.base_url))
        if request.method == "DELETE":
            msg.deleted = True
            return _no_content()
        raise web.HTTPNotFound()

    async def _create_thread(self, request: web.Request) -> web.Response:
        cid = int(request.match_info["cid"])
        parent = self.channels.get(cid)
        if parent is None:
            return _error(404, 10003, "Unknown Channel")
        body = request[_REC].json or {}
        from_message = request.match_info.get("mid")
        tid = int(from_message) if from_message else snowflake()
        thread = {
            "id": str(tid), "type": int(body.get("type") or 11), "guild_id": parent["guild_id"],
            "parent_id": str(cid), "owner_id": str(self.bot.id), "name": body.get("name", "thread"),
            "last_message_id": None, "rate_limit_per_user": body.get("rate_limit_per_user", 0),
            "message_count": 0, "member_count": 1, "total_message_sent": 0, "flags": 0,
            "thread_metadata": {
                "archived": False, "auto_archive_duration": body.get("auto_archive_duration", 1440),
                "archive_timestamp": iso_now(), "locked": False, "invitable": body.get("invitable", True),
                "create_timestamp": iso_now(),
            },
        }  # fmt: skip
        self.threads[tid] = thread
        if "message" in body:  # forum post
            self._new_message(tid, body["message"], request[_REC].files)
        if self.shard_of(int(parent["guild_id"])) in self._sockets:
            await self.dispatch("THREAD_CREATE", {**thread, "newly_created": True})
        return _json(thread, status=201)
