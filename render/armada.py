"""Deep Space D-6: Armada picture: the planet map (ships, fleets, beacons, the final foe) on the
left, each captain's ship (shield, hull, credits, crew, stations) on the right, and the Combat or
Away Mission in progress along the bottom."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from rules.armada.content import CONTENT as C
from rules.armada.finals import FINAL_NAMES, event_for
from rules.armada.state import State
from rules.core import Event

from .common import BACKGROUND, HIGHLIGHT, INK, MUTED, PANEL, SEAT_COLOURS, font

WIDTH, HEIGHT = 1280, 800
MAP_W = 770
BOTTOM = 600
RADIUS = 82
POS = {
    "Luna": (95, 345),
    "Terra": (275, 345),
    "Kagawa": (330, 160),
    "Zenith One": (585, 170),
    "Invictus": (655, 400),
    "Titan VI": (430, 505),
    "Artemis": (700, 550),
}
ENEMY = "#D55E00"
FINAL = "#CC79A7"
BEACON = "#56B4E9"
PRIME = "#F0E442"
LINK = "#4b5263"
GOOD = "#009E73"
SHIELD = "#56B4E9"
FACE_COLOUR = {"T": "#D55E00", "E": "#E69F00", "S": "#56B4E9", "M": "#009E73", "C": "#CC79A7", "-": "#5c6370"}


def _short(name: str, n: int = 12) -> str:
    return name if len(name) <= n else name[: n - 1] + "."


def _fit(d: ImageDraw.ImageDraw, text: str, face, width: int) -> str:
    while text and d.textlength(text, font=face) > width:
        text = text[:-2] + "."
    return text


def _token(d: ImageDraw.ImageDraw, x: int, y: int, label: str, fill: str, *, shape: str = "circle", ink="#111") -> None:
    r = 15
    if shape == "circle":
        d.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline="#111", width=2)
    elif shape == "diamond":
        d.polygon([(x, y - r - 2), (x + r + 2, y), (x, y + r + 2), (x - r - 2, y)], fill=fill, outline="#111")
    else:
        d.rectangle((x - r, y - r, x + r, y + r), fill=fill, outline="#111", width=2)
    face = font(15 if len(label) < 3 else 12, bold=True)
    w = d.textlength(label, font=face)
    d.text((x - w / 2, y - 9), label, font=face, fill=ink)


def _planets(state: State) -> list[str]:
    out = list(C.planets)
    if state.final in ("artemis", "artemis-v2"):
        out.append("Artemis")
    return out


def _links(state: State) -> list[tuple[str, str]]:
    pairs = []
    for p in C.planets.values():
        for q in p.links:
            if p.name < q:
                pairs.append((p.name, q))
    if state.final in ("artemis", "artemis-v2"):
        pairs.append(("Invictus", "Artemis"))
    return pairs


def draw_map(d: ImageDraw.ImageDraw, state: State, recent: str) -> None:
    if not state.solo:
        for a, b in _links(state):
            d.line([POS[a], POS[b]], fill=LINK, width=5)
    name_face = font(19, bold=True)
    small = font(14)
    for name in _planets(state):
        x, y = POS[name]
        ruined = name in state.ruined
        ring = HIGHLIGHT if name in recent else "#8a91a3"
        d.ellipse(
            (x - RADIUS, y - RADIUS, x + RADIUS, y + RADIUS),
            fill="#2b303c" if not ruined else "#3a2020",
            outline=ring,
            width=3,
        )
        w = d.textlength(name, font=name_face)
        d.text((x - w / 2, y - RADIUS + 8), name, font=name_face, fill=INK)
        planet = C.planets.get(name)
        tags = []
        if planet and planet.shipyard:
            tags.append("Shipyard")
        if planet and planet.waystation:
            tags.append("Waystation")
        if ruined:
            tags = ["destroyed"]
        tag = " + ".join(tags)
        if tag:
            w = d.textlength(tag, font=small)
            d.text((x - w / 2, y - RADIUS + 30), tag, font=small, fill=MUTED)
        # ships
        ships = [i for i, p in enumerate(state.players) if p.planet == name and not p.out]
        for k, seat in enumerate(ships):
            p = state.players[seat]
            tx = x - (len(ships) - 1) * 17 + k * 34
            fill = "#6b6f7a" if p.critical else SEAT_COLOURS[seat % len(SEAT_COLOURS)]
            label = f"{seat + 1}" + ("!" if p.critical else "")
            _token(d, tx, y - 14, label, fill, shape="square" if seat == state.savior else "circle")
        # fleets
        fleets = [f for f in state.fleets if f.planet == name]
        for k, f in enumerate(fleets[:4]):
            tx = x - (min(len(fleets), 4) - 1) * 19 + k * 38
            colour = FINAL if f.final else ENEMY
            label = "FE" if f.final else f"F{f.token}"
            _token(d, tx, y + 20, label, colour, shape="square", ink="#fff")
            d.text((tx + 17, y + 20), f"{len(f.ships)}", font=font(14, bold=True), fill=INK)
        # beacons
        beacons = [b for b in state.beacons if b.planet == name and b.carrier < 0]
        for k, b in enumerate(beacons[:5]):
            tx = x - (min(len(beacons), 5) - 1) * 17 + k * 34
            prime = event_for(b.event).prime
            _token(d, tx, y + 62, str(b.event), PRIME if prime else BEACON, shape="diamond")
        if len(beacons) >= 4:
            warn = f"{len(beacons)}/6 beacons"
            w = d.textlength(warn, font=small)
            d.text((x - w / 2, y + RADIUS + 4), warn, font=small, fill=ENEMY)


def _bar(d: ImageDraw.ImageDraw, x: int, y: int, w: int, value: int, top: int, colour: str, label: str) -> None:
    face = font(16, bold=True)
    d.text((x, y), label, font=face, fill=INK)
    bx = x + 28
    d.rectangle((bx, y + 2, bx + w, y + 18), fill="#2b303c", outline="#555")
    if top > 0:
        d.rectangle((bx, y + 2, bx + int(w * max(0, value) / top), y + 18), fill=colour)
    d.text((bx + w + 6, y), f"{value}/{top}", font=face, fill=INK)


def draw_players(d: ImageDraw.ImageDraw, state: State, x0: int) -> None:
    n = len(state.players)
    h = (BOTTOM - 70) // max(n, 1)
    y = 62
    for seat, p in enumerate(state.players):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        active = state.active == seat or (state.combat is not None and seat in state.combat.members)
        d.rectangle((x0, y, WIDTH - 14, y + h - 8), fill=PANEL, outline=HIGHLIGHT if active else colour, width=3)
        ship = C.ships[p.ship].name
        title = f"{seat + 1}. {state.seats[seat]} - {ship}"
        if seat == state.savior:
            title += " (SAVIOR)"
        face = font(19, bold=True)
        d.text((x0 + 10, y + 6), _fit(d, title, face, WIDTH - x0 - 40), font=face, fill=colour)
        status = []
        if p.out:
            status.append("OUT")
        elif p.critical:
            status.append("CRITICAL")
        status.append(f"{p.credits} cr")
        crew = [x for x in state.dice if x.owner == seat]
        inf = sum(1 for x in crew if x.loc == "infirmary")
        status.append(f"crew {len(crew)}" + (f" ({inf} hurt)" if inf else ""))
        if p.data:
            status.append("data " + ",".join(p.data))
        if state.phase == "planning":
            status.append(f"{p.actions} act" + (" done" if p.done else ""))
        d.text((x0 + 10, y + 30), _fit(d, " | ".join(status), font(16), WIDTH - x0 - 40), font=font(16), fill=INK)
        _bar(d, x0 + 10, y + 52, 120, p.shield, p.max_shield, SHIELD, "S")
        _bar(d, x0 + 230, y + 52, 120, p.hull, p.max_hull, GOOD if not p.critical else ENEMY, "H")
        if h > 110:
            names = []
            for i, st in enumerate([*p.stations, *p.extension]):
                mid = st.module or st.base
                num = i + 1 if i < 6 else f"S{i - 5}"
                label = _short(C.modules[mid].name, 14) if mid else "-"
                names.append((f"{num}:{label}", st.offline))
            small = font(14)
            cols = 3
            for k, (text, off) in enumerate(names):
                cx = x0 + 10 + (k % cols) * 150
                cy = y + 78 + (k // cols) * 18
                if cy + 16 > y + h - 10:
                    break
                d.text((cx, cy), text + (" OFF" if off else ""), font=small, fill=ENEMY if off else MUTED)
            extra = []
            if p.heroes:
                extra.append("Heroes: " + ", ".join(C.heroes[hh].name for hh in p.heroes))
            if p.storage:
                extra.append("Storage: " + ", ".join(C.modules[mm].name for mm in p.storage))
            cy = y + 78 + ((len(names) + cols - 1) // cols) * 18 + 4
            for line in extra:
                if cy + 16 > y + h - 8:
                    break
                d.text((x0 + 10, cy), _fit(d, line, small, WIDTH - x0 - 40), font=small, fill=INK)
                cy += 18
        y += h


def _die(d: ImageDraw.ImageDraw, x: int, y: int, face_text: str, ident: int, where: str) -> None:
    colour = FACE_COLOUR.get(face_text[:1] if face_text else "-", "#5c6370")
    d.rounded_rectangle((x, y, x + 40, y + 40), radius=6, fill=colour, outline="#111", width=2)
    face = font(16, bold=True)
    label = face_text or "?"
    w = d.textlength(label, font=face)
    d.text((x + 20 - w / 2, y + 3), label, font=face, fill="#111")
    tiny = font(12)
    tag = f"#{ident}{where}"
    w = d.textlength(tag, font=tiny)
    d.text((x + 20 - w / 2, y + 23), tag, font=tiny, fill="#111")


def draw_bottom(d: ImageDraw.ImageDraw, state: State, events: Sequence[Event]) -> None:
    d.rectangle((0, BOTTOM, WIDTH, HEIGHT), fill=PANEL)
    face = font(19, bold=True)
    c = state.combat
    m = state.mission
    x = 16
    y = BOTTOM + 10
    if c is not None:
        if c.pvp:
            title = f"Duel: {state.seats[c.members[0]]} vs {state.seats[c.members[1]]} - round {c.round}, {c.step}"
        else:
            fleet = next((f for f in state.fleets if f.token == c.fleet), None)
            where = fleet.planet if fleet else "?"
            title = f"Combat at {where}: fleet {c.fleet}, round {c.round}, step {c.step}"
            if c.enemy_die:
                title += f", enemy die {c.enemy_die}"
        d.text((x, y), title, font=face, fill=HIGHLIGHT)
        fleet = next((f for f in state.fleets if f.token == c.fleet), None)
        if fleet is not None:
            for k, ship in enumerate(fleet.ships[:8]):
                bx = x + k * 155
                e = C.enemies.get(ship.card)
                name = e.name if e else ("?" if ship.card == "?" else ship.card)
                hull = e.hull if e else 0
                d.rectangle((bx, y + 30, bx + 148, y + 92), fill="#3a2a2a", outline=ENEMY, width=2)
                d.text(
                    (bx + 6, y + 33),
                    _fit(d, f"{k + 1}. {name}", font(15, bold=True), 138),
                    font=font(15, bold=True),
                    fill=INK,
                )
                if e:
                    tags = " PROTECT" if "protect" in e.passives else ""
                    d.text(
                        (bx + 6, y + 53), f"dmg {ship.damage}/{hull} sh {ship.shields}{tags}", font=font(14), fill=INK
                    )
                    acts = " ".join("/".join(str(v) for v in a.on) for a in e.actions)
                    d.text((bx + 6, y + 71), _fit(d, f"fires on {acts}", font(13), 138), font=font(13), fill=MUTED)
        dice = [dd for dd in state.dice if dd.owner in c.members and dd.loc in ("rolled", "station", "locked")]
        for k, dd in enumerate(dice[:24]):
            where = {"rolled": "", "station": f"@{dd.station}", "locked": "L"}[dd.loc]
            _die(d, x + k * 46, y + 102, dd.face, dd.id, where)
        return
    if m is not None:
        event = event_for(m.event)
        d.text((x, y), f"Away Mission {m.event}: {event.name} ({event.kind}) - {m.step}", font=face, fill=HIGHLIGHT)
        for k, need in enumerate(m.need):
            bx = x + k * 150
            done = not need
            d.rectangle(
                (bx, y + 32, bx + 142, y + 84),
                fill="#24352c" if done else "#2b303c",
                outline=GOOD if done else MUTED,
                width=2,
            )
            d.text((bx + 6, y + 36), f"{k + 1} (row {m.rows[k] + 1})", font=font(15, bold=True), fill=INK)
            d.text((bx + 6, y + 58), "done" if done else f"needs {need}", font=font(15), fill=INK)
        dice = [dd for dd in state.dice if dd.owner in m.members and dd.loc in ("rolled", "mission")]
        for k, dd in enumerate(dice[:24]):
            where = f"@{dd.section + 1}" if dd.loc == "mission" else ""
            _die(d, x + k * 46, y + 100, dd.face, dd.id, where)
        return
    d.text((x, y), "Latest", font=face, fill=HIGHLIGHT)
    lines = [e.text for e in events if e.visible_to is None][-7:] or state.log[-7:]
    small = font(17)
    for k, line in enumerate(lines):
        d.text((x, y + 28 + k * 22), _fit(d, line, small, WIDTH - 40), font=small, fill=INK)


def draw_board(state: State, *, events: Sequence[Event] = ()) -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    d = ImageDraw.Draw(image)
    recent = " ".join(e.text for e in events if e.visible_to is None)
    head = f"Armada - round {state.round}, {state.phase}"
    if state.active >= 0:
        head += f" - {state.seats[state.active]}'s turn"
    if state.result:
        head += f" - {'VICTORY' if state.result == 'win' else state.result.upper()}: {state.reason}"
    d.text((16, 12), _fit(d, head, font(24, bold=True), WIDTH - 30), font=font(24, bold=True), fill=HIGHLIGHT)
    info = f"Beacons in bag {len(state.bag)} | threat deck {len(state.td_deck)} | enemy deck {len(state.enemy_deck)}"
    if state.final:
        info += f" | FINAL: {FINAL_NAMES.get(state.final, state.final)}"
    d.text((16, 42), info, font=font(15), fill=MUTED)
    draw_map(d, state, recent)
    draw_players(d, state, MAP_W + 10)
    draw_bottom(d, state, events)
    return image


def board(state: State, *, events: Sequence[Event] = ()) -> bytes:
    """PNG of the (already viewer-filtered) state."""
    image = draw_board(state, events=events)
    small = image.quantize(colors=64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    small.save(buffer, format="PNG", compress_level=6)
    return buffer.getvalue()
