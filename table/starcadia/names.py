"""Every name a player may type in a Starcadia command, in every form the game shows it.

- A hero: its id (``zip``), its name (``Zip Kablooey``), a word of its name (``kablooey``) or its board
  tag (``ZK``); a unique beginning of a name works too.
- A monster figure: its id (``weeble#1``, also ``weeble1`` or ``weeble 1``), its board tag (``WE1``) or its
  card's name (``Weeble``) when only one such figure fits.
- A space: ``C4`` in any case. An upgrade: its id (``S01``), its name (``Pulse Blade``) or the slug the
  dashboards print (``pulse-blade``), or a unique part of it. A gadget: its name or its board label
  (``STIM``). A crew: its colour, its animal, its player, its seat number or one of its heroes.

A name that fits nothing is refused with the names that would have worked; one that fits several asks
which.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from rules.core import RuleError
from rules.starcadia import board as B
from rules.starcadia import engine as E
from rules.starcadia.content import CONTENT, CREW_LABELS, GADGETS, slug
from rules.starcadia.state import HeroState, MonsterState, StarState

SHOWN = 12
"""How many candidate names a refusal lists at most."""

GADGET_LABELS = {"stimpack": "STIM", "hoverboard": "HOVR", "recharge": "RCHG"}
"""The labels the board picture prints on gadget tokens."""


def listing(names: Iterable[str]) -> str:
    shown = list(dict.fromkeys(names))
    more = f" and {len(shown) - SHOWN} more" if len(shown) > SHOWN else ""
    return ", ".join(shown[:SHOWN]) + more if shown else "none"


def words(text: str | None) -> list[str]:
    """A list typed with commas or spaces: ``a, b`` or ``a b`` (commas win: names may hold spaces)."""
    text = (text or "").strip()
    if not text:
        return []
    if "," in text or ";" in text:
        return [w.strip() for w in re.split(r"[,;]", text) if w.strip()]
    return text.split()


def upgrade_names(text: str | None) -> list[str]:
    """A list of upgrade names: ``a, b`` or ``pulse blade iron fists`` (longest known names first)."""
    out: list[str] = []
    for chunk in re.split(r"[,;]", text or ""):
        parts, i = chunk.split(), 0
        while i < len(parts):
            for j in range(len(parts), i, -1):
                if j - i == 1 or CONTENT.upgrade_by_ref(" ".join(parts[i:j])) is not None:
                    out.append(" ".join(parts[i:j]))
                    i = j
                    break
    return out


# -- heroes -----------------------------------------------------------------------------------------------


def hero_forms(hid: str) -> set[str]:
    """A hero's id, name, name words and board tag (as slugs)."""
    name = CONTENT.heroes[hid].name
    forms = {hid, slug(name), E.hero_tag(hid).lower(), slug(name).replace("-", "")}
    forms.update(slug(w) for w in name.split() if len(slug(w)) > 2 and w.lower() not in ("col.", "captain"))
    return forms


def hero_name(hid: str) -> str:
    """How a hero is listed in refusals: "Zip Kablooey (zip, ZK)"."""
    return f"{CONTENT.heroes[hid].name} ({hid}, {E.hero_tag(hid)})"


def hero_list(ids: Iterable[str]) -> str:
    return listing(hero_name(h) for h in ids)


def match_hero(ref: str, candidates: Iterable[str]) -> str | None:
    """The one hero id among ``candidates`` that ``ref`` names, or None."""
    want = slug(ref or "")
    if not want:
        return None
    cands = list(candidates)
    exact = [h for h in cands if want in hero_forms(h)]
    if len(exact) == 1:
        return exact[0]
    if exact or len(want) < 2:
        return None
    prefix = [h for h in cands if any(k.startswith(want) for k in hero_forms(h))]
    return prefix[0] if len(prefix) == 1 else None


def own_hero(state: StarState, seat: int, ref: str) -> str:
    """A hero of ``seat``'s crew; a refusal naming the crew's heroes otherwise."""
    mine = list(state.crews[seat].heroes)
    if not mine:
        raise RuleError("Your crew has no heroes yet; pick them first (`/starcadia pick`).")
    hid = match_hero(ref, mine)
    if hid is not None:
        return hid
    other = match_hero(ref, [h.id for h in state.heroes if h.seat != seat])
    if other is not None:
        raise RuleError(f"{CONTENT.heroes[other].name} is not in your crew. Yours: {hero_list(mine)}.")
    raise RuleError(f"Your crew has no hero '{str(ref)[:30]}'. Yours: {hero_list(mine)}.")


def any_hero(ref: str, candidates: Sequence[str], what: str = "hero") -> str:
    """A hero among ``candidates`` (a draft's free heroes, the heroes on the board...)."""
    hid = match_hero(ref, candidates)
    if hid is None:
        raise RuleError(f"There is no {what} '{str(ref)[:20]}'. Heroes that would do: {hero_list(candidates)}.")
    return hid


# -- monsters ------------------------------------------------------------------------------------------------


def card_forms(card_id: str) -> set[str]:
    """A monster card's id and name: ``peekaboom``, ``peek-a-boom``."""
    name = slug(CONTENT.monsters[card_id].name)
    return {card_id, name, name.replace("-", "")}


def figure_forms(m: MonsterState) -> set[str]:
    """One figure's id in its spellings and its board tag: ``weeble#1``, ``weeble-1``, ``weeble1``, ``we1``."""
    num = m.uid.rpartition("#")[2]
    forms = {m.uid, slug(m.uid), slug(m.uid).replace("-", ""), E.monster_tag(m).lower()}
    for name in card_forms(m.card):
        forms |= {f"{name}-{num}", f"{name}{num}", f"{name}#{num}"}
    return forms


def figure_name(m: MonsterState) -> str:
    """How a figure is listed: "WE1 (weeble#1 at C4)"."""
    return f"{E.monster_tag(m)} ({m.uid} at {m.pos})"


def find_figures(state: StarState, ref: str) -> list[MonsterState]:
    """The figures on the board ``ref`` names: one by its id or tag, or every figure of a named card."""
    raw, want = str(ref or "").strip().lower(), slug(str(ref or ""))
    exact = [m for m in state.monsters if raw in figure_forms(m) or want in figure_forms(m)]
    if exact:
        return exact
    return [m for m in state.monsters if want in card_forms(m.card) or want.replace("-", "") in card_forms(m.card)]


def find_figure(state: StarState, ref: str, *, among: Sequence[str] | None = None, what: str = "figure") -> str:
    """One figure's uid; several of one card are narrowed to ``among`` (those that would do) or asked about."""
    found = find_figures(state, ref)
    if among is not None and len(found) > 1:
        found = [m for m in found if m.uid in among] or found
    if len(found) == 1:
        return found[0].uid
    if found:
        raise RuleError(f"Which one? {listing(figure_name(m) for m in found)}.")
    pool = [m for m in state.monsters if among is None or m.uid in among]
    raise RuleError(f"There is no {what} '{str(ref)[:20]}' on the board. Figures: {listing(map(figure_name, pool))}.")


def find_target(state: StarState, seat: int, ref: str, allowed: Sequence[str] | None = None) -> str:
    """A monster uid or a rival hero id from what a player typed (``weeble#1``, ``WE1``, ``Weeble``, ``zip``)."""
    if not str(ref or "").strip():
        raise RuleError("Name the target, e.g. WE1 (as on the board) or a rival hero.")
    found = find_figures(state, ref)
    if allowed is not None and len(found) > 1:
        found = [m for m in found if m.uid in allowed] or found
    if len(found) == 1:
        return found[0].uid
    if found:
        raise RuleError(f"Which one? {listing(figure_name(m) for m in found)}.")
    rivals = [h.id for h in state.heroes if h.seat != seat and not h.dead and h.pos]
    hid = match_hero(ref, rivals)
    if hid is not None:
        return hid
    if match_hero(ref, state.crews[seat].heroes) is not None:
        raise RuleError("You cannot attack your own crew.")
    pool = list(allowed) if allowed else [m.uid for m in state.monsters] + rivals
    where = " in reach" if allowed else ""
    targets = listing(target_name(state, t) for t in pool)
    raise RuleError(f"There is no '{str(ref)[:30]}' on the board. Targets{where}: {targets}.")


def target_name(state: StarState, tid: str) -> str:
    m = E.find_monster(state, tid)
    return figure_name(m) if m is not None else hero_name(tid)


def tag(state: StarState, tid: str) -> str:
    """How the board names a target: WE1 for a monster, the hero's name for a rival."""
    m = E.find_monster(state, tid)
    if m is not None:
        return E.monster_tag(m)
    h = E.find_hero(state, tid)
    return E.hero_name(h) if h is not None else tid


def where(state: StarState, tid: str) -> str:
    m = E.find_monster(state, tid)
    if m is not None:
        return m.pos
    h = E.find_hero(state, tid)
    return h.pos if h is not None and h.pos else "-"


# -- spaces and paths -------------------------------------------------------------------------------------------


def space(text: str, what: str = "space", *, hint: Sequence[str] = ()) -> str:
    """A space name (``C4``, any case); a refusal with the spaces that would do when ``hint`` lists them."""
    xy = B.parse_space(str(text or "").strip())
    if xy is None:
        known = f" Spaces that would do: {listing(hint)}." if hint else ""
        raise RuleError(f"'{str(text)[:12]}' is not a {what} name like C4.{known}")
    return B.name(xy)


def steps(text: str | None) -> list[str]:
    """Typed steps -> engine notation: ``b2, b3 -> portal c4 door e`` -> ``B2 B3 portal C4 door:E``."""
    raw = [w for w in re.split(r"[\s,]+|->|→", text or "") if w and w not in (">", "-")]
    out: list[str] = []
    for w in raw:
        low = w.lower()
        if low in ("hack", "pickup", "portal"):
            out.append(low)
        elif low.startswith("portal:"):
            out.extend(["portal", space(low[7:])])
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


# -- upgrades, gadgets, quest tokens --------------------------------------------------------------------------


def upgrade_of(h: HeroState, ref: str, categories: tuple[str, ...], what: str) -> str:
    """The slug of one of ``h``'s upgrades named by id, name, slug or a unique part of it."""
    want = slug(ref)
    cards = [CONTENT.upgrades[u.id] for u in h.upgrades if CONTENT.upgrades[u.id].category in categories]
    card = CONTENT.upgrade_by_ref(ref) if ref.strip() else None
    if card is not None and card in cards:
        return card.slug
    hits = [c for c in cards if c.slug.startswith(want)] or [c for c in cards if want and want in c.slug]
    if len({c.slug for c in hits}) == 1:
        return hits[0].slug
    name = E.hero_name(h)
    if card is not None and any(u.id == card.id for u in h.upgrades):
        raise RuleError(f"{card.name} is not a {what}.")
    have = listing(c.slug for c in cards)
    raise RuleError(f"{name} carries no {what} called '{ref[:30]}'. {name}'s {what}s: {have}.")


def token_ref(ref: str, pool: Iterable[str], where: str) -> str:
    """An upgrade token id from ``pool`` named by id, name, slug or a unique part of its name."""
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
    names = listing(f"{CONTENT.upgrades[i].slug} [{i}]" for i in ids)
    raise RuleError(f"'{ref[:30]}' is not {where}. Choose from: {names}.")


def is_gadget(text: str) -> bool:
    """Whether ``text`` names a gadget (by name, board label or a beginning of at least 2 letters)."""
    try:
        find_gadget(text)
    except RuleError:
        return False
    return True


def find_gadget(text: str, pool: Sequence[str] = GADGETS) -> str:
    """A gadget by its name, its board label (STIM, HOVR, RCHG) or a unique beginning."""
    want = slug(text)
    by_label = [g for g in pool if GADGET_LABELS.get(g, "").lower() == want]
    hits = by_label or [g for g in pool if len(want) >= 2 and g.startswith(want)]
    if len(set(hits)) == 1:
        return hits[0]
    shown = listing(f"{g} ({GADGET_LABELS[g]})" for g in pool if g in GADGET_LABELS)
    raise RuleError(f"'{str(text)[:20]}' is not a gadget. The gadgets: {shown}.")


def dropped_token(victim: HeroState, text: str) -> str:
    """A gadget or quest token ``victim`` carries (``stimpack``, ``STIM``, ``core``, ``quest:core``, ``Q:COR``)."""
    carried = [t.removeprefix("quest:") for t in victim.gadgets + victim.quest_tokens]
    want = slug(text).removeprefix("quest-").removeprefix("q-")
    labels = {GADGET_LABELS.get(t, "").lower(): t for t in carried if t in GADGET_LABELS}
    hits = [labels[want]] if want in labels else [t for t in carried if want and t.startswith(want)]
    if hits:
        return hits[0]
    raise RuleError(f"{E.hero_name(victim)} carries nothing called '{text[:20]}'. Carried: {listing(carried)}.")


# -- crews and scenarios ---------------------------------------------------------------------------------------


def crew_forms(state: StarState, seat: int) -> set[str]:
    crew = state.crews[seat]
    label = CREW_LABELS[crew.colour]
    forms = {crew.colour, slug(label), slug(label.split("(")[-1]), slug(state.seats[seat]), str(seat + 1)}
    for hid in crew.heroes:
        forms |= hero_forms(hid)
    return forms


def find_crew(state: StarState, text: str) -> int:
    """A crew's seat by colour, animal, player, seat number or one of its heroes."""
    want = slug(text)
    found = [c.seat for c in state.crews if want in crew_forms(state, c.seat)]
    if len(found) == 1:
        return found[0]
    crews = listing(f"{c.colour} ({state.seats[c.seat]})" for c in state.crews)
    if found:
        raise RuleError(f"'{text[:20]}' could be several crews: say which. Crews: {crews}.")
    raise RuleError(f"There is no crew '{text[:20]}'. Crews: {crews}.")


def find_scenario(text: str, allowed: Sequence[str]) -> str:
    """A scenario of ``allowed`` by id (``2A``, ``scenario 2a``) or title."""
    want = slug(text).removeprefix("scenario-").upper().replace("-", "")
    titled = [s for s in allowed if slug(CONTENT.scenarios[s].title) == slug(text)]
    if want in allowed or titled:
        return want if want in allowed else titled[0]
    return ""
