"""``python -m bench.pings`` counts the prompts of a scripted first round, with and without forced steps."""

from __future__ import annotations

from bench.pings import FIGHT_BEFORE, FIRST_ROUNDS, fight_pings, first_round_pings, main, measure_fight
from rules.core import registry


def test_every_game_has_a_first_round() -> None:
    games = {system.id for system in registry.all_systems() if system.id != "pig"}
    assert games <= set(FIRST_ROUNDS)


def test_forced_steps_never_add_a_ping_and_the_count_repeats() -> None:
    for game in ("armada", "endure"):
        before = first_round_pings(game, 3, autopass=False)
        after = first_round_pings(game, 3, autopass=True)
        assert 0 < after <= before
        assert first_round_pings(game, 3, autopass=True) == after


def test_the_table_names_every_game_asked_for(capsys) -> None:
    main(["quasar", "--seeds", "1"])
    out = capsys.readouterr().out
    assert "| quasar |" in out and "autopass" in out


def test_an_armada_fight_asks_at_most_half_as_often_per_combat_round() -> None:
    """The issue's target: 3 captains in a fight, prompts per combat round at most half of before."""
    fight = measure_fight(range(1, 4))
    assert 0 < fight["after"] <= FIGHT_BEFORE / 2
    assert fight["after"] <= fight["before"]
    assert fight_pings(2, autopass=True) == fight_pings(2, autopass=True)  # the count repeats
