"""Another Quasar Search game an observer cannot tell from this one (``Quasar.resample``).

Everything :func:`rules.quasar.views.hidden_from` hides from the observer is dealt again: the keys of
the hidden cards are shuffled among their hidden places (the card instances, their ids, zones,
Progress and who put them there stay), only between cards of the same family, so the state stays one
the rules could reach:

- player cards (Lost in Space included) stay with their seat: one seat's unseen hand, Deck and
  face-down Active Projects are dealt again together (the observer's own Deck and Projects too);
- Challenge cards stay with their Act: the unseen Challenges of an Act on the scenario deck and those
  set aside face-down in the box are dealt again together; Act and Mission cards never move.

Other seats' secret choices are drawn again as well: a committed seat (with cards in hand) gets a
random legal commit or a stall, and a seat that picked a Rank Card gets a random pick, its unused
Rank Cards in a new order (others see them sorted).

Limits: a hidden card a pending effect still points at (a completed Project whose steps are still to
come) keeps its key, and what the table could deduce by counting cards (a card seen drawn from the
Warp Zone into a hand is still in it) is not tracked: only what the view hides is redrawn.
"""

from __future__ import annotations

from rules.core import Rng, RngState

from .content import content
from .held import moved
from .options import commit_options
from .state import QuasarState, owned_key, split_key
from .views import hidden_from
from .zones import hand

Family = tuple[str, str]


def _challenge_acts(state: QuasarState) -> dict[str, str]:
    """Challenge key -> the Act of this mission that lists it."""
    c = content()
    return {key: act for act in c.missions[state.mission].acts for key in c.cards[act].challenges}


def _family(state: QuasarState, cid: str, acts: dict[str, str]) -> Family | None:
    """Which hidden cards ``cid`` may trade keys with; None: it keeps its key."""
    card = state.cards[cid]
    kind = content().cards[card.key].kind
    if kind in ("player", "lis"):
        _, owner = split_key(card.zone)
        return ("seat", str(owner)) if owner is not None else ("zone", card.zone)
    if kind == "challenge" and card.key in acts:
        return ("act", acts[card.key])
    return None


def hidden_cards(state: QuasarState, observer: int | None) -> list[str]:
    """Every card the observer cannot see: in zones (in zone order), then set aside in the box."""
    out = [cid for key, ids in state.zones.items() for cid in ids if hidden_from(state, cid, key, observer)]
    out += [cid for cid, card in state.cards.items() if not card.zone and card.down]
    return out


def redraw(state: QuasarState, observer: int | None, seed: int) -> None:
    """Deal again, in place, what ``observer`` cannot see (see the module's docstring)."""
    rng = Rng(RngState(seed=seed ^ 0x5EED_CA4D))  # a stream of its own (the new game seed draws from `seed`)
    acts = _challenge_acts(state)
    pinned = {t.card for t in state.tasks if t.card} | {m.card for m in state.mods}
    families: dict[Family, list[str]] = {}
    for cid in hidden_cards(state, observer):
        family = None if cid in pinned else _family(state, cid, acts)
        if family is not None:
            families.setdefault(family, []).append(cid)
    for family in sorted(families):
        ids = families[family]
        keys = [state.cards[cid].key for cid in ids]
        rng.shuffle(keys)
        for cid, key in zip(ids, keys, strict=True):
            state.cards[cid].key = key
    moved()
    for seat in range(len(state.seats)):
        if seat == observer:
            continue
        if state.committed and state.committed[seat] and hand(state, seat):
            state.commits[seat] = rng.choice([*commit_options(state, seat), []])
        ranks = state.zones.get(owned_key("ranks", seat))
        if ranks:
            rng.shuffle(ranks)
            if state.picked and state.picked[seat]:
                state.picks[seat] = rng.randint(1, len(ranks))


__all__ = ["hidden_cards", "redraw"]
