"""How a game looks in a reply: the board message after anything happens, the lobby, the narration.

Pure functions of records and states (no storage): the Table gathers what they need and calls them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from render import render_board
from rules.core import BaseState, Event, GameSystem, Outcome, Prompt, RuleError, registry
from sessions.positions import Memo, legal_moves, public_moves, public_view
from sessions.service import VACANT, Update, is_bot
from sessions.store import GameRecord

from .replies import COLOUR_END, COLOUR_INFO, Button, Menu, Reply

MAX_BUTTONS = 4
"""Action buttons under a board (plus Status); longer choice lists go into a drop-down menu."""

MAX_MENU = 25
"""Discord's limit of options in one drop-down."""


def event_line(event: Event) -> str:
    if event.kind == "roll":
        return f"🎲 {event.text}"
    if event.kind == "turn":
        return f"**{event.text}**"
    if event.kind in ("warn", "end"):
        return f"__{event.text}__"
    if event.kind == "auto":
        return f"*{event.text}*"
    return event.text


def seat_names(record: GameRecord, state: BaseState) -> dict[str, str]:
    """Names the state was set up with that now belong to someone else (a seat changed hands)."""
    renamed = {}
    for seat in record.seats:
        if seat.seat < len(state.seats) and state.seats[seat.seat] != seat.name and seat.user_id != VACANT:
            renamed[state.seats[seat.seat]] = seat.name
    return renamed


def rename(text: str, renamed: dict[str, str]) -> str:
    """``text`` with the old seat names replaced by the players who sit there now."""
    for old, new in renamed.items():
        text = re.sub(rf"(?<!\w){re.escape(old)}(?!\w)", new, text)
    return text


def ending_title(system: GameSystem, record: GameRecord, outcome: Outcome, state: BaseState) -> str:
    """WIN or LOSS for a co-operative game, the winner's name for a competitive one."""
    if outcome.result == "loss":
        verdict = "LOSS"
    elif outcome.result == "draw":
        verdict = "DRAW"
    elif outcome.winners and len(outcome.winners) < len(state.seats):
        names = [record.seats[w].name if w < len(record.seats) else state.seats[w] for w in outcome.winners]
        verdict = f"{' and '.join(names)} {'wins' if len(names) == 1 else 'win'}"
    else:
        verdict = "WIN"
    return f"{system.name} · game #{record.id} · {verdict}"


def prompt_rows(record: GameRecord, prompts: Sequence[Prompt], renamed: dict[str, str]) -> str:
    rows = []
    for prompt in prompts[:6]:
        user = record.user_of(prompt.seat)
        if is_bot(user):
            who = f"{record.seats[prompt.seat].name} (bot)"
        elif user not in (None, VACANT):
            who = f"<@{user}>"
        else:
            who = "(empty seat: the host may /game timeout or /game addbot)"
        rows.append(f"{who} — {rename(prompt.text, renamed)}")
    return "\n".join(rows)


def _label(system: GameSystem, state: BaseState, action: dict) -> str:
    try:
        return system.action_label(state, action)
    except (RuleError, KeyError, IndexError, ValueError, TypeError):
        return system.format(action)


def action_controls(
    record: GameRecord,
    system: GameSystem,
    state: BaseState,
    seat: int,
    *,
    public: bool = True,
    memo: Memo | None = None,
) -> tuple[list[Button], Menu | None]:
    """Buttons for the most useful moves of ``seat`` and a drop-down of the others, in plain words.

    ``public`` controls go under the board for everyone to see: they are built from the public view
    alone, and only when the choice names nothing private (else none: the seat chooses in private).
    ``memo`` keeps them for the position (the next reply, autocomplete and the button press reuse them).
    """
    if memo is None:
        return _action_controls(record, system, state, seat, public, None)
    key = ("controls", seat, public)
    if key not in memo:
        memo[key] = _action_controls(record, system, state, seat, public, memo)
    buttons, menu = memo[key]
    return list(buttons), menu


def _action_controls(
    record: GameRecord, system: GameSystem, state: BaseState, seat: int, public: bool, memo: Memo | None
) -> tuple[tuple[Button, ...], Menu | None]:
    every = legal_moves(system, state, seat, memo)
    if public:
        legal = public_moves(system, state, seat, memo)
        shown = public_view(system, state, memo)
    else:
        legal, shown = every, state
    if not legal:
        return (), None
    ranked = list(dict.fromkeys(i for i in system.button_choices(shown, seat, legal) if 0 <= i < len(legal)))
    chosen = ranked[:MAX_BUTTONS]
    # The drop-down follows the game's ranking too, then the other moves in their order.
    others = ranked[MAX_BUTTONS:] + [i for i in range(len(legal)) if i not in ranked]
    rest = others[:MAX_MENU]
    labels = distinct_labels(
        [_label(system, shown, legal[i]) for i in chosen + rest],
        [BUTTON_LABEL] * len(chosen) + [MENU_LABEL] * len(rest),
    )
    buttons = [
        Button(label, f"sh:act:{record.id}:{record.version}:{seat}:{i}", "primary")
        for label, i in zip(labels, chosen, strict=False)
    ]
    menu = None
    if rest:
        options = tuple((label, str(i)) for label, i in zip(labels[len(chosen) :], rest, strict=True))
        placeholder = (
            "More moves…" if len(others) <= MAX_MENU else f"{MAX_MENU} more of {len(others)}: /actions lists all"
        )
        menu = Menu(placeholder, f"sh:act:{record.id}:{record.version}:{seat}", options)
    return tuple(buttons), menu


BUTTON_LABEL = 80
"""Discord's longest button label."""

MENU_LABEL = 100
"""Discord's longest label of a drop-down option."""


def distinct_labels(labels: Sequence[str], limits: Sequence[int]) -> list[str]:
    """Labels that fit their limits (a long one ends in "…") and that no two moves of one message share:
    a label that would repeat another gets its number among them (" (2)")."""
    out: list[str] = []
    seen: dict[str, int] = {}
    for label, limit in zip(labels, limits, strict=True):
        short = label if len(label) <= limit else label[: limit - 1] + "…"
        count = seen.get(short, 0) + 1
        seen[short] = count
        if count > 1:
            tail = f" ({count})"
            short = (short if len(short) + len(tail) <= limit else short[: limit - len(tail) - 1] + "…") + tail
        out.append(short)
    return out


PRIVATE_BUTTON = "sh:mine:{game}"
"""The button that opens the clicking player's own view and choices (only they see the answer)."""


def deciding_seats(record: GameRecord, prompts: Sequence[Prompt]) -> list[int]:
    """The seats of people (not bots) asked to decide now, in prompt order."""
    seats: list[int] = []
    for prompt in prompts:
        if prompt.seat not in seats and not is_bot(record.user_of(prompt.seat)):
            seats.append(prompt.seat)
    return seats


def public_controls(
    record: GameRecord, system: GameSystem, state: BaseState, prompts: Sequence[Prompt], memo: Memo | None = None
) -> tuple[list[Button], Menu | None, list[str]]:
    """What goes under the public board: the deciding seat's buttons when its choice is public; else one
    button that opens each player's own choices in private (and a line saying so)."""
    seats = deciding_seats(record, prompts)
    names = [record.seats[s].name if s < len(record.seats) else f"seat {s + 1}" for s in seats]
    private_id = PRIVATE_BUTTON.format(game=record.id)
    if len(seats) == 1:
        buttons, menu = action_controls(record, system, state, seats[0], public=True, memo=memo)
        if buttons or menu is not None:
            return buttons, menu, []
        line = f"{names[0]} chooses in private: press **Choose privately** (or use `/game view`)."
        return [Button("Choose privately", private_id, "primary")], None, [line]
    if len(seats) > 1:
        line = f"{', '.join(names)}: each of you chooses in private with **Your choices** (or `/game view`)."
        return [Button("Your choices", private_id, "primary")], None, [line]
    return [], None, []


def board_reply(
    update: Update,
    *,
    lead: str | None = None,
    actor_seat: int | None = None,
    viewer_seat: int | None = None,
    summary: bool = False,
    memo: Memo | None = None,
) -> Reply:
    """The standard answer after anything happens in a running game.

    The picture is the public view unless ``viewer_seat`` asks for that seat's private one; buttons
    belong to the seat that must decide (in a private view, only the viewer's own). ``summary`` adds
    the game's status lines (for /game status). ``memo``: the position's memo (see ``action_controls``).
    """
    record, state = update.game, update.state
    system = registry.get(record.system)
    lines = [lead] if lead else []
    renamed = seat_names(record, state) if state is not None else {}
    if actor_seat is not None and actor_seat < len(record.seats) and update.action_text:
        words = f"{update.action_words} · " if update.action_words else ""
        lines.append(f"**{record.seats[actor_seat].name}**: {words}`{update.action_text}`")
    lines += [rename(event_line(e), renamed) for e in update.events if e.visible_to is None]
    private = [e.text for e in update.events if e.visible_to is not None and e.visible_to == actor_seat]
    told = sorted(  # people (not bots, not empty seats) who were told something only they may see
        {
            e.visible_to
            for e in update.events
            if e.visible_to is not None and e.visible_to != actor_seat and (record.user_of(e.visible_to) or 0) > 0
        }
    )
    fields: list[tuple[str, str]] = []
    colour, title = COLOUR_INFO, f"{system.name} · game #{record.id}"
    buttons: list[Button] = []
    menu: Menu | None = None
    mentions: list[int] = []
    image = None
    if state is not None:
        seen: list[BaseState] = []  # the view the picture and summary show, worked out only when needed

        def shown() -> BaseState:
            if not seen:
                if viewer_seat is None:
                    seen.append(public_view(system, state, memo))
                else:
                    seen.append(system.view(state, viewer_seat))
            return seen[0]

        if summary:
            lines += [rename(line, renamed) for line in system.status_lines(shown())]
        outcome = system.outcome(state)
        if outcome is not None:
            colour, title = COLOUR_END, ending_title(system, record, outcome, state)
            fields.append(("Game over", rename(outcome.summary or outcome.result, renamed)))
        elif update.prompts:
            fields.append(("Now", prompt_rows(record, update.prompts, renamed)))
            mentions = update.waiting_users()
            if viewer_seat is None:
                buttons, menu, notes = public_controls(record, system, state, update.prompts, memo)
                lines += notes
            elif viewer_seat in {p.seat for p in update.prompts} and not is_bot(record.user_of(viewer_seat)):
                buttons, menu = action_controls(record, system, state, viewer_seat, public=False, memo=memo)
        if viewer_seat is None and told:
            names = [record.seats[s].name if s < len(record.seats) else f"seat {s + 1}" for s in told]
            lines.append(f"{', '.join(names)}: news only you may see, with **Your view** (or `/game view`).")
            if not any(b.custom_id == PRIVATE_BUTTON.format(game=record.id) for b in buttons):
                buttons.append(Button("Your view", PRIVATE_BUTTON.format(game=record.id)))
        events = [e for e in update.events if e.visible_to is None]
        picture_title = f"{system.name} · game #{record.id}"

        def image() -> bytes:  # drawn (in a worker thread) only when the reply is sent with its picture
            board = shown()
            return render_board(board, title=picture_title, description=system.describe(board), events=events)

    if record.status in ("lobby", "active"):
        buttons.append(Button("Status", f"sh:status:{record.id}"))
    return Reply(
        title=title,
        lines=lines or ["Nothing new."],
        fields=fields,
        image=image,
        mentions=mentions,
        buttons=buttons,
        menu=menu,
        colour=colour,
        footer=f"version {record.version}",
        private=private,
    )


def lobby_reply(record: GameRecord, lead: str) -> Reply:
    system = registry.get(record.system)
    labels = system.seat_labels(system.max_seats)
    seated = {s.seat: s for s in record.seats}
    lines = [lead, ""]
    for index in range(system.max_seats):
        player = seated.get(index)
        label = labels[index] if index < len(labels) else f"Seat {index + 1}"
        name = "— open —" if player is None else f"{player.name}{' (bot)' if is_bot(player.user_id) else ''}"
        lines.append(f"`{index + 1}` {label}: {name}")
    lines.append("")
    hint = system.lobby_hint(record.options)
    if hint:
        lines += [*hint, ""]
    lines.append(
        f"{system.name} seats {system.min_seats}–{system.max_seats}. Join with the button or "
        "`/game join`; the host starts with `/game start` and may fill seats with `/game addbot`."
    )
    fields = []
    if record.scenario:
        fields.append(("Scenario", record.scenario))
    if record.options:
        fields.append(("Options", ", ".join(f"{k}={v}" for k, v in record.options.items())))
    host = next((s.name for s in record.seats if s.user_id == record.host_id), "the host")
    return Reply(
        title=f"{system.name} · table #{record.id}",
        lines=lines,
        fields=fields,
        footer=f"Host: {host}",
        buttons=[
            Button("Join", f"sh:lobby:{record.id}:join", "primary"),
            Button("Leave", f"sh:lobby:{record.id}:leave"),
            Button("Start", f"sh:lobby:{record.id}:start", "success"),
        ],
    )
