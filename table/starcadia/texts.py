"""Words the Starcadia commands show: suggestion labels for heroes, paths and answers, and the lines at the
top of ``/starcadia help``."""

from __future__ import annotations

from rules.core import Action
from rules.starcadia import SYSTEM
from rules.starcadia import board as B
from rules.starcadia import engine as E
from rules.starcadia.content import CONTENT
from rules.starcadia.state import StarState

LABEL_MAX = 100

HELP_INTRO = (
    "On your turn activate ONE hero (move, attack, gadgets, then `/starcadia end`) or `/starcadia rest` the "
    "crew. Pick from the suggestions: every option offers what is legal now.",
    "Heroes answer to their id (zip), name (Zip Kablooey), a word of it or their board tag (ZK); monsters to "
    "their board tag (WE1), id (weeble#1) or name (Weeble); spaces to C4 in any case; upgrades to their "
    "name, slug (pulse-blade) or id (S01).",
    "The hero is optional when only one of yours can do it (or one is already active). The board's symbols: "
    "`/rules system:starcadia topic:board`.",
)


def hero_label(st: StarState, hid: str) -> str:
    """A hero for a suggestion: where it stands and its wounds (or its card, before the draft)."""
    h = E.find_hero(st, hid)
    card = CONTENT.heroes[hid]
    if h is None:
        return f"{card.name} ({E.hero_tag(hid)}) — def {card.defense}, life {card.life}, {card.ability.name}"
    if h.dead:
        return f"{card.name} ({E.hero_tag(hid)}): dead (revive by resting)"
    return f"{card.name} ({E.hero_tag(hid)}) at {h.pos or 'off board'}, wounds {h.wounds}/{E.hero_life(h)}"


def path_label(path: list[str]) -> str:
    """A path with where it ends and what it costs: "B2 B3 → B3 (2 MP, then hack)"."""
    walked = [p for p in path if p != "pickup"]
    cost = sum(1 for p in walked if p != "portal")
    end = next((p for p in reversed(path) if B.parse_space(p) is not None), "")
    extra = ""
    if path and path[-1] in ("hack", "pickup"):
        extra = f", then {path[-1]}"
    elif path and path[-1].startswith("door"):
        extra = " (flip the door)"
    return " ".join(path) + (f" → {end}" if end else "") + f" ({cost} MP{extra})"


def answer_label(st: StarState, a: Action) -> str:
    """A mid-play answer in words: "WE1 weeble#1 at C4 attacks first", "shove to C5"."""
    kind = a.get("type")
    if kind in ("guard", "payback") and "monster" in a:
        m = E.find_monster(st, a["monster"])
        verb = "attacks first" if kind == "guard" else "pays back"
        return f"{E.monster_tag(m)} {m.uid} at {m.pos} {verb}" if m else str(a["monster"])
    if kind == "shove":
        return f"shove to {a['to']}"
    if kind == "place":
        return f"the quest monster appears at {a['space']}"
    if kind == "monster":
        walk = "walk " + " ".join(a["path"]) if a["path"] else "stay"
        target = a.get("target", "none")
        hit = "no attack" if target == "none" else f"attack {CONTENT.heroes[target].name}"
        return f"{hit}, then {walk}" if a.get("first") == "attack" else f"{walk}, {hit}"
    if kind == "defend":
        return f"reaction {a.get('reaction', 'none')}, rerolls {a.get('reroll', 'on')}"
    if kind == "payback":
        if "path" not in a:
            return "the bot's choice"
        walk = "walk " + " ".join(a["path"]) if a["path"] else "stay"
        return f"{walk}, {'attack' if a.get('attack') else 'hold the attack'}"
    return SYSTEM.format(a)


def loadout_text(load: dict[str, list[str]]) -> str:
    """A loadout as ``/starcadia outfit`` takes it: ``zip: pulse-blade, iron-fists; digits: ...``."""
    return "; ".join(f"{h}: {', '.join(CONTENT.upgrades[t].slug for t in toks) or '-'}" for h, toks in load.items())


def hero_line(hid: str) -> str:
    card = CONTENT.heroes[hid]
    return (
        f"**{card.name}** ({hid}, {E.hero_tag(hid)}): defence {card.defense}, life {card.life}. "
        f"{card.ability.name}: {card.ability.text}"
    )
