"""The secrets probe: what a player (or a spectator) is told never depends on what they may not see.

For a position of a game and an observer (a seat, or a spectator), the game's ``resample`` gives
another position that observer cannot tell apart: everything hidden from it drawn again (the seed, so
every future roll, other hands, deck orders, face-down tokens). Two real tables (the session service
over SQLite and the command layer, as Discord and the console use them) are put in the two positions,
and everything the observer receives from them must be identical, byte for byte:

- ``/game status`` (text, fields, button labels and custom ids, menu options, picture), and the
  observer's own ``/game view``;
- the game's own views (``/quasar hand``, ``/endure dashboard``...), ``/game list``, ``/game mine`` and
  ``/game export``;
- the autocomplete of ``/act`` and of every option of the game's own commands, ``/actions``;
- the engine's answer (accepted, or the refusal's words) to the observer's candidate actions;
- the reply to an action and the ``/game log`` after it: the observer's own action, or another seat's
  public one, when the action brought nothing hidden to light (a roll or a draw shows new things, and
  may then differ);
- a secret pick of another seat: any two picks read the same while the secret window is open.

The test (tests/test_secrets.py) runs it on random positions of every game; ``python -m
tests.secrets_probe`` runs it over many whole games and counts the differences.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.core import BaseState, GameSystem, RuleError, registry
from sessions.service import Actor, GameService
from sessions.store import SqliteStore
from table import Ctx, Table, players, records, spec
from table.replies import Reply

NAMES = ["alice", "bob", "carol", "dave"]
USERS = [Actor(101 + i, name) for i, name in enumerate(NAMES)]
SPECTATOR = Actor(199, "sam")
CHANNEL = 500


def _starcadia(r: random.Random) -> tuple[int, dict[str, str]]:
    scenario = r.choice(["1", "2A", "2B", "3A", "3B", "3C", "4"])
    return r.randint(2, 4), {
        "scenario": scenario,
        "mode": "campaign" if scenario == "1" else "episodic",
        "draft": r.choice(["choice", "snake", "random"]),
        "events": r.choice(["auto", "choose"]),
        "monsters": r.choice(["bot", "player"]),
        "defence": r.choice(["prefs", "ask"]),
    }


def _armada(r: random.Random) -> tuple[int, dict[str, str]]:
    return r.randint(1, 4), {"difficulty": r.choice(["easy", "normal", "hard"])}


def _endure(r: random.Random) -> tuple[int, dict[str, str]]:
    from rules.endure.content import content

    from .test_endure_balance import crew_for

    mission = r.choice(sorted(content().missions))
    n = r.randint(1, 4)
    options = {"mission": mission}
    if content().missions[mission].needs:
        options["crew"] = crew_for(mission, n)
    return n, options


def _grimdark(r: random.Random) -> tuple[int, dict[str, str]]:
    from rules.grimdark.content import content

    heroes = r.randint(2, 4)
    return r.randint(1, heroes), {
        "scenario": r.choice([*content().campaigns, *content().missions]),
        "heroes": str(heroes),
        "table": r.choice(["half", "full"]),
    }


def _quasar(r: random.Random) -> tuple[int, dict[str, str]]:
    from rules.quasar.content import content

    return r.randint(2, 4), {"mission": r.choice(sorted(content().missions))}


SETUPS: dict[str, Callable[[random.Random], tuple[int, dict[str, str]]]] = {
    "starcadia": _starcadia,
    "armada": _armada,
    "endure": _endure,
    "grimdark": _grimdark,
    "quasar": _quasar,
}


@dataclass
class Leak:
    """One difference: what the observer was told in the real position and in the resampled one."""

    game: str
    observer: str
    surface: str
    here: Any
    there: Any

    def __str__(self) -> str:
        here, there = self.here, self.there
        if isinstance(here, dict) and isinstance(there, dict):  # a reply: only the parts that differ
            keys = [k for k in dict.fromkeys([*here, *there]) if here.get(k) != there.get(k)]
            here, there = ({k: d.get(k) for k in keys} for d in (self.here, self.there))
        return f"{self.game}: {self.observer} is told {self.surface} differently:\n  {here!r}\n  {there!r}"


@dataclass
class Probe:
    """Two real tables of the same game, to be put in two positions an observer cannot tell apart."""

    system: GameSystem
    tables: list[Table] = field(default_factory=list)
    game_id: int = 0
    leaks: list[Leak] = field(default_factory=list)
    pictures: bool = True

    async def open(self, seats: int, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        for side in ("here", "there"):
            service = GameService(
                SqliteStore(folder / f"{self.system.id}-{side}.db"), seed_source=lambda: 7, clock=lambda: 1_000.0
            )
            await service.open()
            table = Table(service)
            await table.game_new(ctx(USERS[0]), self.system.id)
            for user in USERS[1:seats]:
                await table.game_join(ctx(user))
            await table.game_start(ctx(USERS[0]))
            self.game_id = (await service.game_in(CHANNEL)).id
            self.tables.append(table)

    async def close(self) -> None:
        for table in self.tables:
            await table.service.close()

    def put(self, states: list[BaseState]) -> None:
        """Put each table's game in the given position (as if it had been played there)."""
        for table, state in zip(self.tables, states, strict=True):
            loaded = table.service._cache[self.game_id]
            loaded.state = state
            loaded.recent = [(loaded.record.version, state)]
            loaded.memo = {}  # a new position: nothing worked out for the old one holds

    def compare(self, observer: Actor, surface: str, here: Any, there: Any) -> None:
        if here != there:
            self.leaks.append(Leak(self.system.id, observer.name, surface, here, there))

    async def both(self, call: Callable[[Table], Any]) -> list[Any]:
        return [await _answer(call, table) for table in self.tables]

    # -- what an observer is told -------------------------------------------------------------------
    async def position(self, observer: Actor, seat: int | None, r: random.Random) -> None:
        """Everything the observer can ask for in the current positions."""
        look = ctx(observer)
        draw = self.pictures
        for name, call in [
            ("/game status", lambda t: t.game_status(look)),
            ("/actions", lambda t: t.actions(look)),
        ] + ([("/game view", lambda t: t.game_view(look))] if seat is not None else []):
            here, there = await self.both(call)
            self.compare(observer, name, said(here, draw=draw), said(there, draw=draw))
        for name, call in [
            ("/game list", lambda t: players.game_list(t, look)),
            ("/game mine", lambda t: players.game_mine(t, look)),
            ("/game export", lambda t: records.game_export(t, look)),
        ]:
            here, there = await self.both(call)
            self.compare(observer, name, said(here, files=True), said(there, files=True))
        here, there = await self.both(lambda t: t.suggest_actions(look, ""))
        self.compare(observer, "/act autocomplete", here, there)
        group = next((g for g in spec.groups() if g.name == self.system.id), None)
        for command in group.commands if group is not None else []:
            if command.produces is None and not any(o.required for o in command.options):
                # The game's own views (a hand, a dashboard, the monsters...), as the observer asks them.
                here, there = await self.both(lambda t, c=command: c.handler(t, look))
                self.compare(observer, f"/{group.path(command)}", said(here, draw=draw), said(there, draw=draw))
        for command in group.commands if group is not None else []:
            for option in command.options:
                if option.suggest is None:
                    continue
                here, there = await self.both(lambda t, o=option: o.suggest(t, look, "", {}))
                self.compare(observer, f"autocomplete of {group.path(command)} {option.name}", here, there)
        if seat is not None:
            self.refusals(observer, seat, r)

    def refusals(self, observer: Actor, seat: int, r: random.Random) -> None:
        states = [t.service._cache[self.game_id].state for t in self.tables]
        candidates = self.system.candidates(states[0], seat)
        for action in r.sample(candidates, min(12, len(candidates))):
            here, there = (verdict(self.system, s, seat, action) for s in states)
            self.compare(observer, f"the answer to `{self.system.format(action)}`", here, there)

    async def action(self, observer: Actor, seat: int | None, r: random.Random) -> None:
        """One action in both positions: the observer's own, or another seat's public or secret one."""
        system = self.system
        states = [t.service._cache[self.game_id].state for t in self.tables]
        prompts = system.pending(states[0])
        if not prompts:
            return
        actor = r.choice(prompts).seat
        legal = system.legal(states[0], actor)
        if not legal:
            return
        if actor == seat:
            await self.play(observer, actor, [r.choice(legal)] * 2, states, own=True)
            return
        public = system.public_choices(states[0], actor)
        if public is not None:
            self.compare(
                observer, "the public choices of another seat", public, system.public_choices(states[1], actor)
            )
            await self.play(observer, actor, [r.choice(public)] * 2, states, own=False)
        elif all(a.get("type") in system.secret_actions for a in legal) and len(legal) > 1:
            # Two different secret picks from the same position: they must read the same.
            self.put([states[0], states[0]])
            picks = r.sample(legal, 2)
            await self.play(observer, actor, picks, [states[0], states[0]], own=False, secret=True)

    async def play(
        self, observer: Actor, actor: int, actions: list[dict], states: list[BaseState], *, own: bool, secret=False
    ) -> None:
        system = self.system
        played = []
        for state, action in zip(states, actions, strict=True):
            try:
                played.append(system.play(state, actor, action))
            except RuleError as exc:
                played.append(exc)
        if any(isinstance(p, RuleError) for p in played):
            self.compare(observer, f"the answer to `{system.format(actions[0])}`", *map(str, played))
            return
        user = USERS[actor]
        versions = [t.service._cache[self.game_id].record.version for t in self.tables]
        replies = [
            await _answer(lambda t, a=a: t.act(ctx(user), a), t) for t, a in zip(self.tables, actions, strict=True)
        ]
        foreseeable = not any(
            [await _revealed_since(t, self.game_id, v) for t, v in zip(self.tables, versions, strict=True)]
        )
        if secret:  # two picks read alike until they are revealed (the engine reports that reveal)
            foreseeable = not any(p.revealed for p in played)
        if foreseeable:
            what = "the reply to their own action" if own else f"the reply to {NAMES[actor]}'s action"
            shown = [said(reply, draw=self.pictures, private=own) for reply in replies]
            self.compare(observer, what, *shown)
            count = self.tables[0].service._cache[self.game_id].record.version - versions[0]
            here, there = await self.both(lambda t: records.game_log(t, ctx(observer), count))
            self.compare(observer, "/game log after the action", said(here), said(there))


async def _revealed_since(table: Table, game_id: int, version: int) -> bool:
    """Whether an action logged after ``version`` (the one played, or a step that followed by itself)
    brought something hidden to light."""
    entries = await table.service.store.recent_actions(game_id, 50)
    return any(entry.revealed for entry in entries if entry.version > version)


async def _answer(call: Callable[[Table], Any], table: Table) -> Any:
    """The call's answer, or the refusal's words (a refusal is an answer too)."""
    try:
        return await call(table)
    except (RuleError, ValueError) as exc:  # SessionError is a RuleError
        return f"refused: {exc}"


def verdict(system: GameSystem, state: BaseState, seat: int, action: dict) -> str:
    try:
        system.check(state, seat, action)
    except RuleError as exc:
        return f"refused: {exc}"
    return "ok"


def said(reply: Any, *, draw: bool = False, private: bool = True, files: bool = False) -> Any:
    """Everything a reply shows, as comparable data (the picture's bytes when ``draw``, attached files
    when ``files``)."""
    if not isinstance(reply, Reply):
        return reply
    shown = {
        "title": reply.title,
        "lines": reply.lines,
        "fields": reply.fields,
        "footer": reply.footer,
        "buttons": [(b.label, b.custom_id, b.style) for b in reply.buttons],
        "menu": None if reply.menu is None else (reply.menu.placeholder, reply.menu.custom_id, reply.menu.options),
        "mentions": reply.mentions,
        "named": reply.named,
        "ephemeral": reply.ephemeral,
    }
    if private:
        shown["private"] = reply.private
        shown["dms"] = reply.dms
    if draw and reply.image is not None:
        shown["picture"] = reply.image()
    if files:
        shown["files"] = reply.attachments
    return shown


def ctx(actor: Actor) -> Ctx:
    return Ctx(actor=actor, channel_id=CHANNEL, guild_id=1)


async def probe_game(
    system_id: str, seed: int, r: random.Random, *, positions: int = 2, every: int = 30, pictures: bool = True
) -> list[Leak]:
    """Play one random game and probe ``positions`` of its positions (about one in ``every`` steps),
    each for one random observer: what it is told, then one action."""
    system = registry.get(system_id)
    seats, options = SETUPS[system_id](r)
    leaks: list[Leak] = []
    state = system.setup(NAMES[:seats], options, seed)
    with tempfile.TemporaryDirectory() as folder:
        for index in range(positions):
            state = walk_on(system, state, r, r.randint(0, 2 * every))
            if system.outcome(state) is not None:
                break
            # Fresh tables each time: an action probed before may have rolled differently on the two.
            probe = Probe(system, pictures=pictures and index == 0)
            await probe.open(seats, Path(folder) / str(index))
            try:
                observer_seat = r.choice([None, *range(seats)])
                observer = SPECTATOR if observer_seat is None else USERS[observer_seat]
                other = system.resample(state, observer_seat, r.getrandbits(62))
                probe.put([state, other])
                await probe.position(observer, observer_seat, r)
                probe.put([state, other])
                await probe.action(observer, observer_seat, r)
            finally:
                await probe.close()
            leaks += probe.leaks
    return leaks


def walk_on(system: GameSystem, state: BaseState, r: random.Random, steps: int) -> BaseState:
    """``steps`` more steps of play: mostly the game's own bot for each seat (so games go deep: Demands,
    Ship Phases, bosses), sometimes a random legal move."""
    for _ in range(steps):
        if system.outcome(state) is not None:
            break
        prompt = r.choice(system.pending(state))
        action = None
        if r.random() < 0.8:
            action = system.ai_action(system.view(state, prompt.seat), prompt.seat, r.getrandbits(32))
        if action is None:
            legal = system.legal(state, prompt.seat)
            action = r.choice(legal) if legal and r.random() < 0.97 else system.default_action(state, prompt)
        state, _ = system.apply(state, prompt.seat, action)
    return state


def main() -> None:
    """Probe 40 whole games per game (more positions each) and print what leaked."""
    import sys

    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    only = sys.argv[2:] or sorted(SETUPS)
    for system_id in only:
        leaks: list[Leak] = []
        for n in range(games):
            r = random.Random(n)
            leaks += asyncio.run(probe_game(system_id, 1000 + n, r, positions=40, every=4, pictures=n < 3))
        print(f"{system_id}: {games} games, {len(leaks)} differences")
        for leak in leaks[:5]:
            print(str(leak)[:600])


if __name__ == "__main__":
    main()
