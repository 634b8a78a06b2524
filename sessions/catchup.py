""" "Since your last move": what a returning player missed, in at most ten lines.

Built from the stored action log, one way for every game: the entries after the seat's last own
move (an action it chose itself, kind ``move``), minus any an undo took back. Each narrated event
is shown only when the seat may know it: a public event, or (in a reply only that player sees) a
line told only to that seat. What concerns the seat comes first (a hit taken, a card lost or
drawn, a hero downed, a quest done), then the table's big moments (a round ended, a boss appeared,
a score changed).

An event concerns a seat when its engine says so (``Event.concerns``); engines that do not tag
their events get a guess: the event is the seat's own (``seat``), told only to it
(``visible_to``), or names the seat (the name it was set up with, or its player's name now) as a
word. Big moments are events of kind ``turn``, ``end`` or ``warn``, and lines that speak of a
round, a score, VT or a win.

A player "has been away for a while" when their last own move is older than the game's remind
interval, or when it is at least an hour old and every other seat has acted since (a whole round
went by without them). Only then do notices and ``/game status`` carry the catch-up.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .store import ActionRecord, GameRecord

LIMIT = 10
"""Most lines a catch-up shows (the "more" line included)."""

LINE_CHARS = 96
"""Longest line shown (longer ones are cut with an ellipsis), so ten bulleted lines fit an embed field."""

ROUND_MINIMUM = 3600.0
"""A whole round without the player counts only when their last move is at least this old (seconds)."""

LOOK_BACK = 400
"""Most log entries read for one catch-up: a long absence is summed up from its latest part."""

BIG_KINDS = frozenset({"turn", "end", "warn"})
BIG_WORDS = re.compile(r"\b(rounds?|scores?|VT|victory|wins?|won|boss(es)?)\b", re.IGNORECASE)
QUIET_KINDS = frozenset({"roll", "chose"})
"""Kinds never guessed to concern anyone: dice lines and "chose in private" markers (an engine may
still tag them with ``concerns``)."""


@dataclass
class CatchUp:
    """What one seat missed: its lines (at most :data:`LIMIT`), and those of them only it may see."""

    seat: int
    lines: list[str] = field(default_factory=list)
    secret: list[str] = field(default_factory=list)
    """The lines told only to this seat (a card drawn): never for a channel."""
    since: float | None = None
    """When the seat last moved itself (None: not since the game began)."""

    def __bool__(self) -> bool:
        return bool(self.lines)


def last_own_move(entries: Iterable[ActionRecord], seat: int) -> ActionRecord | None:
    """The seat's latest action it chose itself (a bot's, a default's or an automatic step do not count)."""
    found = None
    for entry in entries:
        if entry.kind == "move" and entry.seat == seat:
            found = entry
    return found


def after_take_backs(entries: Sequence[ActionRecord]) -> list[ActionRecord]:
    """The entries still standing: an undo (``{"type": "undo", "to": v}``) removes the ones after ``v``."""
    kept: list[ActionRecord] = []
    for entry in entries:
        if entry.kind == "undo":
            target = entry.action.get("to")
            if isinstance(target, int):
                kept = [e for e in kept if e.version <= target]
        kept.append(entry)
    return kept


def has_been_away(
    entries: Sequence[ActionRecord], seat: int, seats: Iterable[int], since: float, now: float, interval: float
) -> bool:
    """Whether the seat's player missed enough to be told (see the module's rule).

    ``entries`` are the log entries after the seat's last own move; ``since`` is when that move was
    made (or the game began); ``seats`` are the game's seats.
    """
    age = now - since
    if age >= interval:
        return True
    if age < ROUND_MINIMUM:
        return False
    others = {s for s in seats if s != seat}
    acted = {e.seat for e in entries if e.kind != "undo"}
    return bool(others) and others <= acted


def build(
    entries: Sequence[ActionRecord],
    seat: int,
    names: Iterable[str],
    *,
    private: bool,
    renamed: dict[str, str] | None = None,
    limit: int = LIMIT,
) -> CatchUp:
    """The catch-up of ``seat`` from the log ``entries`` after its last own move.

    ``names`` are the words that stand for the seat (its name in the game, its player's name);
    ``private`` allows lines only this seat may see (a reply only its player reads); ``renamed``
    maps names the game was set up with to the players sitting there now.
    """
    words = [n for n in dict.fromkeys(names) if n and n.strip()]
    named = [re.compile(rf"(?<!\w){re.escape(n)}(?!\w)", re.IGNORECASE) for n in words]
    mine: list[tuple[str, bool]] = []
    big: list[str] = []
    for entry in after_take_backs(entries):
        for event in entry.events:
            shown = _shown(event, seat, private)
            if shown is None:
                continue
            text = _cut(_rename(str(event.get("text", "")), renamed or {}))
            if not text:
                continue
            if _concerns(event, seat, text, named):
                mine.append((text, shown))
            elif _big(event, text):
                big.append(text)
    mine = _unique(mine)
    big = [t for t in dict.fromkeys(big) if t not in {m for m, _ in mine}]
    total = len(mine) + len(big)
    if total > limit:
        room = limit - 1  # one line says how much more there was
        mine = mine[-room:]
        big = big[-(room - len(mine)) :] if room > len(mine) else []
    lines = [text for text, _ in mine] + big
    secret = [text for text, hidden in mine if hidden]
    if total > limit:
        lines.append(f"… and {total - len(lines)} more: `/game log` has every move.")
    return CatchUp(seat=seat, lines=lines, secret=secret)


def public(digest: CatchUp) -> list[str]:
    """The digest's lines anyone may read (for a channel, or a DM that may fall back to one)."""
    hidden = set(digest.secret)
    return [line for line in digest.lines if line not in hidden]


def as_text(lines: list[str], who: str = "your") -> str:
    """The lines under their heading, for a message."""
    return "\n".join([f"Since {who} last move:", *(f"• {line}" for line in lines)])


def _shown(event: dict[str, Any], seat: int, private: bool) -> bool | None:
    """None when the seat may not be told the event here; else whether it is a line only the seat sees."""
    to = event.get("visible_to")
    if to is None:
        return False
    if to == seat and private:
        return True
    return None


def _concerns(event: dict[str, Any], seat: int, text: str, named: list[re.Pattern[str]]) -> bool:
    tagged = event.get("concerns")
    if isinstance(tagged, list):
        return seat in tagged
    if event.get("kind") in QUIET_KINDS:
        return False
    if event.get("visible_to") == seat or event.get("seat") == seat:
        return True
    return any(pattern.search(text) for pattern in named)


def _big(event: dict[str, Any], text: str) -> bool:
    if event.get("kind") in BIG_KINDS:
        return True
    return event.get("kind") not in QUIET_KINDS and BIG_WORDS.search(text) is not None


def _unique(lines: list[tuple[str, bool]]) -> list[tuple[str, bool]]:
    seen: set[str] = set()
    out = []
    for text, secret in lines:
        if text not in seen:
            seen.add(text)
            out.append((text, secret))
    return out


def _rename(text: str, renamed: dict[str, str]) -> str:
    for old, new in renamed.items():
        text = re.sub(rf"(?<!\w){re.escape(old)}(?!\w)", new, text)
    return text


def _cut(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= LINE_CHARS else text[: LINE_CHARS - 1].rstrip() + "…"


def renamed_seats(record: GameRecord, state_seats: Sequence[str]) -> dict[str, str]:
    """Names the game was set up with that now belong to another player (a seat changed hands)."""
    out = {}
    for seat in record.seats:
        if seat.seat < len(state_seats) and state_seats[seat.seat] != seat.name and seat.user_id != 0:
            out[state_seats[seat.seat]] = seat.name
    return out
