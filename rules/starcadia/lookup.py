"""Read-only lookups on a Starcadia state: heroes, monsters and their stats, occupancy, portals,
reach and line of sight, and what ends a scenario. Nothing here changes the state."""

from __future__ import annotations

from collections.abc import Callable

from . import board as B
from .content import CONTENT, HeroCard, MonsterCard, UpgradeCard
from .memo import Recent
from .state import CrewState, HeroState, MonsterState, StarState

MAX_PATH = 40

BASE_MP = 4

SLOTS = 6

_PORTALS = Recent(64)
"""Working portals per (board, portal tokens, jammed colours), for :func:`working_portals`."""


def board_of(state: StarState) -> B.Board:
    docked = tuple((c.colour, c.shuttle) for c in state.crews if c.shuttle >= 0)
    return B.build(state.scenario, tuple(state.tiles), docked)


def door_words(state: StarState, door: str) -> str:
    """A door as players find it on the board, by the two spaces it joins ("the door between E3 and F3"):
    its id (D2) would read like a space name."""
    edge = board_of(state).doors.get(door)
    if edge is None:
        return "a door"
    a, c = sorted(edge)
    return f"the door between {B.name(a)} and {B.name(c)}"


def hero_card(h: HeroState) -> HeroCard:
    return CONTENT.heroes[h.id]


def hero_name(h: HeroState) -> str:
    return CONTENT.heroes[h.id].name


def find_hero(state: StarState, hid: str) -> HeroState | None:
    for h in state.heroes:
        if h.id == hid:
            return h
    return None


def find_monster(state: StarState, uid: str) -> MonsterState | None:
    for m in state.monsters:
        if m.uid == uid:
            return m
    return None


def crew_of(state: StarState, seat: int) -> CrewState:
    return state.crews[seat]


def ups(h: HeroState) -> list[tuple[UpgradeCard, object]]:
    return [(CONTENT.upgrades[u.id], u) for u in h.upgrades]


def hero_life(h: HeroState) -> int:
    return hero_card(h).life + sum(CONTENT.upgrades[u.id].extra_life for u in h.upgrades)


def hero_defense(h: HeroState) -> int:
    return hero_card(h).defense + sum(CONTENT.upgrades[u.id].extra_defense for u in h.upgrades)


def hero_rerolls(h: HeroState) -> int:
    return sum(CONTENT.upgrades[u.id].reroll for u in h.upgrades)


def ability(h: HeroState, kind: str) -> int:
    ab = hero_card(h).ability
    return ab.value if ab.kind == kind else 0


def mcard(m: MonsterState) -> MonsterCard:
    return CONTENT.monsters[m.card]


def mstats(m: MonsterState) -> tuple[int, int, int, int]:
    """Life, overkill, MP and reward of a monster (dashboard class or villain card)."""
    card = mcard(m)
    if card.cls == "villain":
        life, over, mp, reward = card.life, card.overkill, card.mp, card.reward
    else:
        cs = CONTENT.classes[card.cls]
        life, over, mp, reward = cs.life, cs.overkill, cs.mp, cs.reward
    if card.ability.kind == "extra_mp":
        mp += card.ability.value
    return life, over, mp, reward


def mname(m: MonsterState) -> str:
    return f"{mcard(m).name} ({m.uid})"


def monster_tag(m: MonsterState) -> str:
    """The tag the board picture prints on a monster figure: its card's tag and number (OC1, OR2)."""
    return mcard(m).tag + m.uid.rpartition("#")[2]


def hero_tag(hero_id: str) -> str:
    """The tag the board picture prints on a hero figure: the initials of its name (Zip Kablooey: ZK)."""
    name = CONTENT.heroes[hero_id].name
    parts = [p for p in "".join(c if c.isalpha() else " " for c in name).split() if p not in ("Col", "Captain")]
    if len(parts) >= 2:
        return (parts[0][0] + parts[-1][0]).upper()
    return name[:2].upper()


def heroes_on_board(state: StarState) -> list[HeroState]:
    return [h for h in state.heroes if h.pos and not h.dead]


def occupancy(state: StarState, space: str, *, ignore: str = "") -> int:
    n = 0
    for h in state.heroes:
        if h.pos == space and not h.dead and h.id != ignore:
            n += 1
    for m in state.monsters:
        if m.pos == space and m.uid != ignore:
            n += 2 if mcard(m).huge else 1
    return n


def enemies_in(state: StarState, space: str, h: HeroState) -> bool:
    if any(m.pos == space for m in state.monsters):
        return True
    return any(o.pos == space and not o.dead and o.seat != h.seat for o in state.heroes)


def current_pve(state: StarState):
    if state.pve_index < len(state.pve):
        return CONTENT.quests[state.pve[state.pve_index]]
    return None


def portal_colours(state: StarState, b: B.Board, space: str) -> set[str]:
    xy = B.parse_space(space)
    out = set()
    if xy in b.portals:
        out.add(b.portals[xy])
    if space in state.portal_tokens:
        out.add(state.portal_tokens[space])
    return {c for c in out if c not in state.jammed}


def portal_targets(state: StarState, b: B.Board, space: str) -> list[str]:
    colours = portal_colours(state, b, space)
    if not colours:
        return []
    return sorted(s for s, c in working_portals(state, b).items() if s != space and c & colours)


def working_portals(state: StarState, b: B.Board) -> dict[str, set[str]]:
    """Every space with a working portal (printed or a token) -> its colours; remembered per board, tokens
    and jammed colours, since every portal step of every path checked asks for it. Shared: read it only."""
    key = (b.token, tuple(sorted(state.portal_tokens.items())), tuple(state.jammed))
    return _PORTALS.answer(key, lambda: _working_portals(state, b))


def _working_portals(state: StarState, b: B.Board) -> dict[str, set[str]]:
    spaces = {B.name(xy) for xy in b.portals} | set(state.portal_tokens)
    found = {s: portal_colours(state, b, s) for s in spaces}
    return {s: c for s, c in found.items() if c}


def activation_open(state: StarState) -> bool:
    """A hero is active and its activation is not over (the turn's event card is not drawn yet)."""
    return state.phase == "play" and bool(state.act.hero) and not any(t.kind == "advance" for t in state.todo)


def shove_spaces(state: StarState, space: str) -> list[str]:
    b = board_of(state)
    return [B.name(nb) for nb in b.neighbours(B.parse_space(space), state.doors) if occupancy(state, B.name(nb)) < 2]


def monster_can_hit(state: StarState, b: B.Board, m: MonsterState, pos: str, h: HeroState) -> bool:
    a, t = B.parse_space(pos), B.parse_space(h.pos)
    if mcard(m).attack_type == "melee":
        return b.close(a, t, state.doors)
    return b.los(a, t, state.doors)


def monster_sight(b: B.Board, m: MonsterState) -> Callable[[B.XY, B.XY, dict[str, bool]], bool]:
    """How ``m`` reaches a hero between two parsed spaces: Close for a melee figure, else line of sight
    (loops over many spaces and heroes look it up once and parse each space once)."""
    return b.close if mcard(m).attack_type == "melee" else b.los


def right_of(state: StarState) -> int:
    """Whoever sits one seat before the active crew: they run Guard and Payback."""
    return (state.current - 1) % len(state.seats)


def scenario_over(state: StarState) -> bool:
    pve_done = state.pve_index >= len(state.pve)
    return pve_done and any(q.startswith("pvp-") for q in state.done)


def turn_limit_reached(state: StarState) -> bool:
    """Table option turn_limit (our rule): the scenario's last turn has been played."""
    return state.turn_limit > 0 and state.turn_no >= state.turn_limit


def end_condition(state: StarState) -> str:
    """What still ends the scenario, for the board and the turn prompt, e.g.
    ``Ends when: PvE quests 2/3 done; a PvP quest: none done yet``."""
    pvp = [q for q in state.done if q.startswith("pvp-")]
    pvp_text = f"done ({state.crews[state.done[pvp[0]]].colour} crew)" if pvp else "none done yet"
    pve = f"{min(state.pve_index, len(state.pve))}/{len(state.pve)}"
    text = f"Ends when: PvE quests {pve} done; a PvP quest: {pvp_text}"
    if state.turn_limit:
        text += f"; or after turn {state.turn_limit} (most VT)"
    return text


def quests_fulfilled(state: StarState, seat: int) -> int:
    """Quests (PvE and PvP) ``seat``'s crew fulfilled in this scenario."""
    return sum(1 for who in state.done.values() if who == seat)


def in_reach(state: StarState, b: B.Board, h: HeroState, kind: str, space: str) -> bool:
    a, t = B.parse_space(h.pos), B.parse_space(space)
    if kind == "melee":
        return b.close(a, t, state.doors)
    return b.los(a, t, state.doors)


class Reached:
    """Which of ``targets`` (id, space) ``h`` reaches with each kind of attack (:func:`in_reach`), each kind
    worked out once: a hero's weapons of one kind ask the same question of the same figures."""

    def __init__(self, state: StarState, b: B.Board, h: HeroState, targets: list[tuple[str, str]]) -> None:
        self.state, self.b, self.h, self.targets = state, b, h, targets
        self._found: dict[str, list[str]] = {}

    def by(self, kind: str) -> list[str]:
        """The ids of the targets an attack of ``kind`` reaches, in their order."""
        found = self._found.get(kind)
        if found is None:
            state, b, h = self.state, self.b, self.h
            found = self._found[kind] = [tid for tid, pos in self.targets if in_reach(state, b, h, kind, pos)]
        return found


def can_move(state: StarState, h: HeroState) -> bool:
    """Whether ``h`` may (still) move: one unbroken block of MP, never resumed after its attack."""
    if state.act.hero != h.id:
        return True
    return not state.act.sealed and state.act.mp > 0


def blocked(state: StarState) -> bool:
    """Somebody must decide something before the engine can go on."""
    return state.phase != "play" or state.wait is not None or state.payback is not None or bool(state.pending_event)
