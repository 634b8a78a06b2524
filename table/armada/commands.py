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

TURN, PLANNING, ENCOUNTER, COMBAT, MISSION, LOOKING = (
    "Your turn",
    "Planning",
    "Encounter",
    "Combat",
    "Away Mission",
    "Looking",
)
DIE = "Die number, e.g. 3 or #3 (see /armada view ship)"
CAPTAIN = "Captain: seat number, player or ship name"


async def show_help(table: Table, ctx: Ctx) -> Reply:
    return Reply(title="Deep Space D-6: Armada commands", lines=help_page(GROUP), ephemeral=True, colour=COLOUR_INFO)


def _die(command: str, help: str = DIE, *, required: bool = True) -> Option:
    return Option("die", help, required=required, high=10, suggest=suggest(command, "die"), placeholder="number")


COMMANDS = (
    Command(
        "start-turn",
        "Claim the turn before acting (your first action claims it too)",
        play.start_turn,
        section=TURN,
        produces=produce.start_turn,
    ),
    Command("end-turn", "End your Planning or Encounter turn", play.end_turn, section=TURN, produces=produce.end_turn),
    Command(
        "end-step",
        "Finish this step: Combat step 1, a shop or waystation visit; or take a choice's default",
        play.end_step,
        section=TURN,
        produces=produce.end_step,
    ),
    Command(
        "answer",
        "Answer a swap offer, or a choice: fall back, scrap split, vote, knocked-out die",
        play.answer,
        (
            Option(
                "reply",
                "accept or decline a swap; a planet, captain, die or split for a choice",
                required=True,
                high=60,
                suggest=suggest("answer", "reply"),
            ),
        ),
        section=TURN,
        example="reply:accept",
        produces=produce.answer,
    ),
    Command(
        "travel",
        "Planning: fly to a nearby planet",
        play.travel,
        (
            Option(
                "to",
                "The planet to fly to",
                required=True,
                high=40,
                suggest=suggest("travel", "to"),
                placeholder="planet",
            ),
        ),
        section=PLANNING,
        example="to:Kagawa",
        produces=produce.travel,
    ),
    Command(
        "repair",
        "Planning: roll your free crew; +1 Hull per Engineering",
        play.repair,
        section=PLANNING,
        produces=produce.repair,
    ),
    Command(
        "give",
        "Planning: give credits, a stored module or a hero to a captain at your planet",
        play.give,
        (
            Option("captain", CAPTAIN, required=True, high=40, suggest=suggest("give", "captain")),
            Option(
                "what",
                "credits, module or hero",
                required=True,
                high=10,
                suggest=suggest("give", "what"),
                placeholder="credits|module|hero",
            ),
            Option(
                "value",
                "How many credits (1 by default), or which module or hero",
                high=60,
                suggest=suggest("give", "value"),
            ),
        ),
        section=PLANNING,
        example="captain:2 what:credits value:2",
        produces=produce.give,
    ),
    Command(
        "trade",
        "Planning: offer a captain at your planet a swap (they accept or decline)",
        play.trade,
        (
            Option("captain", CAPTAIN, required=True, high=40, suggest=suggest("trade", "captain")),
            Option(
                "what",
                "What you give: credits, module or hero",
                required=True,
                high=10,
                suggest=suggest("trade", "what"),
                placeholder="credits|module|hero",
            ),
            Option(
                "value",
                "How many credits, or which of your modules or heroes",
                required=True,
                high=60,
                suggest=suggest("trade", "value"),
            ),
            Option(
                "for_what",
                "What you want back: credits, module or hero",
                required=True,
                high=10,
                suggest=suggest("trade", "for_what"),
                placeholder="credits|module|hero",
            ),
            Option(
                "for_value",
                "How many credits (1 by default), or which of theirs",
                high=60,
                suggest=suggest("trade", "for_value"),
            ),
        ),
        section=PLANNING,
        example="captain:2 what:module value:lotus-laser for_what:credits for_value:3",
        produces=produce.trade,
    ),
    Command(
        "buy",
        "Planning: open the shipyard (no module), or buy a module on offer",
        play.buy,
        (
            Option(
                "module",
                "Module on offer; leave empty to open the shipyard (one action)",
                high=60,
                suggest=suggest("buy", "module"),
            ),
        ),
        section=PLANNING,
        example="module:lotus-laser",
        produces=produce.buy,
    ),
    Command(
        "sell",
        "Shipyard (Violet Kashi): sell a stored module at full price",
        play.sell,
        (Option("module", "Module in your storage", required=True, high=60, suggest=suggest("sell", "module")),),
        section=PLANNING,
        produces=produce.sell,
    ),
    Command(
        "configure",
        "Shipyard: install a stored module on a station, or store one",
        play.configure,
        (
            Option("station", "Station 1 to 6", required=True, high=40, suggest=suggest("configure", "station")),
            Option(
                "module",
                "Stored module to install, or 'storage' to take it off",
                required=True,
                high=60,
                suggest=suggest("configure", "module"),
            ),
        ),
        section=PLANNING,
        example="station:2 module:lotus-laser",
        produces=produce.configure,
    ),
    Command(
        "hire",
        "Planning: visit the waystation (no hero), or hire a hero on offer",
        play.hire,
        (
            Option(
                "hero",
                "Hero for hire; leave empty to visit the waystation (one action)",
                high=60,
                suggest=suggest("hire", "hero"),
            ),
        ),
        section=PLANNING,
        produces=produce.hire,
    ),
    Command(
        "engage",
        "Encounter: fight a fleet here (with teammates) or the Savior",
        play.engage,
        (
            Option(
                "target",
                "Fleet number (or savior); the Savior names a captain",
                required=True,
                high=40,
                suggest=suggest("engage", "target"),
            ),
            Option(
                "teammates",
                "Captains joining you (Team Combat), e.g. 2 or 2,3",
                high=40,
                suggest=suggest("engage", "teammates"),
            ),
            Option(
                "frontline",
                "Captain taking the Lead Player badge (default: you)",
                high=40,
                suggest=suggest("engage", "frontline"),
            ),
        ),
        section=ENCOUNTER,
        example="target:1 teammates:2",
        produces=produce.engage,
    ),
    Command(
        "mission",
        "Encounter: answer a distress beacon here; with no beacon, deliver your cargo",
        play.mission,
        (
            Option(
                "beacon",
                "Beacon (event number); leave empty to deliver cargo",
                high=20,
                suggest=suggest("mission", "beacon"),
            ),
            Option(
                "teammates", "Captains joining you, e.g. 2 or 2,3", high=40, suggest=suggest("mission", "teammates")
            ),
        ),
        section=ENCOUNTER,
        example="beacon:12",
        produces=produce.mission,
    ),
    Command(
        "scan",
        "Iris Scanners: reveal a whole fleet (once per round)",
        play.scan,
        (Option("fleet", "Fleet number", required=True, high=20, suggest=suggest("scan", "fleet")),),
        section=ENCOUNTER,
        produces=produce.scan,
    ),
    Command(
        "assign",
        "Put a rolled die on a station, a mission section or the Swap card",
        play.assign,
        (
            _die("assign"),
            Option(
                "station",
                "Station 1-6 (or its module), infirmary, swap, or a mission section",
                required=True,
                high=40,
                suggest=suggest("assign", "station"),
            ),
            Option(
                "target",
                "Enemy to hit (1 = leftmost) or the choice offered; extra=3,5 adds dice",
                high=60,
                suggest=suggest("assign", "target"),
            ),
        ),
        section=COMBAT,
        example="die:3 station:1 target:2",
        produces=produce.assign,
    ),
    Command(
        "reroll",
        "Reroll dice before assigning any (AI Cores), or the enemy die (Relay)",
        play.reroll,
        (
            Option(
                "dice",
                "Numbers like 1,4, or all (default), blanks, or enemy",
                high=40,
                suggest=suggest("reroll", "dice"),
            ),
        ),
        section=COMBAT,
        example="dice:blanks",
        produces=produce.reroll,
    ),
    Command(
        "roll",
        "Roll again: gather for the next Combat round, or an Away Mission's next roll",
        play.roll,
        section=COMBAT,
        produces=produce.roll,
    ),
    Command(
        "escape",
        "Step 4: try to escape; then put dice on the Escape card",
        play.escape,
        (
            _die("escape", "Die for the Escape card (leave empty to start the attempt)", required=False),
            Option("hull_to_one", "Use any die and drop to Hull 1", kind="bool", placeholder="yes|no"),
        ),
        section=COMBAT,
        produces=produce.escape,
    ),
    Command(
        "ram",
        "Titan Arum Ram: lose Hull to deal that much Kinetic damage",
        play.ram,
        (
            Option("amount", "Hull to spend (1 or more)", required=True, high=3, suggest=suggest("ram", "amount")),
            Option("target", "Enemy (1 = leftmost)", high=20, suggest=suggest("ram", "target")),
        ),
        section=COMBAT,
        example="amount:2 target:1",
        produces=produce.ram,
    ),
    Command(
        "hero",
        "A hero's move in Combat: Lock On, Parley, Kino, Setsuna, Rose",
        play.hero,
        (
            Option(
                "ability",
                "Pick the hero move from the suggestions",
                required=True,
                high=60,
                suggest=suggest("hero", "ability"),
            ),
        ),
        section=COMBAT,
        produces=produce.hero,
    ),
    Command(
        "sacrifice",
        "Away Mission: send a die to the Infirmary to try again",
        play.sacrifice,
        (_die("sacrifice"),),
        section=MISSION,
        produces=produce.sacrifice,
    ),
    Command(
        "giveup",
        "Away Mission: give up (penalties apply, the event stays)",
        play.giveup,
        section=MISSION,
        produces=produce.giveup,
    ),
    Command(
        "view ship",
        "A ship sheet: stations, crew dice, heroes (only you see it)",
        views.view_ship,
        (Option("captain", "Whose ship (default: yours)", high=40, suggest=suggest("view ship", "captain")),),
        section=LOOKING,
    ),
    Command(
        "view fleets", "Enemy fleets; face-down cards stay hidden (only you see it)", views.view_fleets, section=LOOKING
    ),
    Command(
        "view events",
        "Distress beacons and their event cards (only you see it)",
        views.view_events,
        section=LOOKING,
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
