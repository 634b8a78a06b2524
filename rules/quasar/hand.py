"""A player's own cards in words: what their private view lists, numbered as the secret commands
count them (only that player ever sees it)."""

from __future__ import annotations

from .content import content
from .layers import hand_size
from .state import QuasarState, owned_key
from .text import card_label, card_lines
from .zones import active_projects, cards_in, hand


def describe_card(key: str) -> str:
    """A card's label and rules text (made once per card key: a hand is listed on every reply)."""
    c = content()
    found = c.descriptions.get(key)
    if found is None:
        lines = card_lines(key)
        found = c.descriptions[key] = card_label(key) + (": " + "; ".join(lines) if lines else "")
    return found


def hand_lines(st: QuasarState, seat: int) -> list[str]:
    """The player's own cards, numbered as the secret commands count them."""
    ids = hand(st, seat)
    lines = [f"**Your hand** ({len(ids)}/{hand_size(st, seat)}):"]
    lines += [f"`{i}` {describe_card(st.cards[cid].key)}" for i, cid in enumerate(ids, 1)] or ["(empty)"]
    if st.committed and st.committed[seat] and st.commits and st.commits[seat]:
        chosen = ", ".join(f"#{i}" for i in st.commits[seat])
        lines.append(f"Committed in secret: {chosen} (revealed when everyone has committed).")
    ranks = cards_in(st, owned_key("ranks", seat))
    if ranks:  # numbered by Rank value, the number /quasar rank takes
        by_value = sorted((content().cards[k].rank, k) for k in (st.cards[c].key for c in ranks) if k)
        shown = ", ".join(f"`{value}` {content().cards[k].name}" for value, k in by_value)
        lines.append(f"Unused Rank Cards (`/quasar rank card:<number>`): {shown}")
    if st.picked and st.picked[seat] and st.picks and st.picks[seat]:
        picked = st.cards[ranks[st.picks[seat] - 1]].key
        lines.append(f"Picked in secret for this Act: {card_label(picked)}.")
    stock = cards_in(st, owned_key("stockpile", seat))
    if stock:
        lines.append("Stockpile: " + ", ".join(card_label(st.cards[c].key) for c in stock))
    projects = active_projects(st, seat)
    if projects:
        progress = ", ".join(str(st.cards[c].progress) for c in projects)
        lines.append(f"Active Projects (face-down, even to you): {len(projects)}, progress {progress}.")
    lines.append(
        f"Glory {st.glory[seat]} · Lessons {st.lessons[seat]} · deck {len(cards_in(st, owned_key('deck', seat)))}"
    )
    return lines
