"""Starcadia Quest at the table: one function per player decision, private dashboards and autocomplete.

Discord-agnostic: ``cogs/starcadia.py`` and the console both call these. Every decision function turns
typed options (names as players write them: ``zip``, ``Zip Kablooey``, ``pulse blade``, ``WE1``) into
the engine's action dict and plays it with :meth:`Table.act`; bad input is refused with a
:class:`RuleError` sentence before anything is sent to the engine. Autocomplete helpers
(:func:`suggest`) answer ``(label, value)`` pairs computed from ``legal()`` for the asking seat.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Iterable

from rules.core import RuleError
from rules.starcadia import SYSTEM
from rules.starcadia import board as B
from rules.starcadia import engine as E
from rules.starcadia.campaign import auto_loadout, campaign_sheet, owned
from rules.starcadia.content import CONTENT, GADGETS, slug
from rules.starcadia.sheets import crew_sheet, monster_sheet, upgrade_line
from rules.starcadia.state import HeroState, MonsterState, StarState
from sessions.errors import SessionError

from .commands import Ctx, SeatContext, Table
from .replies import COLOUR_GOOD, Reply

log = logging.getLogger("starhost.starcadia")

SYSTEM_ID = "starcadia"
MAX_CHOICES = 25
LABEL_MAX = 100
GIVE = re.compile(r"\s*([^,;>:=]+?)\s*(?:->|>|→|=|:)\s*([A-Za-z][\w.-]*)")
YES = ("yes", "y", "true", "on", "1", "attack")
NO = ("no", "n", "false", "off", "0", "hold")

GUIDE = [
    "**Setup**: `/starcadia pick heroes:edge red` (draft), `/starcadia claim slot:1` (shuttle),",
    "`/starcadia gear hero:edge tokens:pulse-blade, iron-fists` (split the starter tokens before you claim).",
    "**Your turn**: activate ONE hero (move, attack, gadgets) and `/starcadia end`, or `/starcadia rest`.",
    "`/starcadia move path:B2 B3 portal C4` — spaces, `portal <space>`, `door:E`, `hack`, `pickup` (4 MP,"
    " one unbroken path: `path:C3 C4 hack` walks to a terminal and hacks it).",
    "`/starcadia attack target:WE1 weapon:pulse-blade boosts:iron-fists` — melee needs Close, ranged LOS.",
    "`/starcadia use gadget:stimpack` (hoverboard also takes the ally's path).",
    "`/starcadia rest give:pulse-blade>red place:edge:shuttle` — ready all upgrades, move tokens, revive.",
    "**Prompts**: `/starcadia answer` answers what the game waits for from you (guard order, the Payback or"
    " event monster you run, a shove, your defence with defence=ask); no choice = the bot's pick."
    " `/starcadia event` (event card choices with events=choose), `/starcadia payback` (a Payback path).",
    "**Between scenarios**: `/starcadia take`, `/starcadia outfit`, `/starcadia route`; episodic: `keep`.",
    "**Look**: `/starcadia crew`, `monsters`, `quests`, `campaign`, `offer` (only you see them).",
    "The hero is optional when only one of yours can do it (or one is already active).",
    "The board's symbols (T terminal, rings for portals and spawn points, token labels): "
    "`/rules system:starcadia topic:board`.",
]


# -- context and names ------------------------------------------------------------------------------
async def _context(table: Table, ctx: Ctx) -> SeatContext:
    return await table.seat_context(ctx, SYSTEM_ID)


def _star(sc: SeatContext) -> StarState:
    return sc.state  # type: ignore[return-value]


def _words(text: str | None) -> list[str]:
    """A list typed with commas or spaces: ``a, b`` or ``a b`` (commas win: names may hold spaces)."""
    text = (text or "").strip()
    if not text:
        return []
    if "," in text or ";" in text:
        return [w.strip() for w in re.split(r"[,;]", text) if w.strip()]
    return text.split()


def _names(text: str | None) -> list[str]:
    """A list of upgrade names: ``a, b`` or ``pulse blade iron fists`` (longest known names first)."""
    out: list[str] = []
    for chunk in re.split(r"[,;]", text or ""):
        words, i = chunk.split(), 0
        while i < len(words):
            for j in range(len(words), i, -1):
                if j - i == 1 or CONTENT.upgrade_by_ref(" ".join(words[i:j])) is not None:
                    out.append(" ".join(words[i:j]))
                    i = j
                    break
    return out


def _hero_keys(hid: str) -> set[str]:
    name = CONTENT.heroes[hid].name
    keys = {hid, slug(name), E.hero_tag(hid).lower(), name.lower()}
    keys.update(slug(w) for w in name.split() if len(slug(w)) > 2 and w.lower() not in ("col.", "captain"))
    return keys


def _match_hero(ref: str, candidates: Iterable[str]) -> str | None:
    """The one hero id among ``candidates`` that ``ref`` names (id, name, a name word, board tag)."""
    want = ref.strip().lower()
    if not want:
        return None
    cands = list(candidates)
    exact = [h for h in cands if want in _hero_keys(h) or slug(want) in _hero_keys(h)]
    if len(exact) == 1:
        return exact[0]
    prefix = [h for h in cands if any(k.startswith(slug(want)) for k in _hero_keys(h))]
    return prefix[0] if len(prefix) == 1 else None


def _hero_list(ids: Iterable[str]) -> str:
    return ", ".join(f"{CONTENT.heroes[h].name} ({h})" for h in ids) or "none"


def _crew_ids(state: StarState, seat: int) -> list[str]:
    return list(state.crews[seat].heroes)


def _own_hero(state: StarState, seat: int, ref: str) -> str:
    mine = _crew_ids(state, seat)
    if not mine:
        raise RuleError("Your crew has no heroes yet; pick them first.")
    hid = _match_hero(ref, mine)
    if hid is None:
        others = [h.id for h in state.heroes if h.seat != seat]
        if _match_hero(ref, others) is not None:
            raise RuleError(f"{CONTENT.heroes[_match_hero(ref, others)].name} is not in your crew.")
        raise RuleError(f"Your crew has no hero '{ref[:30]}'. Yours: {_hero_list(mine)}.")
    return hid


def _space(text: str, what: str = "space") -> str:
    xy = B.parse_space(text)
    if xy is None:
        raise RuleError(f"'{text[:12]}' is not a {what} name like C4.")
    return B.name(xy)


def _legal(sc: SeatContext, kind: str | None = None) -> list[dict]:
    if sc.seat is None:
        return []
    acts = SYSTEM.legal(_star(sc), sc.seat)
    return [a for a in acts if kind is None or a.get("type") == kind]


def _my_turn(table: Table, sc: SeatContext) -> None:
    """Refuse early (before reading names) when nothing waits for this player."""
    seat = sc.require_seat()
    prompts = SYSTEM.pending(_star(sc))
    if seat not in {p.seat for p in prompts}:
        raise SessionError(f"It is not your turn. {table.service.waiting_text(sc.record, prompts)}")


def _require_phase(state: StarState, phases: tuple[str, ...], what: str) -> None:
    if state.phase in phases:
        return
    now = {
        "draft": "heroes are being picked (/starcadia pick)",
        "shuttle": "shuttle slots are being claimed (/starcadia claim)",
        "play": "the scenario is being played",
        "updraft": "upgrade tokens are being drafted (/starcadia keep)",
        "upgrade": "the upgrade phase is on (/starcadia take)",
        "outfit": "crews are outfitting their heroes (/starcadia outfit)",
        "route": "the winner is choosing the next scenario (/starcadia route)",
        "over": "the game is over",
    }.get(state.phase, state.phase)
    raise RuleError(f"You cannot {what} now: {now}.")


def _acting_hero(sc: SeatContext, ref: str | None, kind: str, extra: Callable[[dict], bool] | None = None) -> str:
    """The hero a play command is about: the one named, the active one, or the only one who can."""
    state, seat = _star(sc), sc.require_seat()
    if ref and ref.strip():
        return _own_hero(state, seat, ref)
    if state.act.hero and state.act.hero in _crew_ids(state, seat):
        return state.act.hero
    able = sorted({a["hero"] for a in _legal(sc, kind) if "hero" in a and (extra is None or extra(a))})
    if len(able) == 1:
        return able[0]
    alive = [h for h in _crew_ids(state, seat) if not E.find_hero(state, h).dead]
    if len(alive) == 1 and not able:
        return alive[0]
    names = able or alive
    raise RuleError(f"Say which hero (hero:<name>): {_hero_list(names)}.")


def _monster_keys(m: MonsterState) -> set[str]:
    card = CONTENT.monsters[m.card]
    num = m.uid.split("#")[-1]
    return {m.uid, m.uid.replace("#", ""), f"{slug(card.name)}#{num}", E.monster_tag(m).lower()}


def _target(state: StarState, seat: int, ref: str, allowed: list[str] | None = None) -> str:
    """A monster uid or an enemy hero id from what a player typed (``weeble#1``, ``WE1``, ``zip``)."""
    want = ref.strip().lower()
    if not want:
        raise RuleError("Name the target, e.g. WE1 (as on the board) or a rival hero.")
    tagged = [m for m in state.monsters if want in _monster_keys(m)]
    if len(tagged) == 1:
        return tagged[0].uid
    if tagged:  # board tags are unique, but stay safe
        raise RuleError(f"Which one? {', '.join(m.uid + ' at ' + m.pos for m in tagged)}.")
    flat = slug(want).replace("-", "")
    by_card = [m for m in state.monsters if flat in (m.card, slug(CONTENT.monsters[m.card].name).replace("-", ""))]
    if allowed is not None and len(by_card) > 1:
        by_card = [m for m in by_card if m.uid in allowed] or by_card
    if len(by_card) == 1:
        return by_card[0].uid
    if by_card:
        raise RuleError(f"Which one? {', '.join(m.uid + ' at ' + m.pos for m in by_card)}.")
    rivals = [h.id for h in state.heroes if h.seat != seat and not h.dead and h.pos]
    hid = _match_hero(want, rivals)
    if hid is not None:
        return hid
    if _match_hero(want, _crew_ids(state, seat)) is not None:
        raise RuleError("You cannot attack your own crew.")
    out = [f"{m.uid} ({E.monster_tag(m)})" for m in state.monsters]
    out += rivals
    raise RuleError(f"There is no '{ref[:30]}' on the board. Targets: {', '.join(out) or 'none'}.")


def _tag(state: StarState, tid: str) -> str:
    """How the board names a target: WE1 for a monster, the hero's name for a rival."""
    m = E.find_monster(state, tid)
    if m is not None:
        return E.monster_tag(m)
    h = E.find_hero(state, tid)
    return E.hero_name(h) if h is not None else tid


def _where(state: StarState, tid: str) -> str:
    m = E.find_monster(state, tid)
    if m is not None:
        return m.pos
    h = E.find_hero(state, tid)
    return h.pos if h is not None and h.pos else "-"


def _upgrade_of(h: HeroState, ref: str, categories: tuple[str, ...], what: str) -> str:
    """The slug of one of ``h``'s upgrades named by id, name, slug or a unique part of it."""
    want = slug(ref)
    cards = [CONTENT.upgrades[u.id] for u in h.upgrades if CONTENT.upgrades[u.id].category in categories]
    card = CONTENT.upgrade_by_ref(ref) if ref.strip() else None
    if card is not None and card in cards:
        return card.slug
    hits = [c for c in cards if c.slug.startswith(want)] or [c for c in cards if want and want in c.slug]
    if len(hits) == 1:
        return hits[0].slug
    name = E.hero_name(h)
    if card is not None and any(u.id == card.id for u in h.upgrades):
        raise RuleError(f"{card.name} is not a {what}.")
    have = ", ".join(c.slug for c in cards) or "none"
    raise RuleError(f"{name} carries no {what} called '{ref[:30]}'. {name}'s {what}s: {have}.")


def _token_ref(ref: str, pool: Iterable[str], where: str) -> str:
    """An upgrade token id from ``pool`` named by id, name or a unique part of its name."""
    ids = list(dict.fromkeys(pool))
    card = CONTENT.upgrade_by_ref(ref) if ref.strip() else None
    if card is not None and card.id in ids:
        return card.id
    want = slug(ref)
    hits = [i for i in ids if CONTENT.upgrades[i].slug.startswith(want)] or [
        i for i in ids if want and want in CONTENT.upgrades[i].slug
    ]
    if len(hits) == 1:
        return hits[0]
    names = ", ".join(f"{CONTENT.upgrades[i].slug} [{i}]" for i in ids)
    raise RuleError(f"'{ref[:30]}' is not {where}. Choose from: {names or 'nothing'}.")


def _steps(text: str | None) -> list[str]:
    """Typed steps -> engine notation: ``b2, b3 -> portal c4 door e`` -> ``B2 B3 portal C4 door:E``."""
    raw = [w for w in re.split(r"[\s,]+|->|→", text or "") if w and w not in (">", "-")]
    out: list[str] = []
    for w in raw:
        low = w.lower()
        if low in ("hack", "pickup", "portal"):
            out.append(low)
        elif low.startswith("portal:"):
            out.extend(["portal", _space(low[7:])])
        elif low.startswith("door:"):
            out.append("door:" + low[5:].upper())
        elif low in ("n", "e", "s", "w") and out and out[-1] == "door":
            out[-1] = f"door:{low.upper()}"
        elif low == "door":
            out.append("door")
        elif B.parse_space(w) is not None:
            out.append(B.name(B.parse_space(w)))
        else:
            raise RuleError(
                f"'{w[:12]}' is not part of a path. Use spaces like C4, 'portal C4', 'door:E', 'hack' or 'pickup'."
            )
    if "door" in out:
        raise RuleError("Say which edge the door is on: door:N, door:E, door:S or door:W.")
    return out


def _path(state: StarState, h: HeroState, text: str) -> list[str]:
    """A hero's path; the starting space may be written first."""
    out = _steps(text)
    if h.pos and out and out[0] == h.pos:
        out = out[1:]
    if not out:
        raise RuleError(f"Name the spaces to walk through from {h.pos or 'here'}, e.g. path:B2 B3.")
    return out


def _yes_no(text: str | None, what: str) -> bool | None:
    if text is None or not str(text).strip():
        return None
    low = str(text).strip().lower()
    if low in YES:
        return True
    if low in NO:
        return False
    raise RuleError(f"{what} is yes or no.")


# -- setup decisions --------------------------------------------------------------------------------
async def pick(table: Table, ctx: Ctx, heroes: str) -> Reply:
    """Draft: pick 2 heroes (1 per pick in the advanced snake draft)."""
    sc = await _context(table, ctx)
    state = _star(sc)
    sc.require_seat()
    _require_phase(state, ("draft",), "pick heroes")
    _my_turn(table, sc)
    taken = {h.id for h in state.heroes}
    ids = []
    for ref in _words(heroes):
        hid = _match_hero(ref, CONTENT.heroes)
        if hid is None:
            free = _hero_list(h for h in CONTENT.heroes if h not in taken)
            raise RuleError(f"There is no hero '{ref[:20]}'. Free heroes: {free} (/starcadia offer shows their stats).")
        if hid in taken:
            raise RuleError(f"{CONTENT.heroes[hid].name} is already taken.")
        ids.append(hid)
    need = 1 if state.draft == "snake" else 2
    if len(ids) != need:
        raise RuleError(f"Pick exactly {need} hero{'es' if need > 1 else ''}, e.g. heroes:edge red.")
    return await table.act(ctx, {"type": "pick", "heroes": ids})


async def claim(table: Table, ctx: Ctx, slot: str, place: str | None = None) -> Reply:
    """Claim a shuttle slot; ``place`` optionally puts heroes on its spaces (``zip:C1 digits:D1``)."""
    sc = await _context(table, ctx)
    state, seat = _star(sc), sc.require_seat()
    _require_phase(state, ("shuttle",), "claim a shuttle slot")
    _my_turn(table, sc)
    text = str(slot).strip().lower().removeprefix("slot")
    if not text.strip().isdigit():
        raise RuleError("The shuttle slot is a number, e.g. slot:1.")
    action: dict = {"type": "claim", "slot": int(text)}
    spots = {}
    for item in _words(place):
        hero, sep, where = re.split(r"([:@=])", item, maxsplit=1) if re.search(r"[:@=]", item) else (item, "", "")
        if not sep:
            raise RuleError("Place heroes as hero:space, e.g. place:zip:C1 digits:D1.")
        spots[_own_hero(state, seat, hero)] = _space(where)
    if spots:
        action["place"] = spots
    return await table.act(ctx, action)


async def gear(table: Table, ctx: Ctx, hero: str, tokens: str) -> Reply:
    """Before play: give ``hero`` exactly these upgrades; the ally carries the rest."""
    sc = await _context(table, ctx)
    state, seat = _star(sc), sc.require_seat()
    _require_phase(state, ("draft", "shuttle"), "hand out upgrades freely (rest to move them in play)")
    _my_turn(table, sc)
    words = (hero or "").split(maxsplit=1)
    if not (tokens or "").strip() and len(words) == 2 and _match_hero(words[0], _crew_ids(state, seat)):
        hero, tokens = words  # "/starcadia gear red pulse-blade, iron-fists"
    hid = _own_hero(state, seat, hero or "")
    have = [u.id for x in _crew_ids(state, seat) for u in E.find_hero(state, x).upgrades]
    toks = [_token_ref(t, have, "an upgrade of your crew") for t in _names(tokens) if t.lower() != "none"]
    return await table.act(ctx, {"type": "gear", "hero": hid, "tokens": toks})


async def prefs(table: Table, ctx: Ctx, hero: str, reroll: str | None = None, reaction: str | None = None) -> Reply:
    """Standing choices used when the hero is attacked off-turn."""
    sc = await _context(table, ctx)
    state, seat = _star(sc), sc.require_seat()
    _my_turn(table, sc)
    hid = _own_hero(state, seat, hero)
    action: dict = {"type": "prefs", "hero": hid}
    rr = _yes_no(reroll, "reroll")
    if rr is not None:
        action["reroll"] = "on" if rr else "off"
    if reaction is not None and reaction.strip():
        if reaction.strip().lower() in ("none", "off", "no"):
            action["reaction"] = "none"
        else:
            action["reaction"] = _upgrade_of(E.find_hero(state, hid), reaction, ("reaction",), "reaction")
    if len(action) == 2:
        raise RuleError("Say what to change: reroll:on|off and/or reaction:<upgrade>|none.")
    return await table.act(ctx, action)


# -- a turn --------------------------------------------------------------------------------------------
async def move(table: Table, ctx: Ctx, path: str, hero: str | None = None) -> Reply:
    """Move the active (or named) hero along a path of spaces, portals, doors, hacks and pickups."""
    sc = await _context(table, ctx)
    state, seat = _star(sc), sc.require_seat()
    _require_phase(state, ("play",), "move")
    _my_turn(table, sc)
    words = (path or "").split()
    if not hero and words and B.parse_space(words[0]) is None:
        found = _match_hero(words[0], _crew_ids(state, seat))
        if found is not None:  # "/starcadia move zip B2 B3"
            hero, path = found, " ".join(words[1:])
    if not (hero or "").strip() and not state.act.hero:
        hero = _hero_by_first_step(state, seat, path)
    hid = _acting_hero(sc, hero, "move")
    h = E.find_hero(state, hid)
    if h.dead or not h.pos:
        raise RuleError(f"{E.hero_name(h)} is dead; rest to bring them back.")
    return await table.act(ctx, {"type": "move", "hero": hid, "path": _path(state, h, path)})


def _hero_by_first_step(state: StarState, seat: int, path: str) -> str | None:
    """The one hero of the crew that starts on, or next to, the path's first space (else None)."""
    try:
        steps = _steps(path)
    except RuleError:
        return None
    first = B.parse_space(steps[0]) if steps else None
    if first is None:
        return None
    fits = []
    for hid in _crew_ids(state, seat):
        h = E.find_hero(state, hid)
        if h.dead or not h.pos:
            continue
        x, y = B.parse_space(h.pos)
        if abs(x - first[0]) + abs(y - first[1]) <= 1:
            fits.append(hid)
    return fits[0] if len(fits) == 1 else None


async def attack(
    table: Table,
    ctx: Ctx,
    target: str,
    weapon: str | None = None,
    boosts: str | None = None,
    hero: str | None = None,
    shove: str | None = None,
    grab: str | None = None,
) -> Reply:
    """Attack one enemy with one weapon plus matching boosts (``boosts:all`` takes every one that fits).

    ``grab``: if the attack kills a rival hero Close to you, the dropped token you snatch (stimpack, core...).
    """
    sc = await _context(table, ctx)
    state, seat = _star(sc), sc.require_seat()
    _require_phase(state, ("play",), "attack")
    _my_turn(table, sc)
    legal = _legal(sc, "attack")
    reachable = sorted({a["target"] for a in legal})
    tid = _target(state, seat, target, reachable)
    hid = _acting_hero(sc, hero, "attack", lambda a: a["target"] == tid)
    h = E.find_hero(state, hid)
    mine = [a for a in legal if a["hero"] == hid and a["target"] == tid]
    if weapon and weapon.strip():
        wslug = _upgrade_of(h, weapon, ("weapon",), "weapon")
    else:
        options = sorted({a["weapon"] for a in mine})
        ready = [
            CONTENT.upgrades[u.id].slug
            for u in h.upgrades
            if not u.exhausted and CONTENT.upgrades[u.id].category == "weapon"
        ]
        if not ready:
            raise RuleError(f"{E.hero_name(h)} has no ready weapon; rest or use a recharge.")
        if not options:
            where = _where(state, tid)
            in_reach = sorted({_tag(state, a["target"]) for a in legal if a["hero"] == hid})
            hint = f" In reach now: {', '.join(in_reach)}." if in_reach else ""
            if not state.act.moved or state.act.hero != hid:
                hint += " Move first to get Close or in line of sight."
            raise RuleError(
                f"{E.hero_name(h)} at {h.pos} cannot hit {_tag(state, tid)} at {where} with {', '.join(ready)}: "
                f"melee needs the target Close, ranged needs a line of sight.{hint}"
            )
        if len(options) > 1:
            raise RuleError(f"Name the weapon (weapon:<name>): {', '.join(options)}.")
        wslug = options[0]
    wcard = CONTENT.upgrade_by_ref(wslug)
    chosen: list[str] = []
    btext = (boosts or "").strip().lower()
    if btext in ("all", "every", "max"):
        chosen = [c.slug for c in E.fitting_boosts(h, wcard) if c.ability_kind != "sacrifice_dice"]
    elif btext and btext not in ("none", "-"):
        for ref in _names(boosts):
            b = _upgrade_of(h, ref.lstrip("+"), ("boost",), "boost")
            if b in chosen:
                raise RuleError(f"{b} is listed twice.")
            chosen.append(b)
    action: dict = {"type": "attack", "hero": hid, "target": tid, "weapon": wslug, "boosts": chosen}
    if shove and shove.strip():
        action["shove"] = _space(shove, "shove space")
    if grab and grab.strip():
        victim = E.find_hero(state, tid)
        if victim is None:
            raise RuleError("Only a rival hero drops tokens to grab; a monster drops nothing.")
        carried = [t.removeprefix("quest:") for t in victim.gadgets + victim.quest_tokens]
        want = grab.strip().lower().removeprefix("quest:")
        hits = [t for t in carried if t.startswith(want)]
        if not hits:
            have = ", ".join(carried) or "nothing"
            raise RuleError(f"{E.hero_name(victim)} carries nothing called '{grab[:20]}'. Carried: {have}.")
        action["grab"] = hits[0]
    return await table.act(ctx, action)


async def use(table: Table, ctx: Ctx, gadget: str, hero: str | None = None, path: str | None = None) -> Reply:
    """Use a gadget: stimpack (heal), recharge (ready upgrades), hoverboard (the ally walks ``path``)."""
    sc = await _context(table, ctx)
    state, seat = _star(sc), sc.require_seat()
    _require_phase(state, ("play",), "use a gadget")
    _my_turn(table, sc)
    want = gadget.strip().lower()
    names = [g for g in GADGETS if g.startswith(want)] if want else []
    if len(names) != 1:
        raise RuleError("The gadgets are stimpack, recharge and hoverboard.")
    g = names[0]
    carriers = [x for x in _crew_ids(state, seat) if g in E.find_hero(state, x).gadgets]
    if hero and hero.strip():
        hid = _own_hero(state, seat, hero)
    elif state.act.hero and state.act.hero in _crew_ids(state, seat):
        hid = state.act.hero
    elif len(carriers) == 1:
        hid = carriers[0]
    elif not carriers:
        raise RuleError(f"Nobody in your crew carries a {g}.")
    else:
        raise RuleError(f"Say which hero uses it (hero:<name>): {_hero_list(carriers)}.")
    h = E.find_hero(state, hid)
    if g not in h.gadgets:
        raise RuleError(f"{E.hero_name(h)} carries no {g}" + (f"; {_hero_list(carriers)} does." if carriers else "."))
    action: dict = {"type": "use", "hero": hid, "gadget": g}
    if g == "hoverboard":
        ally_id = next((x for x in _crew_ids(state, seat) if x != hid), None)
        ally = E.find_hero(state, ally_id) if ally_id else None
        if ally is None or ally.dead or not ally.pos:
            raise RuleError("Your ally must be on the board to ride the hoverboard.")
        if not path or not path.strip():
            raise RuleError(f"Give the path {E.hero_name(ally)} rides from {ally.pos}, e.g. path:B2 B3.")
        action["path"] = _path(state, ally, path)
    elif path and path.strip():
        raise RuleError(f"Only the hoverboard takes a path; a {g} does not.")
    return await table.act(ctx, action)


async def end(table: Table, ctx: Ctx) -> Reply:
    """End the activation: the event card is drawn and the turn passes."""
    sc = await _context(table, ctx)
    _require_phase(_star(sc), ("play",), "end a turn")
    _my_turn(table, sc)
    return await table.act(ctx, {"type": "end"})


async def rest(table: Table, ctx: Ctx, give: str | None = None, place: str | None = None) -> Reply:
    """Rest the crew: ready every upgrade, shake off daze, move tokens between heroes, revive the dead.

    ``give``: ``pulse-blade>red, stimpack>edge`` (token > receiving hero). ``place``: where a dead hero
    comes back, ``edge:shuttle`` or ``edge:C4`` (Close to the ally), or just ``C4`` with one dead hero.
    """
    sc = await _context(table, ctx)
    state, seat = _star(sc), sc.require_seat()
    _require_phase(state, ("play",), "rest")
    _my_turn(table, sc)
    crew = _crew_ids(state, seat)
    action: dict = {"type": "rest"}
    gives = []
    text = (give or "").strip()
    pairs = GIVE.findall(text)
    if text and (not pairs or GIVE.sub("", text).strip(" ,;")):
        raise RuleError("Write each transfer as token>hero, e.g. give:pulse-blade>red, stimpack>edge.")
    for token, to in pairs:
        dst = _own_hero(state, seat, to)
        src = E.find_hero(state, next((x for x in crew if x != dst), dst))
        if token.strip().lower() in GADGETS:
            gname = token.strip().lower()
            if gname not in src.gadgets:
                raise RuleError(f"{E.hero_name(src)} carries no {gname}.")
            gives.append([gname, dst])
        else:
            gives.append([_upgrade_of(src, token.strip(), ("weapon", "boost", "passive", "reaction"), "upgrade"), dst])
    if gives:
        action["give"] = gives
    dead = [x for x in crew if E.find_hero(state, x).dead]
    spots: dict[str, str] = {}
    for item in _words(place):
        m = re.split(r"\s*[:@=]\s*", item, maxsplit=1)
        if len(m) == 1:
            if len(dead) != 1:
                raise RuleError("Say who comes back where: place:<hero>:shuttle or place:<hero>:<space>.")
            m = [dead[0], m[0]]
        hid = _own_hero(state, seat, m[0])
        if hid not in dead:
            raise RuleError(f"{CONTENT.heroes[hid].name} is not dead.")
        spots[hid] = "shuttle" if m[1].strip().lower() == "shuttle" else _space(m[1])
    if spots:
        action["place"] = spots
    return await table.act(ctx, action)


async def event(
    table: Table, ctx: Ctx, figure: str | None = None, target: str | None = None, spawn: str | None = None
) -> Reply:
    """Choices for the drawn event card (events=choose): which figure acts and whom it hunts, or where it spawns.

    With no option the engine's usual policy decides. With monsters=player (the default) a target is
    not given here: the chosen figure's path and target are the next decision (/starcadia answer).
    """
    sc = await _context(table, ctx)
    state, seat = _star(sc), sc.require_seat()
    if not state.pending_event:
        raise RuleError("No event card is waiting for your choices.")
    _my_turn(table, sc)
    action: dict = {"type": "event"}
    if figure and figure.strip():
        want = figure.strip().lower()
        hit = [m.uid for m in state.monsters if want in _monster_keys(m)]
        if not hit:
            raise RuleError(f"There is no figure '{figure[:20]}' on the board.")
        if len(hit) > 1:
            raise RuleError(f"Which one? {', '.join(hit)}.")
        action["figure"] = hit[0]
    if target and target.strip():
        onboard = [h.id for h in E.heroes_on_board(state)]
        hid = _match_hero(target, onboard)
        if hid is None:
            raise RuleError(f"The target must be a hero on the board: {_hero_list(onboard)}.")
        action["target"] = hid
    if spawn and spawn.strip():
        action["spawn"] = _space(spawn, "spawn point")
    if seat != state.current:
        raise RuleError("Only the active player makes the event card's choices.")
    return await table.act(ctx, action)


async def payback(table: Table, ctx: Ctx, path: str | None = None, attack: str | None = None) -> Reply:
    """Run a monster's Payback (monsters=player): its path (may be empty) and whether it attacks.

    With no option the engine's usual policy plays it.
    """
    sc = await _context(table, ctx)
    state = _star(sc)
    pb = state.payback
    if pb is None:
        raise RuleError("No Payback is waiting.")
    _my_turn(table, sc)
    hit = _yes_no(attack, "attack")
    if (path is None or not path.strip()) and hit is None:
        return await table.act(ctx, {"type": "payback"})
    text = (path or "").strip()
    steps = [] if text.lower() in ("", "stay", "none", "-") else _steps(text)
    m = E.find_monster(state, pb.monster)
    if steps and m is not None and steps[0] == m.pos:
        steps = steps[1:]
    if hit is None:
        end = steps[-1] if steps and B.parse_space(steps[-1]) else (m.pos if m is not None else "")
        h = E.find_hero(state, pb.hero)
        hit = bool(
            m is not None and h is not None and h.pos and end and E.monster_can_hit(state, E.board_of(state), m, end, h)
        )
    return await table.act(ctx, {"type": "payback", "path": steps, "attack": hit})


WAIT_WORDS = {
    "guard": "guard",
    "payer": "payback",
    "monster": "monster",
    "shove": "shove",
    "defend": "defend",
    "place": "place",
}


def _answer_action(state: StarState, seat: int, text: str) -> dict:
    """A typed answer to the current decision: a suggestion's value, a monster tag, a space, or notation."""
    options = SYSTEM.legal(state, seat)
    wanted = " ".join(text.lower().split())
    for a in options:
        if " ".join(SYSTEM.format(a).lower().split()) == wanted:
            return a
    w = state.wait
    if w is None:  # a Payback path prompt
        words = text.split()
        if words and words[0].lower() != "payback":
            text = "payback " + text
        return SYSTEM.parse(text, state, seat)
    word = WAIT_WORDS[w.kind]
    if w.kind in ("guard", "payer"):
        hits = [uid for uid in w.options if wanted in _monster_keys(E.find_monster(state, uid)) or wanted == uid]
        if len(hits) == 1:
            return {"type": word, "monster": hits[0]}
        raise RuleError(f"Answer with one of: {', '.join(w.options)}.")
    if w.kind == "shove":
        return {"type": "shove", "to": _space(text)}
    if w.kind == "place":
        return {"type": "place", "space": _space(text)}
    if not wanted.startswith(word):
        text = f"{word} {text}"
    return SYSTEM.parse(text, state, seat)


async def answer(table: Table, ctx: Ctx, choice: str | None = None) -> Reply:
    """Answer the decision the game waits for from you in the middle of play: which guard attacks first,
    which monster pays back, the Payback or event monster you run, where a CRIT shoves a hero, or your
    hero's reaction and rerolls (defence=ask). Without a choice, the suggested default (the bot's pick).
    """
    sc = await _context(table, ctx)
    state, seat = _star(sc), sc.require_seat()
    if state.wait is None and state.payback is None:
        raise RuleError("Nothing is waiting for an answer; on your turn use move, attack, end or rest.")
    prompt = SYSTEM.pending(state)[0]
    if prompt.seat != seat:
        raise RuleError(f"The game waits for {state.seats[prompt.seat]} to decide, not you.")
    text = (choice or "").strip()
    if not text or text.lower() in ("default", "auto", "bot"):
        action = dict(prompt.default)
    else:
        if len(text) > 200:
            raise RuleError("That answer is far too long.")
        action = _answer_action(state, seat, text)
    return await table.act(ctx, action)


# -- between scenarios -------------------------------------------------------------------------------
async def keep(table: Table, ctx: Ctx, tokens: str) -> Reply:
    """Episodic draft: keep 2 tokens from your hand; the rest passes left."""
    sc = await _context(table, ctx)
    state, seat = _star(sc), sc.require_seat()
    _require_phase(state, ("updraft",), "keep drafted tokens")
    _my_turn(table, sc)
    hand = state.crews[seat].hand
    ids = [_token_ref(t, hand, "in your hand") for t in _names(tokens)]
    return await table.act(ctx, {"type": "keep", "tokens": ids})


async def take(table: Table, ctx: Ctx, token: str) -> Reply:
    """Upgrade phase: take one token from those on offer."""
    sc = await _context(table, ctx)
    state = _star(sc)
    sc.require_seat()
    _require_phase(state, ("upgrade",), "take an upgrade")
    _my_turn(table, sc)
    return await table.act(ctx, {"type": "take", "token": _token_ref(token, state.pool, "on offer")})


def _parse_loadout(state: StarState, seat: int, text: str) -> dict[str, list[str]]:
    have = owned(state, seat)
    crew = _crew_ids(state, seat)
    load: dict[str, list[str]] = {}
    # "zip: pulse-blade, iron-fists; digits: repeater-pistol" or "zip:S01,S04 digits:S02"
    chunks = [c for c in re.split(r";|\|", text) if c.strip()]
    if len(chunks) == 1 and text.count(":") > 1:
        chunks = [c for c in re.split(r"\s+(?=[A-Za-z][\w.-]*\s*:)", text.strip()) if c.strip()]
    for chunk in chunks:
        hero, sep, toks = chunk.partition(":")
        if not sep:
            raise RuleError("Write a loadout as hero: token, token; hero: token, ... (or auto).")
        hid = _own_hero(state, seat, hero)
        if hid in load:
            raise RuleError(f"{CONTENT.heroes[hid].name} is listed twice.")
        load[hid] = [_token_ref(t, have, "an upgrade of your crew") for t in _names(toks)]
    for hid in crew:
        load.setdefault(hid, [])
    return load


async def outfit(table: Table, ctx: Ctx, loadout: str | None = None) -> Reply:
    """Give every upgrade to a hero (6 each at most); leftovers are discarded. ``auto`` fills evenly."""
    sc = await _context(table, ctx)
    state, seat = _star(sc), sc.require_seat()
    _require_phase(state, ("outfit",), "outfit your heroes")
    _my_turn(table, sc)
    text = (loadout or "").strip()
    if not text or text.lower() == "auto":
        return await table.act(ctx, {"type": "outfit"})
    return await table.act(ctx, {"type": "outfit", "loadout": _parse_loadout(state, seat, text)})


async def route(table: Table, ctx: Ctx, scenario: str) -> Reply:
    """The last scenario's winner chooses the next scenario of the campaign."""
    sc = await _context(table, ctx)
    state = _star(sc)
    sc.require_seat()
    _require_phase(state, ("route",), "choose the next scenario")
    _my_turn(table, sc)
    want = scenario.strip().upper().removeprefix("SCENARIO").strip()
    allowed = CONTENT.scenarios[state.scenario].next
    if want not in allowed:
        titles = ", ".join(f"{s} ({CONTENT.scenarios[s].title})" for s in allowed)
        raise RuleError(f"From scenario {state.scenario} the campaign goes to: {titles}.")
    return await table.act(ctx, {"type": "route", "scenario": want})


# -- private views ---------------------------------------------------------------------------------------
def _seat_by_name(state: StarState, text: str) -> int | None:
    want = text.strip().lower()
    for c in state.crews:
        if want in (c.colour, state.seats[c.seat].lower(), str(c.seat + 1)):
            return c.seat
        if any(_match_hero(want, [h]) for h in c.heroes):
            return c.seat
    return None


async def crew_view(table: Table, ctx: Ctx, crew: str | None = None) -> Reply:
    """A crew dashboard (yours unless you name one): heroes, wounds, upgrades by the names to type, gadgets."""
    sc = await _context(table, ctx)
    view: StarState = sc.my_view()  # type: ignore[assignment]
    if crew and crew.strip():
        seat = _seat_by_name(view, crew)
        if seat is None:
            colours = ", ".join(f"{c.colour} ({view.seats[c.seat]})" for c in view.crews)
            raise RuleError(f"There is no crew '{crew[:20]}'. Crews: {colours}.")
    elif sc.seat is not None:
        seat = sc.seat
    else:
        raise RuleError("You are not playing; name a crew, e.g. crew:yellow.")
    lines = crew_sheet(view, seat)
    if not view.crews[seat].heroes:
        lines.append("No heroes yet: they are picked in the draft (/starcadia offer lists the free heroes).")
    from render.starcadia import dashboard

    def image() -> bytes:
        return dashboard(view, seat)

    return Reply(
        title=f"{view.crews[seat].colour.capitalize()} crew dashboard",
        lines=lines,
        image=image,
        image_name="crew.png",
        ephemeral=True,
    )


async def monsters_view(table: Table, ctx: Ctx) -> Reply:
    """The monster dashboard: each slot's monster, its stats and the figures out."""
    sc = await _context(table, ctx)
    view: StarState = sc.my_view()  # type: ignore[assignment]
    lines = monster_sheet(view) or ["No monster slots are filled."]
    from render.starcadia import monsters_picture

    def image() -> bytes:
        return monsters_picture(view)

    return Reply(
        title=f"Monster dashboard · scenario {view.scenario}",
        lines=lines,
        image=image,
        image_name="monsters.png",
        ephemeral=True,
    )


def quest_lines(state: StarState) -> list[str]:
    lines = []
    for i, qid in enumerate(state.pve):
        q = CONTENT.quests[qid]
        if qid in state.done:
            mark = f"done by {state.seats[state.done[qid]]}"
        elif i == state.pve_index:
            mark = "CURRENT"
        else:
            mark = "later"
        lines.append(f"PvE {i + 1}. **{q.name}** ({q.vt} VT, {mark}): {q.text}")
    for c in state.crews:
        qid = f"pvp-{c.colour}"
        q = CONTENT.quests.get(qid)
        if q is None:
            continue
        mark = f"done by {state.seats[state.done[qid]]}" if qid in state.done else "open"
        lines.append(f"PvP **{q.name}** ({q.vt} VT, {mark}): {q.text}")
    q = E.current_pve(state)
    if q is not None and q.goal == "hack":
        terms = ", ".join(B.name(t) for t in E.board_of(state).terminals)
        lines.append(f"Terminals (T on the board): {terms}. Walk onto one and add `hack` to the path (1 MP).")
    hacked = [f"{c.colour} hacked {', '.join(c.hacked)}" for c in state.crews if c.hacked]
    if hacked:
        lines.append("Hacked so far: " + "; ".join(hacked))
    lines.append("VT: " + ", ".join(f"{c.colour} ({state.seats[c.seat]}) {c.vt}" for c in state.crews))
    lines.append("The scenario ends when every PvE quest and at least one PvP quest are done.")
    if state.phase == "play":
        lines.append(E.end_condition(state) + ".")
    if state.turn_limit:
        lines.append(
            f"Table option turn_limit={state.turn_limit} (our rule, not the book's): after turn "
            f"{state.turn_limit} the most VT wins; a tie goes to more quests fulfilled, then the CRIT roll-off."
        )
    return lines


async def quests_view(table: Table, ctx: Ctx) -> Reply:
    """This scenario's quests, in order, with who fulfilled them."""
    sc = await _context(table, ctx)
    view: StarState = sc.my_view()  # type: ignore[assignment]
    sid = view.scenario
    from render.starcadia import quests_picture

    def image() -> bytes:
        return quests_picture(view)

    return Reply(
        title=f"Quests · scenario {sid}: {CONTENT.scenarios[sid].title}",
        lines=quest_lines(view),
        image=image,
        image_name="quests.png",
        ephemeral=True,
    )


async def campaign_view(table: Table, ctx: Ctx) -> Reply:
    """The campaign sheet: route, VT per scenario, badges and inventories."""
    sc = await _context(table, ctx)
    view: StarState = sc.my_view()  # type: ignore[assignment]
    lines = campaign_sheet(view)
    if view.mode != "campaign":
        lines.insert(0, "Episodic game: no campaign progression.")
    from render.starcadia import campaign_picture

    def image() -> bytes:
        return campaign_picture(view)

    return Reply(title="Campaign sheet", lines=lines, image=image, image_name="campaign.png", ephemeral=True)


async def offer_view(table: Table, ctx: Ctx) -> Reply:
    """What you are choosing from right now: your draft hand, the upgrades on offer, your outfit stock."""
    sc = await _context(table, ctx)
    seat = sc.require_seat()
    state = _star(sc)
    view: StarState = sc.my_view()  # type: ignore[assignment]
    crew = view.crews[seat]

    def image() -> bytes:
        from render.starcadia import offer_picture

        return offer_picture(view, seat)

    if view.phase == "updraft":
        lines = [upgrade_line(t) for t in crew.hand] or ["Your hand is empty."]
        head = "Your draft hand (keep 2)" if not crew.ready else "You kept your tokens; waiting for the others"
        return Reply(title=head, lines=lines, ephemeral=True, image=image, image_name="offer.png")
    if view.phase == "upgrade":
        order = view.order[view.order_pos :]
        nxt = ", ".join(view.seats[s] for s in order[:6])
        lines = [upgrade_line(t) for t in view.pool] + [f"Picks to come: {nxt or '-'}"]
        if crew.stash:
            lines.append("Already taken by you: " + ", ".join(CONTENT.upgrades[t].slug for t in crew.stash))
        return Reply(title="Upgrades on offer", lines=lines, ephemeral=True, image=image, image_name="offer.png")
    if view.phase == "outfit":
        load = auto_loadout(state, seat)
        lines = [upgrade_line(t) for t in owned(state, seat)]
        lines.append("auto would give: " + _loadout_text(load))
        return Reply(
            title="Your upgrades to hand out (6 per hero)",
            lines=lines,
            ephemeral=True,
            image=image,
            image_name="offer.png",
        )
    if view.phase == "draft":
        free = [h for h in CONTENT.heroes if h not in {x.id for x in view.heroes}]
        return Reply(
            title="Free heroes",
            lines=[_hero_line(h) for h in free],
            ephemeral=True,
            image=image,
            image_name="offer.png",
        )
    raise RuleError("Nothing to choose from right now; /starcadia crew shows your dashboard.")


def _hero_line(hid: str) -> str:
    card = CONTENT.heroes[hid]
    return (
        f"**{card.name}** ({hid}): defence {card.defense}, life {card.life}. {card.ability.name}: {card.ability.text}"
    )


def _loadout_text(load: dict[str, list[str]]) -> str:
    return "; ".join(f"{h}: {', '.join(CONTENT.upgrades[t].slug for t in toks) or '-'}" for h, toks in load.items())


def guide() -> Reply:
    return Reply(title="Starcadia Quest commands", lines=GUIDE, ephemeral=True, colour=COLOUR_GOOD)


# -- autocomplete ------------------------------------------------------------------------------------------
Pairs = list[tuple[str, str]]


def _fit(pairs: Iterable[tuple[str, str]], typed: str) -> Pairs:
    """Keep choices matching what is typed (every word, in label or value), de-duplicated, at most 25."""
    words = (typed or "").lower().split()
    out: Pairs = []
    seen = set()
    for label, value in pairs:
        value = value[:LABEL_MAX]
        if value in seen:
            continue
        hay = f"{label} {value}".lower()
        if all(w in hay for w in words):
            seen.add(value)
            out.append((label[:LABEL_MAX], value))
    starts = [p for p in out if p[1].lower().startswith((typed or "").strip().lower())]
    rest = [p for p in out if p not in starts]
    return (starts + rest)[:MAX_CHOICES]


def _extend_list(typed: str, candidates: Iterable[tuple[str, str]], sep: str = ", ") -> Pairs:
    """Completion for a list option: keep what is typed before the last separator, offer the next item."""
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
    return _fit(out, frag)


def _hero_label(state: StarState, hid: str) -> str:
    h = E.find_hero(state, hid)
    card = CONTENT.heroes[hid]
    if h is None:
        return f"{card.name} — def {card.defense}, life {card.life}, {card.ability.name}"
    if h.dead:
        return f"{card.name}: dead (revive by resting)"
    return f"{card.name} at {h.pos or 'off board'}, wounds {h.wounds}/{E.hero_life(h)}"


def _space_label(path: list[str]) -> str:
    steps = [p for p in path if p not in ("pickup",)]
    cost = sum(1 for p in steps if p != "portal")
    end = next((p for p in reversed(path) if B.parse_space(p) is not None), "")
    extra = ""
    if path and path[-1] in ("hack", "pickup"):
        extra = f", then {path[-1]}"
    elif path and path[-1].startswith("door"):
        extra = " (flip the door)"
    return f"{' '.join(path)}" + (f" → {end}" if end else "") + f" ({cost} MP{extra})"


def _namespace_hero(sc: SeatContext, given: dict[str, str | None], kind: str) -> str | None:
    try:
        return _acting_hero(sc, given.get("hero"), kind)
    except RuleError:
        return None


def _ac_heroes(sc: SeatContext, kind: str) -> Pairs:
    state = _star(sc)
    ids = sorted({a["hero"] for a in _legal(sc, kind) if "hero" in a})
    return [(_hero_label(state, h), h) for h in ids]


def _ac_move_path(sc: SeatContext, given: dict[str, str | None]) -> Pairs:
    hid = _namespace_hero(sc, given, "move")
    moves = [a for a in _legal(sc, "move") if hid is None or a["hero"] == hid]
    special = [a for a in moves if a["path"][-1] in ("hack", "pickup")]
    approach = E.pvp_approach(_star(sc), sc.seat) if sc.seat is not None else None
    towards = [a for a in moves if approach and a["hero"] == approach.hero and a["path"] == approach.path]
    rest = [a for a in moves if a not in special and a not in towards]
    rest.sort(key=lambda a: (-len(a["path"]), a["path"]))
    out = []
    for a in special + towards + rest:
        label = _space_label(a["path"])
        if a in towards:  # the walk towards a rival whose PvP quest is open (the scenario needs one)
            label += f" · towards {E.hero_name(E.find_hero(_star(sc), approach.target))} (PvP quest)"
        if hid:
            out.append((label, " ".join(a["path"])))
        else:  # no hero chosen yet: the value names the hero, "/starcadia move path:zip B2 B3"
            out.append((f"{a['hero']}: {label}", " ".join([a["hero"], *a["path"]])))
    return out


def _ac_attack(sc: SeatContext, given: dict[str, str | None], option: str) -> Pairs:
    state, seat = _star(sc), sc.seat
    legal = _legal(sc, "attack")
    if option == "hero":
        return _ac_heroes(sc, "attack")
    tid = None
    if given.get("target"):
        try:
            tid = _target(state, seat, given["target"] or "", sorted({a["target"] for a in legal}))
        except RuleError:
            tid = None
    hid = None
    if given.get("hero"):
        try:
            hid = _own_hero(state, seat, given["hero"] or "")
        except RuleError:
            hid = None
    elif state.act.hero:
        hid = state.act.hero
    acts = [a for a in legal if (hid is None or a["hero"] == hid) and (tid is None or a["target"] == tid)]
    if option == "target":
        out = []
        for t in dict.fromkeys(a["target"] for a in acts):
            m = E.find_monster(state, t)
            if m is not None:
                life = E.mstats(m)[0]
                tag = E.monster_tag(m)
                out.append((f"{tag}: {CONTENT.monsters[m.card].name} at {m.pos}, wounds {m.wounds}/{life}", m.uid))
            else:
                rival = E.find_hero(state, t)
                open_pvp = " · PvP quest open" if rival in E.pvp_targets(state, seat) else ""
                out.append((f"{_hero_label(state, t)} ({state.crews[rival.seat].colour}){open_pvp}", t))
        return out
    if option == "weapon":
        out = []
        for w in dict.fromkeys(a["weapon"] for a in acts):
            card = CONTENT.upgrade_by_ref(w)
            out.append((f"{card.name}: {E.attack_kind(card)}, {card.dice} dice", w))
        return out
    if option == "boosts":
        weapon = CONTENT.upgrade_by_ref(given.get("weapon") or "") if given.get("weapon") else None
        if weapon is not None:
            acts = [a for a in acts if a["weapon"] == weapon.slug]
        out = [("none", "none")]
        for combo in dict.fromkeys(tuple(a["boosts"]) for a in acts if a["boosts"]):
            dice = E.boost_dice([CONTENT.upgrade_by_ref(b) for b in combo])
            out.append((f"{' + '.join(combo)} (+{dice} dice)", ", ".join(combo)))
        return out
    if option == "grab":
        victim = E.find_hero(state, tid) if tid else None
        if victim is None:
            return []
        return [
            (f"grab the {t.removeprefix('quest:')} if {E.hero_name(victim)} falls", t.removeprefix("quest:"))
            for t in victim.gadgets + victim.quest_tokens
        ]
    if option == "shove":
        if tid is None:
            return []
        m = E.find_monster(state, tid)
        pos = m.pos if m else E.find_hero(state, tid).pos
        return [(f"shove to {s}", s) for s in E.shove_spaces(state, pos)]
    return []


def _ac_use(sc: SeatContext, given: dict[str, str | None], option: str) -> Pairs:
    state = _star(sc)
    uses = _legal(sc, "use")
    if option == "hero":
        return _ac_heroes(sc, "use")
    if option == "gadget":
        out = []
        for g in dict.fromkeys(a["gadget"] for a in uses):
            who = sorted({a["hero"] for a in uses if a["gadget"] == g})
            out.append((f"{g} ({', '.join(CONTENT.heroes[h].name for h in who)})", g))
        return out
    if option == "path":
        hid = _namespace_hero(sc, given, "use")
        rides = [a for a in uses if a["gadget"] == "hoverboard" and (hid is None or a["hero"] == hid)]
        out = []
        for a in rides:
            ally = next(x for x in state.crews[sc.seat].heroes if x != a["hero"])
            out.append((f"{CONTENT.heroes[ally].name}: {_space_label(a['path'])}", " ".join(a["path"])))
        return out
    return []


def _ac_rest(sc: SeatContext, given: dict[str, str | None], option: str, typed: str) -> Pairs:
    state, seat = _star(sc), sc.seat
    crew = _crew_ids(state, seat)
    if not _legal(sc, "rest"):
        return []  # resting is not possible right now
    if option == "give":
        cands = []
        for hid in crew:
            h = E.find_hero(state, hid)
            ally = next((x for x in crew if x != hid), None)
            if ally is None:
                continue
            for u in h.upgrades:
                card = CONTENT.upgrades[u.id]
                cands.append(
                    (f"{card.name} from {E.hero_name(h)} to {CONTENT.heroes[ally].name}", f"{card.slug}>{ally}")
                )
            for g in h.gadgets:
                cands.append((f"{g} from {E.hero_name(h)} to {CONTENT.heroes[ally].name}", f"{g}>{ally}"))
        return _extend_list(typed, cands)
    if option == "place":
        b = E.board_of(state)
        out = []
        living = [E.find_hero(state, x) for x in crew if not E.find_hero(state, x).dead and E.find_hero(state, x).pos]
        for hid in crew:
            if not E.find_hero(state, hid).dead:
                continue
            out.append((f"{CONTENT.heroes[hid].name} back in the shuttle", f"{hid}:shuttle"))
            for ally in living:
                for xy in b.close_spaces(B.parse_space(ally.pos), state.doors):
                    if b.playable(xy) and E.occupancy(state, B.name(xy)) < 2:
                        out.append(
                            (
                                f"{CONTENT.heroes[hid].name} at {B.name(xy)}, Close to {E.hero_name(ally)}",
                                f"{hid}:{B.name(xy)}",
                            )
                        )
        return _fit(out, typed)
    return []


def _ac_event(sc: SeatContext, option: str) -> Pairs:
    state = _star(sc)
    acts = _legal(sc, "event")
    out = []
    for a in acts:
        if option not in a:
            continue
        v = a[option]
        if option == "figure":
            m = E.find_monster(state, v)
            out.append((f"{CONTENT.monsters[m.card].name} {v} at {m.pos}", v))
        elif option == "target":
            out.append((_hero_label(state, v), v))
        else:
            out.append((f"spawn at {v}", v))
    return out


def _ac_payback(sc: SeatContext) -> Pairs:
    if _star(sc).payback is None:
        return []
    can_hit: dict[str, bool] = {}
    for a in _legal(sc, "payback"):
        if "path" in a:
            key = " ".join(a["path"])
            can_hit[key] = can_hit.get(key, False) or bool(a.get("attack"))
    out = []
    for path, hit in can_hit.items():
        verb = "and attack" if hit else "(cannot attack from there)"
        out.append((f"{'walk ' + path if path else 'stay'} {verb}", path or "stay"))
    return out


def _answer_label(state: StarState, a: dict) -> str:
    kind = a.get("type")
    if kind in ("guard", "payback") and "monster" in a:
        m = E.find_monster(state, a["monster"])
        verb = "attacks first" if kind == "guard" else "pays back"
        return f"{E.monster_tag(m)} {m.uid} at {m.pos} {verb}" if m else a["monster"]
    if kind == "shove":
        return f"shove to {a['to']}"
    if kind == "place":
        return f"the quest monster appears at {a['space']}"
    if kind == "monster":
        walk = "walk " + " ".join(a["path"]) if a["path"] else "stay"
        target = a.get("target", "none")
        hit = "no attack" if target == "none" else f"attack {_hero_label(state, target).split(' — ')[0]}"
        return f"{hit}, then {walk}" if a.get("first") == "attack" else f"{walk}, {hit}"
    if kind == "defend":
        r = a.get("reaction", "none")
        return f"reaction {r}, rerolls {a.get('reroll', 'on')}"
    if kind == "payback":
        if "path" not in a:
            return "the bot's choice"
        walk = "walk " + " ".join(a["path"]) if a["path"] else "stay"
        return f"{walk}, {'attack' if a.get('attack') else 'hold the attack'}"
    return SYSTEM.format(a)


def _ac_answer(sc: SeatContext) -> Pairs:
    state, seat = _star(sc), sc.seat
    if state.wait is None and state.payback is None:
        return []
    prompts = SYSTEM.pending(state)
    if not prompts or prompts[0].seat != seat:
        return []
    out = []
    for i, a in enumerate(SYSTEM.legal(state, seat)):
        label = _answer_label(state, a) + (" (default)" if i == 0 else "")
        out.append((label[:LABEL_MAX], SYSTEM.format(a)[:LABEL_MAX]))
    return out


def _ac_setup(sc: SeatContext, command: str, option: str, given: dict[str, str | None], typed: str) -> Pairs:
    state, seat = _star(sc), sc.seat
    if command == "pick":
        out = []
        for a in _legal(sc, "pick"):
            names = " + ".join(CONTENT.heroes[h].name for h in a["heroes"])
            if len(a["heroes"]) == 1:
                names = _hero_label(state, a["heroes"][0])
            out.append((names, " ".join(a["heroes"])))
        return out
    if command == "claim" and option == "slot":
        out = []
        for a in _legal(sc, "claim"):
            docked = tuple((c.colour, c.shuttle) for c in state.crews if c.shuttle >= 0)
            b = B.build(state.scenario, tuple(state.tiles), (*docked, (state.crews[seat].colour, a["slot"] - 1)))
            spaces = " ".join(B.name(x) for x in b.shuttles.get(state.crews[seat].colour, []))
            out.append((f"slot {a['slot']} (shuttle at {spaces})", str(a["slot"])))
        return out
    if command == "claim" and option == "place":
        raw = (given.get("slot") or "").strip()
        if not raw.isdigit():
            return []
        docked = tuple((c.colour, c.shuttle) for c in state.crews if c.shuttle >= 0)
        try:
            b = B.build(state.scenario, tuple(state.tiles), (*docked, (state.crews[seat].colour, int(raw) - 1)))
        except Exception:  # a slot number that does not exist
            return []
        spaces = [B.name(x) for x in b.shuttles.get(state.crews[seat].colour, [])]
        crew = _crew_ids(state, seat)
        if len(spaces) < 2 or len(crew) != 2:
            return []
        a, c = crew
        return [
            (f"{a} on {spaces[0]}, {c} on {spaces[1]}", f"{a}:{spaces[0]} {c}:{spaces[1]}"),
            (f"{c} on {spaces[0]}, {a} on {spaces[1]}", f"{c}:{spaces[0]} {a}:{spaces[1]}"),
        ]
    if option == "hero":
        return [(_hero_label(state, h), h) for h in _crew_ids(state, seat)]
    if command == "gear" and option == "tokens":
        have = [u.id for x in _crew_ids(state, seat) for u in E.find_hero(state, x).upgrades]
        return _extend_list(typed, [(upgrade_line(t), CONTENT.upgrades[t].slug) for t in have])
    if command == "prefs" and option == "reaction":
        out = [("none (never react automatically)", "none")]
        for hid in _crew_ids(state, seat):
            for u in E.find_hero(state, hid).upgrades:
                card = CONTENT.upgrades[u.id]
                if card.category == "reaction":
                    out.append(
                        (f"{card.name} ({E.hero_name(E.find_hero(state, hid))}): {card.ability_text}", card.slug)
                    )
        return out
    return []


def _ac_between(sc: SeatContext, command: str, typed: str) -> Pairs:
    state, seat = _star(sc), sc.seat
    if command == "keep":
        out = []
        for a in _legal(sc, "keep"):
            names = " + ".join(CONTENT.upgrades[t].name for t in a["tokens"])
            out.append((names, ", ".join(CONTENT.upgrades[t].slug for t in a["tokens"])))
        return out
    if command == "take":
        return [(upgrade_line(a["token"]), CONTENT.upgrades[a["token"]].slug) for a in _legal(sc, "take")]
    if command == "outfit":
        if not _legal(sc, "outfit"):
            return []
        load = auto_loadout(state, seat)
        return [("auto: fill both heroes evenly", "auto"), (f"as listed: {_loadout_text(load)}", _loadout_text(load))]
    if command == "route":
        return [
            (f"{a['scenario']}: {CONTENT.scenarios[a['scenario']].title}", a["scenario"]) for a in _legal(sc, "route")
        ]
    return []


async def suggest(table: Table, ctx: Ctx, command: str, option: str, typed: str, given: dict[str, str | None]) -> Pairs:
    """Autocomplete for ``/starcadia <command>``'s ``option``: (label, value) pairs, never an exception."""
    try:
        sc = await _context(table, ctx)
        if command == "crew" and option == "crew":
            state = _star(sc)
            pairs = [(f"{c.colour} ({state.seats[c.seat]})", c.colour) for c in state.crews]
            return _fit(pairs, typed)
        if sc.seat is None:
            return []
        if command in ("rest",):
            return _ac_rest(sc, given, option, typed)
        if command in ("gear",) and option == "tokens":
            return _ac_setup(sc, command, option, given, typed)
        pairs: Pairs
        if command in ("pick", "claim", "gear", "prefs"):
            pairs = _ac_setup(sc, command, option, given, typed)
        elif command == "move":
            pairs = _ac_heroes(sc, "move") if option == "hero" else _ac_move_path(sc, given)
        elif command == "attack":
            pairs = _ac_attack(sc, given, option)
        elif command == "use":
            pairs = _ac_use(sc, given, option)
        elif command == "event":
            pairs = _ac_event(sc, option)
        elif command == "payback":
            pairs = _ac_payback(sc) if option == "path" else []
        elif command == "answer":
            pairs = _ac_answer(sc)
        elif command in ("keep", "take", "outfit", "route"):
            pairs = _ac_between(sc, command, typed)
        else:
            pairs = []
        return _fit(pairs, typed)
    except RuleError:
        return []
    except Exception:  # autocomplete must never break the command box
        log.exception("starcadia autocomplete failed for %s/%s", command, option)
        return []


# -- console ------------------------------------------------------------------------------------------------
def _console(func: Callable[..., Awaitable[Reply]], *names: str):
    """A console handler: every option is passed (missing ones as ""), so a bare command gets a sentence."""

    def handler(console, ctx: Ctx, options: dict[str, str]) -> Awaitable[Reply]:
        return func(console.table, ctx, **{n: options.get(n, "") for n in names})

    return handler


COMMAND_OPTIONS: dict[str, list[str]] = {
    "pick": ["heroes"],
    "claim": ["slot", "place"],
    "gear": ["hero", "tokens"],
    "prefs": ["hero", "reroll", "reaction"],
    "move": ["path", "hero"],
    "attack": ["target", "weapon", "boosts", "hero", "shove", "grab"],
    "use": ["gadget", "hero", "path"],
    "end": [],
    "rest": ["give", "place"],
    "event": ["figure", "target", "spawn"],
    "payback": ["path", "attack"],
    "answer": ["choice"],
    "keep": ["tokens"],
    "take": ["token"],
    "outfit": ["loadout"],
    "route": ["scenario"],
    "crew": ["crew"],
    "monsters": [],
    "quests": [],
    "campaign": [],
    "offer": [],
    "help": [],
}


def _guide_handler(console, ctx: Ctx, options: dict[str, str]) -> Reply:
    return guide()


CONSOLE_COMMANDS = {
    "starcadia pick": (COMMAND_OPTIONS["pick"], _console(pick, "heroes")),
    "starcadia claim": (COMMAND_OPTIONS["claim"], _console(claim, "slot", "place")),
    "starcadia gear": (COMMAND_OPTIONS["gear"], _console(gear, "hero", "tokens")),
    "starcadia prefs": (COMMAND_OPTIONS["prefs"], _console(prefs, "hero", "reroll", "reaction")),
    "starcadia move": (COMMAND_OPTIONS["move"], _console(move, "path", "hero")),
    "starcadia attack": (
        COMMAND_OPTIONS["attack"],
        _console(attack, "target", "weapon", "boosts", "hero", "shove", "grab"),
    ),
    "starcadia use": (COMMAND_OPTIONS["use"], _console(use, "gadget", "hero", "path")),
    "starcadia end": ([], _console(end)),
    "starcadia rest": (COMMAND_OPTIONS["rest"], _console(rest, "give", "place")),
    "starcadia event": (COMMAND_OPTIONS["event"], _console(event, "figure", "target", "spawn")),
    "starcadia payback": (COMMAND_OPTIONS["payback"], _console(payback, "path", "attack")),
    "starcadia answer": (COMMAND_OPTIONS["answer"], _console(answer, "choice")),
    "starcadia keep": (COMMAND_OPTIONS["keep"], _console(keep, "tokens")),
    "starcadia take": (COMMAND_OPTIONS["take"], _console(take, "token")),
    "starcadia outfit": (COMMAND_OPTIONS["outfit"], _console(outfit, "loadout")),
    "starcadia route": (COMMAND_OPTIONS["route"], _console(route, "scenario")),
    "starcadia crew": (COMMAND_OPTIONS["crew"], _console(crew_view, "crew")),
    "starcadia monsters": ([], _console(monsters_view)),
    "starcadia quests": ([], _console(quests_view)),
    "starcadia campaign": ([], _console(campaign_view)),
    "starcadia offer": ([], _console(offer_view)),
    "starcadia help": ([], _guide_handler),
}

__all__ = [
    "CONSOLE_COMMANDS",
    "answer",
    "attack",
    "campaign_view",
    "claim",
    "crew_view",
    "end",
    "event",
    "gear",
    "guide",
    "keep",
    "monsters_view",
    "move",
    "offer_view",
    "outfit",
    "payback",
    "pick",
    "prefs",
    "quests_view",
    "rest",
    "route",
    "suggest",
    "take",
    "use",
]
