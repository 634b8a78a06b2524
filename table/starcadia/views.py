"""Private views of a Starcadia game (text and picture, only the asker sees them): a crew dashboard, the
monster dashboard, the quests, the campaign sheet and what you choose from right now."""

from __future__ import annotations

from render import starcadia as pictures
from rules.core import RuleError
from rules.starcadia import board as B
from rules.starcadia import engine as E
from rules.starcadia.campaign import auto_loadout, campaign_sheet, owned
from rules.starcadia.content import CONTENT
from rules.starcadia.sheets import crew_sheet, monster_sheet, upgrade_line
from rules.starcadia.state import StarState

from ..commands import Ctx, Table
from ..replies import Reply
from .names import find_crew
from .seat import context
from .texts import hero_line, loadout_text


async def crew(table: Table, ctx: Ctx, crew: str | None = None) -> Reply:
    """A crew dashboard (yours unless you name one): heroes, wounds, upgrades by the names to type, gadgets."""
    sc = await context(table, ctx)
    view: StarState = sc.my_view()  # type: ignore[assignment]
    if crew and crew.strip():
        seat = find_crew(view, crew)
    elif sc.seat is not None:
        seat = sc.seat
    else:
        raise RuleError("You are not playing; name a crew, e.g. crew:yellow.")
    lines = crew_sheet(view, seat)
    if not view.crews[seat].heroes:
        lines.append("No heroes yet: they are picked in the draft (`/starcadia offer` lists the free heroes).")

    def image() -> bytes:
        return pictures.dashboard(view, seat)

    title = f"{view.crews[seat].colour.capitalize()} crew dashboard"
    return Reply(title=title, lines=lines, image=image, image_name="crew.png", ephemeral=True)


async def monsters(table: Table, ctx: Ctx) -> Reply:
    """The monster dashboard: each slot's monster, its stats and the figures out."""
    sc = await context(table, ctx)
    view: StarState = sc.my_view()  # type: ignore[assignment]

    def image() -> bytes:
        return pictures.monsters_picture(view)

    return Reply(
        title=f"Monster dashboard · scenario {view.scenario}",
        lines=monster_sheet(view) or ["No monster slots are filled."],
        image=image,
        image_name="monsters.png",
        ephemeral=True,
    )


def quest_lines(st: StarState) -> list[str]:
    """The scenario's quests in order with who fulfilled them, the terminals, VT and what ends it."""
    lines = []
    for i, qid in enumerate(st.pve):
        q = CONTENT.quests[qid]
        if qid in st.done:
            mark = f"done by {st.seats[st.done[qid]]}"
        else:
            mark = "CURRENT" if i == st.pve_index else "later"
        lines.append(f"PvE {i + 1}. **{q.name}** ({q.vt} VT, {mark}): {q.text}")
    for c in st.crews:
        qid = f"pvp-{c.colour}"
        q = CONTENT.quests.get(qid)
        if q is not None:
            mark = f"done by {st.seats[st.done[qid]]}" if qid in st.done else "open"
            lines.append(f"PvP **{q.name}** ({q.vt} VT, {mark}): {q.text}")
    q = E.current_pve(st)
    if q is not None and q.goal == "hack":
        terms = ", ".join(B.name(t) for t in E.board_of(st).terminals)
        lines.append(f"Terminals (T on the board): {terms}. Walk onto one and add `hack` to the path (1 MP).")
    hacked = [f"{c.colour} hacked {', '.join(c.hacked)}" for c in st.crews if c.hacked]
    if hacked:
        lines.append("Hacked so far: " + "; ".join(hacked))
    lines.append("VT: " + ", ".join(f"{c.colour} ({st.seats[c.seat]}) {c.vt}" for c in st.crews))
    lines.append("The scenario ends when every PvE quest and at least one PvP quest are done.")
    if st.phase == "play":
        lines.append(E.end_condition(st) + ".")
    if st.turn_limit:
        lines.append(
            f"Table option turn_limit={st.turn_limit} (our rule, not the book's): after turn "
            f"{st.turn_limit} the most VT wins; a tie goes to more quests fulfilled, then the CRIT roll-off."
        )
    return lines


async def quests(table: Table, ctx: Ctx) -> Reply:
    """This scenario's quests, in order, with who fulfilled them."""
    sc = await context(table, ctx)
    view: StarState = sc.my_view()  # type: ignore[assignment]

    def image() -> bytes:
        return pictures.quests_picture(view)

    title = f"Quests · scenario {view.scenario}: {CONTENT.scenarios[view.scenario].title}"
    return Reply(title=title, lines=quest_lines(view), image=image, image_name="quests.png", ephemeral=True)


async def campaign(table: Table, ctx: Ctx) -> Reply:
    """The campaign sheet: route, VT per scenario, badges and inventories."""
    sc = await context(table, ctx)
    view: StarState = sc.my_view()  # type: ignore[assignment]
    lines = campaign_sheet(view)
    if view.mode != "campaign":
        lines.insert(0, "Episodic game: no campaign progression.")

    def image() -> bytes:
        return pictures.campaign_picture(view)

    return Reply(title="Campaign sheet", lines=lines, image=image, image_name="campaign.png", ephemeral=True)


async def offer(table: Table, ctx: Ctx) -> Reply:
    """What you are choosing from right now: your draft hand, the upgrades on offer, your outfit stock."""
    sc = await context(table, ctx)
    seat = sc.require_seat()
    view: StarState = sc.my_view()  # type: ignore[assignment]
    mine = view.crews[seat]

    def reply(title: str, lines: list[str]) -> Reply:
        def image() -> bytes:
            return pictures.offer_picture(view, seat)

        return Reply(title=title, lines=lines, ephemeral=True, image=image, image_name="offer.png")

    if view.phase == "updraft":
        head = "Your draft hand (keep 2)" if not mine.ready else "You kept your tokens; waiting for the others"
        return reply(head, [upgrade_line(t) for t in mine.hand] or ["Your hand is empty."])
    if view.phase == "upgrade":
        nxt = ", ".join(view.seats[s] for s in view.order[view.order_pos :][:6])
        lines = [upgrade_line(t) for t in view.pool] + [f"Picks to come: {nxt or '-'}"]
        if mine.stash:
            lines.append("Already taken by you: " + ", ".join(CONTENT.upgrades[t].slug for t in mine.stash))
        return reply("Upgrades on offer", lines)
    if view.phase == "outfit":
        lines = [upgrade_line(t) for t in owned(view, seat)]
        lines.append("auto would give: " + loadout_text(auto_loadout(view, seat)))
        return reply("Your upgrades to hand out (6 per hero)", lines)
    if view.phase == "draft":
        taken = {x.id for x in view.heroes}
        return reply("Free heroes", [hero_line(h) for h in CONTENT.heroes if h not in taken])
    raise RuleError("Nothing to choose from right now; `/starcadia crew` shows your dashboard.")
