"""Every player command, answered as a :class:`Reply`. Discord and the console both call this.

Button custom ids (at most 100 characters) carry what is needed to act after a
restart: ``sh:act:<game>:<version>:<seat>:<index>`` presses the ``index``-th legal
action of ``seat`` at exactly that version; older boards are refused as stale.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from render import render_board
from rules.core import Action, BaseState, Event, GameSystem, RuleError, registry
from sessions.dice import DiceError
from sessions.dice import roll as roll_dice
from sessions.errors import SessionError, StaleVersion
from sessions.service import VACANT, Actor, GameService, Update
from sessions.settings import HELP as SETTINGS_HELP
from sessions.settings import GameSettings
from sessions.store import GameRecord

from .reference import help_lines, rules_topic, topics_for
from .replies import COLOUR_END, COLOUR_GOOD, COLOUR_INFO, COLOUR_WARN, Button, Reply

EXPORT_GZIP_ABOVE = 4_000_000
"""Exports larger than this (bytes of JSON) are sent gzip-compressed."""

MAX_BUTTONS = 4
"""Action buttons under a board (plus Status); more choices go through /act's autocomplete."""

BUTTON_ID = re.compile(r"sh:(?P<kind>act|lobby|end|status):(?P<game>[0-9]{1,18})(?::(?P<rest>[a-z0-9:]{0,60}))?")


@dataclass(frozen=True)
class SeatContext:
    """A running game as one user sees it."""

    record: GameRecord
    state: BaseState
    system: GameSystem
    seat: int | None

    def require_seat(self) -> int:
        if self.seat is None:
            raise SessionError("You are not playing in this game.")
        return self.seat

    def my_view(self) -> BaseState:
        """What this user may see: their seat's private view, or the public one."""
        return self.system.player_view(self.state, self.seat)


class Place(Protocol):
    """What the front end can do with channels (Discord opens real threads, the console pretends)."""

    async def open_thread(self, name: str) -> int | None:
        """Open a thread for a new game; its channel id, or None where threads cannot be opened."""
        ...

    async def close_thread(self, channel_id: int) -> None:
        """Remove a thread opened for a game that was then refused."""
        ...


GUILD_SETTINGS: dict[str, str] = {
    "thread_per_game": "on: /game new opens a thread for each game (needs Create Public Threads); off by default",
}
"""Server-wide settings (changed by someone who can manage channels)."""


@dataclass(frozen=True)
class Ctx:
    """Who asks, and where."""

    actor: Actor
    channel_id: int
    guild_id: int | None = None
    place: Place | None = None


class Table:
    """The command layer over the session service."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    # -- /game -------------------------------------------------------------------------------
    async def game_new(self, ctx: Ctx, system: str, scenario: str | None = None, options: str | None = None) -> Reply:
        """Open a table here, or in a new thread when the server asked for a thread per game."""
        thread = await self._thread_for_new_game(ctx, str(system))
        where = replace(ctx, channel_id=thread) if thread else ctx
        try:
            update = await self.service.new_game(
                channel_id=where.channel_id,
                guild_id=ctx.guild_id,
                host=ctx.actor,
                system_id=str(system).strip().lower(),
                scenario=scenario,
                options=options,
            )
        except BaseException:
            if thread and ctx.place is not None:
                await ctx.place.close_thread(thread)  # no empty thread left behind by a typo
            raise
        reply = self._lobby_reply(update.game, f"{ctx.actor.name} opened a table.")
        if thread:
            reply.post_in = thread
        return reply

    async def _thread_for_new_game(self, ctx: Ctx, system: str) -> int | None:
        if ctx.place is None or ctx.guild_id is None:
            return None
        if (await self.service.store.get_guild_settings(ctx.guild_id)).get("thread_per_game") != "on":
            return None
        if await self.service.store.open_game_in(ctx.channel_id) is not None:
            return None  # let new_game explain that this channel already has a game
        return await ctx.place.open_thread(f"{system.strip().lower()} table of {ctx.actor.name}"[:90])

    async def game_join(self, ctx: Ctx, seat: int | None = None) -> Reply:
        update = await self.service.join(ctx.channel_id, ctx.actor, seat)
        if update.game.status == "active":
            return self.board_reply(update, lead=f"{ctx.actor.name} takes over an empty seat.")
        return self._lobby_reply(update.game, f"{ctx.actor.name} joined.")

    async def game_leave(self, ctx: Ctx) -> Reply:
        update = await self.service.leave(ctx.channel_id, ctx.actor)
        return self._after_unseat(update, f"{ctx.actor.name} left the table.")

    async def game_kick(self, ctx: Ctx, user_id: int, name: str) -> Reply:
        update = await self.service.kick(ctx.channel_id, ctx.actor, user_id)
        return self._after_unseat(update, f"{ctx.actor.name} removed {name} from the table.")

    def _after_unseat(self, update: Update, lead: str) -> Reply:
        if update.game.status == "lobby":
            return self._lobby_reply(update.game, lead)
        if update.game.status == "active":
            return self.board_reply(update, lead=lead + " Their seat is open: anyone may /game join it.")
        return Reply(title="Table closed", lines=[lead, *[e.text for e in update.events]], colour=COLOUR_END)

    async def game_start(self, ctx: Ctx) -> Reply:
        update = await self.service.start(ctx.channel_id, ctx.actor)
        return self.board_reply(update)

    async def game_status(self, ctx: Ctx) -> Reply:
        update = await self.service.status(ctx.channel_id, include_finished=True)
        await self._require_viewer(ctx, update.game)
        if update.game.status == "lobby":
            return self._lobby_reply(update.game, "Waiting in the lobby.")
        if update.state is None:
            raise SessionError("No game is running here; the last one ended before it started. Try /game new.")
        lead = "Current position." if update.game.status == "active" else "Final position of the last game here."
        reply = self.board_reply(update, lead=lead)
        reply.mentions = []  # looking at the board should not ping anyone
        return reply

    async def game_view(self, ctx: Ctx) -> Reply:
        """Your own view of the game, hidden things included (only you see it)."""
        update = await self.service.status(ctx.channel_id)
        seat = update.game.seat_of(ctx.actor.user_id)
        if seat is None:
            raise SessionError("Only players have a private view; /game status shows the public board.")
        if update.game.status == "lobby":
            raise SessionError("The game has not started yet.")
        reply = self.board_reply(update, lead="Your view (only you see this).", viewer_seat=seat)
        reply.ephemeral = True
        reply.mentions = []
        return reply

    async def game_log(self, ctx: Ctx, count: int = 10) -> Reply:
        record, actions = await self.service.history(ctx.channel_id, count)
        await self._require_viewer(ctx, record)
        system = registry.get(record.system)
        seat = record.seat_of(ctx.actor.user_id)
        lines: list[str] = []
        for entry in actions:
            who = record.seats[entry.seat].name if entry.seat is not None and entry.seat < len(record.seats) else "-"
            note = " (timed out)" if entry.by_default else ""
            lines.append(f"**{entry.version}.** {who}: `{_safe_format(system, entry.action)}`{note}")
            for event in entry.events:
                visible_to = event.get("visible_to")
                if visible_to is None or visible_to == seat:
                    lines.append(f"  {event.get('text', '')}")
        if not lines:
            lines = ["Nothing has been played yet."]
        return Reply(title=f"Log of game #{record.id}", lines=lines, ephemeral=True)

    async def game_end(self, ctx: Ctx) -> Reply:
        """Ask for confirmation first; the buttons carry the game id."""
        record = await self.service.game_in(ctx.channel_id)
        if ctx.actor.user_id != record.host_id and not ctx.actor.is_admin:
            raise SessionError("Only the host or someone who can manage this channel can end the game.")
        return Reply(
            title="End this game?",
            lines=[f"This stops game #{record.id} for everyone. Its record stays available to /game export."],
            buttons=[
                Button("Yes, end it", f"sh:end:{record.id}:yes", "danger"),
                Button("No, keep playing", f"sh:end:{record.id}:no"),
            ],
            ephemeral=True,
            colour=COLOUR_WARN,
        )

    async def _confirm_end(self, ctx: Ctx, game_id: int, answer: str) -> Reply:
        if answer != "yes":
            return Reply(lines=["Fine, the game goes on."], ephemeral=True, plain=True)
        record = await self.service.game_in(ctx.channel_id)
        if record.id != game_id:
            raise StaleVersion("That confirmation belongs to an older game.")
        update = await self.service.end(ctx.channel_id, ctx.actor)
        return Reply(title=f"Game #{update.game.id} ended", lines=[e.text for e in update.events], colour=COLOUR_END)

    async def game_settings(self, ctx: Ctx, key: str | None = None, value: str | None = None) -> Reply:
        if key and key.strip().lower() in GUILD_SETTINGS:
            return await self.guild_setting(ctx, key.strip().lower(), value)
        if key and value is not None:
            settings = await self.service.change_setting(ctx.channel_id, ctx.actor, key, value)
            return Reply(title="Settings saved", lines=settings.describe(), colour=COLOUR_GOOD)
        if key and value is None:
            raise SessionError(f"Give a value for {key}: {SETTINGS_HELP.get(key, 'see /game settings')}.")
        record, settings = await self.service.get_settings(ctx.channel_id)
        lines = [*settings.describe(), "", "Change one with `/game settings key:<name> value:<value>`:"]
        lines += [f"• {name}: {text}" for name, text in SETTINGS_HELP.items()]
        lines += [f"• {name} (whole server): {text}" for name, text in GUILD_SETTINGS.items()]
        return Reply(title=f"Settings of game #{record.id}", lines=lines, ephemeral=True)

    async def guild_setting(self, ctx: Ctx, key: str, value: str | None) -> Reply:
        """Server-wide settings (today: a thread per game). Needs Manage Channels."""
        if ctx.guild_id is None:
            raise SessionError("Server settings only exist inside a server.")
        if value is None:
            current = (await self.service.store.get_guild_settings(ctx.guild_id)).get(key, "off")
            return Reply(lines=[f"{key}: {current}"], ephemeral=True, plain=True)
        if not ctx.actor.is_admin:
            raise SessionError("Only someone who can manage channels can change server settings.")
        value = value.strip().lower()
        if value not in ("on", "off"):
            raise SessionError(f"{key} is on or off.")
        await self.service.store.set_guild_setting(ctx.guild_id, key, value)
        return Reply(lines=[f"Saved: {key} is now {value}."], ephemeral=True, plain=True, colour=COLOUR_GOOD)

    async def game_export(self, ctx: Ctx) -> Reply:
        record = await self.service.game_in_or_latest(ctx.channel_id)
        await self._require_viewer(ctx, record)
        data = await self.service.export(record.id)
        if record.status in ("lobby", "active"):
            # While the game runs, the state may hold hidden cards and the seed predicts every roll.
            data["state"] = None
            data["seed"] = None
            note = "The seed and the current state are left out while the game runs (they would reveal secrets)."
        else:
            note = "Includes the final state; /game verify replays it."
        raw = json.dumps(data, indent=1).encode()
        name = f"starhost-game-{record.id}.json"
        if len(raw) > EXPORT_GZIP_ABOVE:  # stay far below Discord's attachment limit
            raw, name = gzip.compress(raw, mtime=0), name + ".gz"
        seed = "hidden until the game ends" if data["seed"] is None else data["seed"]
        return Reply(
            title=f"Record of game #{record.id}",
            lines=[f"{len(data['actions'])} actions, seed {seed}.", note],
            attachment=(name, raw),
            ephemeral=True,
        )

    async def game_verify(self, ctx: Ctx) -> Reply:
        record = await self.service.game_in_or_latest(ctx.channel_id)
        result = await self.service.verify(record.id)
        return Reply(
            title=f"Verify game #{record.id}",
            lines=[result.message],
            colour=COLOUR_GOOD if result.ok else COLOUR_WARN,
            ephemeral=True,
        )

    async def game_timeout(self, ctx: Ctx) -> Reply:
        updates = await self.service.apply_defaults(ctx.channel_id, ctx.actor)
        last = updates[-1]
        events: list[Event] = [e for u in updates for e in u.events]
        last.events = events
        return self.board_reply(last)

    # -- playing --------------------------------------------------------------------------------
    async def act(self, ctx: Ctx, action: Action | str) -> Reply:
        """Play an action (data built by a system's command, or typed notation) for the asking player."""
        update = await self.service.act(actor=ctx.actor, action=action, channel_id=ctx.channel_id)
        return self.board_reply(update, actor_seat=update.game.seat_of(ctx.actor.user_id))

    async def actions(self, ctx: Ctx) -> Reply:
        """Everything the asking player may do now, in the notation /act takes."""
        names = await self.suggest_actions(ctx, "", limit=60)
        lines = [f"`{n}`" for n in names]
        if not lines:
            status = await self.service.status(ctx.channel_id)
            lines = [f"You have nothing to do right now. {self.service.waiting_text(status.game, status.prompts)}"]
        else:
            lines.append("")
            lines.append("Play one with `/act action:<move>` (or the buttons under the board).")
        return Reply(title=f"What {ctx.actor.name} may do", lines=lines, ephemeral=True)

    async def seat_context(self, ctx: Ctx, system_id: str | None = None) -> SeatContext:
        """The running game in this channel, its state and the asking user's seat (None: not seated).

        System commands use it for autocomplete and private dashboards. ``system_id`` refuses a
        command of one game used at another game's table.
        """
        record = await self.service.game_in(ctx.channel_id)
        record, state = await self.service.get(record.id)
        if system_id is not None and record.system != system_id:
            other = registry.get(record.system).name
            raise SessionError(f"This channel is playing {other}; use its commands (see /help).")
        if state is None:
            raise SessionError("The game has not started yet. The host can /game start it.")
        return SeatContext(record, state, registry.get(record.system), record.seat_of(ctx.actor.user_id))

    async def suggest_actions(self, ctx: Ctx, typed: str, limit: int = 25) -> list[str]:
        """Autocomplete for /act: the acting user's legal actions that match what is typed."""
        record = await self.service.store.open_game_in(ctx.channel_id)
        if record is None or record.status != "active":
            return []
        record, state = await self.service.get(record.id)
        seat = record.seat_of(ctx.actor.user_id)
        if seat is None or state is None:
            return []
        system = registry.get(record.system)
        wanted = typed.strip().lower()
        names = [system.format(a) for a in system.legal(state, seat)]
        return [n for n in names if wanted in n.lower()][:limit]

    # -- buttons ------------------------------------------------------------------------------------
    async def click(self, ctx: Ctx, custom_id: str) -> Reply:
        match = BUTTON_ID.fullmatch(custom_id)
        if match is None:
            raise SessionError("That button no longer does anything.")
        kind, game_id, rest = match["kind"], int(match["game"]), (match["rest"] or "").split(":")
        record = await self.service.store.get_game(game_id)
        if record is None or record.channel_id != ctx.channel_id:
            raise SessionError("That button belongs to a game that is gone.")
        if kind == "status":
            return await self._status_for(ctx, record)
        if kind == "end":
            return await self._confirm_end(ctx, game_id, rest[0])
        if kind == "lobby":
            if record.status != "lobby":
                raise StaleVersion("The lobby is closed: the game has started or ended.")
            if rest[0] == "join":
                return await self.game_join(ctx)
            if rest[0] == "start":
                return await self.game_start(ctx)
            if rest[0] == "leave":
                return await self.game_leave(ctx)
            raise SessionError("That button no longer does anything.")
        return await self._press_action(ctx, record, rest)

    async def _press_action(self, ctx: Ctx, record: GameRecord, parts: Sequence[str]) -> Reply:
        if len(parts) != 3 or not all(p.isdigit() for p in parts):
            raise SessionError("That button no longer does anything.")
        version, seat, index = (int(p) for p in parts)
        mine = record.seat_of(ctx.actor.user_id)
        if mine is None:
            raise SessionError("Only the players of this game can press its buttons.")
        if mine != seat:
            owner = record.seats[seat].name if seat < len(record.seats) else "another player"
            raise SessionError(f"That button is for {owner}.")
        if version != record.version:
            raise StaleVersion()
        _, state = await self.service.get(record.id)
        if state is None:
            raise StaleVersion()
        legal = registry.get(record.system).legal(state, seat)
        if index >= len(legal):
            raise StaleVersion()
        update = await self.service.act(
            actor=ctx.actor,
            action=legal[index],
            game_id=record.id,
            channel_id=ctx.channel_id,
            expected_version=version,
        )
        return self.board_reply(update, actor_seat=seat)

    async def _status_for(self, ctx: Ctx, record: GameRecord) -> Reply:
        if record.status in ("lobby", "active"):
            reply = await self.game_status(ctx)
        else:
            raise SessionError("That game is over; /game log shows how it went.")
        reply.ephemeral = True
        reply.mentions = []
        return reply

    # -- presentation ---------------------------------------------------------------------------------
    def _lobby_reply(self, record: GameRecord, lead: str) -> Reply:
        system = registry.get(record.system)
        labels = system.seat_labels(system.max_seats)
        seated = {s.seat: s for s in record.seats}
        lines = [lead, ""]
        for index in range(system.max_seats):
            player = seated.get(index)
            label = labels[index] if index < len(labels) else f"Seat {index + 1}"
            lines.append(f"`{index + 1}` {label}: {player.name if player else '— open —'}")
        lines.append("")
        lines.append(
            f"{system.name} seats {system.min_seats}–{system.max_seats}. Join with the button or "
            "`/game join`; the host starts with `/game start`."
        )
        fields = []
        if record.scenario:
            fields.append(("Scenario", record.scenario))
        if record.options:
            fields.append(("Options", ", ".join(f"{k}={v}" for k, v in record.options.items())))
        host = next((s.name for s in record.seats if s.user_id == record.host_id), "the host")
        return Reply(
            title=f"{system.name} · table #{record.id}",
            lines=lines,
            fields=fields,
            footer=f"Host: {host}",
            buttons=[
                Button("Join", f"sh:lobby:{record.id}:join", "primary"),
                Button("Leave", f"sh:lobby:{record.id}:leave"),
                Button("Start", f"sh:lobby:{record.id}:start", "success"),
            ],
        )

    def board_reply(
        self,
        update: Update,
        *,
        lead: str | None = None,
        actor_seat: int | None = None,
        viewer_seat: int | None = None,
    ) -> Reply:
        """The standard answer after anything happens in a running game.

        The picture is the public view unless ``viewer_seat`` asks for that seat's private one.
        """
        record, state = update.game, update.state
        system = registry.get(record.system)
        lines = [lead] if lead else []
        if update.action_text and actor_seat is not None and actor_seat < len(record.seats):
            lines.append(f"**{record.seats[actor_seat].name}**: `{update.action_text}`")
        lines += [_event_line(e) for e in update.events if e.visible_to is None]
        private = [e.text for e in update.events if e.visible_to is not None and e.visible_to == actor_seat]
        fields: list[tuple[str, str]] = []
        colour = COLOUR_INFO
        buttons: list[Button] = []
        mentions: list[int] = []
        if state is not None:
            outcome = system.outcome(state)
            if outcome is not None:
                colour = COLOUR_END
                fields.append(("Game over", outcome.summary or outcome.result))
            elif update.prompts:
                fields.append(("Now", self._prompt_lines(record, update)))
                mentions = update.waiting_users()
                buttons = self._action_buttons(record, system, state, update)
        image = None
        if state is not None:
            public = system.player_view(state, viewer_seat)
            description = system.describe(public)
            events = [e for e in update.events if e.visible_to is None]
            title = f"{system.name} · game #{record.id}"

            def image() -> bytes:
                return render_board(public, title=title, description=description, events=events)

        if record.status in ("lobby", "active"):
            buttons.append(Button("Status", f"sh:status:{record.id}"))
        return Reply(
            title=f"{system.name} · game #{record.id}",
            lines=lines or ["Nothing new."],
            fields=fields,
            image=image,
            mentions=mentions,
            buttons=buttons,
            colour=colour,
            footer=f"version {record.version}",
            private=private,
        )

    def _prompt_lines(self, record: GameRecord, update: Update) -> str:
        rows = []
        for prompt in update.prompts[:6]:
            user = record.user_of(prompt.seat)
            who = f"<@{user}>" if user not in (None, VACANT) else "(empty seat: the host may /game timeout)"
            rows.append(f"{who} — {prompt.text}")
        return "\n".join(rows)

    def _action_buttons(self, record: GameRecord, system: GameSystem, state: BaseState, update: Update) -> list[Button]:
        seat = update.prompts[0].seat
        legal = system.legal(state, seat)
        buttons = []
        chosen = [i for i in system.button_choices(state, seat, legal) if 0 <= i < len(legal)]
        for index in chosen[:MAX_BUTTONS]:
            label = system.format(legal[index])
            buttons.append(Button(label[:80], f"sh:act:{record.id}:{record.version}:{seat}:{index}", "primary"))
        return buttons

    async def _require_viewer(self, ctx: Ctx, record: GameRecord) -> None:
        """Players and channel managers may always look; others only while spectators are on."""
        if ctx.actor.is_admin or record.seat_of(ctx.actor.user_id) is not None:
            return
        settings = GameSettings.parse(await self.service.store.get_settings(record.id))
        if not settings.spectators:
            raise SessionError("The host keeps this table for its players: spectators are switched off.")

    # -- dice, rules, help ---------------------------------------------------------------------------
    def roll(self, ctx: Ctx, expression: str, reason: str | None = None, secret: bool = False) -> Reply:
        try:
            result = roll_dice(expression)
        except DiceError as exc:
            raise RuleError(str(exc)) from None
        label = f" for *{reason.strip()[:100]}*" if reason and reason.strip() else ""
        if result.is_pool:
            headline = f"**{result.successes}** success{'es' if result.successes != 1 else ''}"
        else:
            headline = f"**{result.total}**"
        return Reply(
            lines=[f"{ctx.actor.name} rolls `{result.expression}`{label}: {headline}", result.detail],
            ephemeral=secret,
            plain=True,
        )

    def rules(self, system: str, topic: str | None = None) -> Reply:
        game = registry.get(str(system).strip().lower())
        title, lines = rules_topic(game, topic)
        return Reply(title=title, lines=lines, ephemeral=True)

    def rule_topics(self, system: str, typed: str) -> list[tuple[str, str]]:
        try:
            game = registry.get(str(system).strip().lower())
        except RuleError:
            return []
        wanted = typed.strip().lower()
        return [(t, k) for k, t in topics_for(game) if wanted in t.lower() or wanted in k][:25]

    def help(self) -> Reply:
        return Reply(title="Starhost", lines=help_lines(), ephemeral=True)


def _event_line(event: Event) -> str:
    if event.kind == "roll":
        return f"🎲 {event.text}"
    if event.kind == "turn":
        return f"**{event.text}**"
    if event.kind in ("warn", "end"):
        return f"__{event.text}__"
    return event.text


def _safe_format(system: GameSystem, action: dict) -> str:
    try:
        return system.format(action)
    except Exception:  # an old log entry must never break /game log
        return json.dumps(action)[:80]
