"""Our own short rules reference per system (data/<system>/rules.toml) and the /help text."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

from rules.core import GameSystem, RuleError, registry

from . import spec

DATA = Path(__file__).resolve().parents[1] / "data"


@lru_cache(maxsize=16)
def _topics(system_id: str) -> tuple[tuple[str, str, str], ...]:
    path = DATA / system_id / "rules.toml"
    if not path.exists():
        return ()
    with path.open("rb") as handle:
        raw = tomllib.load(handle)
    return tuple((t["key"], t["title"], t["text"]) for t in raw.get("topic", []))


def topics_for(system: GameSystem) -> list[tuple[str, str]]:
    """(key, title) of every topic: the rules pages, then the glossary's terms."""
    pages = [(key, title) for key, title, _ in _topics(system.id)]
    return pages + [(term, term) for term in sorted(system.glossary(), key=str.lower)]


def rules_topic(system: GameSystem, topic: str | None) -> tuple[str, list[str]]:
    topics = _topics(system.id)
    if not topics:
        return system.name, [system.summary or "No rules reference has been written for this game yet."]
    if not topic:
        lines = [system.summary, ""] if system.summary else []
        lines += [f"• **{title}** (`{key}`)" for key, title, _ in topics]
        lines.append("")
        lines.append("Pick a topic: `/rules system:" + system.id + " topic:<name>`.")
        return f"{system.name}: rules reference", lines
    wanted = topic.strip().lower()
    for key, title, text in topics:
        if wanted in (key.lower(), title.lower()):
            return f"{system.name}: {title}", [text]
    found = system.lookup_term(topic)
    if found is not None:
        term, explanation = found
        return f"{system.name}: {term}", [explanation]
    names = ", ".join(key for key, _, _ in topics)
    more = " Any game term works too (autocomplete lists them)." if system.glossary() else ""
    raise RuleError(f"{system.name} has no rules topic or term '{topic[:40]}'. Topics: {names}.{more}")


def help_lines() -> list[str]:
    games = ", ".join(f"`{s.id}` ({s.name})" for s in registry.all_systems())
    return [
        "Starhost runs tabletop games in this channel. Turns can be taken hours apart: every move is saved.",
        "",
        "**Start a game**",
        "`/game new system:<game>` opens a table here; friends press **Join** or use `/game join`;",
        "the host presses **Start**. One game per channel or thread.",
        "",
        "**Play**",
        "Press the buttons under the board, or type `/act action:` and pick from the suggestions.",
        "`/game status` shows the board and who must act; `/game view` your private view (hands,",
        "hidden cards); `/game log` the last moves.",
        "",
        "**Host tools**",
        "`/game settings` (reminders, quiet hours, spectators), `/game kick`, `/game timeout` (play the",
        "default for a player who has run out of time), `/game end`.",
        "",
        "**Records**: `/game export` gives the whole record as JSON; `/game verify` replays it from its seed.",
        "**Dice**: `/roll expression:2d6+3`, pools like `8d6>=5` count successes; `secret:True` rolls privately.",
        "**Rules**: `/rules system:<game> topic:<topic>`.",
        "",
        f"Games: {games}.",
    ]


PLAY_PAGE = "play"
"""The help page of the top-level commands (/act, /actions, /roll, /rules, /help)."""


def help_topics() -> list[tuple[str, str]]:
    """(label, topic) of every page of /help: the table's commands, playing and dice, then each game."""
    pages = [("game: open, join and run a table", "game"), (f"{PLAY_PAGE}: acting, dice, rules and help", PLAY_PAGE)]
    for group in spec.groups():
        if group.name and group.name != "game":
            pages.append((f"{group.name}: {group.help}", group.name))
    return pages


def help_group(topic: str) -> spec.CommandGroup:
    """The command group a help page shows; a refusal naming the pages for an unknown one."""
    wanted = topic.strip().lower().lstrip("/")
    name = "" if wanted == PLAY_PAGE else wanted
    group = next((g for g in spec.groups() if g.name == name), None)
    if group is None or not wanted:
        names = ", ".join(page for _, page in help_topics())
        raise RuleError(f"There is no help page '{topic[:30]}'. Pages: {names}.")
    return group


def help_page(topic: str | None) -> tuple[str, list[str]]:
    """The index of /help (no topic), or one page of commands (the table, playing, or one game)."""
    if not topic or not topic.strip():
        lines = help_lines()
        lines += ["", "**More help**, one page each (e.g. `/help topic:quasar`):"]
        lines += [f"• `{name}`: {label.split(': ', 1)[1]}" for label, name in help_topics()]
        return "Starhost", lines
    group = help_group(topic)
    title = f"/{group.name}: {group.help}" if group.name else group.help
    return title, spec.help_page(group)
