"""Endure the Stars balance: the careful scripted player (rules/endure/ai.py) and win-rate measurement.

Run ``python -m tests.test_endure_balance [runs] [policy]`` to print the win rate of every playable
mission over seeded games (3 survivors, seeds 1000..); the tests below check that the policy plays
whole games legally and deterministically, pin the tuned numbers, and pin one won game of every
mission that used to be never won (a cheap CI slice of the balance work).

Wins per mission, 3 survivors, same seeds before and after: 20 seeds (1000-1019) and 30 (2000-2029).
"s2" = the engine, maps and careful player at the end of session 2; "s3" = now (session 3).
            s2/20  s3/20    s2/30  s3/30
  CG00        12     12       19     22
  CG01         0     10        0      5     map + Loader play; lost once no cell is left (it stalled)
  CG02         0      3        0      4     six tiles, contacts off the objective rooms
  CG03         0      1        0      8     reds in the Armoury (book), exit beside it, contacts moved
  CG04         4     12        9     14
  CG05         0      3        0      4     rescue at the exit keeps the survivor aboard (book); map
  CG06         5      7        4      5
  CG07         0      5        0     15     exit 7 zones out (was 9), route contact moved
  CG09         0      4        0      4     vials nearer the exit, contacts far; lost if hands short
  CG10         1      3        0      5
  C012        20     20       29     30
  C014        16     18       21     24
  ROP17       14     16       17     21
  ROP18       16     18       27     28
  P20          2      7        3      8     no shots at the Primus, which cannot die
  CG08         0      5        0      7     Solomon howls only once collected (book); map
  CG11         4      3        5      7
  C015        17     20       23     28
  ROP16        0      4        2     10     map; Medic takes a Med Kit from a friend
  ROP19        9     10       11     10
  C013         1     11        0     11     Technician reprograms before fighting on
  total    121/420 192/420  170/630 270/630   (28.8% -> 45.7%; 27.0% -> 42.9%)
Every mission is now won on both seed sets; the lowest are CG02, CG05 (7/50 each), CG09 (8/50)
and CG03 (9/50). The per-mission counts swing by about +-5 on the seeds alone (CG03: 1/20 and 8/30).
Re-measured after the issue 10 fixes (Primus out cold until the next round, the CG08/CG11 noises
placed at once and moving with what they follow, ROP16's woman carried on a successful sedation):
P20, CG08, CG11 (and CG00 as a control) unchanged on both seed sets; ROP16 4/20 and 11 -> 10/30.

What did it, measured on all 21 missions x seeds 1000-1019 (wins of 420) one change at a time:
- Engine bugs (rules/endure), each with a test in tests/test_endure_tuning.py: CG08's level-5 howl
  sounded from round 1 instead of from capture and pulled every contact to the crew; CG05 took each
  rescuer off the map (the book: the crew member is safe at the exit, the survivor stays), so one
  death made it unwinnable; CG01 event spawns could put a contact in a sealed Primus cell (never
  killable: the game stalled); a jammed weapon blocked a second copy carried apart (legal() offered a
  shot perform() refused). New ends instead of endless games: CG01 with no Power Cell left, CG09 with
  fewer hands than vials (crews of 1-2 share the vials out: our small-crew row), C013 with no
  Technician left, and CG08 reports an Engineer who falls with the Solomon.
- Maps (ours; data/endure/missions.toml, each change commented there): in every never-won mission the
  setup contacts stood in or beside the objective rooms or on the only route, on 4-tile maps where a
  fight's noise reaches most of the deck. Contacts moved off objectives and routes, CG02/CG05 grew to
  six tiles, objectives and exits brought nearer (CG01, CG03, CG05, CG07, CG08, CG09, ROP16). Token
  counts per survivor count, enemy stats and event rules stay the book's.
- Careful player: abilities only where they do something (+13; it healed the unhurt), run for the exit
  once nothing is left (+4), nearest objective first (+4), never fire dice that cannot kill (0), the
  Technician reprograms first (C013 1 -> 11), the crew walks with the cell carrier and the pilot
  spends the Loader on the doors and climbs out of a dead one (CG01), carriers go home (CG05, C014),
  the empty-handed wait for carriers (CG08), the Medic takes a friend's Med Kit (ROP16 stalls),
  no shots at the immortal Primus (P20 7 -> 15 of 50).
- Tried and left out: stepping out of reach of packs it cannot kill (EVADE, 152 -> 132), no searching
  (-32), Swarmer Leg 2 dice (121 -> 99: more fights, more noise), survivor Health +3 (+37 overall but
  easy missions near-certain and CG02/CG03/CG08 still 0-1/20). The stealth habits of session 2 are
  still switches, off (rules.endure.ai.Habits). (Session 2 had taken the first careful player from 111 to 121 of 420.)
"""

from __future__ import annotations

import sys

from rules.core import Action
from rules.endure import SYSTEM as S
from rules.endure.ai import CAREFUL, Habits, acting, careful, may_exit, safe_attacks
from rules.endure.ai_sense import distances, safest_step, threat, weapon_score
from rules.endure.content import content
from rules.endure.geometry import sight
from rules.endure.state import EndureState
from rules.endure.world import obj_specs

MAX_STEPS = 1500


def careful_bot(st: EndureState, seat: int, legal: list[Action], habits: Habits = CAREFUL) -> Action:
    """The careful player on the real state (the bot seats use ``S.ai_action`` on their own view)."""
    return careful(st, seat, legal, S.apply, habits)


# -- the first careful player, kept to measure against ---------------------------------------------------------


def _targets(st: EndureState, si: int) -> list[str]:
    """Where the first careful player wants to go, most urgent first."""
    s = st.survivors[si]
    m = content().missions[st.mission]
    specs = obj_specs(st)
    carrying = any(o.carried_by == si for o in st.objectives)
    open_objs = [o for o in st.objectives if not o.done and o.carried_by < 0]
    wanted = [o.zone for o in open_objs if specs[o.id].hook not in ("lair",)]
    leaving = carrying or any("exit_all" in g for g in m.goals)
    if (carrying or (not wanted and m.exits)) and st.exits_open and leaving:
        return list(m.exits)
    if wanted:
        return wanted
    hunt = [e.zone for e in st.enemies] + [t.zone for t in st.radar]
    return hunt or list(m.exits) or [s.zone]


SUPPORT = {"rally", "soothe", "patch", "second_wind", "miracle"}
FIGHT = {"aimed", "weapon_mods", "last_stand", "mind_blast", "turret", "guard", "inspire", "orders"}


def _simple_abilities(st: EndureState, si: int, offers: list[Action]) -> list[Action]:
    """The first careful player's abilities: fighting ones when enemies are close, healing and calming
    ones when someone is hurt or shaken (it healed the unhurt); the crisis only in a real crisis."""
    s = st.survivors[si]
    card = content().survivors[s.key]
    near = sight(st, s.zone)
    close = [e for e in st.enemies if e.zone in near and near[e.zone][0] <= 1]
    out = []
    for a in offers:
        ab = card.active if a.get("which") == "active" else card.crisis
        if a.get("which") == "crisis" and not (s.health * 2 <= s.max_health or len(close) >= 3):
            continue
        if ab.hook in FIGHT and close:
            if ab.hook in ("mind_blast", "turret") and sum(1 for e in st.enemies if e.zone == a.get("zone")) < 2:
                continue
            out.append(a)
        elif ab.hook in SUPPORT and (ab.hook in ("patch", "soothe") or s.health < s.max_health - 2 or s.resolve <= 6):
            out.append(a)
    return out


def careful_v1(st: EndureState, seat: int, legal: list[Action]) -> Action:
    """The first careful player: shoot what is in reach, do the objective, keep good finds, heal when
    hurt, head for the nearest goal by the shortest path, search rooms that look safe, else end the turn."""
    by: dict[str, list[Action]] = {}
    for a in legal:
        by.setdefault(a["type"], []).append(a)
    si = acting(st)
    if "answer" in by or st.phase == "refuge" or si is None or st.survivors[si].found:
        return careful_bot(st, seat, legal)  # the same answers, Refuge choices and finds
    s = st.survivors[si]
    if s.health * 2 <= s.max_health:
        for a in by.get("use", []):
            card = content().items.get(str(a.get("item")))
            if card is not None and card.effect == "heal" and "zone" not in a:
                return a
    abilities = _simple_abilities(st, si, by.get("ability", []))
    if abilities:
        return abilities[0]
    if "attack" in by and safe_attacks(st, si, by["attack"]):
        friends = {o.zone for i, o in enumerate(st.survivors) if i != si and o.alive and not o.exited}
        safe = [a for a in by["attack"] if a["zone"] == s.zone or a["zone"] not in friends]
        pool = [a for a in safe if not a.get("object")] or safe
        crowd = {a["zone"]: sum(1 for e in st.enemies if e.zone == a["zone"]) for a in pool}
        return max(pool, key=lambda a: (crowd[a["zone"]], a["zone"] == s.zone, weapon_score(a)))
    for kind in ("reactivate", "interact", "exit"):
        if kind in by and (kind != "exit" or may_exit(st, si)):
            return by[kind][0]
    if "equip" in by:
        return by["equip"][0]
    if "loader" in by and by["loader"][0].get("do") == "enter":
        return by["loader"][0]
    if s.health <= 3 and any(e.zone == s.zone for e in st.enemies) and "move" in by:
        return min(by["move"], key=lambda a: (threat(st, a["zone"]), a["zone"]))
    near = sight(st, s.zone)
    threatened = any(e.zone in near and near[e.zone][0] <= 1 for e in st.enemies)
    if "search" in by and not threatened:
        return by["search"][0]
    if "move" in by:
        dist = distances(st, s.zone)
        goals = [z for z in _targets(st, si) if z in dist]
        if goals and s.zone not in goals:
            goal = min(goals, key=lambda z: (dist[z], z))
            best = None
            for a in by["move"]:
                d2 = distances(st, a["zone"]).get(goal)
                if d2 is not None and d2 < dist[goal] and (best is None or a["zone"] < best["zone"]):
                    best = a
            if best is not None:
                return best
    if "reward" in by:
        return by["reward"][0]
    return next((a for a in legal if a["type"] == "end"), legal[0])


# -- playing whole missions -------------------------------------------------------------------------------------


def play_careful(
    mission: str, seed: int, n: int = 3, crew: str = "", policy: str = "careful"
) -> tuple[EndureState, list]:
    """A whole mission; ``careful`` plays every seat as a bot seat would (``ai_action`` on its own view)."""
    options = {"mission": mission}
    if crew:
        options["crew"] = crew
    st = S.setup([f"p{i}" for i in range(n)], options, seed)
    log = []
    for step in range(MAX_STEPS):
        if S.outcome(st) is not None:
            break
        seat = S.pending(st)[0].seat
        if policy == "careful":
            action = S.ai_action(S.view(st, seat), seat, step)
        else:
            action = POLICIES[policy](st, seat, S.legal(st, seat))
        assert action is not None
        st, _ = S.apply(st, seat, action)
        log.append((seat, action))
    return st, log


POLICIES = {"careful": careful_bot, "careful_v1": careful_v1}


def crew_for(mission: str, n: int) -> str:
    needs = [k.lower() for k in content().missions[mission].needs]
    by_class = {}
    for key, card in content().survivors.items():
        by_class.setdefault(card.klass.lower(), key)
    crew = [by_class[k] for k in needs if k in by_class]
    for k in ("marine", "medic", "captain", "scout", "engineer", "psychic"):
        if len(crew) >= n:
            break
        if by_class.get(k) and by_class[k] not in crew:
            crew.append(by_class[k])
    return "+".join(crew[:n])


def win_rates(runs: int = 10, n: int = 3, policy: str = "careful") -> dict[str, float]:
    out = {}
    for key, m in content().missions.items():
        if not m.playable:
            continue
        wins = 0
        for seed in range(runs):
            st, _ = play_careful(key, 1000 + seed, n, crew_for(key, n), policy)
            wins += st.result == "win"
        out[key] = wins / runs
    return out


def test_careful_player_finishes_cg00_legally_and_replays():
    st, log = play_careful("CG00", 7, 3)
    assert S.outcome(st) is not None or len(log) == MAX_STEPS
    again = S.setup(["p0", "p1", "p2"], {"mission": "CG00"}, 7)
    for seat, action in log:
        again, _ = S.apply(again, seat, action)
    assert S.dumps(again) == S.dumps(st)


def test_careful_player_shoots_before_walking():
    from .test_endure_support import fresh, give, place, strip

    st = fresh(2)
    strip(st, 0)
    give(st, 0, "pistol")
    place(st, "swarmer", st.survivors[0].zone, 1)
    assert careful_bot(st, 0, S.legal(st, 0))["type"] == "attack"


def test_tuned_starter_melee_can_kill_two_health_enemies():
    items = content().items
    cutter, persuader, pistol = items["plasma-cutter"], items["persuader"], items["pistol"]
    assert cutter.starter and cutter.dice >= 2 and cutter.dice == 3
    # ROP19 swaps the Plasma Cutter for the Persuader: the swap must be an upgrade
    assert persuader.dice > cutter.dice and persuader.hit <= cutter.hit
    # the Pistol stays the single-die ranged weapon that can never jam (scenario 1)
    assert pistol.dice == 1 and pistol.range >= 1


# one game the careful player wins on each mission that was never won before session 3 (seed)
WON_BEFORE_NEVER = {
    "CG01": 1001, "CG02": 1006, "CG03": 1010, "CG05": 1000, "CG07": 1001,
    "CG08": 1005, "CG09": 1001, "C013": 1000, "ROP16": 1005,
}  # fmt: skip


def test_every_formerly_never_won_mission_has_a_won_game():
    for mission, seed in WON_BEFORE_NEVER.items():
        st, log = play_careful(mission, seed, 3, crew_for(mission, 3))
        assert st.result == "win", (mission, seed, st.summary)
        assert len(log) < MAX_STEPS


if __name__ == "__main__":
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    for key, rate in win_rates(runs, policy=sys.argv[2] if len(sys.argv) > 2 else "careful").items():
        print(f"{key:6} {rate:5.0%}")


def test_careful_player_walks_around_a_hidden_contacts_sight_line():
    from .test_endure_support import fresh, token

    st = fresh(2)
    # SEC-b to SEC-x: two equally short ways, through SEC-w or SEC-c
    token(st, "REC-w", "4 jaeger")  # seen from SEC-w, not from SEC-c
    assert safest_step(st, "SEC-b", ["SEC-x"]) == "SEC-c"
    st.radar = []
    token(st, "NAV-y", "4 jaeger")  # seen from SEC-c, not from SEC-w
    assert safest_step(st, "SEC-b", ["SEC-x"]) == "SEC-w"


def test_careful_player_does_not_shoot_a_far_passive_group_on_a_stealth_mission():
    from .test_endure_support import give, place, strip

    st = S.setup(["p0", "p1"], {"mission": "CG09"}, 3)
    st.radar, st.enemies = [], []
    si = S.current(st)
    s = st.survivors[si]
    strip(st, si)
    give(st, si, "assault-rifle")
    view = sight(st, s.zone)
    far = next(z for z, (d, _, _) in view.items() if d == 2)
    place(st, "jaeger", far)
    legal = S.legal(st, s.seat)
    assert any(a["type"] == "attack" for a in legal)
    stealthy = Habits(threat_only=True)
    assert careful_bot(st, s.seat, legal, stealthy)["type"] != "attack"  # it would only wake the pack
    assert careful_v1(st, s.seat, legal)["type"] == "attack"
    first = careful_bot(st, s.seat, legal)  # the default: shoot what you can (taking aim first)
    if first["type"] == "ability":
        st, _ = S.apply(st, s.seat, first)
        first = careful_bot(st, s.seat, S.legal(st, s.seat))
    assert first["type"] == "attack"
