"""Balance: a careful scripted team (rules/quasar/ai.py) plays whole missions; how often does it win?

Each seat plays from its own view only. Run the full measurement (every mission, 1-4 players):

    .venv/bin/python -m tests.test_quasar_balance 40

It prints the win rate per mission and player count, how often each kind of Target is met, why
games are lost and how many decisions each player makes per game (pacing). CI plays a few games
to keep the helper honest. The measurements and every change they led to are in
data/quasar/PLAYTEST.md.
"""

from __future__ import annotations

import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from rules.quasar import SYSTEM as S
from rules.quasar.ai import choose
from rules.quasar.content import content
from rules.quasar.state import QuasarState

PLAYERS = (1, 2, 3, 4)


@dataclass
class Record:
    games: int = 0
    wins: int = 0
    decisions: int = 0
    losses: Counter = field(default_factory=Counter)
    targets: dict = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    acts: Counter = field(default_factory=Counter)
    actions: Counter = field(default_factory=Counter)


def play(mission: str, players: int, seed: int, record: Record | None = None, limit: int = 2000) -> QuasarState:
    """One whole mission by the scripted team; ``record`` collects statistics."""
    st = S.setup([f"p{i}" for i in range(players)], {"mission": mission}, seed)
    for step in range(limit):
        if S.outcome(st) is not None:
            break
        prompt = S.pending(st)[0]
        action = choose(S.view(st, prompt.seat), prompt.seat, seed * 7919 + step)
        assert action is not None
        before = st.resolved
        st, _ = S.apply(st, prompt.seat, action)
        if record is not None:
            record.decisions += 1
            record.actions[action["type"]] += 1
            if st.resolved is not None and st.resolved is not before and st.resolved != before:
                for part in content().cards[st.resolved.challenge].target:
                    record.targets[part.kind][0] += 1
                    record.targets[part.kind][1] += st.resolved.success
    else:
        raise AssertionError(f"{mission} {players}p seed {seed}: no end after {limit} decisions")
    if record is not None:
        record.games += 1
        record.wins += st.result == "win"
        if st.result == "loss":
            record.losses[st.summary.split(":")[0][:40]] += 1
        record.acts.update(st.acts)
    return st


def measure(seeds: int) -> dict[tuple[str, int], Record]:
    out = {}
    for mission in content().missions:
        for players in PLAYERS:
            record = Record()
            for seed in range(seeds):
                play(mission, players, seed, record)
            out[(mission, players)] = record
    return out


def report(results: dict[tuple[str, int], Record]) -> list[str]:
    lines = []
    totals: dict = defaultdict(lambda: [0, 0])
    for (mission, players), r in results.items():
        per_player = r.decisions / max(1, r.games) / players
        lines.append(
            f"{mission:15} {players}p  win {r.wins}/{r.games} = {100 * r.wins // max(1, r.games):3}%  "
            f"acts won {r.acts['success']}/{sum(r.acts.values())}  decisions/player {per_player:.0f}  "
            f"losses {dict(r.losses)}"
        )
        for kind, (n, ok) in r.targets.items():
            totals[kind][0] += n
            totals[kind][1] += ok
    lines.append("targets met: " + ", ".join(f"{k} {ok}/{n}" for k, (n, ok) in sorted(totals.items())))
    actions: Counter = Counter()
    for r in results.values():
        actions.update(r.actions)
    lines.append("actions: " + ", ".join(f"{k} {n}" for k, n in actions.most_common()))
    return lines


def test_the_scripted_team_finishes_missions_at_every_size() -> None:
    for players in PLAYERS:
        st = play("first-light", players, 3)
        assert st.result in ("win", "loss")


if __name__ == "__main__":
    print("\n".join(report(measure(int(sys.argv[1]) if len(sys.argv) > 1 else 20))))
