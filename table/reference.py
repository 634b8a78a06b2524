"""Our own short rules reference per system (data/<system>/rules.toml) and the /help text."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

from rules.core import GameSystem, RuleError, registry

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
