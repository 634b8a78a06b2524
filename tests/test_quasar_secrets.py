"""Quasar Search never names a card to someone who cannot see it.

Random 2- and 3-player games (the seats' bot, now and then a random legal move) run through Demands,
draws, discards, Boons, Projects and the Ship Phase. At every position, for each seat that must decide
and each other observer (a seat, or a spectator), the labels of that seat's legal moves computed on the
observer's view and on the public view never name a card the observer cannot see, and the public
words (prompts, status lines, the compact description) name none either. Every public narration line
names only cards the table could see before or after the action, cards that passed through a face-up
zone during it, completed Projects (they are revealed, see rules/quasar/views.py) and cards named
publicly before.

Then the particular leaks this file was written for: a face-down card drawn by place, a stall that
sounds like a commit, draws caused by someone else's card told to the drawer alone.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules.core import Event, Turn
from rules.quasar import SYSTEM as S
from rules.quasar import decisions, flow, steps, zones
from rules.quasar.content import content, using
from rules.quasar.redraw import hidden_cards
from rules.quasar.state import QuasarState, Task, owned_key
from rules.quasar.zones import active_projects, add_card, cards_in, deck, hand, move

from .test_quasar_support import act, extra_content, game, pick_ranks, play_until, texts

MISSIONS = ("first-light", "silent-running", "quasar")


# -- what an observer may know -------------------------------------------------------------------------------


def names(keys: set[str]) -> set[str]:
    return {content().cards[k].name for k in keys if k in content().cards}


ALL_NAMES = names(set(content().cards))


def hidden_keys(state: QuasarState, observer: int | None) -> set[str]:
    return {state.cards[cid].key for cid in hidden_cards(state, observer)}


def visible_keys(state: QuasarState, observer: int | None) -> set[str]:
    hidden = set(hidden_cards(state, observer))
    return {card.key for cid, card in state.cards.items() if cid not in hidden}


def secret_names(state: QuasarState, observer: int | None, known: set[str]) -> set[str]:
    """Names of cards hidden from ``observer`` that it cannot know another way."""
    return names(hidden_keys(state, observer)) - names(visible_keys(state, observer)) - known


def named(text: str, forbidden: set[str]) -> list[str]:
    """The forbidden names ``text`` says (a name inside another card's name, Reactor in Breeder Reactor,
    does not count)."""
    if not forbidden:
        return []
    for other in sorted(ALL_NAMES - forbidden, key=len, reverse=True):
        if other in text and any(n in other for n in forbidden):
            text = text.replace(other, "\x00")
    return [n for n in forbidden if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text)]


# -- the games ---------------------------------------------------------------------------------------------------


class Watch:
    """Records the cards that pass face-up through a zone everyone sees (or the box), and completed
    Projects, while an action is played."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.shown: set[str] = set()
        original_move, original_box, original_complete = zones.move, zones.to_box, steps.complete_project

        def watched_move(state, cid, dest, by, *, bottom=True, down=False):
            original_move(state, cid, dest, by, bottom=bottom, down=down)
            if not down and zones.spec(dest).seen == "all":
                self.shown.add(state.cards[cid].key)

        def watched_box(state, cid):
            self.shown.add(state.cards[cid].key)
            original_box(state, cid)

        def watched_complete(state, turn, cid):
            self.shown.add(state.cards[cid].key)  # revealed: the decision in rules/quasar/views.py
            original_complete(state, turn, cid)

        for module in (zones, steps, flow, decisions):
            if hasattr(module, "move"):
                monkeypatch.setattr(module, "move", watched_move)
            if hasattr(module, "to_box"):
                monkeypatch.setattr(module, "to_box", watched_box)
        monkeypatch.setattr(steps, "complete_project", watched_complete)


def choose(state: QuasarState, seat: int, r: random.Random) -> dict:
    if r.random() < 0.12:
        return r.choice(S.legal(state, seat))
    return S.ai_action(S.view(state, seat), seat, r.getrandbits(32)) or r.choice(S.legal(state, seat))


def positions(game_seed: int, watch: Watch) -> Iterator[tuple[QuasarState, QuasarState, list[Event], set[str]]]:
    """(state, next state, events, cards shown during the action) along one random game."""
    r = random.Random(game_seed)
    n = 2 + game_seed % 2
    st = S.setup(["ann", "bob", "cat"][:n], {"mission": MISSIONS[game_seed % 3]}, game_seed)
    for _ in range(400):
        if S.outcome(st) is not None:
            return
        prompt = r.choice(S.pending(st))
        watch.shown = set()
        after, events = S.apply(st, prompt.seat, choose(st, prompt.seat, r))
        yield st, after, events, set(watch.shown)
        st = after


def check_position(st: QuasarState, known: set[str]) -> None:
    public = S.view(st, None)
    spectator_secrets = secret_names(st, None, known)
    words = [*S.status_lines(public), S.describe(public), *(p.text for p in S.pending(st))]
    words += [p.text for p in S.pending(public)]
    for text in words:
        assert not named(text, spectator_secrets), f"{named(text, spectator_secrets)} in public words: {text}"
    deciding = sorted({p.seat for p in S.pending(st)})
    for seat in deciding:
        public_labels = [S.action_label(public, a) for a in S.legal(public, seat)]
        for observer in [None, *range(len(st.seats))]:
            if observer == seat:
                continue
            secrets = secret_names(st, observer, known)
            seen = S.view(st, observer)
            labels = public_labels + [S.action_label(seen, a) for a in S.legal(seen, seat)]
            for label in labels:
                assert not named(label, secrets), f"{seat}'s move '{label}' shows {observer} {named(label, secrets)}"


@pytest.mark.parametrize("game_seed", range(10))
def test_no_label_prompt_or_public_line_names_a_hidden_card(game_seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    watch = Watch(monkeypatch)
    known: set[str] = set()  # names said in public lines so far
    for st, after, events, shown in positions(game_seed, watch):
        check_position(st, known)
        allowed = names(visible_keys(st, None) | visible_keys(after, None) | shown) | known
        forbidden = names(hidden_keys(st, None) | hidden_keys(after, None)) - allowed
        for event in events:
            if event.visible_to is None:
                assert not named(event.text, forbidden), f"{named(event.text, forbidden)} told: {event.text}"
                known |= set(named(event.text, ALL_NAMES))


def test_the_games_reach_every_kind_of_secret_moment(monkeypatch: pytest.MonkeyPatch) -> None:
    """The random games above do meet Demands, discards, Boons, draws, Projects and the Ship Phase."""
    watch = Watch(monkeypatch)
    kinds: set[str] = set()
    lines: list[str] = []
    for game_seed in range(15):  # discards come up in games 13 and 14
        for st, _, events, _ in positions(game_seed, watch):
            if st.tasks:
                kinds.add(st.tasks[0].kind)
            lines += [e.text for e in events]
    assert {"commit", "rank", "boon", "trim", "refit", "demand", "discard"} <= kinds
    assert any("Project is complete" in line for line in lines)
    assert any("Ship Phase" in line for line in lines)


# -- the particular leaks ---------------------------------------------------------------------------------------

DRAW_FROM_PERSONAL = """
[[card]]
key = "rummage"
name = "Rummage"
set = "reserve"
value = 2
effect = [{ style = "constant", rules = [{ rule = "draw_from", allow = "personal" }] }]
"""


def test_a_face_down_project_is_drawn_by_place_and_only_its_drawer_learns_it(tmp_path: Path) -> None:
    with using(extra_content(tmp_path, DRAW_FROM_PERSONAL)):
        st = game(2)
        add_card(st, "rummage", owned_key("personal", 0), 0)  # ann may draw from her Personal Zone
        project = deck(st, 0)[0]
        move(st, project, owned_key("personal", 0), 0, down=True)
        secret = content().cards[st.cards[project].key].name
        st.tasks = []
        turn = Turn(st, None)
        steps.begin_draw(st, turn, 0, 1)
        flow.advance(st, turn)
        legal = S.legal(st, 0)
        assert {"type": "draw", "from": "personal", "slot": 1} in legal
        assert {"type": "draw", "from": "personal", "card": "rummage"} in legal
        for seen in (st, S.view(st, None), S.view(st, 0), S.view(st, 1)):
            for action in S.legal(seen, 0):
                assert action.get("card") != st.cards[project].key
                label = S.action_label(seen, action)
                assert secret not in label or secret == "Rummage"
        assert S.action_label(st, {"type": "draw", "from": "personal", "slot": 1}) == (
            "Draw from personal face-down card #1"
        )
        assert S.legal(S.view(st, 1), 0) == legal  # what the table sees offered is what ann is offered
        after, events = act(st, 0, {"type": "draw", "from": "personal", "slot": 1})
        assert project in hand(after, 0) and not active_projects(after, 0)
        private = [e for e in events if e.visible_to is not None]
        assert [(e.visible_to, e.text) for e in private] == [(0, f"You draw {secret_label(st, project)}.")]
        public = texts([e for e in events if e.visible_to is None])
        assert "ann draws 1 card." in public and secret not in public


def secret_label(st: QuasarState, cid: str) -> str:
    from rules.quasar.text import card_label

    return card_label(st.cards[cid].key)


def test_a_stall_sounds_like_a_commit_until_the_reveal() -> None:
    st = play_until(pick_ranks(game(3)), "commit")
    assert "stall" in S.secret_actions and "commit" in S.secret_actions
    st, stalled = act(st, 0, {"type": "stall"})
    st, committed = act(st, 1, {"type": "commit", "cards": [1]})
    assert texts(stalled) == "ann has committed (2 still to commit)."
    assert texts(committed) == "bob has committed (1 still to commit)."
    assert "stall" not in " ".join(st.log[-2:]) and "Lost in Space" not in " ".join(st.log[-2:])
    st, revealed = act(st, 2, {"type": "commit", "cards": [1]})
    assert "ann (stalled): Lost in Space (no value)" in texts(revealed)


def test_draws_caused_by_another_card_are_told_to_the_drawer_alone() -> None:
    st = game(3)
    for seat in range(3):
        for cid in list(hand(st, seat))[2:]:
            move(st, cid, owned_key("discard", seat), seat)
    st.tasks = []
    turn = Turn(st, None)
    for seat in range(3):  # as a Challenge's "each player draws" would: one Draw each, all from the Deck
        steps.begin_draw(st, turn, seat, 2)
    flow.advance(st, turn)
    for seat in range(3):
        told = [e.text for e in turn.events if e.visible_to == seat]
        drawn = hand(st, seat)[2:]
        assert told == [f"You draw {secret_label(st, cid)}." for cid in drawn]
        assert f"{st.seats[seat]} draws 2 cards." in texts(turn.events)
    public = [e.text for e in turn.events if e.visible_to is None]
    assert all("You draw" not in line for line in public)


def test_a_boon_that_draws_tells_the_drawer_what_they_drew() -> None:
    st = game(2, factions="meridian+corsairs")  # the Meridian charter offers "draw 2 cards" as a Boon
    st = pick_ranks(st)
    st.tasks = [Task(kind="boon", player=0, text="a test")]
    before = len(hand(st, 0))
    st, events = act(st, 0, {"type": "boon", "outcome": "meridian-faction"})
    drawn = hand(st, 0)[before:]
    assert len(drawn) == 2
    assert [e.text for e in events if e.visible_to == 0] == [f"You draw {secret_label(st, c)}." for c in drawn]
    assert "ann draws 2 cards." in texts(events)


def test_set_aside_challenges_are_hidden_and_swept_ones_are_known() -> None:
    st = game(2)
    set_aside = [cid for cid, card in st.cards.items() if not card.zone and card.down]
    assert set_aside and all(content().cards[st.cards[c].key].kind == "challenge" for c in set_aside)
    public = S.view(st, None)
    assert all(c not in public.cards for c in set_aside)
    assert sum(1 for card in public.cards.values() if not card.zone and card.down and not card.key) == len(set_aside)
    # a sweep puts Challenges back in an order everyone heard: the view shows them where they lie
    st.tasks = []
    turn = Turn(st, None)
    steps.sweep(st, turn, 0, 2)
    shown = [st.cards[c].key for c in cards_in(st, "scan")]
    st, events = act(st, 0, {"type": "scan", "card": shown[0]})
    back = cards_in(st, "scenario")[0]
    assert st.cards[back].key == shown[1] and st.cards[back].known
    assert f"the rest go back: {content().cards[shown[1]].name}" in texts(events)
    assert S.view(st, None).cards[back].key == shown[1]
