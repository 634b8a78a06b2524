"""Quasar Search asks only questions that can change something, played through the ``/quasar`` commands:
a window opens only for a player whose card could change the outcome, Rank Cards are picked by the
numbers ``/quasar hand`` shows, and the Team Leader asked for an order is told why it matters."""

from __future__ import annotations

import pytest

from rules.core import RuleError
from rules.quasar import SYSTEM as S
from rules.quasar.state import QuasarState, owned_key
from table.quasar.views import hand_lines

from .test_quasar_scenarios import arrange
from .test_quasar_support import act, game, pick_ranks, place, play_until, set_hand, texts
from .test_quasar_table import run


async def command(st: QuasarState, seat: int, path: str, **options: str) -> tuple[QuasarState, list]:
    """Type ``/quasar <path>`` as ``seat`` and play what it produced."""
    played = await run(st, seat, path, **options)
    assert len(played) == 1
    return act(st, seat, played[0])


async def confront(challenge: str, cards: dict[int, str], glory: tuple[int, int], factions: str) -> tuple:
    """Two players reach ``challenge`` with Glory ``glory`` and commit one named card each, by command."""
    st = game(2, factions=factions)
    arrange(st, [challenge])
    st = play_until(pick_ranks(st, [5, 2] if factions.startswith("meridian") else [2, 5]), "commit")
    st.glory = list(glory)
    events: list = []
    for seat, key in cards.items():
        set_hand(st, seat, [key, "scrap"])
        st, ev = await command(st, seat, "commit", cards=key)
        events += ev
    return st, events


def window_seats(st: QuasarState) -> list[int]:
    return [p.seat for p in S.pending(st) if "use a card effect" in p.text]


# -- windows ----------------------------------------------------------------------------------------------------


async def test_no_window_when_the_challenge_is_won_whatever_a_shift_does() -> None:
    # Undocking, Reach 6: 6 + 5 is met; Trim (+-2) and Letters of Marque (+-1) could only spoil it
    st, ev = await confront("undocking", {0: "trim", 1: "plunder"}, (1, 1), "meridian+corsairs")
    assert not window_seats(st) and "passes" not in texts(ev)
    assert st.resolved is not None and st.resolved.success


async def test_no_window_when_the_challenge_is_lost_whatever_a_shift_does() -> None:
    # Asteroid Drift, Reach 9: 3 + 1 = 4, and all the Shifts together add 3 at most
    st, _ = await confront("asteroid-drift", {0: "trim", 1: "scrap"}, (1, 1), "meridian+corsairs")
    assert not window_seats(st)
    assert st.resolved is not None and not st.resolved.success


async def test_a_window_opens_when_a_shift_could_meet_the_target() -> None:
    # Undocking, Reach 6: 3 + 1 = 4; Trim's +2 meets it
    st, _ = await confront("undocking", {0: "trim", 1: "scrap"}, (1, 0), "meridian+corsairs")
    assert window_seats(st) == [0]
    st, ev = await command(st, 0, "use", card="trim", target="scrap", shift="+2")
    assert "Scrap shifts from 1 to 3" in texts(ev)
    assert st.resolved is not None and st.resolved.success


async def test_shifts_that_only_meet_it_together_ask_both_players() -> None:
    # Undocking, Reach 6: 3 + 0 (a Lost in Space has no value) = 3; Trim +2 and Letters of Marque +1 make 6
    st = game(2, factions="meridian+corsairs")
    arrange(st, ["undocking"])
    st = play_until(pick_ranks(st, [5, 2]), "commit")
    st.glory = [1, 1]
    set_hand(st, 0, ["trim", "scrap"])
    st, _ = await command(st, 0, "commit", cards="trim")
    st, _ = await command(st, 1, "stall")
    assert window_seats(st) == [0]  # ann leads
    st, _ = await command(st, 0, "use", card="trim", target="trim", shift="+2")
    assert window_seats(st) == [1]  # now bob's +1 meets the Target
    st, _ = await command(st, 1, "use", card="corsairs-faction", target="trim", shift="+1")
    assert st.resolved is not None and st.resolved.success


async def test_a_player_whose_shift_cannot_help_is_not_asked() -> None:
    # Undocking, Reach 6: 3 + 1 needs 2 more; bob's Letters of Marque (+1) cannot do it alone, and ann
    # has no Glory for Trim: bob is not asked, though his effect could be used
    st, _ = await confront("undocking", {0: "trim", 1: "scrap"}, (0, 1), "meridian+corsairs")
    assert not window_seats(st) and st.resolved is not None and not st.resolved.success


async def test_a_window_opens_when_a_shift_changes_who_has_the_highest_value() -> None:
    # Signal Ping, Peak 7, success: Boon to the highest value. 7 against 6: +1 on the 6 ties them
    st, _ = await confront("signal-ping", {0: "dread-salvo", 1: "slingshot"}, (1, 0), "corsairs+meridian")
    assert window_seats(st) == [0]
    # 7 against 5: a +1 changes nothing, a -1 on the 7 would only spoil the success
    st, _ = await confront("signal-ping", {0: "dread-salvo", 1: "long-jump"}, (1, 0), "corsairs+meridian")
    assert not window_seats(st) and st.resolved is not None and st.resolved.success


# -- Rank Cards -------------------------------------------------------------------------------------------------


async def test_rank_cards_are_picked_by_the_numbers_the_hand_shows() -> None:
    st = game(2, factions="corsairs+meridian")
    lines = hand_lines(S.view(st, 1), 1)
    assert "Unused Rank Cards (`/quasar rank card:<number>`): `1` Cadet, `3` Navigator, `5` Commodore" in lines
    st, ev = await command(st, 1, "rank", card="1")  # the number shown, which is also Cadet's Rank
    assert "bob has picked a Rank Card" in texts(ev)
    assert {"type": "rank", "rank": 2} in S.legal(st, 0) and S.format({"type": "rank", "rank": 2}) == "rank 2"
    with pytest.raises(RuleError, match=r"no unused Rank Card 1: choose 2, 3 or 4, as /quasar hand lists them"):
        await command(st, 0, "rank", card="1")
    st, ev = await command(st, 0, "rank", card="4")
    assert "Rank Cards: ann Corsair Captain (Rank 4), bob Cadet (Rank 1)" in texts(ev)


async def test_a_record_that_named_a_rank_card_by_place_still_plays() -> None:
    st = game(2, factions="corsairs+meridian")
    st, _ = act(st, 0, {"type": "rank", "slot": 1})
    assert st.picked[0]


# -- the order of a split effect ---------------------------------------------------------------------------------


async def test_the_order_prompt_says_why_the_order_matters() -> None:
    st = game(2, factions="meridian+corsairs")
    arrange(st, ["undocking"])
    st = play_until(pick_ranks(st, [5, 2]), "commit")
    place(st, "relay", "warp", 0)
    st, _ = await command(st, 0, "commit", cards="1")
    st, _ = await command(st, 1, "commit", cards="1")
    st = play_until(st, "order")
    prompt = S.pending(st)[0]
    assert prompt.text == (
        "The order matters for the Cleanup draw: the Warp Zone holds Relay (2), and ann and bob may each draw "
        "from it: whoever goes first chooses first. Choose who goes first (ann, bob)."
    )
    st, ev = await command(st, prompt.seat, "order", players="2 1")
    assert "orders: bob, ann" in texts(ev)


def test_the_hand_lists_only_its_own_rank_cards() -> None:
    st = game(2, factions="corsairs+meridian")
    lines = hand_lines(S.view(st, 0), 0)
    assert "Unused Rank Cards (`/quasar rank card:<number>`): `2` Deckhand, `3` Boatswain, `4` Corsair Captain" in lines
    assert all("Cadet" not in line for line in lines) and owned_key("ranks", 1) in st.zones
