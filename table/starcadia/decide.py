"""Decisions in the middle of play: the event card's choices, a Payback run by the player to the right,
and ``/starcadia answer`` for whatever else the game waits for (guard order, the monster you run, a shove,
your defence with defence=ask)."""

from __future__ import annotations

from rules.core import Action, RuleError
from rules.starcadia import SYSTEM
from rules.starcadia import board as B
from rules.starcadia import engine as E
from rules.starcadia.state import StarState

from ..commands import Ctx, Table
from ..replies import Reply
from .names import any_hero, find_figure, space, steps
from .seat import context, my_turn, state

STAY = ("", "stay", "none", "-")
DEFAULT = ("default", "auto", "bot")


async def event(
    table: Table, ctx: Ctx, figure: str | None = None, target: str | None = None, spawn: str | None = None
) -> Reply:
    """Choices for the drawn event card (events=choose): which figure acts and whom it hunts, or where it spawns.

    With no option the engine's usual policy decides. With monsters=player (the default) a target is
    not given here: the chosen figure's path and target are the next decision (``/starcadia answer``).
    """
    sc = await context(table, ctx)
    st, seat = state(sc), sc.require_seat()
    if not st.pending_event:
        raise RuleError("No event card is waiting for your choices.")
    my_turn(table, sc)
    action: Action = {"type": "event"}
    offers = [a for a in SYSTEM.legal(st, seat) if a["type"] == "event"]
    if figure and figure.strip():
        figures = sorted({a["figure"] for a in offers if "figure" in a})
        action["figure"] = find_figure(st, figure, among=figures)
    if target and target.strip():
        action["target"] = any_hero(target, [h.id for h in E.heroes_on_board(st)], "hero on the board")
    if spawn and spawn.strip():
        action["spawn"] = space(spawn, "spawn point", hint=sorted({a["spawn"] for a in offers if "spawn" in a}))
    return await table.act(ctx, action)


async def payback(table: Table, ctx: Ctx, path: str | None = None, attack: bool | None = None) -> Reply:
    """Run a monster's Payback (monsters=player): its path (may be empty) and whether it attacks.

    With no option the engine's usual policy plays it.
    """
    sc = await context(table, ctx)
    st = state(sc)
    pb = st.payback
    if pb is None:
        raise RuleError("No Payback is waiting.")
    my_turn(table, sc)
    if (path is None or not path.strip()) and attack is None:
        return await table.act(ctx, {"type": "payback"})
    text = (path or "").strip()
    walk = [] if text.lower() in STAY else steps(text)
    m = E.find_monster(st, pb.monster)
    if walk and m is not None and walk[0] == m.pos:
        walk = walk[1:]
    if attack is None:
        end = walk[-1] if walk and B.parse_space(walk[-1]) else (m.pos if m is not None else "")
        h = E.find_hero(st, pb.hero)
        attack = bool(
            m is not None and h is not None and h.pos and end and E.monster_can_hit(st, E.board_of(st), m, end, h)
        )
    return await table.act(ctx, {"type": "payback", "path": walk, "attack": attack})


WAIT_WORDS = {"guard": "guard", "payer": "payback", "monster": "monster", "shove": "shove", "defend": "defend"}


def answer_action(st: StarState, seat: int, text: str) -> Action:
    """A typed answer to the current decision: a suggestion's value, a monster tag, a space, or notation."""
    options = SYSTEM.legal(st, seat)
    wanted = " ".join(text.lower().split())
    for a in options:
        if " ".join(SYSTEM.format(a).lower().split()) == wanted:
            return a
    w = st.wait
    if w is None:  # a Payback path prompt
        parts = text.split()
        if parts and parts[0].lower() != "payback":
            text = "payback " + text
        return SYSTEM.parse(text, st, seat)
    if w.kind in ("guard", "payer"):
        uid = find_figure(st, text, among=w.options)
        if uid not in w.options:
            raise RuleError(f"Answer with one of: {', '.join(w.options)}.")
        return {"type": WAIT_WORDS[w.kind], "monster": uid}
    if w.kind == "shove":
        return {"type": "shove", "to": space(text, hint=w.options)}
    if w.kind == "place":
        return {"type": "place", "space": space(text, hint=w.options)}
    word = WAIT_WORDS[w.kind]
    if not wanted.startswith(word):
        text = f"{word} {text}"
    return SYSTEM.parse(text, st, seat)


async def answer(table: Table, ctx: Ctx, choice: str | None = None) -> Reply:
    """Answer the decision the game waits for from you in the middle of play: which guard attacks first,
    which monster pays back, the Payback or event monster you run, where a CRIT shoves a hero, or your
    hero's reaction and rerolls (defence=ask). Without a choice, the suggested default (the bot's pick).
    """
    sc = await context(table, ctx)
    st, seat = state(sc), sc.require_seat()
    if st.wait is None and st.payback is None:
        raise RuleError(
            "Nothing is waiting for an answer; on your turn use `/starcadia move`, `/starcadia attack`, "
            "`/starcadia end` or `/starcadia rest`."
        )
    prompt = SYSTEM.pending(st)[0]
    if prompt.seat != seat:
        raise RuleError(f"The game waits for {st.seats[prompt.seat]} to decide, not you.")
    text = (choice or "").strip()
    if not text or text.lower() in DEFAULT:
        return await table.act(ctx, dict(prompt.default))
    if len(text) > 200:
        raise RuleError("That answer is far too long.")
    return await table.act(ctx, answer_action(st, seat, text))
