"""Private views of an Armada table (only the asker sees them): a ship's stations, dice and heroes,
the enemy fleets, the beacons and events, the map, and every command the asker may type now."""

from __future__ import annotations

from render import render_board
from render.armada import ship_board, table_picture
from rules.armada.combat import enemy_action_text, enemy_def, ship_numbers
from rules.armada.content import CONTENT as C
from rules.armada.finals import event_for
from rules.armada.helpers import has_kind, locations, module_at, planet_links, station_of
from rules.armada.missions import describe_sections
from rules.armada.state import Fleet, State
from rules.core.grammar import count
from sessions.errors import SessionError

from .. import spec
from ..commands import Ctx, Table
from ..replies import Reply
from . import names as N
from .labels import die_text, die_where, effect_text, event_line, hero_label, module_label, planet_label, sym
from .seat import SYSTEM_ID, legal, seated, viewer
from .texts import next_steps

MAX_MOVES = 40


def ship_lines(state: State, seat: int, *, own: bool) -> list[str]:
    p = state.players[seat]
    ship = C.ships[p.ship]
    free = has_kind(p, "free_travel") is not None
    status = []
    if p.critical:
        status.append("**CRITICAL DAMAGE**")
    if p.out:
        status.append("out of the game")
    if seat == state.savior:
        status.append("Galactic Savior")
    lines = [
        f"**{state.seats[seat]}** — {ship.name} at **{p.planet}** " + " ".join(status),
        f"Shield {p.shield}/{p.max_shield} · Hull {p.hull}/{p.max_hull} · {p.credits} credits · "
        f"{count(p.actions, 'action')} left" + (" · free travel ready" if p.free_travel and free else ""),
        "",
        "**Stations**",
    ]
    numbers = [*range(1, 7), *range(11, 11 + len(p.extension))]
    for n in numbers:
        st = station_of(p, n)
        m = module_at(p, n)
        if m is None:
            lines.append(f"`{n}` — empty")
            continue
        flags = []
        if st.offline and not m.never_offline:
            flags.append("OFFLINE")
        if st.counters:
            flags.append(f"{st.counters} counters")
        if st.partial:
            flags.append(f"still needs {sym(st.partial)}")
        covered = f" (covers {C.modules[st.base].name})" if st.module and st.base else ""
        dice = [d for d in state.dice if d.owner == seat and d.loc in ("station", "locked") and d.station == n]
        on = f" · dice {' '.join('#' + str(d.id) for d in dice)}" if dice else ""
        extra = f" [{', '.join(flags)}]" if flags else ""
        lines.append(f"`{n}` {m.name}{covered} — needs {sym(m.req)} → {effect_text(m.id)}{extra}{on}")
    crew = [d for d in state.dice if d.owner == seat]
    lines += ["", f"**Crew dice** ({len(crew)})"]
    lines += [f"{die_text(d)} — {die_where(d)}" for d in crew] or ["none"]
    if p.heroes:
        lines += ["", "**Heroes**"] + [f"{C.heroes[h].name}: {C.heroes[h].text}" for h in p.heroes]
    if p.storage:
        lines += ["", "**Storage**: " + ", ".join(f"{C.modules[m].name} [{m}]" for m in p.storage)]
    if p.data:
        lines.append(f"**Data tokens**: {', '.join(p.data)}")
    if own and p.offer_kind == "shop":
        lines += [
            "",
            "**Shipyard offer**: "
            + (", ".join(module_label(state, seat, m, with_price=True) for m in p.offer) or "nothing"),
        ]
    if own and p.offer_kind == "hire":
        lines += ["", "**For hire**: " + (", ".join(hero_label(state, seat, h) for h in p.offer) or "nobody")]
    return lines


async def view_ship(table: Table, ctx: Ctx, captain: str | None = None) -> Reply:
    sc, state = await viewer(table, ctx)
    if N.blank(captain):
        if sc.seat is None:
            raise SessionError("You have no ship here; name a captain to look at theirs.")
        seat = sc.seat
    else:
        seat = N.captain(state, captain)
    lines = ship_lines(state, seat, own=seat == sc.seat)
    if seat == sc.seat:
        lines = [*lines, "", f"**Your move**: {next_steps(state, seat)}"]
    if state.combat is not None and seat in state.combat.members:
        c = state.combat
        lines += [
            "",
            f"In Combat with fleet {c.fleet}, round {c.round}, step {c.step}; enemy die {c.enemy_die or '-'}.",
        ]

    def image() -> bytes:
        return ship_board(state, seat)

    return Reply(title=f"Ship of {state.seats[seat]}", lines=lines, image=image, image_name="ship.png", ephemeral=True)


def enemy_lines(state: State, fleet: Fleet) -> list[str]:
    out = []
    for pos, ship in zip(ship_numbers(state, fleet), fleet.ships, strict=True):
        if ship.card == "?" or not ship.revealed:
            out.append(f"  `{pos}` face-down ship")
            continue
        e = enemy_def(ship)
        acts = "; ".join(f"on {','.join(map(str, a.on))}: {enemy_action_text(state, a)}" for a in e.actions)
        passives = f" · {', '.join(e.passives)}" if e.passives else ""
        out.append(
            f"  `{pos}` **{e.name}** ({e.faction} {e.type}) hull {e.hull - ship.damage}/{e.hull}, "
            f"shields {ship.shields}/{e.shield}, scrap {e.scrap}"
            f"{' · timers ' + str(ship.timers) if ship.timers else ''}"
            f" — {acts}{passives}"
        )
    return out


async def view_fleets(table: Table, ctx: Ctx) -> Reply:
    _, state = await viewer(table, ctx)
    lines: list[str] = []
    for f in state.fleets:
        note = " (arrived this phase)" if f.fresh else ""
        final = f" — final encounter: {f.final}" if f.final else ""
        lines.append(f"**Fleet {f.token}** at {f.planet}{note}{final}")
        lines += enemy_lines(state, f)
    if not lines:
        lines = ["No enemy fleets are in play."]
    lines += ["", f"Enemy deck: {len(state.enemy_deck)} cards · Threat deck: {len(state.td_deck)} cards."]
    top = [c for c in state.td_deck[:1] if c != "?"]
    if top:
        t = C.threats.get(top[0])
        if t is not None:
            count = t.ships_for(state.solo) or ""
            lines.append(f"You peek at the next Threat card: {t.kind} {count} at {t.planet or '-'}.")
    if state.combat is None:
        return Reply(title="Enemy fleets", lines=lines, ephemeral=True)

    def image() -> bytes:
        return table_picture(state) or b""

    return Reply(title="Enemy fleets", lines=lines, image=image, image_name="combat.png", ephemeral=True)


async def view_events(table: Table, ctx: Ctx) -> Reply:
    _, state = await viewer(table, ctx)
    lines = []
    for b in state.beacons:
        carried = f", cargo carried by {state.seats[b.carrier]}" if b.carrier >= 0 else ""
        lines.append(event_line(b.event, b.planet, carried))
    for n in state.ongoing:
        lines.append(event_line(n, event_for(n).planet, " (ongoing)"))
    if not lines:
        lines = ["No distress beacons are in play."]
    m = state.mission
    if m is not None:
        who = ", ".join(state.seats[s] for s in m.members)
        lines += ["", f"**Away Mission {m.event}** ({who}, step {m.step}): {describe_sections(state)}"]
    lines += ["", f"Beacon tokens left in the bag: {len(state.bag)}."]
    if state.mission is None:
        return Reply(title="Distress beacons and events", lines=lines, ephemeral=True)

    def image() -> bytes:
        return table_picture(state) or b""

    return Reply(
        title="Distress beacons and events", lines=lines, image=image, image_name="mission.png", ephemeral=True
    )


async def view_map(table: Table, ctx: Ctx) -> Reply:
    sc, state = await viewer(table, ctx)
    lines = []
    for planet in locations(state):
        ships = [state.seats[i] for i, p in enumerate(state.players) if p.planet == planet and not p.out]
        fleets = [f"F{f.token}({len(f.ships)})" for f in state.fleets if f.planet == planet]
        beacons = [
            str(b.event) + ("*" if event_for(b.event).prime else "") for b in state.beacons if b.planet == planet
        ]
        ruined = " (destroyed)" if planet in state.ruined else ""
        lines.append(
            f"**{planet_label(state, planet).split(' · ')[0]}**{ruined} → {', '.join(planet_links(state, planet))}"
            f" · captains: {', '.join(ships) or '-'} · fleets: {' '.join(fleets) or '-'}"
            f" · beacons: {' '.join(beacons) or '-'}"
        )
    lines.append("(* = Prime beacon; 6 beacons on one planet lose the game)")
    title = f"{sc.system.name} · game #{sc.record.id}"
    description = sc.system.describe(state)

    def image() -> bytes:
        return render_board(state, title=title, description=description)

    return Reply(title="Map", lines=lines, image=image, ephemeral=True)


async def view_moves(table: Table, ctx: Ctx) -> Reply:
    """Everything you may do right now, written as the commands that do it (only you see it)."""
    sc, state, seat = await seated(table, ctx)
    group = next(g for g in spec.groups() if g.name == SYSTEM_ID)
    lines = [f"**Your move**: {next_steps(state, seat)}", ""]
    typed = (spec.command_for(group, state, seat, a) for a in legal(sc, seat))
    shown = list(dict.fromkeys(t for t in typed if t))
    lines += [f"`{t}`" for t in shown[:MAX_MOVES]] or ["Nothing right now."]
    if len(shown) > MAX_MOVES:
        lines.append(f"… and {len(shown) - MAX_MOVES} more (the suggestions list them all).")
    return Reply(title=f"What {state.seats[seat]} may do", lines=lines, ephemeral=True)
