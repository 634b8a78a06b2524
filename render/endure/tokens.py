"""The tokens of the Endure map: what stands in each zone, and how each kind of token is drawn.

Every token has a shape of its own and a tag written on it, so nothing is told by colour alone:

- a survivor is an oval in the player's colour with its class (Ca, Md...); the one acting now has a
  thick white rim;
- enemies of one type in one zone share a square with their count and type (``3Sw``: three
  Swarmers); a boss is a darker square with a yellow edge, a stunned group is hollow, the mission's
  marked target carries a ``!``; a reprogrammed Sentry is a green square with ``+``;
- a face-down radar contact is a grey diamond with ``?`` (one diamond per contact); one holding the
  marked target is a purple diamond with ``!``;
- noise is a yellow square with its level (``N2``), an objective a hexagon with its colour's letter,
  ``EXIT`` an exit, ``LDR`` the Exo Loader nobody pilots, ``+3`` three more tokens than the zone can show.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import ImageDraw

from rules.endure.content import content
from rules.endure.state import EndureState
from rules.endure.words import class_tag

from .style import (
    ALLY,
    BACKGROUND,
    BOSS,
    CHIP,
    DOOR_OPEN,
    DOOR_SHUT,
    ENEMY,
    HIGHLIGHT,
    INK,
    MARKED,
    MUTED,
    NOISE,
    OBJECTIVE_COLOURS,
    PANEL,
    RADAR,
    enemy_tag,
    face,
    length,
    objective_tag,
    seat_colour,
)

PAD = 4
"""Room left and right of a square token's tag."""

ROUND = ("survivor", "acting")
DIAMOND = ("radar", "marked")
FOES = ("enemy", "boss", "stunned", "ally")


@dataclass(frozen=True)
class Token:
    """One token on the map: its kind (which shape), its label, how many it stands for and what it is."""

    kind: str
    label: str
    colour: str
    meaning: str
    count: int = 1
    mark: str = ""
    """'!' on the mission's marked target, '+' on a friendly Sentry."""

    @property
    def tag(self) -> str:
        """What is written on the token: the count (when more than one), the label and the mark."""
        return (str(self.count) if self.count > 1 else "") + self.label + self.mark

    @property
    def width(self) -> int:
        if self.kind in ("objective", *DIAMOND):
            return CHIP
        if self.kind in ROUND:
            return CHIP + 8
        return max(CHIP, int(length(self.tag, face(bold=True))) + 2 * PAD)

    def words(self) -> str:
        """The token in words: 'Marine Kovac', '3 Swarmers (stunned)', '2 radar contacts', 'noise 2'."""
        many = "s" if self.count > 1 else ""
        if self.kind in FOES:
            extra = {"stunned": " (stunned)", "ally": " (friendly)", "boss": " (boss)"}.get(self.kind, "")
            marked = " (the marked target)" if self.mark == "!" else ""
            plural = self.meaning if self.count == 1 or self.meaning.endswith("s") else self.meaning + "s"
            return f"{self.count} {plural}{extra}{marked}"
        if self.kind in DIAMOND:
            return f"{self.count} radar contact{many}" + (" (the marked target)" if self.kind == "marked" else "")
        if self.kind == "noise":
            return f"noise {self.label[1:]}"
        if self.kind == "objective":
            return f"the {self.meaning} objective"
        return self.meaning


def acting(st: EndureState) -> int:
    """The survivor whose turn it is, or -1 (also while a trade offer waits for an answer)."""
    if st.phase == "survivors" and st.turn_pos < len(st.order) and st.offer is None:
        return st.order[st.turn_pos]
    return -1


def _counted(keys: list[tuple]) -> list[tuple[tuple, int]]:
    counts: dict[tuple, int] = {}
    for key in keys:
        counts[key] = counts.get(key, 0) + 1
    return sorted(counts.items())


def zone_tokens(st: EndureState) -> dict[str, list[Token]]:
    """Every zone's tokens, most important first: survivors (the acting one leading), bosses, enemies,
    contacts, allies, noise, objectives, the Loader, the exit."""
    c = content()
    out: dict[str, list[Token]] = {}

    def put(zone: str, token: Token) -> None:
        out.setdefault(zone, []).append(token)

    now = acting(st)
    for i in sorted(range(len(st.survivors)), key=lambda k: k != now):
        s = st.survivors[i]
        if s.alive and not s.exited:
            card = c.survivors[s.key]
            put(
                s.zone,
                Token("acting" if i == now else "survivor", class_tag(card.klass), seat_colour(s.seat), card.name),
            )
    foes = _counted([(not c.enemies[e.kind].boss, e.zone, e.kind, e.stunned, e.marked) for e in st.enemies])
    for (ordinary, zone, kind, stunned, marked), n in foes:
        shape = "stunned" if stunned else "enemy" if ordinary else "boss"
        colour = ENEMY if ordinary else BOSS
        put(zone, Token(shape, enemy_tag(kind), colour, c.enemies[kind].name, n, "!" if marked else ""))
    for tok in sorted(st.radar, key=lambda t: (not t.marked, t.id)):  # one diamond each: a count would not fit
        if tok.marked:
            put(tok.zone, Token("marked", "!", MARKED, "radar contact"))
        else:
            put(tok.zone, Token("radar", "?", RADAR, "radar contact"))
    for (zone, kind), n in _counted([(a.zone, a.kind) for a in st.allies]):
        put(zone, Token("ally", enemy_tag(kind), ALLY, c.enemies[kind].name, n, "+"))
    for noise in st.noise:
        put(noise.zone, Token("noise", f"N{noise.level}", NOISE, "noise"))
    for o in st.objectives:
        if not o.done:
            put(o.zone, Token("objective", objective_tag(o.colour), OBJECTIVE_COLOURS.get(o.colour, INK), o.colour))
    if st.loader_zone and st.loader_pilot < 0:  # a piloted Loader is where its pilot is
        put(st.loader_zone, Token("loader", "LDR", HIGHLIGHT, "the Exo Loader"))
    for z in c.missions[st.mission].exits:
        put(z, Token("exit", "EXIT", DOOR_OPEN if st.exits_open else DOOR_SHUT, "the exit"))
    return out


def more(n: int) -> Token:
    """The token that stands for ``n`` tokens a zone has no room to show."""
    return Token("more", f"+{n}", MUTED, "more")


def draw(d: ImageDraw.ImageDraw, token: Token, x: int, y: int) -> None:
    """Draw ``token`` with its top-left corner at (x, y)."""
    w = token.width
    box = (x, y, x + w, y + CHIP)
    ink = "#000000"
    if token.kind in ("survivor", "acting"):
        edge, thick = (INK, 4) if token.kind == "acting" else ("#000000", 2)
        d.ellipse(box, fill=token.colour, outline=edge, width=thick)
    elif token.kind in DIAMOND:
        r = w // 2
        d.regular_polygon((x + r, y + CHIP // 2, r), 4, rotation=45, fill=token.colour, outline="#000000")
    elif token.kind == "objective":
        d.regular_polygon((x + w // 2, y + CHIP // 2, CHIP // 2), 6, fill=BACKGROUND, outline=token.colour, width=3)
        ink = token.colour
    elif token.kind == "stunned":
        d.rounded_rectangle(box, radius=6, fill=BACKGROUND, outline=ENEMY, width=3)
        ink = INK
    elif token.kind in ("enemy", "boss"):
        edge, thick = (HIGHLIGHT, 3) if token.kind == "boss" else ("#000000", 1)
        d.rounded_rectangle(box, radius=6, fill=token.colour, outline=edge, width=thick)
        ink = INK
    elif token.kind in ("exit", "loader", "more"):
        ground = PANEL if token.kind == "more" else BACKGROUND
        d.rounded_rectangle(box, radius=4, fill=ground, outline=token.colour, width=2)
        ink = INK if token.kind == "more" else token.colour
    else:  # noise, ally
        d.rounded_rectangle(box, radius=6, fill=token.colour, outline="#000000", width=1)
    d.text((x + w / 2, y + CHIP / 2), token.tag, font=face(bold=True), fill=ink, anchor="mm")
