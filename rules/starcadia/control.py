"""Decisions in the middle of play: monsters run by a player, defender prompts, shoves.

The engine pauses on a :class:`~rules.starcadia.state.Wait` (one decision, a few options) and
resumes its queued work once it is answered. Every prompt's default is the automatic policy the
bot would follow, so a timed-out or absent player never blocks the game.

Answers (action dicts):

- ``{"type": "guard", "monster": uid}``: which guarding monster attacks next (player to the right).
- ``{"type": "payback", "monster": uid}``: which provoked monster pays the attacker back.
- ``{"type": "monster", "path": [...], "target": hero id or "none"}``: an event activation, run
  by the active player: walk the path (its MP), then attack the target if any; with
  ``"first": "attack"`` it attacks from where it stands and walks afterwards.
- ``{"type": "shove", "to": space}``: where a monster's CRIT (or a Huge monster's walk) pushes a hero.
- ``{"type": "place", "space": space}``: where a quest's monster appears when its spawn point is Full
  (the active player picks a Close space).
- ``{"type": "defend", "reaction": upgrade or "none", "reroll": "on"|"off"}``: the attacked
  hero's live answer with defence=ask (otherwise its standing preferences apply).
"""

from __future__ import annotations

from rules.core import Action, Prompt, RuleError, Turn

from . import board as B
from . import engine as E
from . import memo as M
from .content import CONTENT
from .state import HeroState, StarState

_MONSTER_MENUS = M.Memo()

WAIT_ACTIONS = {
    "guard": "guard",
    "payer": "payback",
    "monster": "monster",
    "shove": "shove",
    "defend": "defend",
    "place": "place",
}


def _defence_action(h: HeroState) -> Action:
    reaction, reroll = E.defence_default(h)
    slug = CONTENT.upgrades[reaction].slug if reaction else "none"
    return {"type": "defend", "reaction": slug, "reroll": "on" if reroll else "off"}


def options(state: StarState) -> list[Action]:
    """The bounded menu for the current wait, its default (the policy) first.

    A monster's menu runs the monster policy (route searches, sight lines); its prompt (asked for several
    times a turn) and legal() both ask for it, so it is remembered per position (:mod:`.memo`)."""
    w = state.wait
    if w is None:
        return []
    if w.kind == "monster":
        return _MONSTER_MENUS.answer((M.position_key(state),), lambda: _options(state))
    return _options(state)


def _options(state: StarState) -> list[Action]:
    w = state.wait
    if w.kind == "guard":
        return [{"type": "guard", "monster": uid} for uid in w.options]
    if w.kind == "payer":
        return [{"type": "payback", "monster": uid} for uid in w.options]
    if w.kind == "shove":
        return [{"type": "shove", "to": space} for space in w.options]
    if w.kind == "place":
        return [{"type": "place", "space": space} for space in w.options]
    if w.kind == "monster":
        m = E.find_monster(state, w.monster)
        if m is None:
            return [{"type": "monster", "path": [], "target": "none"}]
        menu = E.monster_options(state, m, None)
        out = [{"type": "monster", "path": path, "target": target or "none"} for path, target in menu]
        # An event activation may also attack first and move afterwards: offer one such hit-and-run.
        hits = [t for p, t in menu if not p and t]
        rivals = [t for t in hits if E.find_hero(state, t).seat != state.current]
        now = (rivals or hits or [""])[0]
        away = next((p for p, t in reversed(menu) if p and not t and p[-1] != "portal"), None)
        if now and away:
            out.append({"type": "monster", "path": away, "target": now, "first": "attack"})
        return out
    if w.kind == "defend":
        h = E.find_hero(state, w.hero)
        first = _defence_action(h)
        out = [first]
        reactions = ["none", *(c.slug for c in E.ready_reactions(h))]
        rerolls = ["on", "off"] if E.defence_rerolls(h) > 0 else ["on"]
        for r in reactions:
            for rr in rerolls:
                opt = {"type": "defend", "reaction": r, "reroll": rr}
                if opt != first:
                    out.append(opt)
        return out
    return []


ANSWER = "/starcadia answer"
"""The command that answers every decision in the middle of play (named in each prompt)."""


def prompt(state: StarState) -> Prompt:
    """The prompt for the current wait, with the policy's answer as its default; it names the command that
    answers it (an empty answer plays the default, the bot's choice)."""
    w = state.wait
    who = state.seats[w.seat]
    h = E.find_hero(state, w.hero) if w.hero else None
    m = E.find_monster(state, w.monster) if w.monster else None
    tags = ", ".join(_tag(state, o) for o in w.options)
    if w.kind == "guard":
        text = f"{who}: {E.hero_name(h)} leaves guarded ground; which monster attacks first ({tags})? {ANSWER}"
    elif w.kind == "payer":
        text = f"{who}: which monster pays {E.hero_name(h)} back ({tags})? {ANSWER}"
    elif w.kind == "shove":
        text = f"{who}: where does {E.mname(m)} shove {E.hero_name(h)} ({tags})? {ANSWER}"
    elif w.kind == "place":
        name = CONTENT.monsters[state.dashboard[w.why]].name
        text = f"{who}: the quest's {name} cannot stand on its Full spawn point; pick a Close space with {ANSWER}"
    elif w.kind == "monster":
        text = (
            f"{who}: run {E.mname(m)} for the event with {ANSWER}: its path (up to {E.mstats(m)[2]} MP), "
            "then one attack (an empty answer lets the bot run it)"
        )
    else:
        text = f"{who}: {E.hero_name(h)} is attacked by {w.why}; pick a reaction and rerolls with {ANSWER}"
    return Prompt(seat=w.seat, kind="reaction", text=text, default=options(state)[0])


def _tag(state: StarState, option: str) -> str:
    """A monster option as the board tags it (WE1), a space as it is."""
    m = E.find_monster(state, option)
    return E.monster_tag(m) if m is not None else option


def _pick(w, action: Action, what: str) -> str:
    ref = action.get("monster")
    if not isinstance(ref, str) or ref.strip().lower() not in w.options:
        raise RuleError(f"Choose the {what}: {', '.join(w.options)}.")
    return ref.strip().lower()


def check_answer(state: StarState, seat: int, action: Action) -> None:
    """Refuse an answer that does not fit the decision the game waits for (read only)."""
    w = state.wait
    want = WAIT_ACTIONS[w.kind]
    if seat != w.seat:
        raise RuleError(f"The game waits for {state.seats[w.seat]} to decide ({want}).")
    if action.get("type") != want:
        raise RuleError(f"First answer the {want} decision: /starcadia answer.")
    if w.kind in ("guard", "payer"):
        _pick(w, action, "guard that attacks first" if w.kind == "guard" else "monster that pays back")
    elif w.kind in ("shove", "place"):
        key, verb = ("to", "Shove into") if w.kind == "shove" else ("space", "Place it on")
        at = action.get(key)
        xy = B.parse_space(at) if isinstance(at, str) else None
        if xy is None or B.name(xy) not in w.options:
            raise RuleError(f"{verb} one of: {', '.join(w.options)}.")
    elif w.kind == "monster":
        _check_run(state, action)
    elif w.kind == "defend":
        _check_defence(state, action)


def _check_run(state: StarState, action: Action) -> None:
    """An event activation: a path for the monster, then at most one attack on a hero it can hit."""
    m = E.find_monster(state, state.wait.monster)
    if m is None:
        return
    ops = E.plan_monster_path(state, m, action.get("path", []))
    if ops and ops[-1][0] == "door":
        raise RuleError("A path ends on a space, not on a door.")
    end = ops[-1][1] if ops else m.pos
    target = action.get("target", "none")
    if not isinstance(target, str) or len(target) > 40:
        raise RuleError("The target is a hero's name or none.")
    first = action.get("first", "move")
    if first not in ("move", "attack"):
        raise RuleError("first is move (walk, then attack) or attack (attack, then walk).")
    target = target.strip().lower()
    if target not in ("", "none"):
        th = E.find_hero(state, target)
        if th is None or th.dead or not th.pos:
            raise RuleError("The target must be a hero on the board.")
        where = m.pos if first == "attack" else end
        if not E.monster_can_hit(state, E.board_of(state), m, where, th):
            raise RuleError(f"From {where} {E.mcard(m).name} cannot hit {E.hero_name(th)}.")
    elif first == "attack":
        raise RuleError("To attack first, name the target.")


def _check_defence(state: StarState, action: Action) -> None:
    h = E.find_hero(state, state.wait.hero)
    reaction, reroll = action.get("reaction", "none"), action.get("reroll", "on")
    if reroll not in ("on", "off", True, False):
        raise RuleError("reroll is on or off.")
    if not isinstance(reaction, str):
        raise RuleError("reaction is an upgrade name or none.")
    if reaction.strip().lower() not in ("none", "off", ""):
        card, _tok = E.resolve_upgrade(h, reaction, "reaction")
        if card.category != "reaction":
            raise RuleError(f"{card.name} is not a reaction.")
        if card not in E.ready_reactions(h):
            raise RuleError(f"{card.name} is exhausted.")


def answer(state: StarState, turn: Turn, seat: int, action: Action) -> None:
    """Apply the answer to the current wait, then let the engine run on."""
    check_answer(state, seat, action)
    w = state.wait
    if w.kind == "guard":
        uid = _pick(w, action, "guard that attacks first")
        task = state.todo[-1]
        task.picked = uid
        state.wait = None
        turn.say(f"{state.seats[seat]} sends {E.mname(E.find_monster(state, uid))} in first.")
    elif w.kind == "payer":
        uid = _pick(w, action, "monster that pays back")
        h = E.find_hero(state, w.hero)
        state.wait = None
        E.start_payback(state, turn, E.find_monster(state, uid), h, [u for u in w.options if u != uid])
    elif w.kind == "shove":
        h = E.find_hero(state, w.hero)
        state.wait = None
        E.shove(state, turn, h.pos, h.id, B.name(B.parse_space(action["to"])))
    elif w.kind == "place":
        state.wait = None
        E.spawn(state, turn, w.why, [B.parse_space(action["space"])])
    elif w.kind == "monster":
        m = E.find_monster(state, w.monster)
        if m is None:  # defensive: nothing can remove it while the game waits
            state.wait = None
            E.drain(state, turn)
            return
        ops = E.plan_monster_path(state, m, action.get("path", []))
        target = str(action.get("target", "none")).strip().lower()
        tid = "" if target in ("", "none") else target
        state.wait = None
        first = action.get("first", "move")
        E.run_activation(state, turn, m, ops, tid, "event", seat, attack_first=first == "attack")
    else:
        h = E.find_hero(state, w.hero)
        reaction, reroll = action.get("reaction", "none"), action.get("reroll", "on")
        rid = ""
        if reaction.strip().lower() not in ("none", "off", ""):
            rid = E.resolve_upgrade(h, reaction, "reaction")[0].id
        state.answers[h.id] = f"{rid}|{'on' if reroll in ('on', True) else 'off'}"
        state.wait = None
    E.drain(state, turn)
