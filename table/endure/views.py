"""Private views of an Endure game: a survivor's dashboard and the mission briefing (text and picture),
shown only to the asker."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from render.endure import board as board_picture
from render.endure import dashboard as dashboard_picture
from rules.endure import content
from rules.endure.state import EndureState
from rules.endure.words import goal_text, item_name
from rules.endure.world import obj_specs, sname

from ..commands import Ctx, Table
from ..replies import Reply
from .names import find_survivor
from .seat import viewer_context
from .texts import text


def _slot_text(stack: Sequence[Any]) -> str:
    if not stack:
        return "empty"
    name = item_name(stack[0].card)
    card = content().items.get(stack[0].card)
    extra = ""
    if card is not None and card.kind == "weapon":
        extra = f" (range {card.range}, {card.dice}d {card.hit}+, noise {card.noise})"
    return (f"{len(stack)}× " if len(stack) > 1 else "") + name + extra


def dashboard_lines(st: EndureState, si: int) -> list[str]:
    """A survivor's dashboard as text lines (the picture is render.endure.dashboard)."""
    c = content()
    s = st.survivors[si]
    card = c.survivors[s.key]
    lines = [f"**{card.name}** · {card.klass} · played by {st.seats[s.seat]}"]
    if not s.alive:
        lines.append("☠ Dead.")
        return lines
    where = "left the map" if s.exited else f"in {s.zone}"
    lines.append(f"Health {s.health}/{s.max_health} · Resolve {s.resolve} · {where}")
    if si == (st.order[st.turn_pos] if st.phase == "survivors" and st.turn_pos < len(st.order) else None):
        lines.append(
            f"Acting now: {s.actions} action(s) left" + (f", {s.free_moves} free move(s)" if s.free_moves else "")
        )
    status = []
    if s.injuries:
        status.append("injured: " + ", ".join(text("injury", i) for i in s.injuries))
    if s.stunned:
        status.append("stunned")
    if s.frozen:
        status.append("frozen in place this round (failed Resolve check)")
    if s.buffs or s.round_buffs:
        status.append("boosts: " + ", ".join(s.buffs + s.round_buffs))
    if st.loader_pilot == si:
        status.append("piloting the Exo Loader" + (" (powered)" if st.loader_powered else " (no power)"))
    if status:
        lines.append("Status: " + "; ".join(status))
    lines.append("")
    lines.append("__Inventory__")
    lines.append(f"Head: {_slot_text(s.head)} · Body: {_slot_text(s.body)}")
    slots = list(s.slots) + [[]] * max(0, 3 - len(s.slots))
    for n, stack in enumerate(slots, 1):
        jam = " — jammed this round" if any(it.uid in s.jammed for it in stack) else ""
        lines.append(f"Slot {n}: {_slot_text(stack)}{jam}")
    if s.found:
        lines.append("Found, waiting for room: " + ", ".join(item_name(f.card) for f in s.found))
    objs = [o.colour for o in st.objectives if o.carried_by == si]
    if objs:
        lines.append("Carrying objective(s): " + ", ".join(objs))
    lines.append("")
    lines.append("__Abilities__")
    lines.append(f"Passive: {card.passive.name}: {text('ability', card.passive.hook)}")
    active = "used this turn" if s.used_active else "ready, once a turn"
    lines.append(f"Active: {card.active.name} ({active}): {text('ability', card.active.hook)}")
    crisis = "spent" if s.crisis_used else "ready, once a mission"
    lines.append(f"Crisis: {card.crisis.name} ({crisis}): {text('ability', card.crisis.hook)}")
    lines.append("")
    lines.append("__Resolve cards__ (face down until your Resolve drops to their number)")
    cards = []
    for slot in s.resolve_cards:
        if slot.revealed and slot.card in c.resolve:
            cards.append(f"{c.resolve[slot.card].name} at {slot.number} (revealed)")
        else:
            cards.append(f"? at {slot.number}" + (" (dormant)" if slot.dormant else ""))
    lines.append(", ".join(cards) or "none")
    if s.phobias:
        names = {r.hook: r.name for r in c.resolve.values()}
        mine = [c.resolve[x.card] for x in s.resolve_cards if x.revealed and x.card in c.resolve]
        names.update({r.hook: r.name for r in mine})
        lines.append("Lasting effects (from Resolve cards): " + ", ".join(names.get(p, p) for p in s.phobias))
    if s.accomplishment and s.accomplishment in c.accomplishments:
        a = c.accomplishments[s.accomplishment]
        lines.append("")
        lines.append("__Accomplishment__")
        goal = text("progress", a.goal)
        done = f"{min(s.progress, a.target)}/{a.target} {goal}"
        where = "unlocked: spend it with `/endure reward`" if s.unlocked else done
        lines.append(f"{a.name}: {where}. Reward: {text('reward', a.reward)}.")
    return lines


async def dashboard(table: Table, ctx: Ctx, survivor: str | None = None) -> Reply:
    """A survivor's dashboard (yours by default), only for the asking user."""
    sc = await viewer_context(table, ctx)
    st: EndureState = sc.my_view()  # type: ignore[assignment]
    if survivor:
        indices = [find_survivor(st, survivor)]
    else:
        indices = [i for i, s in enumerate(st.survivors) if s.seat == sc.seat] or list(range(len(st.survivors)))
    lines: list[str] = []
    for i in indices:
        if lines:
            lines.append("")
        lines += dashboard_lines(st, i)
    title = "Dashboard" if len(indices) == 1 else "Dashboards"

    def image() -> bytes:
        return dashboard_picture(st, indices)

    return Reply(
        title=f"{title} · {sname(st.survivors[indices[0]])}"[:256],
        lines=lines,
        image=image,
        image_name="dashboard.png",
        ephemeral=True,
    )


def briefing_lines(st: EndureState) -> list[str]:
    c = content()
    m = c.missions[st.mission]
    lines = [f"*{m.brief}*", "", f"Difficulty: {m.difficulty} · Enemies: {m.family.upper()}s · Round {st.round}"]
    if st.event and st.event in c.events:
        lines.append(f"Event in play: {c.events[st.event].name}")
    lines.append("")
    lines.append("__To win__ (all of these)")
    for g in m.goals:
        lines.append(f"• {goal_text(g)}")
        if g.partition(":")[0] == "kill_marked":
            where = sorted({t.zone for t in st.radar if t.marked} | {e.zone for e in st.enemies if e.marked})
            lines.append(f"  (the marked contact is now in {', '.join(where)})" if where else "  (done)")
    if m.fails:
        lines.append("__You lose if__")
        for f in m.fails:
            head, _, colour = f.partition(":")
            lines.append(f"• {text('fail', head, colour)}")
        lines.append("• every survivor dies")
    if st.objectives:
        lines.append("")
        lines.append("__Objectives__")
        specs = obj_specs(st)
        for o in st.objectives:
            spec = specs.get(o.id)
            what = text("objective", spec.hook) if spec else ""
            if spec is not None and spec.who:
                what += f" ({spec.who} only)"
            if o.delivered:
                where = "delivered"
            elif o.carried_by >= 0:
                where = f"carried by {sname(st.survivors[o.carried_by])}"
            elif o.done:
                where = "done"
            else:
                where = f"in {o.zone}"
            hp = f", {o.hp} HP" if o.hp > 0 and not o.done else ""
            name = o.colour if o.id == o.colour else f"{o.colour} ({o.id})"
            letter = o.colour[:1].upper()
            lines.append(f"• {name} ({letter} on the map), {where}{hp}: {what}")
    if m.exits:
        lock = "" if st.exits_open else " (locked for now)"
        lines.append(f"Exits: {', '.join(m.exits)}{lock}")
    if m.max_carry:
        lines.append(f"Nobody may carry more than {m.max_carry} objective(s).")
    specials = list(dict.fromkeys(list(m.specials) + list(st.extra_specials)))
    if specials:
        lines.append("__Special rules__")
        lines += [f"• {text('special', k)}" for k in specials]
    if st.campaign and st.campaign in c.campaigns:
        done = ", ".join(st.campaign_done) or "none yet"
        lines.append(f"Campaign: {c.campaigns[st.campaign].name} · done: {done}")
    return lines


async def briefing(table: Table, ctx: Ctx) -> Reply:
    """The mission page: story, win and lose conditions, objectives, exits; with the board."""
    sc = await viewer_context(table, ctx)
    st: EndureState = sc.my_view()  # type: ignore[assignment]
    m = content().missions[st.mission]
    title = f"{m.key} {m.name}"

    def image() -> bytes:
        return board_picture(st)

    return Reply(title=f"Briefing · {title}", lines=briefing_lines(st), image=image, ephemeral=True)
