"""What a player can look at: their private hand (text and picture, only they see it), any card's text,
the zones of the table and the mission briefing."""

from __future__ import annotations

from render.quasar import hand_picture
from rules.quasar.content import LIS, content
from rules.quasar.flow import current_act
from rules.quasar.hand import describe_card, hand_lines
from rules.quasar.rank import rank_order
from rules.quasar.state import owned_key
from rules.quasar.targets import formula_text, target_text
from rules.quasar.text import card_label, card_lines
from rules.quasar.zones import cards_in, lis_supply

from ..commands import Ctx, Table
from ..replies import Reply
from .names import find_card
from .seat import context, state, viewer_context

__all__ = ["describe_card", "hand_lines"]


async def show_hand(table: Table, ctx: Ctx) -> Reply:
    """Your hand and secrets, with a picture: only you see it."""
    sc = await context(table, ctx)
    seat = sc.require_seat()
    view = sc.system.view(sc.state, seat)
    lines = hand_lines(view, seat)  # type: ignore[arg-type]
    return Reply(
        title=f"{view.seats[seat]}'s hand (only you see this)",
        lines=lines,
        image=lambda: hand_picture(view, seat),  # type: ignore[arg-type]
        image_name="hand.png",
        ephemeral=True,
    )


async def show_card(table: Table, ctx: Ctx, name: str) -> Reply:
    """Any card's text (card texts are public; what is in a hand is not)."""
    c = content()
    keys = [k for k, card in c.cards.items() if card.kind in ("player", "faction", "rank", "lis", "challenge", "act")]
    key = find_card(name, keys)
    card = c.cards[key]
    lines = [describe_card(key)]
    if card.kind == "challenge":
        lines = [f"**{card.name}**"]
        lines.append(f"Target: {formula_text(key)} (P: players, a lone player counts 2)")
        if card.demand:
            lines.append(f"Demand {card.demand}")
        lines += card_lines(key)
    for keyword, _ in card.keywords:
        title, text = c.mechanics[keyword]
        lines.append(f"*{title}*: {text}")
    if card.text:
        lines.append(card.text)
    return Reply(title=card.name, lines=lines, ephemeral=True)


async def show_zones(table: Table, ctx: Ctx) -> Reply:
    """The zones everyone can see: discards, Warp, Sensors, Energy, Lost in Space left."""
    sc = await viewer_context(table, ctx)
    st = state(sc)
    lines = []
    for seat in rank_order(st):
        discard = [st.cards[c].key for c in cards_in(st, owned_key("discard", seat))]
        top = card_label(discard[0]) if discard else "empty"
        lis = discard.count(LIS)
        extra = f", {lis} Lost in Space in it" if lis else ""
        lines.append(f"{st.seats[seat]}: discard {len(discard)} (top {top}{extra})")
    created = sorted({key.split(":")[0] for key in st.zones if key.split(":")[0] not in content().zones})
    for name in ("warp", "sensors", "stockpile", *created):  # and any zone an effect created
        ids = [c for key, z in st.zones.items() if key.split(":")[0] == name for c in z]
        if ids:
            lines.append(f"{content().zone(name).title}: " + ", ".join(card_label(st.cards[c].key) for c in ids))
    lines.append(f"Energy Zone: {st.energy} · Lost in Space left in the box: {len(lis_supply(st))}")
    return Reply(title="The zones of the table", lines=lines, ephemeral=True)


async def show_mission(table: Table, ctx: Ctx) -> Reply:
    """The mission briefing: its Acts and Goals, how far the team is, the current Challenge."""
    sc = await viewer_context(table, ctx)
    st = state(sc)
    c = content()
    mission = c.missions[st.mission]
    final = " including the last" if mission.final_required else ""
    lines = [mission.brief, f"Goal: succeed at {mission.acts_needed} of {len(mission.acts)} Acts{final}."]
    for number, key in enumerate(mission.acts, 1):
        act = c.cards[key]
        if number <= len(st.acts):
            status = st.acts[number - 1]
        elif number == st.act:
            status = f"now, {st.wins} success(es) so far"
        else:
            status = "to come"
        lines.append(f"Act {number}: {act.name} (goal {act.goal} of {c.tuning.challenges_per_act}): {status}")
    if st.challenge:
        key = st.cards[st.challenge].key
        lines.append(f"Current Challenge: {c.cards[key].name}, Target {target_text(st, key)}.")
        lines += card_lines(key)
    if current_act(st):
        lines += card_lines(st.cards[current_act(st)].key)
    lines.append(f"Morale {st.morale}/{st.morale_start}.")
    return Reply(title=mission.name, lines=lines, ephemeral=True)
