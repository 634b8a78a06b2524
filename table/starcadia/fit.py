"""Shared machinery of the Starcadia suggestions: fitting pairs to what is typed, completing list options,
and the wrapper that turns an option's suggester into one that never raises."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable

from rules.core import RuleError
from sessions.errors import SessionError

from ..commands import Ctx, SeatContext, Table
from ..spec import Pairs, Suggest
from .seat import quietly

log = logging.getLogger("starhost.starcadia")

MAX_CHOICES = 25
LABEL_MAX = 100

Given = dict[str, str | None]
Inner = Callable[[SeatContext, str, Given], Pairs]


def matching(pairs: Iterable[tuple[str, str]], typed: str) -> Pairs:
    """The choices matching what is typed (every word, in label or value), de-duplicated, all of them; those
    whose value starts with the typed text first. A value longer than Discord takes (100 characters) is left
    out, never cut: a cut value would send something else than it says; a long label ends in "…"."""
    wanted = (typed or "").lower().split()
    out: Pairs = []
    seen = set()
    for label, value in pairs:
        if value in seen or not value or len(value) > LABEL_MAX:
            continue
        hay = f"{label} {value}".lower()
        if all(w in hay for w in wanted):
            seen.add(value)
            out.append((label if len(label) <= LABEL_MAX else label[: LABEL_MAX - 1] + "…", value))
    starts = [p for p in out if p[1].lower().startswith((typed or "").strip().lower())]
    rest = [p for p in out if p not in starts]
    return starts + rest


def fit(pairs: Iterable[tuple[str, str]], typed: str) -> Pairs:
    """:func:`matching`, at most 25 (what a suggestion list shows; typing more narrows it)."""
    return matching(pairs, typed)[:MAX_CHOICES]


def extend_list(typed: str, candidates: Iterable[tuple[str, str]]) -> Pairs:
    """Completion for a list option: keep what is typed before the last comma, offer the next item."""
    typed = typed or ""
    cut = max(typed.rfind(","), typed.rfind(";"))
    head, frag = (typed[: cut + 1].strip(), typed[cut + 1 :].strip()) if cut >= 0 else ("", typed.strip())
    done = {w.strip().lower() for w in re.split(r"[,;]", head) if w.strip()}
    out = []
    for label, value in candidates:
        if value.lower() in done:
            continue
        full = f"{head} {value}".strip() if head else value
        out.append((label if not head else f"{head} {label}", full))
    return fit(out, frag)


def suggester(inner: Inner, *, players_only: bool = True, listed: bool = False) -> Suggest:
    """An option's suggester from ``inner(sc, typed, given)``: the pairs are fitted to what is typed
    (``listed``: ``inner`` already did, for list options), and a refusal or a failure gives no suggestion."""

    async def suggest(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
        sc = await quietly(table, ctx)
        if sc is None or (players_only and sc.seat is None):
            return []
        try:
            pairs = inner(sc, typed or "", given)
        except (RuleError, SessionError):
            return []
        except Exception:  # autocomplete must never break the command box
            log.exception("starcadia autocomplete failed in %s", inner.__name__)
            return []
        return pairs[:MAX_CHOICES] if listed else fit(pairs, typed or "")

    suggest.__name__ = f"suggest_{inner.__name__.lstrip('_')}"
    return suggest
