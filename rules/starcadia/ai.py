"""The quest-minded bot: the scripted player for bot seats, the balance tests and the benchmark.

Pure and seeded: it reads only the state it is given (a seat's own view serves: nothing it looks at is
hidden from a seat) and draws its few coin flips from the generator it is handed (a :class:`Coins` on the
engine's seeded Rng for bot seats; tests may hand it a ``random.Random``).

- :func:`smart_choice` picks from the legal actions: quest moves (hack, pickup) first, then the most
  useful attack (the quest's monster, a rival whose PvP quest is open, a weak target), a rest when the
  crew's weapons are spent or a hero is dead, a gadget, then the walk that gets nearest a goal while
  leaving the fewest guarding monsters behind, and ``end``. Decisions in the middle of play (guard
  order, Payback, event monsters, shoves, defence) it answers with any legal answer: random play
  explores them (the property tests).
- :func:`bot_choice` is what a bot seat plays: the same, except that those mid-play decisions take the
  engine's own policy (the prompt's default, listed first), which never runs a monster at its own crew.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from rules.core import Action, Rng, RngState

from . import board as B
from . import engine as E
from .content import CONTENT
from .state import HeroState, StarState

T = TypeVar("T")


class Flips(Protocol):
    """The few random choices the bot makes: ``random.Random`` has them, and so has :class:`Coins`."""

    def choice(self, seq: Sequence[T]) -> T: ...

    def random(self) -> float: ...


class Coins:
    """Coin flips from the engine's seeded generator (rules never use global randomness)."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(RngState(seed=seed & 0xFFFFFFFFFFFFFFFF))

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.rng.below(len(seq))]

    def random(self) -> float:
        return self.rng.next64() / 2**64


def goals(state: StarState, h: HeroState) -> list[B.XY]:
    """Where ``h`` wants to go: the current quest's terminals, token, shuttle or monsters; rivals once the
    PvE quests are done; any monster when nothing else is known."""
    b = E.board_of(state)
    q = E.current_pve(state)
    out: list[B.XY] = []
    if q is not None:
        if q.goal == "hack":
            out += [t for t in b.terminals if B.name(t) not in state.crews[h.seat].hacked]
        elif q.goal == "deliver":
            if f"quest:{q.token}" in h.quest_tokens:
                out += list(b.shuttles[state.crews[h.seat].colour])
            else:
                out += [B.parse_space(s) for s, t in state.tokens.items() if f"quest:{q.token}" in t]
                out += [
                    B.parse_space(o.pos)
                    for o in E.heroes_on_board(state)
                    if f"quest:{q.token}" in o.quest_tokens and o.seat != h.seat
                ]
        elif q.goal == "kill":
            out += [B.parse_space(m.pos) for m in state.monsters if m.designation == q.target]
        elif q.goal == "slay":
            out += [B.parse_space(m.pos) for m in state.monsters if E.mcard(m).cls == q.cls]
    else:
        out += [B.parse_space(o.pos) for o in E.heroes_on_board(state) if o.seat != h.seat]
    return out or [B.parse_space(m.pos) for m in state.monsters]


def exposure(state: StarState, b: B.Board, start: B.XY, path: Sequence[str]) -> tuple[int, B.XY]:
    """How many guard attacks a walk along ``path`` provokes (steps out of monsters' Close spaces), and
    where it ends."""
    cur, n = start, 0
    for p in path:
        xy = B.parse_space(p)
        if xy is None:
            continue
        if abs(xy[0] - cur[0]) + abs(xy[1] - cur[1]) == 1:
            n += sum(1 for m in state.monsters if b.close(B.parse_space(m.pos), cur, state.doors))
        cur = xy
    return n, cur


def mid_play(state: StarState) -> bool:
    """Whether the game waits for a decision in the middle of play rather than an ordinary turn."""
    return state.phase != "play" or state.wait is not None or state.payback is not None or bool(state.pending_event)


def _attack_value(state: StarState, action: Action) -> tuple[int, int]:
    q = E.current_pve(state)
    m = E.find_monster(state, action["target"])
    v = 0
    if m is not None:
        if q is not None and q.goal == "kill" and m.designation == q.target:
            v += 10
        if q is not None and q.goal == "slay" and E.mcard(m).cls == q.cls:
            v += 6
        v += 3 - min(3, E.mstats(m)[0] - m.wounds)
    else:
        o = E.find_hero(state, action["target"])
        pvp = not any(k.startswith("pvp-") for k in state.done)
        v += (8 if pvp else 3) + 2 - min(2, E.hero_life(o) - o.wounds)
    return (v, len(action["boosts"]))


def _wants_rest(state: StarState) -> bool:
    heroes = [E.find_hero(state, x) for x in state.crews[state.current].heroes]
    if any(h.dead for h in heroes):
        return True
    return all(
        all(u.exhausted for u in h.upgrades if CONTENT.upgrades[u.id].category == "weapon")
        for h in heroes
        if not h.dead
    )


def smart_choice(state: StarState, actions: Sequence[Action], rnd: Flips) -> Action:
    """A goal-minded player: picks only from ``actions`` (what legal() offers the asking seat)."""
    if mid_play(state):
        return rnd.choice(list(actions))  # a decision in the middle of play: any of its legal answers
    quest = [a for a in actions if a["type"] == "move" and a["path"] and a["path"][-1] in ("hack", "pickup")]
    if quest:
        return quest[0]
    attacks = [a for a in actions if a["type"] == "attack"]
    if attacks:
        return max(attacks, key=lambda a: _attack_value(state, a))
    rest = [a for a in actions if a["type"] == "rest"]
    if rest and _wants_rest(state):
        return rest[0]
    uses = [a for a in actions if a["type"] == "use" and a["gadget"] != "hoverboard"]
    if uses:
        return uses[0]
    moves = [a for a in actions if a["type"] == "move" and not a["path"][0].startswith("door")]
    if moves and not state.act.moved:
        b = E.board_of(state)

        def score(a: Action) -> tuple[int, float]:
            h = E.find_hero(state, a["hero"])
            ex, end = exposure(state, b, B.parse_space(h.pos), a["path"])
            d = min((abs(end[0] - g[0]) + abs(end[1] - g[1]) for g in goals(state, h)), default=0)
            return (ex * 3 + d, rnd.random())

        return min(moves, key=score)
    end = [a for a in actions if a["type"] == "end"]
    return end[0] if end else rnd.choice(list(actions))


def bot_choice(view: StarState, actions: Sequence[Action], rnd: Flips) -> Action:
    """A bot seat's pick: mid-play decisions by the engine's policy (listed first), the rest by
    :func:`smart_choice`. Setup and the time between scenarios are ordinary choices here."""
    if view.phase == "play" and mid_play(view):
        return actions[0]
    return smart_choice(view, actions, rnd)
