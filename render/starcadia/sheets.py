"""Starcadia Quest's detail pictures (a viewer-filtered state in, PNG bytes out), each its own image:

- ``dashboard(state, seat)``: one crew's dashboard: both heroes, defence, wound track, daze, every upgrade
  token (exhausted ones hatched and labelled), gadgets and quest tokens carried, defence preferences.
- ``monsters_picture(state)``, ``quests_picture(state)``, ``campaign_picture(state)``: the monster
  dashboard, the quests with progress and who scored, the campaign route with badges and inventories.
- ``offer_picture(state, seat)``: what ``seat`` chooses from now (free heroes, draft hand, upgrades on
  offer, outfit stock); the crew dashboard when there is nothing to choose.

``draw_*`` return the Pillow image (for snapshot tests).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from rules.starcadia import engine as E
from rules.starcadia.content import CONTENT
from rules.starcadia.state import StarState

from ..common import BACKGROUND, HIGHLIGHT, INK, MUTED, PANEL, font
from .palette import CREW_COLOURS, CREW_LETTER, DEAD_RED
from .palette import png as _png


def _fit(d: ImageDraw.ImageDraw, text: str, width: int, size: int, bold: bool = False, floor: int = 15):
    """The largest font (from ``size`` down to ``floor`` px) at which ``text`` fits ``width``; cut the text
    if none does."""
    for px in range(size, floor - 1, -1):
        if d.textlength(text, font=font(px, bold=bold)) <= width:
            return text, font(px, bold=bold)
    face = font(floor, bold=bold)
    while text and d.textlength(text + "…", font=face) > width:
        text = text[:-1]
    return text + "…", face


def dashboard(state: StarState, seat: int) -> bytes:
    """A crew's dashboard as its own picture: both heroes, wounds, daze, inventory, VT and badges."""
    return _png(draw_crew(state, seat))


# -- dashboards as pictures: monsters, quests, campaign -------------------------------------------
CARD_W = 880
PAD = 28
MONSTER_FILL = "#8b1e3f"
CLASS_LABEL = {"trooper": "Trooper", "officer": "Officer", "villain": "Villain"}


def _wrap(d: ImageDraw.ImageDraw, text: str, face, width: int) -> list[str]:
    from ..common import wrap

    return wrap(text, width, d, face)


def _canvas(height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", (CARD_W, height), BACKGROUND)
    return img, ImageDraw.Draw(img)


def _title(d: ImageDraw.ImageDraw, y: int, text: str, sub: str = "") -> int:
    d.text((PAD, y), text, font=font(34, bold=True), fill=HIGHLIGHT)
    y += 46
    if sub:
        d.text((PAD, y), sub, font=font(22), fill=MUTED)
        y += 34
    return y + 6


def _chip(d: ImageDraw.ImageDraw, x: int, y: int, label: str, value: str, colour: str = "#2c3342") -> int:
    """A small stat box (label above, value big); returns the x after it."""
    small, big = font(20, bold=True), font(26, bold=True)
    w = int(max(52, d.textlength(value, font=big), d.textlength(label, font=small)) + 14)
    d.rounded_rectangle((x, y, x + w, y + 66), radius=8, fill=colour)
    d.text((x + w // 2, y + 18), label, font=small, fill=MUTED, anchor="mm")
    d.text((x + w // 2, y + 46), value, font=big, fill=INK, anchor="mm")
    return x + w + 10


def _diamond(
    d: ImageDraw.ImageDraw, cx: int, cy: int, r: int, tag: str, fill: str = MONSTER_FILL, size: int = 22
) -> None:
    d.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=fill, outline="#ffb3c6", width=3)
    d.text((cx, cy), tag, font=font(size, bold=True), fill="white", anchor="mm")


def monsters_picture(state: StarState) -> bytes:
    """The monster dashboard: one card per filled slot with its stats, ability and figures out."""
    return _png(draw_monsters(state))


FIG_W, FIG_H = 230, 64


def draw_monsters(state: StarState) -> Image.Image:
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    body = font(21)
    per_row = (CARD_W - 2 * PAD - 120) // (FIG_W + 10)
    cards = []
    order = {"trooper": 0, "officer": 1, "villain": 2}
    for des in sorted(state.dashboard, key=lambda x: (order.get(x.partition("-")[0], 3), len(x), x)):
        card = CONTENT.monsters.get(state.dashboard[des])
        if card is None:
            continue
        m0 = E.MonsterState(uid=f"{card.id}#1", card=card.id, designation=des, pos="")
        stats = E.mstats(m0)
        ability = _wrap(probe, f"{card.ability.name}: {card.ability.text}", body, CARD_W - 2 * PAD - 130)
        out = [m for m in state.monsters if m.card == card.id]
        rows = max(1, -(-len(out) // per_row))
        cards.append((des, card, stats, ability, out, rows))
    height = 116 + sum(150 + 30 * len(a) + rows * (FIG_H + 8) for *_x, a, _o, rows in cards)
    height += 60 if not cards else 0
    img, d = _canvas(height)
    runner = "the player to the right of the active crew" if state.monster_control == "player" else "the bot"
    y = _title(d, 20, f"Monster dashboard · scenario {state.scenario}", f"Tags as on the board · run by {runner}")
    if not cards:
        d.text((PAD, y), "No monster slot is filled.", font=body, fill=INK)
    for des, card, (life, overkill, mp, reward), ability, out, rows in cards:
        h = 136 + 30 * len(ability) + rows * (FIG_H + 8)
        d.rounded_rectangle((PAD - 10, y, CARD_W - PAD + 10, y + h), radius=12, fill=PANEL)
        _diamond(d, PAD + 50, y + 62, 44 if card.huge else 38, card.tag)
        x0 = PAD + 120
        cls, _, rank = des.partition("-")
        rank_txt = f" {rank}" if rank else ""
        head = f"{card.name}  ·  {CLASS_LABEL.get(cls, cls)}{rank_txt}{'  ·  HUGE' if card.huge else ''}"
        d.text((x0, y + 12), head, font=font(26, bold=True), fill=INK)
        x = x0
        atk = f"{card.dice} {card.attack_type}"
        for label, value in (("DEF", str(card.defense)), ("ATTACK", atk), ("LIFE", str(life))):
            x = _chip(d, x, y + 50, label, value)
        for label, value in (("OVERKILL", str(overkill)), ("MP", str(mp)), ("REWARD", f"{reward} VT")):
            x = _chip(d, x, y + 50, label, value)
        ty = y + 122
        for line in ability:
            d.text((x0, ty), line, font=body, fill=INK)
            ty += 30
        if not out:
            d.text((x0, ty + 4), "No figure on the board.", font=font(20), fill=MUTED)
        for i, m in enumerate(out):
            fx = x0 + (i % per_row) * (FIG_W + 10)
            _figure_chip(d, fx, ty + 4 + (i // per_row) * (FIG_H + 8), m, E.mstats(m)[0])
        y += h + 14
    return img


def _figure_chip(d: ImageDraw.ImageDraw, x: int, y: int, m, life: int) -> None:
    """One monster figure out on the board: its tag as on the board, its space, wounds as pips and daze."""
    d.rounded_rectangle((x, y, x + FIG_W, y + FIG_H), radius=8, fill="#2c3342")
    tag = (x + 8, y + 16, x + 72, y + 48)
    d.rectangle(tag, fill="#5b4a52" if m.dazed else MONSTER_FILL, outline="#ffb3c6", width=2)
    d.text(
        ((tag[0] + tag[2]) / 2, (tag[1] + tag[3]) / 2),
        E.monster_tag(m),
        font=font(20, bold=True),
        fill="white",
        anchor="mm",
    )
    d.text((x + 82, y + 6), m.pos or "-", font=font(22, bold=True), fill=INK)
    if m.dazed:
        d.rounded_rectangle((x + FIG_W - 92, y + 6, x + FIG_W - 6, y + 34), radius=6, fill=HIGHLIGHT)
        d.text((x + FIG_W - 49, y + 20), "DAZED", font=font(20, bold=True), fill="black", anchor="mm")
    pip = max(8, min(16, (FIG_W - 90) // max(1, life) - 3))
    for k in range(life):
        px = x + 82 + k * (pip + 3)
        hit = k < m.wounds
        d.rectangle((px, y + 38, px + pip, y + 38 + pip), fill="#c0392b" if hit else BACKGROUND, outline="#e6e6e6")


def out_of(state: StarState, card_id: str) -> bool:
    return any(m.card == card_id for m in state.monsters)


def _who(state: StarState, seat: int) -> str:
    """A seat as the quest badges name it: crew letter and player name (colour is never the only clue)."""
    if 0 <= seat < len(state.crews):
        return f"{CREW_LETTER.get(state.crews[seat].colour, '?')} {state.seats[seat][:9]}"
    return "?"


def _progress(state: StarState, q) -> str:
    """How far each crew is with the current PvE quest, from the state."""
    letters = {c.seat: CREW_LETTER.get(c.colour, "?") for c in state.crews}
    if q.goal == "hack":
        return "  ".join(f"{letters[c.seat]} {len(c.hacked)}/{q.count}" for c in state.crews) + " terminals"
    if q.goal == "slay":
        return "  ".join(f"{letters[c.seat]} {c.progress}/{q.count}" for c in state.crews) + f" {q.cls}s slain"
    if q.goal == "deliver":
        tok = f"quest:{q.token}"
        for h in state.heroes:
            if tok in h.quest_tokens:
                return f"{q.token} carried by {E.hero_name(h)} ({letters.get(h.seat, '?')})"
        spaces = [s for s, toks in state.tokens.items() if tok in toks]
        return f"{q.token} lies at {', '.join(sorted(spaces))}" if spaces else f"{q.token} not on the board yet"
    if q.goal == "kill":
        out = [m for m in state.monsters if m.designation == q.target]
        if not out:
            return f"{q.target} not on the board"
        return ", ".join(f"{E.monster_tag(m)} at {m.pos}, wounds {m.wounds}/{E.mstats(m)[0]}" for m in out)
    return "-"


def quests_picture(state: StarState) -> bytes:
    """This scenario's quests: PvE in order with their state, the PvP quests and the VT so far."""
    return _png(draw_quests(state))


def draw_quests(state: StarState) -> Image.Image:
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    body = font(21)
    text_w = CARD_W - 2 * PAD - 110 - 300
    rows = []
    for i, qid in enumerate(state.pve):
        q = CONTENT.quests[qid]
        if qid in state.done:
            status, colour = f"DONE · {_who(state, state.done[qid])}", "#009E73"
        elif i == state.pve_index:
            status, colour = "CURRENT", HIGHLIGHT
        else:
            status, colour = "LATER", "#5b6170"
        lines = _wrap(probe, q.text, body, text_w)
        if status == "CURRENT":
            lines += _wrap(probe, "Progress: " + _progress(state, q), font(20, bold=True), text_w)
        rows.append((f"PvE {i + 1}", q, status, colour, lines, None))
    for c in state.crews:
        q = CONTENT.quests.get(f"pvp-{c.colour}")
        if q is None:
            continue
        done = q.id in state.done
        status = f"DONE · {_who(state, state.done[q.id])}" if done else "OPEN"
        rows.append(("PvP", q, status, "#009E73" if done else "#56B4E9", _wrap(probe, q.text, body, text_w), c))
    height = 90 + sum(max(44 + 28 * len(r[4]), 58) + 10 for r in rows) + 40 * len(state.crews) + 100
    img, d = _canvas(height)
    sc = CONTENT.scenarios[state.scenario]
    y = _title(d, 20, f"Quests · scenario {sc.id}: {sc.title}", "PvE quests go in order; PvP: kill a hero of that crew")
    for label, q, status, colour, lines, crew in rows:
        h = 44 + 28 * len(lines)
        current = status == "CURRENT"
        d.rounded_rectangle(
            (PAD - 10, y, CARD_W - PAD + 10, y + h),
            radius=10,
            fill=PANEL,
            outline=HIGHLIGHT if current else None,
            width=3 if current else 1,
        )
        if crew is not None:
            d.rectangle((PAD, y + 10, PAD + 26, y + 36), fill=CREW_COLOURS[crew.colour])
            d.text((PAD + 13, y + 23), CREW_LETTER[crew.colour], font=font(20, bold=True), fill="black", anchor="mm")
            d.text((PAD + 36, y + 10), label, font=font(22, bold=True), fill=MUTED)
        else:
            d.text((PAD, y + 10), label, font=font(22, bold=True), fill=MUTED)
        x0 = PAD + 110
        d.text((x0, y + 8), q.name, font=font(24, bold=True), fill=INK)
        ty = y + 38
        for line in lines:
            progress = line.startswith("Progress:")
            face = font(20, bold=True) if progress else body
            d.text((x0, ty), line, font=face, fill=HIGHLIGHT if progress else (INK if status != "LATER" else MUTED))
            ty += 28
        d.rounded_rectangle((CARD_W - PAD - 270, y + 12, CARD_W - PAD - 182, y + 46), radius=17, fill="#0072B2")
        d.text((CARD_W - PAD - 226, y + 29), f"+{q.vt} VT", font=font(20, bold=True), fill="white", anchor="mm")
        d.rounded_rectangle((CARD_W - PAD - 170, y + 12, CARD_W - PAD, y + 46), radius=6, fill=colour)
        d.text((CARD_W - PAD - 85, y + 29), status, font=font(20, bold=True), fill="black", anchor="mm")
        y += max(h, 58) + 10
    d.text((PAD, y + 4), "Victory tokens", font=font(24, bold=True), fill=HIGHLIGHT)
    y += 40
    best = max((c.vt for c in state.crews), default=0)
    for c in state.crews:
        d.rectangle((PAD, y, PAD + 26, y + 26), fill=CREW_COLOURS[c.colour])
        d.text((PAD + 13, y + 13), CREW_LETTER[c.colour], font=font(20, bold=True), fill="black", anchor="mm")
        bar = 0 if best == 0 else int(500 * c.vt / best)
        if bar:
            d.rectangle((PAD + 250, y + 4, PAD + 250 + bar, y + 22), fill=CREW_COLOURS[c.colour])
        d.text((PAD + 40, y), f"{state.seats[c.seat][:12]}: {c.vt} VT", font=font(21), fill=INK)
        y += 40
    d.text((PAD, y + 4), "Ends once every PvE quest and at least one PvP quest are done.", font=body, fill=MUTED)
    return img


ROUTE_POS = {
    "1": (0, 1.0),
    "2A": (1, 0.5),
    "2B": (1, 1.5),
    "3A": (2, 0.0),
    "3B": (2, 1.0),
    "3C": (2, 2.0),
    "4": (3, 1.0),
}


def campaign_picture(state: StarState) -> bytes:
    """The campaign sheet: the route through the scenario tree, VT per scenario, badges and upgrades."""
    return _png(draw_campaign(state))


def _campaign_rows(probe: ImageDraw.ImageDraw, state: StarState, seat: int) -> list[tuple[str, str]]:
    """(label, wrapped line) rows of one crew's inventory: each hero's upgrades by name, then the stash."""
    crew = state.crews[seat]
    face, width = font(20), CARD_W - 2 * PAD - 60
    rows: list[tuple[str, str]] = []
    for hid in crew.heroes:
        h = E.find_hero(state, hid)
        if h is None:
            continue
        slugs = ", ".join(_slug(u.id) for u in h.upgrades) or "no upgrades"
        for i, line in enumerate(_wrap(probe, f"{E.hero_name(h)}: {slugs}", face, width)):
            rows.append(("hero" if i == 0 else "more", line))
    if crew.stash:
        for line in _wrap(probe, "Not yet given: " + ", ".join(_slug(t) for t in crew.stash), face, width):
            rows.append(("stash", line))
    return rows


def draw_campaign(state: StarState) -> Image.Image:
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    inv = {c.seat: _campaign_rows(probe, state, c.seat) for c in state.crews}
    tree_h = 300
    over = state.phase == "over"
    height = 100 + tree_h + 70 + sum(100 + 27 * max(1, len(inv[c.seat])) for c in state.crews) + 20
    img, d = _canvas(height)
    mode = "Campaign" if state.mode == "campaign" else "Episodic game (no campaign progression)"
    title = CONTENT.scenarios[state.scenario].title
    if over and state.winners:
        names = " & ".join(state.seats[s][:14] for s in state.winners)
        sub = f"{mode} over · winner: {names}"
    else:
        sub = f"{mode} · now: scenario {state.scenario}, {title}"
    y = _title(d, 20, "Campaign sheet", sub)
    # The route tree.
    played = [r.scenario for r in state.history]
    route = played + ([state.scenario] if state.scenario not in played else [])
    col_w, row_h, top = (CARD_W - 2 * PAD - 120) // 3, 110, y + 20

    def centre(sid: str) -> tuple[int, int]:
        col, row = ROUTE_POS[sid]
        return int(PAD + 60 + col * col_w), int(top + 40 + row * row_h)

    for sid, sc in CONTENT.scenarios.items():
        if sid not in ROUTE_POS:
            continue
        for nxt in sc.next:
            if nxt in ROUTE_POS:
                on = sid in route and nxt in route and route.index(nxt) == route.index(sid) + 1
                d.line((*centre(sid), *centre(nxt)), fill=HIGHLIGHT if on else "#4a5060", width=8 if on else 3)
    for sid in ROUTE_POS:
        cx, cy = centre(sid)
        now, done = sid == state.scenario and not over, sid in played
        fill = "#0072B2" if done else ("#E69F00" if now else PANEL)
        d.ellipse((cx - 40, cy - 40, cx + 40, cy + 40), fill=fill, outline=HIGHLIGHT if now else "#7a8090", width=4)
        d.text((cx, cy), sid, font=font(26, bold=True), fill="white" if (done or now) else MUTED, anchor="mm")
        rec = next((r for r in state.history if r.scenario == sid), None)
        if rec is not None:
            won = "+".join(CREW_LETTER[state.crews[s].colour] for s in rec.winners if s < len(state.crews))
            label = f"won: {won}"
            w = d.textlength(label, font=font(20, bold=True))
            d.rounded_rectangle((cx - w / 2 - 6, cy + 44, cx + w / 2 + 6, cy + 68), radius=6, fill=BACKGROUND)
            d.text((cx, cy + 56), label, font=font(20, bold=True), fill=INK, anchor="mm")
    y = top + tree_h
    d.ellipse((PAD, y + 2, PAD + 20, y + 22), fill="#0072B2")
    d.text((PAD + 28, y), "played", font=font(20, bold=True), fill=MUTED)
    d.ellipse((PAD + 130, y + 2, PAD + 150, y + 22), fill="#E69F00")
    d.text((PAD + 158, y), "now  ·  thick line = route taken  ·  * = won", font=font(20, bold=True), fill=MUTED)
    y += 46
    # One panel per crew: badges, campaign VT, VT per scenario, each hero's upgrades.
    best = max((c.badges for c in state.crews), default=0)
    for c in state.crews:
        rows = inv[c.seat]
        h = 96 + 27 * max(1, len(rows))
        lead = state.mode == "campaign" and best > 0 and c.badges == best
        d.rounded_rectangle(
            (PAD - 10, y, CARD_W - PAD + 10, y + h), radius=10, fill=PANEL, outline=HIGHLIGHT if lead else None, width=3
        )
        d.rectangle((PAD, y + 12, PAD + 30, y + 42), fill=CREW_COLOURS[c.colour])
        d.text((PAD + 15, y + 27), CREW_LETTER[c.colour], font=font(20, bold=True), fill="black", anchor="mm")
        heroes = " & ".join(CONTENT.heroes[hid].name for hid in c.heroes) or "no heroes yet"
        head, face = _fit(d, f"{state.seats[c.seat][:14]}: {heroes}", CARD_W - 2 * PAD - 60, 22, bold=True)
        d.text((PAD + 44, y + 12), head, font=face, fill=INK)
        per = "  ".join(f"{r.scenario}: {r.vt[c.seat]}{'*' if c.seat in r.winners else ''}" for r in state.history
                        if c.seat < len(r.vt))  # fmt: skip
        line = f"Badges {c.badges}  ·  campaign VT {c.total_vt}  ·  {per or 'no scenario finished yet'}"
        line, face = _fit(d, line, CARD_W - 2 * PAD - 60, 21)
        d.text((PAD + 44, y + 46), line, font=face, fill=HIGHLIGHT)
        ty = y + 82
        for kind, part in rows or [("hero", "No upgrades yet.")]:
            d.text((PAD + 44, ty), part, font=font(20), fill=INK if kind != "stash" else MUTED)
            ty += 27
        y += h + 12
    return img


# -- the crew dashboard ----------------------------------------------------------------------------
CATEGORY_COLOURS = {"weapon": "#D55E00", "boost": "#E69F00", "passive": "#009E73", "reaction": "#56B4E9"}
CATEGORY_LETTER = {"weapon": "W", "boost": "B", "passive": "P", "reaction": "R"}
GADGET_LABEL = {"stimpack": "Stimpack", "hoverboard": "Hoverboard", "recharge": "Recharge"}
TOKEN_GAP = 16
TOKEN_W, TOKEN_H = (CARD_W - 2 * PAD - TOKEN_GAP) // 2, 112
EXHAUSTED_FILL = "#15171c"


def _token_details(token_id: str) -> str:
    up = CONTENT.upgrades[token_id]
    bits = []
    if up.type:
        bits.append(f"{up.type} ({up.form})" if up.type == "special" and up.form else up.type)
    if up.dice:
        bits.append(f"{'+' if up.category == 'boost' else ''}{up.dice} dice")
    for value, label in ((up.extra_defense, "def"), (up.extra_life, "life"), (up.reroll, "reroll")):
        if value:
            bits.append(f"+{value} {label}")
    return " · ".join(bits)


def _hero_block(probe: ImageDraw.ImageDraw, h) -> tuple[list[str], int]:
    """The wrapped ability text of a hero and the height of its panel."""
    card = CONTENT.heroes[h.id]
    ability = _wrap(probe, f"{card.ability.name}: {card.ability.text}", font(20), CARD_W - 2 * PAD - 130)
    rows = max(1, (len(h.upgrades) + 1) // 2)
    carried = 1 if (h.gadgets or h.quest_tokens) else 0
    return ability, 150 + 28 * len(ability) + rows * (TOKEN_H + 12) + 40 * carried + 40


def draw_crew(state: StarState, seat: int) -> Image.Image:
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    crew = state.crews[seat]
    colour = CREW_COLOURS.get(crew.colour, MUTED)
    heroes = [E.find_hero(state, hid) for hid in crew.heroes]
    heroes = [h for h in heroes if h is not None]
    blocks = [_hero_block(probe, h) for h in heroes]
    stash = _wrap(probe, "Not yet given to a hero: " + ", ".join(_slug(t) for t in crew.stash), font(20), CARD_W - 80)
    height = 190 + sum(hgt + 16 for _, hgt in blocks) + (40 + 28 * len(stash) if crew.stash else 0)
    height += 0 if heroes else 60
    img, d = _canvas(height)
    # Header: the crew's colour and letter, whose turn, VT, badges.
    d.rectangle((PAD, 22, PAD + 46, 68), fill=colour)
    d.text((PAD + 23, 45), CREW_LETTER.get(crew.colour, "?"), font=font(30, bold=True), fill="black", anchor="mm")
    d.text((PAD + 62, 20), f"{crew.colour.capitalize()} crew", font=font(34, bold=True), fill=HIGHLIGHT)
    turn = state.phase == "play" and state.current == seat
    sub = f"{state.seats[seat][:20]}" + ("  ·  their turn now" if turn else "")
    d.text((PAD + 62, 62), sub, font=font(22, bold=turn), fill=INK if turn else MUTED)
    x = PAD
    chips = [("VT", str(crew.vt)), ("BADGES", str(crew.badges)), ("CAMPAIGN VT", str(crew.total_vt))]
    chips.append(("KILLS", str(crew.kills)))
    for label, value in chips:
        x = _chip(d, x, 100, label, value)
    y = 180
    if not heroes:
        d.text((PAD, y), "No heroes yet: they are picked in the draft.", font=font(22), fill=INK)
    for h, (ability, hgt) in zip(heroes, blocks, strict=True):
        _draw_hero_panel(d, state, h, colour, ability, y, hgt)
        y += hgt + 16
    if crew.stash:
        d.text((PAD, y + 4), "Stash", font=font(24, bold=True), fill=HIGHLIGHT)
        ty = y + 40
        for line in stash:
            d.text((PAD, ty), line, font=font(20), fill=INK)
            ty += 28
    return img


def _slug(token_id: str) -> str:
    up = CONTENT.upgrades.get(token_id)
    return up.slug if up else token_id


def _draw_hero_panel(d, state: StarState, h, colour: str, ability: list[str], y: int, hgt: int) -> None:
    card = CONTENT.heroes[h.id]
    active = state.act.hero == h.id
    d.rounded_rectangle(
        (PAD - 10, y, CARD_W - PAD + 10, y + hgt),
        radius=12,
        fill=PANEL,
        outline=HIGHLIGHT if active else ("#7a2b2b" if h.dead else None),
        width=3,
    )
    # The figure as on the board.
    cx, cy, r = PAD + 46, y + 56, 36
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill="#3a3d45" if h.dead else colour, outline="black", width=3)
    d.text((cx, cy), E.hero_tag(h.id), font=font(26, bold=True), fill="#9aa0ab" if h.dead else "black", anchor="mm")
    if h.dead:
        d.line((cx - r + 6, cy - r + 6, cx + r - 6, cy + r - 6), fill=DEAD_RED, width=5)
    x0 = PAD + 110
    d.text((x0, y + 12), card.name, font=font(28, bold=True), fill=INK)
    name_w = int(d.textlength(card.name, font=font(28, bold=True)))
    if h.dead:
        status, fill = "DEAD · back when the crew rests", DEAD_RED
    elif h.pos:
        status, fill = f"at {h.pos}" + ("  ·  ACTIVE" if active else ""), HIGHLIGHT if active else MUTED
    else:
        status, fill = "off the board", MUTED
    d.text((x0 + name_w + 18, y + 18), status, font=font(22, bold=True), fill=fill)
    # Defence, life as a wound track, rerolls, daze.
    life = E.hero_life(h)
    x = _chip(d, x0, y + 52, "DEF", str(E.hero_defense(h)))
    x = _chip(d, x, y + 52, "REROLLS", str(E.hero_rerolls(h)))
    wounds = life if h.dead else min(h.wounds, life)
    d.text((x + 4, y + 52), f"WOUNDS {wounds}/{life}", font=font(20, bold=True), fill=MUTED)
    box = min(30, max(14, (CARD_W - PAD - x - 150) // max(1, life) - 4))
    for i in range(life):
        bx = x + 4 + i * (box + 4)
        filled = i < wounds
        d.rectangle((bx, y + 76, bx + box, y + 76 + box), fill="#c0392b" if filled else "#2c3342", outline="#e6e6e6")
        if filled:
            d.line((bx + 4, y + 80, bx + box - 4, y + 72 + box), fill="white", width=2)
    if h.dazed and not h.dead:
        dx = CARD_W - PAD - 120
        d.rounded_rectangle((dx, y + 60, dx + 120, y + 100), radius=8, fill=HIGHLIGHT)
        d.text((dx + 60, y + 80), "DAZED", font=font(22, bold=True), fill="black", anchor="mm")
    ty = y + 126
    for line in ability:
        d.text((x0, ty), line, font=font(20), fill=INK)
        ty += 28
    # Inventory tokens, two per row; exhausted ones face down, dimmed and labelled.
    ty += 8
    for i, up in enumerate(h.upgrades):
        tx = PAD + (i % 2) * (TOKEN_W + TOKEN_GAP)
        _draw_token(d, tx, ty + (i // 2) * (TOKEN_H + 12), up.id, up.exhausted)
    if not h.upgrades:
        d.text((PAD, ty), "No upgrades.", font=font(20), fill=MUTED)
    ty += max(1, (len(h.upgrades) + 1) // 2) * (TOKEN_H + 12)
    carried = [GADGET_LABEL.get(g, g) for g in h.gadgets] + [f"quest: {t[6:]}" for t in h.quest_tokens]
    if carried:
        d.text((PAD, ty + 4), "Carrying: " + ", ".join(carried), font=font(21, bold=True), fill=HIGHLIGHT)
        ty += 40
    react = _slug(h.reaction) if h.reaction else "none"
    prefs = f"Off-turn defence: auto-reroll {'on' if h.auto_reroll else 'off'}, standing reaction {react}"
    d.text((PAD, ty + 4), prefs, font=font(20), fill=MUTED)


def _draw_token(d, x: int, y: int, token_id: str, exhausted: bool, status: bool = True) -> None:
    up = CONTENT.upgrades.get(token_id)
    cat = up.category if up else "?"
    cc = CATEGORY_COLOURS.get(cat, MUTED)
    if exhausted:
        d.rounded_rectangle(
            (x, y, x + TOKEN_W, y + TOKEN_H), radius=10, fill=EXHAUSTED_FILL, outline="#3a3d45", width=2
        )
        for k in range(-TOKEN_H, TOKEN_W, 22):  # hatching: a spent token reads as spent without colour
            d.line((x + max(0, k), y + max(0, -k), x + min(TOKEN_W, k + TOKEN_H), y + min(TOKEN_H, TOKEN_W - k)),
                   fill="#23262d", width=2)  # fmt: skip
        ink, sub = "#8a8f99", "#6f7480"
    else:
        d.rounded_rectangle((x, y, x + TOKEN_W, y + TOKEN_H), radius=10, fill="#2c3342", outline=cc, width=3)
        ink, sub = INK, MUTED
    d.rounded_rectangle((x + 10, y + 10, x + 46, y + 46), radius=6, fill=cc if not exhausted else "#3a3d45")
    d.text((x + 28, y + 28), CATEGORY_LETTER.get(cat, "?"), font=font(22, bold=True), fill="black", anchor="mm")
    slug = up.slug if up else token_id
    d.text((x + 58, y + 8), slug, font=font(22, bold=True), fill=ink)
    details = f"{cat} · {_token_details(token_id)}" if up and _token_details(token_id) else cat
    d.text((x + 58, y + 38), details, font=font(20), fill=sub)
    if up and up.ability_text:
        probe = d
        lines = _wrap(probe, up.ability_text, font(20), TOKEN_W - 24)
        for k, line in enumerate(lines[:2]):
            d.text((x + 12, y + 64 + k * 22), line, font=font(20), fill=ink)
    # The status sits beside the name, or beside the details when a long name leaves no room.
    taken = max(d.textlength(slug, font=font(22, bold=True)), 0)
    row = y + 8
    if x + 58 + taken + 12 > x + TOKEN_W - (150 if exhausted else 70):
        row = y + 38
        taken = d.textlength(details, font=font(20))
        if x + 58 + taken + 12 > x + TOKEN_W - (150 if exhausted else 70):
            return  # no room anywhere: the hatching (exhausted) or the colour frame (ready) says it
    if exhausted:
        d.rounded_rectangle((x + TOKEN_W - 150, row, x + TOKEN_W - 8, row + 28), radius=6, fill="#5a5f6a")
        d.text((x + TOKEN_W - 79, row + 14), "EXHAUSTED", font=font(20, bold=True), fill="white", anchor="mm")
    elif status:
        d.text((x + TOKEN_W - 12, row + 2), "ready", font=font(20, bold=True), fill=cc, anchor="ra")


# -- what a player chooses from: draft hand, upgrades on offer, outfit stock, free heroes --------------
def offer_picture(state: StarState, seat: int) -> bytes:
    """The tokens (or heroes) ``seat`` chooses from in the current phase, drawn like the dashboard's tokens.

    ``state`` should be ``seat``'s own view: another crew's draft hand is hidden there and drawn face down.
    """
    return _png(draw_offer(state, seat))


def _offer(state: StarState, seat: int) -> tuple[str, str, list[str]]:
    """(title, subtitle, token ids) of what ``seat`` chooses from now."""
    crew = state.crews[seat]
    if state.phase == "updraft":
        sub = "Keep 2 of these" if not crew.ready else "You kept yours; waiting for the other crews"
        return "Your draft hand", sub, list(crew.hand)
    if state.phase == "upgrade":
        order = state.order[state.order_pos :]
        nxt = ", ".join(state.seats[s][:10] for s in order[:6] if 0 <= s < len(state.seats)) or "-"
        return "Upgrades on offer", f"Picks to come: {nxt}", list(state.pool)
    if state.phase == "outfit":
        from rules.starcadia.campaign import owned

        return "Your upgrades to hand out", "Up to 6 per hero; the rest are discarded", owned(state, seat)
    return "", "", []


def draw_offer(state: StarState, seat: int) -> Image.Image:
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    if state.phase == "draft":
        return _draw_free_heroes(state, probe)
    title, sub, tokens = _offer(state, seat)
    if not title:
        return draw_crew(state, seat)
    crew = state.crews[seat]
    rows = max(1, -(-len(tokens) // 2))
    stash = [t for t in crew.stash] if state.phase == "upgrade" else []
    height = 116 + rows * (TOKEN_H + 12) + (44 if stash else 0)
    img, d = _canvas(height)
    d.rectangle((PAD, 24, PAD + 40, 64), fill=CREW_COLOURS.get(crew.colour, MUTED))
    d.text((PAD + 20, 44), CREW_LETTER.get(crew.colour, "?"), font=font(26, bold=True), fill="black", anchor="mm")
    d.text((PAD + 56, 20), title, font=font(34, bold=True), fill=HIGHLIGHT)
    d.text((PAD + 56, 66), sub, font=font(22), fill=MUTED)
    y = 110
    if not tokens:
        d.text((PAD, y), "Nothing left to choose from.", font=font(22), fill=INK)
    for i, tok in enumerate(tokens):
        x = PAD + (i % 2) * (TOKEN_W + TOKEN_GAP)
        ty = y + (i // 2) * (TOKEN_H + 12)
        if tok in CONTENT.upgrades:
            _draw_token(d, x, ty, tok, False, status=False)
        else:  # another crew's hidden token
            d.rounded_rectangle((x, ty, x + TOKEN_W, ty + TOKEN_H), radius=10, fill="#2c3342", outline="#5a5f6a")
            d.text(
                (x + TOKEN_W // 2, ty + TOKEN_H // 2), "face down", font=font(22, bold=True), fill=MUTED, anchor="mm"
            )
    if stash:
        ty = y + rows * (TOKEN_H + 12) + 8
        text = "Already taken by you: " + ", ".join(_slug(t) for t in stash)
        line, face = _fit(d, text, CARD_W - 2 * PAD, 21)
        d.text((PAD, ty), line, font=face, fill=INK)
    return img


def _draw_free_heroes(state: StarState, probe: ImageDraw.ImageDraw) -> Image.Image:
    taken = {h.id for h in state.heroes}
    free = [h for h in CONTENT.heroes.values() if h.id not in taken]
    blocks = [_wrap(probe, f"{h.ability.name}: {h.ability.text}", font(20), CARD_W - 2 * PAD - 120) for h in free]
    height = 120 + sum(96 + 28 * len(b) for b in blocks) + 10
    img, d = _canvas(height)
    y = _title(d, 20, "Free heroes", "Pick from these in the draft")
    for h, lines in zip(free, blocks, strict=True):
        hgt = 84 + 28 * len(lines)
        d.rounded_rectangle((PAD - 10, y, CARD_W - PAD + 10, y + hgt), radius=10, fill=PANEL)
        d.ellipse((PAD + 8, y + 14, PAD + 72, y + 78), fill="#e6e6e6", outline="black", width=3)
        d.text((PAD + 40, y + 46), E.hero_tag(h.id), font=font(24, bold=True), fill="black", anchor="mm")
        d.text((PAD + 100, y + 10), f"{h.name}", font=font(26, bold=True), fill=INK)
        stats = f"defence {h.defense}  ·  life {h.life}  ·  pick as: {h.id}"
        d.text((PAD + 100, y + 46), stats, font=font(21, bold=True), fill=HIGHLIGHT)
        ty = y + 78
        for line in lines:
            d.text((PAD + 100, ty), line, font=font(20), fill=INK)
            ty += 28
        y += hgt + 12
    return img
