"""legal()'s filter: the candidates :func:`.checks.check` allows, without checking again what a search wrote.

Two kinds of candidates are made by the very searches the check would repeat, so the check accepts them
whenever it accepts one of their kind:

- A hero's walks come from its route search (:func:`.paths.reach`): paths within the MP the check grants,
  ending where there is room, a hack or pickup added only where the path check accepts one, a door beside
  the hero opened only with an MP to spend. The path check (``plan_path``) takes every one of them; what
  may still refuse a walk is the rest of the check (whose turn it is, which hero is active, a movement
  sealed by an attack), which reads the hero and never the path. So the first walk of each hero is checked
  in full and, once it is allowed, so are the others (a path too long to have come from a search is
  checked in full anyway). A hoverboard ride is the ally's walk (its route search, the same check), given
  by the hero who carries the board: the same holds per carrier.
- A hero's attacks come from ``_attack_options``: a ready weapon the hero carries, a monster or rival hero
  on the board that the weapon reaches (the very ``in_reach`` test the check makes) and a boost set from
  ``boost_combos`` (ready boosts of the hero that fit the weapon, each once, with no more wound-cost boosts
  than the hero can pay: the check's wound rule). The attack check (``plan_attack``) takes every one of
  them, provided it finds what the candidate names: each card the hero carries found by its own slug and
  carried once (it looks a card's token up by the card), each figure by its own id (ids told apart, in
  lower case); :func:`_plain_targets` and :func:`_plain_kit` make sure of that, else every attack is
  checked. What may still refuse an attack is the rest of the check (whose turn it is, which hero is
  active, an attack already made), which reads the hero only: the first attack of each hero is checked in
  full and, once it is allowed, so are the others.
- A monster's menu in an event activation run by a player (:func:`.monsters.monster_options`) is made of
  the monster's own route search (walks within its MP, ending where it may stop, or a prefix of its
  cheapest route that ends on such a space) and of targets it can hit from where the walk ends (or, to
  attack first, from where it stands). ``plan_monster_path`` and the target check accept each entry; what
  may refuse them is who answers, the same for all. So the first entry is checked in full, and the others
  with it.

Checking every walk and menu entry again cost about a sixth of a turn; every attack, a quarter of a new
turn's legal(). tests/test_starcadia_checks.py holds
legal() to the plain filter (every candidate checked) on random games, tests/test_legal_reference.py to
trial by apply.
"""

from __future__ import annotations

from rules.core import Action, GameSystem

from .content import CONTENT
from .lookup import MAX_PATH, SLOTS, find_hero
from .state import StarState

_SELF_NAMED = frozenset(
    card.id
    for card in CONTENT.upgrades.values()
    if CONTENT.upgrade_by_ref(card.slug) is card and 0 < len(card.slug) <= 60 and card.slug == card.slug.strip()
)
"""The upgrade cards the attack check finds by their own slug (all of them, unless the content changes)."""


def allowed(system: GameSystem[StarState], state: StarState, seat: int) -> list[Action]:
    """``system.candidates(state, seat)`` that ``system.check`` allows, in their order."""
    candidates = system.candidates(state, seat)
    if state.wait is not None and state.wait.kind == "monster" and state.phase == "play":
        if candidates and system.allows(state, seat, candidates[0]):
            return candidates
        return [action for action in candidates if system.allows(state, seat, action)]
    out: list[Action] = []
    allowed_for: set[tuple[str, object]] = set()  # heroes one of whose walks (rides, attacks) passed the check
    plain: dict[object, bool] = {}  # hero -> whether its attacks are found as named (see the module's notes)
    for action in candidates:
        walk = _walk(action)
        if walk is not None and walk[0] == "attack":
            hero = walk[1]
            if hero not in plain:
                plain[hero] = _plain_targets(state) and _plain_kit(state, hero)
            if not plain[hero] or len(action.get("boosts") or ()) > SLOTS:
                walk = None
        if walk is None:
            if system.allows(state, seat, action):
                out.append(action)
        elif walk in allowed_for and len(action.get("path") or ()) <= MAX_PATH:
            out.append(action)
        elif system.allows(state, seat, action):
            allowed_for.add(walk)
            out.append(action)
    return out


def _plain_targets(state: StarState) -> bool:
    """Every figure is found by its id: ids in lower case, at most 40 letters, no two figures alike."""
    ids = [m.uid for m in state.monsters] + [h.id for h in state.heroes]
    return len(set(ids)) == len(ids) and all(0 < len(i) <= 40 and i == i.strip().lower() for i in ids)


def _plain_kit(state: StarState, hero: object) -> bool:
    """The hero carries each card once, each found by its own slug."""
    h = find_hero(state, hero) if isinstance(hero, str) else None
    if h is None:
        return False
    cards = [u.id for u in h.upgrades]
    return len(set(cards)) == len(cards) and _SELF_NAMED.issuperset(cards)


def _walk(action: Action) -> tuple[str, object] | None:
    """("move", hero) for a hero's walk, ("hoverboard", hero) for a ride it gives its ally, ("attack", hero)
    for its attack, else None."""
    kind = action.get("type")
    if kind == "move":
        return ("move", action.get("hero"))
    if kind == "attack":
        return ("attack", action.get("hero"))
    if kind == "use" and action.get("gadget") == "hoverboard":
        return ("hoverboard", action.get("hero"))
    return None
