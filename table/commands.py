"""Every player command, answered as a :class:`Reply`. Discord and the console both call this.

Button custom ids (at most 100 characters) carry what is needed to act after a
restart: ``sh:act:<game>:<version>:<seat>:<index>`` presses the ``index``-th legal
action of ``seat`` at exactly that version; older boards are refused as stale.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from rules.core import Action, BaseState, Event, GameSystem, RuleError, registry
from sessions import catchup
from sessions.dice import DiceError
from sessions.dice import roll as roll_dice
from sessions.errors import SessionError, StaleVersion
from sessions.notify import plan_delivery
from sessions.positions import Memo, legal_moves
from sessions.service import DamagedGame, GameService, Update
from sessions.settings import HELP as SETTINGS_HELP
from sessions.settings import GameSettings
from sessions.store import GameRecord

from . import spec
from .context import Ctx
from .present import board_reply, lobby_reply, rename, seat_names
from .reference import help_page, rules_topic, topics_for
from .replies import COLOUR_END, COLOUR_GOOD, COLOUR_WARN, Button, Reply
from .terms import terms_in

BUTTON_ID = re.compile(
    r"sh:(?P<kind>act|lobby|end|status|undo|mine):(?P<game>[0-9]{1,18})(?::(?P<rest>[a-z0-9:]{0,60}))?"
)


@dataclass(frozen=True)
class SeatContext:
    """A running game as one user sees it."""

    record: GameRecord
    state: BaseState
    system: GameSystem
    seat: int | None
    memo: Memo | None = field(default=None, compare=False, repr=False)
    """The position's memo when ``state`` is the held game's current one (see ``sessions.positions``)."""

    def legal(self, seat: int | None = None) -> list[Action]:
        """``seat``'s legal actions (default: the asker's; none for someone not seated), once per position;
        the caller gets its own copies to change."""
        seat = self.seat if seat is None else seat
        if seat is None:
            return []
        return [dict(action) for action in legal_moves(self.system, self.state, seat, self.memo)]

    def require_seat(self) -> int:
        if self.seat is None:
            raise SessionError("You are not playing in this game.")
        return self.seat

    def my_view(self) -> BaseState:
        """What this user may see: their seat's private view, or the public one."""
        return self.system.view(self.state, self.seat)


EXPLAIN_AT_ONCE = 2
"""Most new game terms one reply explains (the next replies explain the rest as they come up)."""

EXPLAINED = "explained_terms"
"""Game setting: the glossary terms the game's replies have explained (JSON list)."""

EXPLAINED_GAMES_KEPT = 1024
"""Games whose explained terms a process keeps in memory (the oldest read is dropped first)."""


PRIVATE_NEWS_ACTIONS = 20
"""How far back (in logged actions) a player's private view looks for lines told only to them."""

PRIVATE_NEWS_LINES = 10
"""Most such lines shown at once."""

GUILD_SETTINGS: dict[str, str] = {
    "thread_per_game": "on: /game new opens a thread for each game (needs Create Public Threads); off by default",
}
"""Server-wide settings (changed by someone who can manage channels)."""


class Table:
    """The command layer over the session service."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self._explained_terms: dict[int, set[str]] = {}

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
        return await ctx.place.open_thread(f"{system.strip().lower()} table of {ctx.actor.name}"[:90])

    async def game_join(self, ctx: Ctx, seat: int | None = None) -> Reply:
        update = await self.service.join(ctx.channel_id, ctx.actor, seat)
        if update.game.status == "active":
            lead = f"{ctx.actor.name} takes over an empty seat."
            return await self._told(update, self.board_reply(update, lead=lead))
        return self._lobby_reply(update.game, f"{ctx.actor.name} joined.")

    async def game_addbot(self, ctx: Ctx, seat: int | None = None) -> Reply:
        """The host seats a bot (in the lobby, or on an empty seat of a running game)."""
        update = await self.service.add_bot(ctx.channel_id, ctx.actor, seat)
        if update.game.status == "active":
            return await self._told(update, self.board_reply(update))
        return self._lobby_reply(update.game, f"{ctx.actor.name} seated a bot.")

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
            lead += " Their seat is open: anyone may /game join it, or the host may /game addbot."
            return self.board_reply(update, lead=lead)
        return Reply(title="Table closed", lines=[lead, *[e.text for e in update.events]], colour=COLOUR_END)

    async def game_start(self, ctx: Ctx) -> Reply:
        update = await self.service.start(ctx.channel_id, ctx.actor)
        return await self._told(update, self.board_reply(update))

    async def game_status(self, ctx: Ctx) -> Reply:
        try:
            update = await self.service.status(ctx.channel_id, include_finished=True)
        except DamagedGame as damaged:  # its row cannot be read: the host hears what that means, others a sentence
            if ctx.actor.user_id != damaged.host_id and not ctx.actor.is_admin:
                raise
            title = f"Game #{damaged.game_id} cannot be read"
            return Reply(title=title, lines=damaged.report(), colour=COLOUR_WARN, ephemeral=True)
        await self.require_viewer(ctx, update.game)
        if update.game.status == "lobby":
            return self._lobby_reply(update.game, "Waiting in the lobby.")
        if update.state is None:
            raise SessionError("No game is running here; the last one ended before it started. Try /game new.")
        lead = None if update.game.status == "active" else "Final position of the last game here."
        reply = self.board_reply(update, lead=lead, summary=True)
        reply.mentions = []  # looking at the board should not ping anyone (the Now field still names them)
        await self._status_catch_up(ctx, update, reply)
        return reply

    async def _status_catch_up(self, ctx: Ctx, update: Update, reply: Reply) -> None:
        """A seated player back after a while reads what they missed (their own secret lines too) in
        ``reply.private``, which only they see; a player away hears that the bot plays for them."""
        seat = update.game.seat_of(ctx.actor.user_id)
        if seat is None or update.game.status != "active" or update.state is None:
            return
        handed = (await self.service.handed_over(update.game)).get(seat)
        if handed is not None:
            until = "until you are back" if handed.ends_at is None else f"until <t:{int(handed.ends_at)}:f>"
            reply.private.append(f"The bot plays your seat {until}; `/game back` takes it back now.")
        digest = await self.service.catch_up(update.game, update.state, seat, private=True)
        if digest:
            reply.private.append(catchup.as_text(digest.lines))

    async def notice(self, update: Update) -> Reply:
        """The board posted in a game's channel after the bot played by itself (a deadline, a player away)."""
        return await self._told(update, self.board_reply(update))

    async def game_view(self, ctx: Ctx) -> Reply:
        """Your own view of the game, hidden things included (only you see it)."""
        update = await self.service.status(ctx.channel_id)
        seat = update.game.seat_of(ctx.actor.user_id)
        if seat is None:
            raise SessionError("Only players have a private view; /game status shows the public board.")
        if update.game.status == "lobby":
            raise SessionError("The game has not started yet.")
        reply = self.board_reply(update, lead="Your view (only you see this).", viewer_seat=seat, summary=True)
        news = await self.private_news(update.game, seat)
        if news:
            reply.lines[1:1] = ["What only you know, lately:", *(f"• {line}" for line in news), ""]
        if update.state is not None:
            system = registry.get(update.game.system)
            own = system.private_lines(system.view(update.state, seat), seat)
            if own:
                reply.lines[1:1] = [*own, ""]
        reply.ephemeral = True
        reply.mentions = []
        return reply

    async def private_news(self, record: GameRecord, seat: int, actions: int = PRIVATE_NEWS_ACTIONS) -> list[str]:
        """The lines told only to ``seat`` in the game's last ``actions`` moves (cards drawn, picks), oldest first."""
        recent = await self.service.store.recent_actions(record.id, actions)
        return [
            str(event.get("text", ""))
            for entry in recent
            for event in entry.events
            if event.get("visible_to") == seat and entry.kind != "undo"
        ][-PRIVATE_NEWS_LINES:]

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

    async def game_timeout(self, ctx: Ctx) -> Reply:
        updates = await self.service.apply_defaults(ctx.channel_id, ctx.actor)
        last = updates[-1]
        events: list[Event] = [e for u in updates for e in u.events]
        last.events = events
        return await self._told(last, self.board_reply(last))

    # -- playing --------------------------------------------------------------------------------
    async def act(self, ctx: Ctx, action: Action | str) -> Reply:
        """Play an action (data built by a system's command, or typed notation) for the asking player."""
        update = await self.service.act(actor=ctx.actor, action=action, channel_id=ctx.channel_id)
        return await self._told(update, self.board_reply(update, actor_seat=update.game.seat_of(ctx.actor.user_id)))

    async def game_undo(self, ctx: Ctx, everyone: bool | None = None) -> Reply:
        """Take back your last move; with ``everyone``, the host asks the table to take back the last move."""
        if everyone:
            return await self._propose_undo(ctx)
        try:
            update = await self.service.undo(ctx.channel_id, ctx.actor)
        except SessionError as exc:
            record = await self.service.game_in(ctx.channel_id)
            if ctx.actor.user_id == record.host_id:
                raise SessionError(f"{exc} As host you can ask the table: `/game undo everyone:yes`.") from None
            raise
        return self.board_reply(update)

    async def _propose_undo(self, ctx: Ctx) -> Reply:
        record = await self.service.game_in(ctx.channel_id)
        if ctx.actor.user_id != record.host_id:
            raise SessionError("Only the host can ask the table to take back a move.")
        proposal = await self.service.propose_undo(record.id, ctx.actor)
        if proposal.done is not None:
            return self.board_reply(proposal.done)
        names = ", ".join(record.seats[s].name for s in proposal.waiting)
        return Reply(
            title="Take back the last move?",
            lines=[
                f"{ctx.actor.name} asks to take back `{proposal.text}` (and what followed it by itself).",
                f"Everyone else must agree: {names}.",
            ],
            buttons=[
                Button("Agree", f"sh:undo:{record.id}:{record.version}:yes", "success"),
                Button("Refuse", f"sh:undo:{record.id}:{record.version}:no", "danger"),
            ],
            mentions=[record.seats[s].user_id for s in proposal.waiting],
            colour=COLOUR_WARN,
        )

    async def _vote_undo(self, ctx: Ctx, record: GameRecord, parts: Sequence[str]) -> Reply:
        if len(parts) != 2 or not parts[0].isdigit():
            raise SessionError("That button no longer does anything.")
        outcome = await self.service.vote_undo(record.id, int(parts[0]), ctx.actor, parts[1] == "yes")
        if outcome.done is not None:
            return self.board_reply(outcome.done)
        if outcome.refused:
            return Reply(lines=[f"{ctx.actor.name} refused: the move stands."], plain=True)
        names = ", ".join(record.seats[s].name for s in outcome.waiting)
        return Reply(lines=[f"{ctx.actor.name} agrees. Still waiting for: {names}."], plain=True)

    async def actions(self, ctx: Ctx) -> Reply:
        """Everything the asking player may do now: the game's own command for it, and the /act notation."""
        record = await self.service.open_game(ctx.channel_id)
        legal: list[Action] = []
        state: BaseState | None = None
        system: GameSystem | None = None
        seat = None
        if record is not None and record.status == "active":
            record, state = await self.service.get(record.id)
            seat = record.seat_of(ctx.actor.user_id)
            system = registry.get(record.system)
            if seat is not None and state is not None:
                legal = system.legal(state, seat)[:60]
        if not legal or system is None or state is None or seat is None:
            status = await self.service.status(ctx.channel_id)
            waiting = self.service.waiting_text(status.game, status.prompts)
            return Reply(
                title=f"What {ctx.actor.name} may do",
                lines=[f"You have nothing to do right now. {waiting}"],
                ephemeral=True,
            )
        group = next((g for g in spec.groups() if g.name == system.id), None)
        lines = []
        for action in legal:
            notation = system.format(action)
            typed = spec.command_for(group, state, seat, action) if group is not None else None
            lines.append(f"`{typed}` (or `/act {notation}`)" if typed else f"`/act {notation}`")
        lines += ["", "Or press the buttons under the board."]
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
        seat = record.seat_of(ctx.actor.user_id)
        return SeatContext(record, state, registry.get(record.system), seat, self.service.position_memo(record, state))

    async def suggest_actions(self, ctx: Ctx, typed: str, limit: int = 25) -> list[str]:
        """Autocomplete for /act: the acting user's legal actions that match what is typed."""
        position = await self.service.position_in(ctx.channel_id)
        if position is None or position[0].status != "active":
            return []
        record, state = position
        seat = record.seat_of(ctx.actor.user_id)
        if seat is None or state is None:
            return []
        system = registry.get(record.system)
        wanted = typed.strip().lower()
        memo = self.service.position_memo(record, state)
        names = memo.get(("names", seat))
        if names is None:
            names = memo[("names", seat)] = [system.format(a) for a in legal_moves(system, state, seat, memo)]
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
        if kind == "undo":
            return await self._vote_undo(ctx, record, rest)
        if kind == "mine":
            if record.status != "active":
                raise SessionError("That game is not running any more; /game log shows how it went.")
            return await self.game_view(ctx)
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
        record, state = await self.service.get(record.id)
        if state is None or version != record.version:
            raise StaleVersion()
        legal = legal_moves(registry.get(record.system), state, seat, self.service.position_memo(record, state))
        if index >= len(legal):
            raise StaleVersion()
        update = await self.service.act(
            actor=ctx.actor,
            action=legal[index],
            game_id=record.id,
            channel_id=ctx.channel_id,
            expected_version=version,
        )
        return await self._told(update, self.board_reply(update, actor_seat=seat))

    async def _status_for(self, ctx: Ctx, record: GameRecord) -> Reply:
        if record.status in ("lobby", "active"):
            reply = await self.game_status(ctx)
        else:
            raise SessionError("That game is over; /game log shows how it went.")
        reply.ephemeral = True
        return reply

    # -- presentation ---------------------------------------------------------------------------------
    def _lobby_reply(self, record: GameRecord, lead: str) -> Reply:
        return lobby_reply(record, lead)

    def board_reply(
        self,
        update: Update,
        *,
        lead: str | None = None,
        actor_seat: int | None = None,
        viewer_seat: int | None = None,
        summary: bool = False,
    ) -> Reply:
        memo = self.service.position_memo(update.game, update.state) if update.state is not None else None
        return board_reply(
            update, lead=lead, actor_seat=actor_seat, viewer_seat=viewer_seat, summary=summary, memo=memo
        )

    async def _told(self, update: Update, reply: Reply) -> Reply:
        """Sort the players the reply pings by how they want to hear (mention, DM, nothing); players who
        chose DMs also get by DM what only they were told (a card drawn because of another's card)."""
        await self._private_news_by_dm(update, reply)
        await self._explain_new_terms(update, reply)
        if not reply.mentions:
            return reply
        record = update.game
        settings = await self.service.settings_of(record.id)
        now = self.service.clock()
        plan = await plan_delivery(self.service.user_prefs, reply.mentions, now, settings.is_quiet(now))
        reply.mentions, reply.named = plan.mention, [*plan.dm, *plan.silent]
        catch_ups = await self._catch_ups(update, plan.dm, [*plan.mention, *plan.silent], reply)
        if plan.dm and update.state is not None:
            system = registry.get(record.system)
            renamed = seat_names(record, update.state)
            link = f"https://discord.com/channels/{record.guild_id or '@me'}/{record.channel_id}"
            for user in plan.dm:
                seat = record.seat_of(user)
                asked = [rename(p.text, renamed) for p in update.prompts if p.seat == seat]
                text = f"{system.name} in <#{record.channel_id}>: {'; '.join(asked) or 'your turn'}. {link}"
                if catch_ups.get(user):
                    text += "\n" + catchup.as_text(catch_ups[user])
                reply.dms.append((user, text[:1900]))
        return reply

    async def _catch_ups(
        self, update: Update, by_dm: list[int], in_channel: list[int], reply: Reply
    ) -> dict[int, list[str]]:
        """What each player told of their turn missed since their last move, when they have been away a
        while. Players told in the channel get a field of public lines under the board; players told by
        DM get theirs (returned) in the DM, which may fall back to the channel, so public lines too; what
        only they may know goes in a DM of its own that never reaches a channel."""
        record, state = update.game, update.state
        out: dict[int, list[str]] = {}
        if state is None or record.status != "active":
            return out
        system = registry.get(record.system)
        for user in [*by_dm, *in_channel]:
            seat = record.seat_of(user)
            if seat is None:
                continue
            digest = await self.service.catch_up(record, state, seat, private=user in by_dm)
            shown = catchup.public(digest)
            if user in by_dm:
                out[user] = shown
                if digest.secret:
                    only = catchup.as_text(digest.secret)
                    reply.secret_dms.append((user, f"{system.name} in <#{record.channel_id}>, only for you. {only}"))
            elif shown:
                name = record.seats[seat].name
                reply.fields.append((f"Since {name}'s last move", "\n".join(f"• {line}" for line in shown)))
        return out

    async def _explain_new_terms(self, update: Update, reply: Reply) -> None:
        """The first time a game's narration uses one of its terms, the reply explains it in one line
        (at most :data:`EXPLAIN_AT_ONCE` per reply; the terms explained are kept with the game)."""
        record = update.game
        system = registry.get(record.system)
        found = terms_in(system, "\n".join(reply.lines))
        if not found:
            return
        explained = await self._explained(record.id)
        new = [term for term in found if term not in explained][:EXPLAIN_AT_ONCE]
        if not new:
            return
        glossary = system.glossary()
        reply.lines += [f"📖 **{term}**: {glossary[term]}" for term in new]
        explained.update(new)
        self.service.note_setting(record.id, EXPLAINED, json.dumps(sorted(explained)))

    async def _explained(self, game_id: int) -> set[str]:
        """The terms a game's replies have explained so far (read once per game and process)."""
        known = self._explained_terms.get(game_id)
        if known is None:
            raw = (await self.service.stored_settings(game_id)).get(EXPLAINED)
            try:
                known = set(json.loads(raw)) if raw else set()
            except (ValueError, TypeError):
                known = set()
            if len(self._explained_terms) >= EXPLAINED_GAMES_KEPT:
                self._explained_terms.pop(next(iter(self._explained_terms)))
            self._explained_terms[game_id] = known
        return known

    async def _private_news_by_dm(self, update: Update, reply: Reply) -> None:
        record = update.game
        news: dict[int, list[str]] = {}
        for event in update.events:
            if event.visible_to is not None:
                news.setdefault(event.visible_to, []).append(event.text)
        system = registry.get(record.system)
        link = f"https://discord.com/channels/{record.guild_id or '@me'}/{record.channel_id}"
        for seat, lines in news.items():
            if seat in update.away:
                continue  # away: their notices pause (the catch-up tells them when they are back)
            user = record.user_of(seat)
            if user is None or user <= 0 or (await self.service.user_prefs(user)).notify != "dm":
                continue
            text = f"{system.name} in <#{record.channel_id}>, only for you: {' '.join(lines)} {link}"
            reply.secret_dms.append((user, text[:1900]))

    async def require_viewer(self, ctx: Ctx, record: GameRecord) -> None:
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

    def help(self, topic: str | None = None) -> Reply:
        """The index of help pages, or one page of commands."""
        title, lines = help_page(topic)
        return Reply(title=title, lines=lines, ephemeral=True)
