"""The fight picture (the main picture during a Combat or an Away Mission).

Combat: the title (where, which fleet, the fight's round and step, the enemy die), one row per enemy
ship (hull and shields left, what it does on which die value, the line the enemy die points at), the
crew dice not yet placed, and a strip per captain in the fight (Shield, Hull, stations and the dice on
them). Away Mission: the mission card (each section with the symbols still missing and the dice in it),
the dice not yet placed, the reward and the price of failure, and the captains table.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from rules.armada.combat import enemy_action_text, ship_numbers
from rules.armada.content import CONTENT as C
from rules.armada.finals import event_for, final_enemy_def
from rules.armada.state import EnemyShip, State
from rules.core import Event
from rules.core.grammar import count

from .changes import Changes, changes
from .mapview import planets
from .panel import banners, captains, latest, notices, title
from .ship import dice_row, strip
from .style import (
    CARD,
    CARD_EDGE,
    ENEMY,
    GOOD,
    HIGHLIGHT,
    INK,
    LINE,
    MARGIN,
    MUTED,
    SHIELD,
    TEXT,
    TITLE,
    WIDTH,
    chip,
    die,
    disc,
    face,
    fit,
    label,
    length,
    measured,
    seat_colour,
    symbol,
    wrap,
)

STEP_WORDS = {
    "assign": "step 1: place crew dice",
    "relay": "step 2: enemy die rolled",
    "gather": "step 4: gather or escape",
    "escape": "step 4: escape attempt",
}
ACTION_X = 430
"""Where an enemy ship's actions start (its name, hull and shields are left of it)."""
ON_W = 124
"""The die values an action fires on, before its words."""


def enemy_card(card: str):
    """An enemy card's stats, the final-encounter ships included; None for a face-down card."""
    if card in C.enemies:
        return C.enemies[card]
    if card == "?" or not card:
        return None
    return final_enemy_def(card)


def die_values(values: Sequence[int]) -> str:
    """The enemy die values an action fires on, runs shortened: 1,2,3,4 -> 1-4."""
    runs: list[list[int]] = []
    for v in sorted(values):
        if runs and v == runs[-1][-1] + 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    return ",".join(f"{r[0]}-{r[-1]}" if len(r) > 2 else ",".join(map(str, r)) for r in runs)


def _lines(d: ImageDraw.ImageDraw, state: State, ship: EnemyShip) -> list[tuple[str, list[str], bool, bool]]:
    """Each action of a face-up ship: the die values, its words (wrapped), whether the enemy die points at
    it, whether Stasis holds it."""
    e = enemy_card(ship.card)
    c = state.combat
    if e is None or not ship.revealed or c is None:
        return []
    stasis = {(u, a) for u, a in c.stasis}
    out = []
    for ai, a in enumerate(e.actions):
        frozen = (ship.uid, ai) in stasis
        text = ("STASIS: " if frozen else "") + enemy_action_text(state, a)
        parts = wrap(text, WIDTH - MARGIN - ACTION_X - ON_W - 8, face(TEXT))[:3]
        out.append((die_values(a.on), parts, c.enemy_die in a.on, frozen))
    return out


def _row_height(d: ImageDraw.ImageDraw, state: State, ship: EnemyShip) -> int:
    n = sum(len(parts) for _, parts, _, _ in _lines(d, state, ship))
    return max(2 * LINE + 12, n * LINE + 12)


def _enemy_row(d: ImageDraw.ImageDraw, state: State, pos: int, ship: EnemyShip, y: int) -> int:
    e = enemy_card(ship.card)
    h = _row_height(d, state, ship)
    box = (MARGIN, y, WIDTH - MARGIN, y + h)
    bold = face(TEXT, bold=True)
    if e is None or not ship.revealed:
        d.rounded_rectangle(box, radius=8, fill="#3b2f4a", outline=CARD_EDGE, width=2)
        d.text((MARGIN + 10, y + 8), f"{pos}. face-down ship", font=bold, fill=INK)
        d.text((ACTION_X, y + 8), "revealed when the fight starts", font=face(TEXT), fill=MUTED)
        return y + h + 6
    d.rounded_rectangle(box, radius=8, fill="#3a2a2a", outline=ENEMY, width=3)
    name = f"{pos}. {e.name}"
    tags = [t.upper() for t in e.passives if t == "protect"]
    if ship.timers:
        tags.append(f"TIMERS {ship.timers}")
    tag_w = sum(int(length(t, bold)) + 20 for t in tags)
    d.text((MARGIN + 10, y + 6), fit(d, name, bold, ACTION_X - MARGIN - 24 - tag_w), font=bold, fill=INK)
    tx = ACTION_X - 12 - tag_w
    for t in tags:
        tx += chip(d, tx, y + 4, t, HIGHLIGHT, height=30) + 8
    # hull: a box per point (red = damage), or a bar for a big final ship, then the count; shields after it
    left = max(e.hull - ship.damage, 0)
    hy = y + LINE + 8
    hull_text = f"hull {left}/{e.hull}"
    d.text((MARGIN + 10, hy), hull_text, font=bold, fill=INK)
    bx = MARGIN + 20 + int(length(hull_text, bold))
    shield_text = f"shield {ship.shields}/{e.shield}" if e.shield else ""
    sw = int(length(shield_text, bold)) + 14 if shield_text else 0
    room = min(150, ACTION_X - 12 - sw - bx)
    if e.hull <= 10:
        size = min(18, room // max(e.hull, 1) - 3)
        for i in range(e.hull):
            hit = i >= left
            x = bx + i * (size + 3)
            d.rectangle((x, hy + 4, x + size, hy + 4 + size), fill=ENEMY if hit else GOOD, outline="#111")
    else:
        d.rectangle((bx, hy + 4, bx + room, hy + 22), fill=ENEMY, outline="#111")
        d.rectangle((bx, hy + 4, bx + int(room * left / e.hull), hy + 22), fill=GOOD, outline="#111")
    if shield_text:
        d.text((ACTION_X - 12 - sw + 14, hy), shield_text, font=bold, fill=SHIELD)
    ay = y + 6
    for on, parts, hot, frozen in _lines(d, state, ship):
        if hot:  # the enemy die points at this line
            d.rectangle((ACTION_X - 6, ay - 2, WIDTH - MARGIN - 6, ay + LINE * len(parts) - 2), fill="#5a4a10")
        d.text((ACTION_X, ay), fit(d, f"on {on}", bold, ON_W - 6), font=bold, fill=HIGHLIGHT)
        for j, part in enumerate(parts):
            d.text((ACTION_X + ON_W, ay + j * LINE), part, font=face(TEXT, bold=hot), fill=SHIELD if frozen else INK)
        ay += LINE * len(parts)
    return y + h + 6


def _unplaced(d: ImageDraw.ImageDraw, state: State, members: Sequence[int], y: int) -> int:
    """The dice rolled and not yet placed, grouped by captain; returns the y below."""
    dice = [dd for dd in state.dice if dd.owner in members and dd.loc == "rolled"]
    d.text((MARGIN, y + 18), "Not placed:", font=face(TEXT, bold=True), fill=INK)
    x = MARGIN + 150
    if not dice:
        d.text((x, y + 18), "none", font=face(TEXT), fill=MUTED)
        return y + 72
    rows_y = y
    for owner in dict.fromkeys(dd.owner for dd in dice):
        mine = [dd for dd in dice if dd.owner == owner]
        need = 50 + len(mine) * 62
        if x + min(need, 200) > WIDTH - MARGIN and x > MARGIN + 150:
            x, rows_y = MARGIN + 150, rows_y + 70
        if len(members) > 1:
            disc(d, x + 18, rows_y + 31, str(owner + 1), seat_colour(owner), r=17)
            x += 44
        x = dice_row(d, x, rows_y, mine, WIDTH - MARGIN) + 20
    return rows_y + 72


def draw_combat(state: State, ch: Changes) -> Image.Image:
    c = state.combat
    assert c is not None
    fleet = next((f for f in state.fleets if f.token == c.fleet), None)
    ships = fleet.ships if fleet is not None else []
    members = [s for s in c.members if 0 <= s < len(state.players)]
    waiting = notices(state)

    def paint(d: ImageDraw.ImageDraw) -> int:
        if c.pvp:
            head = f"Round {state.round} · DUEL: {state.seats[c.members[0]]} vs {state.seats[c.members[1]]}"
        else:
            where = fleet.planet if fleet else "?"
            head = f"Round {state.round} · COMBAT at {where}"
        y = title(d, state, 10, head, 0 if c.pvp else 230)
        sub = f"fight round {c.round}, {STEP_WORDS.get(c.step, c.step)}"
        if fleet is not None and not c.pvp:
            foe = "the FINAL fleet" if fleet.final else f"fleet F{fleet.token}"
            sub = f"vs {foe} ({count(len(ships), 'ship')}) · " + sub
        d.text((MARGIN, y), fit(d, sub, face(TEXT), WIDTH - 2 * MARGIN - 210), font=face(TEXT), fill=INK)
        if not c.pvp:  # the enemy die, top right
            dx, dy = WIDTH - MARGIN - 64, 10
            d.rounded_rectangle(
                (dx, dy, dx + 64, dy + 64), radius=10, fill=ENEMY if c.enemy_die else "#3a3f4b", outline="#111", width=2
            )
            label(
                d,
                dx + 32,
                dy + 33,
                str(c.enemy_die) if c.enemy_die else "-",
                face(TITLE + 6, bold=True),
                "#111" if c.enemy_die else INK,
            )
            d.text((dx - 12, dy + 32), "enemy die", font=face(TEXT, bold=True), fill=MUTED, anchor="rm")
        y = banners(d, waiting, y + LINE + 6)
        numbers = ship_numbers(state, fleet) if fleet is not None else []
        for number, ship in zip(numbers, ships, strict=True):
            y = _enemy_row(d, state, number, ship, y)
        if not ships and not c.pvp:
            d.text((MARGIN, y), "No enemy ship left.", font=face(TEXT), fill=INK)
            y += LINE
        if fleet is not None and not c.pvp:  # other fleets here fight after this one
            others = [f for f in state.fleets if f.planet == fleet.planet and f.token != fleet.token]
            if others:
                note = "Also here: " + ", ".join(f"F{f.token} ({count(len(f.ships), 'ship')})" for f in others)
                d.text(
                    (MARGIN, y),
                    fit(d, note, face(TEXT, bold=True), WIDTH - 2 * MARGIN),
                    font=face(TEXT, bold=True),
                    fill=ENEMY,
                )
                y += LINE
        if c.destroyed:
            d.text(
                (MARGIN, y),
                fit(d, "Destroyed: " + ", ".join(destroyed_names(c.destroyed)), face(TEXT), WIDTH - 2 * MARGIN),
                font=face(TEXT),
                fill=MUTED,
            )
            y += LINE
        y = _unplaced(d, state, members, y + 4)
        for seat in members:
            y = strip(d, state, seat, y)
        y = latest(d, ch, y + 4, 3)

        return y + 8

    return measured(paint)


def _section_height() -> int:
    return LINE + 60


def draw_mission(state: State, ch: Changes) -> Image.Image:
    m = state.mission
    assert m is not None
    event = event_for(m.event)
    waiting = notices(state)
    members = [s for s in m.members if 0 <= s < len(state.players)]

    def paint(d: ImageDraw.ImageDraw) -> int:
        head = f"Round {state.round} · AWAY MISSION {m.event}: {event.name}" + (" (PRIME)" if event.prime else "")
        y = title(d, state, 10, head)
        kind = {
            "sequence": "rows in order, top first",
            "decision": "finish any one row",
            "cargo": "carry the cargo",
        }.get(event.kind, "finish every section")
        step = "send a die to the Infirmary to try again" if m.step == "sacrifice" else "place dice on the sections"
        who = ", ".join(state.seats[s] for s in members)
        d.text(
            (MARGIN, y), fit(d, f"{who} · {kind} · {step}", face(TEXT), WIDTH - 2 * MARGIN), font=face(TEXT), fill=INK
        )
        y = banners(d, waiting, y + LINE + 6)
        i = 0
        for r, row in enumerate(event.rows):
            n = len(row)
            chosen = m.row_choice in (-1, r) or event.kind != "decision"
            d.text((MARGIN, y + 30), f"row {r + 1}", font=face(TEXT, bold=True), fill=INK if chosen else MUTED)
            sw = (WIDTH - 2 * MARGIN - 90 - 10 * (n - 1)) // max(n, 1)
            for k, section in enumerate(row):
                sx = MARGIN + 90 + k * (sw + 10)
                need = m.need[i] if i < len(m.need) else ""
                done = not need
                d.rounded_rectangle(
                    (sx, y, sx + sw, y + _section_height()),
                    radius=8,
                    fill="#24352c" if done else CARD,
                    outline=GOOD if done else (CARD_EDGE if chosen else "#4b5263"),
                    width=3,
                )
                d.text(
                    (sx + 10, y + 6),
                    f"section {i + 1}" + (": DONE" if done else ""),
                    font=face(TEXT, bold=True),
                    fill=GOOD if done else INK,
                )
                missing = list(need)
                bx = sx + 10
                d.text((bx, y + LINE + 13), "needs", font=face(TEXT), fill=MUTED)
                bx += int(length("needs", face(TEXT))) + 8
                for sym in section:
                    met = sym not in missing
                    if not met:
                        missing.remove(sym)
                    bx += symbol(d, bx, y + LINE + 10, sym, met=met)
                dice = [dd for dd in state.dice if dd.loc == "mission" and dd.section == i and dd.owner in m.members]
                bx += 10
                for dd in dice:
                    if bx + 44 > sx + sw:
                        break
                    bx += die(d, bx, y + LINE + 5, dd.face, None, hero=bool(dd.hero)) + 4
                i += 1
            y += _section_height() + 10
        y = _unplaced(d, state, members, y)
        reward = f"Reward {count(event.credits, 'credit')}" + (f" + data ({event.data})" if event.data else "")
        fail = ", ".join(
            t
            for t in [count(event.td, "Threat card") if event.td else "", f"{event.hull} Hull" if event.hull else ""]
            if t
        )
        for text, colour in ((reward, GOOD), (f"Failure: {fail or 'nothing'}", ENEMY)):
            d.text(
                (MARGIN, y),
                fit(d, text, face(TEXT, bold=True), WIDTH - 2 * MARGIN),
                font=face(TEXT, bold=True),
                fill=colour,
            )
            y += LINE
        y = captains(d, state, y + 8, ch)
        y = latest(d, ch, y + 4, 3)

        return y + 8

    return measured(paint)


def draw_fight(state: State, *, events: Sequence[Event] = ()) -> Image.Image:
    """During a Combat: the combat table and the ships in it. During an Away Mission: the mission card."""
    ch = changes(state, events, planets(state))
    if state.combat is not None:
        return draw_combat(state, ch)
    return draw_mission(state, ch)


def destroyed_names(cards: list[str]) -> list[str]:
    """The fight's wrecks by name, as the narration calls them (a card id is never shown)."""
    return [C.enemies[card].name if card in C.enemies else final_enemy_def(card).name for card in cards]
