"""The ``/armada`` command table: every Deep Space D-6: Armada command declared once. Discord's slash
commands, the console's commands and completion, ``/armada help``, the moves listing and /actions (by
each command's ``produces``) all come from here."""

from __future__ import annotations

from ..commands import Ctx, Table
from ..replies import COLOUR_INFO, Reply
from ..spec import Command, CommandGroup, Option, help_page, register_group
from . import play, produce, views
from .suggestions import suggest
from .texts import HELP_INTRO

TURN, PLANNING, ENCOUNTER = "Your turn", "Planning", "Encounter"
COMBAT, MISSION, LOOKING = "Combat", "Away Mission", "Looking"
DIE = "Die number, e.g. 3 or #3 (see /armada view ship)"
CAPTAIN = "Captain: seat number, player or ship name"
WHAT = "credits|module|hero"


async def show_help(table: Table, ctx: Ctx) -> Reply:
    return Reply(title="Deep Space D-6: Armada commands", lines=help_page(GROUP), ephemeral=True, colour=COLOUR_INFO)


def opt(command: str, name: str, help: str, *, required: bool = False, high: int = 60, shown: str = "") -> Option:
    """A text option of ``/armada <command>`` whose suggestions come from legal() (suggestions.py)."""
    return Option(name, help, required=required, high=high, suggest=suggest(command, name), placeholder=shown)


def die(command: str, help: str = DIE, *, required: bool = True) -> Option:
    return opt(command, "die", help, required=required, high=10, shown="number")


def act(name: str, help: str, section: str, *options: Option, example: str = "") -> Command:
    """A command that plays an action: its handler in play.py and its ``produces`` in produce.py."""
    attr = name.replace("-", "_")
    handler, produces = getattr(play, attr), getattr(produce, attr)
    return Command(name, help, handler, options, section=section, example=example, produces=produces)


COMMANDS = (
    act("start-turn", "Claim the turn before acting (your first action claims it too)", TURN),
    act("end-turn", "End your Planning or Encounter turn", TURN),
    act("end-step", "Finish this step (Combat step 1, a shop or waystation visit) or take a default", TURN),
    act(
        "answer",
        "Answer a swap offer or a choice (fall back, scrap split, vote, knocked-out die)",
        TURN,
        opt("answer", "reply", "accept or decline a swap; a planet, captain, die or split for a choice", required=True),
        example="reply:accept",
    ),
    act(
        "travel",
        "Planning: fly to a nearby planet",
        PLANNING,
        opt("travel", "to", "The planet to fly to", required=True, high=40, shown="planet"),
        example="to:Kagawa",
    ),
    act("repair", "Planning: roll your free crew; +1 Hull per Engineering", PLANNING),
    act(
        "give",
        "Planning: give credits, a stored module or a hero to a captain here",
        PLANNING,
        opt("give", "captain", CAPTAIN, required=True, high=40),
        opt("give", "what", "credits, module or hero", required=True, high=10, shown=WHAT),
        opt("give", "value", "How many credits (1 by default), or which module or hero"),
        example="captain:2 what:credits value:2",
    ),
    act(
        "trade",
        "Planning: offer a captain at your planet a swap (they accept or decline)",
        PLANNING,
        opt("trade", "captain", CAPTAIN, required=True, high=40),
        opt("trade", "what", "What you give: credits, module or hero", required=True, high=10, shown=WHAT),
        opt("trade", "value", "How many credits, or which of your modules or heroes", required=True),
        opt("trade", "for_what", "What you want back: credits, module or hero", required=True, high=10, shown=WHAT),
        opt("trade", "for_value", "How many credits (1 by default), or which of theirs"),
        example="captain:2 what:module value:lotus-laser for_what:credits for_value:3",
    ),
    act(
        "buy",
        "Planning: open the shipyard (no module), or buy a module on offer",
        PLANNING,
        opt("buy", "module", "Module on offer; leave empty to open the shipyard (one action)"),
        example="module:lotus-laser",
    ),
    act(
        "sell",
        "Shipyard (Violet Kashi): sell a stored module at full price",
        PLANNING,
        opt("sell", "module", "Module in your storage", required=True),
    ),
    act(
        "configure",
        "Shipyard: install a stored module on a station, or store one",
        PLANNING,
        opt("configure", "station", "Station 1 to 6", required=True, high=40),
        opt("configure", "module", "Stored module to install, or 'storage' to take it off", required=True),
        example="station:2 module:lotus-laser",
    ),
    act(
        "hire",
        "Planning: visit the waystation (no hero), or hire a hero on offer",
        PLANNING,
        opt("hire", "hero", "Hero for hire; leave empty to visit the waystation (one action)"),
    ),
    act(
        "engage",
        "Encounter: fight a fleet here (with teammates) or the Savior",
        ENCOUNTER,
        opt("engage", "target", "Fleet number (or savior); the Savior names a captain", required=True, high=40),
        opt("engage", "teammates", "Captains joining you (Team Combat), e.g. 2 or 2,3", high=40),
        opt("engage", "frontline", "Captain taking the Lead Player badge (default: you)", high=40),
        example="target:1 teammates:2",
    ),
    act(
        "mission",
        "Encounter: answer a distress beacon here, or deliver your cargo",
        ENCOUNTER,
        opt("mission", "beacon", "Beacon (event number); leave empty to deliver cargo", high=20),
        opt("mission", "teammates", "Captains joining you, e.g. 2 or 2,3", high=40),
        example="beacon:12",
    ),
    act(
        "scan",
        "Iris Scanners: reveal a whole fleet (once per round)",
        ENCOUNTER,
        opt("scan", "fleet", "Fleet number", required=True, high=20),
    ),
    act(
        "assign",
        "Put rolled dice on a station, a mission section or the Swap card",
        COMBAT,
        opt("assign", "dice", "Die number(s): 3 or 3,5; suggested: the bot's placement", required=True, shown="number"),
        opt("assign", "station", "Station 1-6 or module, weapons, shields, infirmary, swap, section", high=40),
        opt("assign", "target", "Enemy number, or the choice offered; extra=3,5 adds dice"),
        example="dice:3,5 station:1 target:2",
    ),
    act(
        "reroll",
        "Reroll dice before assigning any (AI Cores), or the enemy die (Relay)",
        COMBAT,
        opt("reroll", "dice", "Numbers like 1,4, or all (default), blanks, or enemy", high=40),
        example="dice:blanks",
    ),
    act("roll", "Roll again: the next Combat round, or an Away Mission's next roll", COMBAT),
    act(
        "escape",
        "Step 4: try to escape; then put dice on the Escape card",
        COMBAT,
        die("escape", "Die for the Escape card (leave empty to start the attempt)", required=False),
        Option("hull_to_one", "Use any die and drop to Hull 1", kind="bool", placeholder="yes|no"),
    ),
    act(
        "ram",
        "Titan Arum Ram: lose Hull to deal that much Kinetic damage",
        COMBAT,
        opt("ram", "amount", "Hull to spend (1 or more)", required=True, high=3),
        opt("ram", "target", "Enemy (1 = leftmost)", high=20),
        example="amount:2 target:1",
    ),
    act(
        "hero",
        "A hero's move in Combat: Lock On, Parley, Kino, Setsuna, Rose",
        COMBAT,
        opt("hero", "ability", "Pick the hero move from the suggestions", required=True),
    ),
    act("sacrifice", "Away Mission: send a die to the Infirmary to try again", MISSION, die("sacrifice")),
    act("giveup", "Away Mission: give up (penalties apply, the event stays)", MISSION),
    Command(
        "view ship",
        "A ship sheet: stations, crew dice, heroes (only you see it)",
        views.view_ship,
        (opt("view ship", "captain", "Whose ship (default: yours)", high=40),),
        section=LOOKING,
    ),
    Command(
        "view fleets", "Enemy fleets; face-down cards stay hidden (only you see it)", views.view_fleets, section=LOOKING
    ),
    Command(
        "view events", "Distress beacons and their event cards (only you see it)", views.view_events, section=LOOKING
    ),
    Command(
        "view map", "The planet map: links, shipyards, who is where (only you see it)", views.view_map, section=LOOKING
    ),
    Command(
        "view moves",
        "Everything you may do right now, written as commands (only you see it)",
        views.view_moves,
        section=LOOKING,
    ),
    Command("help", "How to play Deep Space D-6: Armada with these commands", show_help, section=LOOKING),
)

GROUP = register_group(
    CommandGroup(
        name="armada",
        help="Deep Space D-6: Armada: captain your starship",
        commands=COMMANDS,
        sections=(TURN, PLANNING, ENCOUNTER, COMBAT, MISSION, LOOKING),
        intro=HELP_INTRO,
        subgroup_help={"view": "Look at ships, fleets, events and the map"},
    )
)
