"""Autocomplete for setup (pick, claim, gear, prefs), mid-play decisions (event, payback, answer), the time
between scenarios (keep, take, outfit, route) and the crew dashboard, from the engine's ``legal()``."""

from __future__ import annotations

from rules.starcadia import SYSTEM
from rules.starcadia import board as B
from rules.starcadia import engine as E
from rules.starcadia.campaign import auto_loadout
from rules.starcadia.content import CONTENT
from rules.starcadia.sheets import upgrade_line

from ..commands import SeatContext
from ..spec import Pairs
from .fit import LABEL_MAX, Given, extend_list, suggester
from .seat import crew_ids, legal, state
from .texts import answer_label, hero_label, loadout_text


def _pick_heroes(sc: SeatContext, typed: str, given: Given) -> Pairs:
    st = state(sc)
    out = []
    for a in legal(sc, "pick"):
        if len(a["heroes"]) == 1:
            out.append((hero_label(st, a["heroes"][0]), a["heroes"][0]))
        else:
            out.append((" + ".join(CONTENT.heroes[h].name for h in a["heroes"]), " ".join(a["heroes"])))
    return out


def _board_with(sc: SeatContext, slot: int) -> B.Board:
    """The station as it would be with the asker's shuttle docked at ``slot`` (1-based)."""
    st = state(sc)
    docked = tuple((c.colour, c.shuttle) for c in st.crews if c.shuttle >= 0)
    return B.build(st.scenario, tuple(st.tiles), (*docked, (st.crews[sc.seat].colour, slot - 1)))


def _claim_slot(sc: SeatContext, typed: str, given: Given) -> Pairs:
    colour = state(sc).crews[sc.seat].colour
    out = []
    for a in legal(sc, "claim"):
        spaces = " ".join(B.name(x) for x in _board_with(sc, a["slot"]).shuttles.get(colour, []))
        out.append((f"slot {a['slot']} (shuttle at {spaces})", str(a["slot"])))
    return out


def _claim_place(sc: SeatContext, typed: str, given: Given) -> Pairs:
    st = state(sc)
    raw = (given.get("slot") or "").strip().lower().removeprefix("slot").strip()
    if not raw.isdigit() or not any(a["slot"] == int(raw) for a in legal(sc, "claim")):
        return []
    spaces = [B.name(x) for x in _board_with(sc, int(raw)).shuttles.get(st.crews[sc.seat].colour, [])]
    crew = crew_ids(st, sc.seat)
    if len(spaces) < 2 or len(crew) != 2:
        return []
    a, c = crew
    return [
        (f"{a} on {spaces[0]}, {c} on {spaces[1]}", f"{a}:{spaces[0]} {c}:{spaces[1]}"),
        (f"{c} on {spaces[0]}, {a} on {spaces[1]}", f"{c}:{spaces[0]} {a}:{spaces[1]}"),
    ]


def _crew_heroes(sc: SeatContext, typed: str, given: Given) -> Pairs:
    st = state(sc)
    return [(hero_label(st, h), h) for h in crew_ids(st, sc.seat)]


def _gear_tokens(sc: SeatContext, typed: str, given: Given) -> Pairs:
    st = state(sc)
    have = [u.id for x in crew_ids(st, sc.seat) for u in E.find_hero(st, x).upgrades]
    return extend_list(typed, [(upgrade_line(t), CONTENT.upgrades[t].slug) for t in have])


def _prefs_reaction(sc: SeatContext, typed: str, given: Given) -> Pairs:
    st = state(sc)
    out = [("none (never react automatically)", "none")]
    for hid in crew_ids(st, sc.seat):
        h = E.find_hero(st, hid)
        for u in h.upgrades:
            card = CONTENT.upgrades[u.id]
            if card.category == "reaction":
                out.append((f"{card.name} ({E.hero_name(h)}): {card.ability_text}", card.slug))
    return out


def _event(option: str):
    def event_option(sc: SeatContext, typed: str, given: Given) -> Pairs:
        st = state(sc)
        out = []
        for a in legal(sc, "event"):
            if option not in a:
                continue
            value = a[option]
            if option == "figure":
                m = E.find_monster(st, value)
                out.append((f"{CONTENT.monsters[m.card].name} {E.monster_tag(m)} at {m.pos}", E.monster_tag(m)))
            elif option == "target":
                out.append((hero_label(st, value), value))
            else:
                out.append((f"spawn at {value}", value))
        return out

    event_option.__name__ = f"event_{option}"
    return event_option


def _payback_path(sc: SeatContext, typed: str, given: Given) -> Pairs:
    if state(sc).payback is None:
        return []
    can_hit: dict[str, bool] = {}
    for a in legal(sc, "payback"):
        if "path" in a:
            key = " ".join(a["path"])
            can_hit[key] = can_hit.get(key, False) or bool(a.get("attack"))
    out = []
    for path, hit in can_hit.items():
        verb = "and attack" if hit else "(cannot attack from there)"
        out.append((f"{'walk ' + path if path else 'stay'} {verb}", path or "stay"))
    return out


def _answer_choice(sc: SeatContext, typed: str, given: Given) -> Pairs:
    """The answers to the decision the game waits for from the asker, the default (the bot's pick) first."""
    st = state(sc)
    if st.wait is None and st.payback is None:
        return []
    prompts = SYSTEM.pending(st)
    if not prompts or prompts[0].seat != sc.seat:
        return []
    out = []
    for i, a in enumerate(SYSTEM.legal(st, sc.seat)):
        label = answer_label(st, a) + (" (default)" if i == 0 else "")
        out.append((label, SYSTEM.format(a)))  # a value too long to send whole is left out by the fitting
    return out


def _keep_tokens(sc: SeatContext, typed: str, given: Given) -> Pairs:
    out = []
    for a in legal(sc, "keep"):
        names = " + ".join(CONTENT.upgrades[t].name for t in a["tokens"])
        out.append((names, ", ".join(CONTENT.upgrades[t].slug for t in a["tokens"])))
    return out


def _take_token(sc: SeatContext, typed: str, given: Given) -> Pairs:
    return [(upgrade_line(a["token"]), CONTENT.upgrades[a["token"]].slug) for a in legal(sc, "take")]


def _outfit_loadout(sc: SeatContext, typed: str, given: Given) -> Pairs:
    if not legal(sc, "outfit"):
        return []
    load = auto_loadout(state(sc), sc.seat)
    listed = loadout_text(load)
    out = [("auto: fill both heroes evenly (/starcadia offer shows who gets what)", "auto")]
    # The same loadout written out, to edit: by slug, or by id when that would not fit a suggestion's 100
    # characters (a longer value is never offered: it would be sent cut short).
    short = "; ".join(f"{h}: {', '.join(toks) or '-'}" for h, toks in load.items())
    written = listed if len(listed) <= LABEL_MAX else short
    out.append((f"as listed: {listed}", written))
    return out


def _route_scenario(sc: SeatContext, typed: str, given: Given) -> Pairs:
    return [(f"{a['scenario']}: {CONTENT.scenarios[a['scenario']].title}", a["scenario"]) for a in legal(sc, "route")]


def _crew(sc: SeatContext, typed: str, given: Given) -> Pairs:
    st = state(sc)
    return [(f"{c.colour} ({st.seats[c.seat]})", c.colour) for c in st.crews]


pick_heroes = suggester(_pick_heroes)
claim_slot = suggester(_claim_slot)
claim_place = suggester(_claim_place)
crew_hero = suggester(_crew_heroes)
gear_tokens = suggester(_gear_tokens, listed=True)
prefs_reaction = suggester(_prefs_reaction)
event_figure = suggester(_event("figure"))
event_target = suggester(_event("target"))
event_spawn = suggester(_event("spawn"))
payback_path = suggester(_payback_path)
answer_choice = suggester(_answer_choice)
keep_tokens = suggester(_keep_tokens)
take_token = suggester(_take_token)
outfit_loadout = suggester(_outfit_loadout)
route_scenario = suggester(_route_scenario)
crew_colour = suggester(_crew, players_only=False)
