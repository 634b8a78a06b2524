"""The ``/starcadia`` command table: every Starcadia Quest command declared once. Discord's slash commands,
the console's commands and completion, ``/starcadia help`` and the ``produces`` of each command (how a legal
action is typed) all come from here."""

from __future__ import annotations

from ..commands import Ctx, Table
from ..replies import COLOUR_GOOD, Reply
from ..spec import Command, CommandGroup, Option, help_page, register_group
from . import between, decide, play, produce, setup, suggest_more, suggestions, views
from .texts import HELP_INTRO

S = suggestions
M = suggest_more

SETUP, TURN, DECISIONS, BETWEEN, LOOKING = (
    "Setup",
    "Your turn",
    "Decisions in the middle of play",
    "Between scenarios",
    "Looking",
)


async def show_help(table: Table, ctx: Ctx) -> Reply:
    return Reply(title="Starcadia Quest commands", lines=help_page(GROUP), ephemeral=True, colour=COLOUR_GOOD)


def hero_option(help_text: str, suggest, *, required: bool = False) -> Option:
    return Option("hero", help_text, required=required, high=60, suggest=suggest)


SETUP_COMMANDS = (
    Command(
        "pick",
        "Draft: pick your heroes (2, or 1 per pick in the snake draft)",
        setup.pick,
        (Option("heroes", "Hero names, e.g. edge red", required=True, high=100, suggest=M.pick_heroes),),
        section=SETUP,
        example="heroes:edge red",
        produces=produce.pick,
    ),
    Command(
        "claim",
        "Claim a shuttle slot and place your heroes in it",
        setup.claim,
        (
            Option("slot", "Shuttle slot number", required=True, high=10, suggest=M.claim_slot),
            Option(
                "place", "Optional: hero:space for each hero, e.g. zip:C1 digits:D1", high=100, suggest=M.claim_place
            ),
        ),
        section=SETUP,
        example="slot:1",
        produces=produce.claim,
    ),
    Command(
        "gear",
        "Before play: give a hero exactly these upgrades (ally gets the rest)",
        setup.gear,
        (
            hero_option("Your hero", M.crew_hero, required=True),
            Option(
                "tokens",
                "Upgrades for this hero, comma separated (or none)",
                required=True,
                high=300,
                suggest=M.gear_tokens,
                placeholder="upgrades",
            ),
        ),
        section=SETUP,
        example="hero:edge tokens:pulse-blade, iron-fists",
        produces=produce.gear,
    ),
    Command(
        "prefs",
        "How a hero defends off-turn: auto-reroll and a standing reaction",
        setup.prefs,
        (
            hero_option("Your hero", M.crew_hero, required=True),
            Option("reroll", "Reroll failed defence dice", kind="bool"),
            Option("reaction", "Reaction to use, or none", high=60, suggest=M.prefs_reaction),
        ),
        section=SETUP,
        example="hero:edge reroll:yes reaction:none",
        produces=produce.prefs,
    ),
)

TURN_COMMANDS = (
    Command(
        "move",
        "Move a hero: spaces, portal <space>, door:E, hack, pickup (4 MP)",
        play.move,
        (
            Option("path", "e.g. B2 B3 portal C4 (pick a suggestion)", required=True, high=200, suggest=S.move_path),
            hero_option("Which hero (if not obvious)", S.move_hero),
        ),
        section=TURN,
        example="path:B2 B3 portal C4 hero:edge",
        produces=produce.move,
    ),
    Command(
        "attack",
        "Attack an enemy with one weapon and matching boosts",
        play.attack,
        (
            Option(
                "target", "Monster (WE1 as on the board) or rival hero", required=True, high=60, suggest=S.attack_target
            ),
            Option("weapon", "Ready weapon of the hero", high=60, suggest=S.attack_weapon),
            Option(
                "boosts", "Boosts of the same type, comma separated, all or none", high=200, suggest=S.attack_boosts
            ),
            hero_option("Which hero (if not obvious)", S.attack_hero),
            Option("shove", "Where a shoving attack pushes the target", high=10, suggest=S.attack_shove),
            Option(
                "grab",
                "If you kill a rival hero Close to you: the dropped token you snatch",
                high=20,
                suggest=S.attack_grab,
            ),
        ),
        section=TURN,
        example="target:WE1 weapon:pulse-blade boosts:iron-fists",
        produces=produce.attack,
    ),
    Command(
        "use",
        "Use a gadget: stimpack, recharge or hoverboard",
        play.use,
        (
            Option("gadget", "Which gadget", required=True, high=20, suggest=S.use_gadget),
            hero_option("Who uses it (if not obvious)", S.use_hero),
            Option("path", "Hoverboard: the ally's path", high=200, suggest=S.use_path),
        ),
        section=TURN,
        example="gadget:stimpack",
        produces=produce.use,
    ),
    Command(
        "end",
        "End your hero's activation: draw the event card, pass the turn",
        play.end,
        section=TURN,
        produces=produce.end,
    ),
    Command(
        "rest",
        "Rest the crew: ready upgrades, move tokens, bring the dead back",
        play.rest,
        (
            Option(
                "give", "Transfers token>hero, comma separated, e.g. pulse-blade>red", high=300, suggest=S.rest_give
            ),
            Option(
                "place",
                "Dead hero's return: hero:shuttle, hero:J4 (any free space of your shuttle) or a space Close to ally",
                high=100,
                suggest=S.rest_place,
            ),
        ),
        section=TURN,
        example="give:pulse-blade>red",
        produces=produce.rest,
    ),
)

DECISION_COMMANDS = (
    Command(
        "event",
        "Choose how the event card's monster acts (or leave it to the bot)",
        decide.event,
        (
            Option("figure", "Which figure acts (WE1 as on the board)", high=40, suggest=M.event_figure),
            Option(
                "target",
                "The hero it goes after (monsters=bot; else you run it with /starcadia answer)",
                high=60,
                suggest=M.event_target,
            ),
            Option("spawn", "Where it spawns", high=10, suggest=M.event_spawn),
        ),
        section=DECISIONS,
        example="figure:WE1",
        produces=produce.event,
    ),
    Command(
        "payback",
        "Run a monster's Payback: its path and attack (or the bot's)",
        decide.payback,
        (
            Option("path", "The monster's path, or stay", high=200, suggest=M.payback_path),
            Option("attack", "Attack the hero at the end", kind="bool"),
        ),
        section=DECISIONS,
        example="path:C4 C5 attack:yes",
        produces=produce.payback,
    ),
    Command(
        "answer",
        "Answer what the game waits for from you (guard, monster, shove, defence)",
        decide.answer,
        (
            Option(
                "choice",
                "Pick a suggestion; leave empty for the default (the bot's choice)",
                high=200,
                suggest=M.answer_choice,
            ),
        ),
        section=DECISIONS,
        produces=produce.answer,
    ),
)

BETWEEN_COMMANDS = (
    Command(
        "keep",
        "Episodic draft: keep 2 tokens from your hand",
        between.keep,
        (
            Option(
                "tokens", "Two upgrades from your hand, comma separated", required=True, high=200, suggest=M.keep_tokens
            ),
        ),
        section=BETWEEN,
        example="tokens:pulse-blade, iron-fists",
        produces=produce.keep,
    ),
    Command(
        "take",
        "Upgrade phase: take one upgrade on offer",
        between.take,
        (Option("token", "The upgrade to take", required=True, high=60, suggest=M.take_token),),
        section=BETWEEN,
        produces=produce.take,
    ),
    Command(
        "outfit",
        "Hand every upgrade to a hero (6 each); leftovers are discarded",
        between.outfit,
        (Option("loadout", "hero: token, token; hero: token ... or auto", high=400, suggest=M.outfit_loadout),),
        section=BETWEEN,
        example="loadout:auto",
        produces=produce.outfit,
    ),
    Command(
        "route",
        "Winner: choose the campaign's next scenario",
        between.route,
        (Option("scenario", "Next scenario", required=True, high=20, suggest=M.route_scenario),),
        section=BETWEEN,
        example="scenario:2A",
        produces=produce.route,
    ),
)

LOOKING_COMMANDS = (
    Command(
        "crew",
        "A crew dashboard: heroes, wounds, upgrades, gadgets (only you see it)",
        views.crew,
        (Option("crew", "Crew colour, player or hero (yours if empty)", high=40, suggest=M.crew_colour),),
        section=LOOKING,
        example="crew:blue",
    ),
    Command("monsters", "The monster dashboard (only you see it)", views.monsters, section=LOOKING),
    Command("quests", "This scenario's quests and who fulfilled them (only you see it)", views.quests, section=LOOKING),
    Command("campaign", "The campaign sheet (only you see it)", views.campaign, section=LOOKING),
    Command(
        "offer", "What you choose from now: draft hand, upgrades on offer, free heroes", views.offer, section=LOOKING
    ),
    Command("help", "How to play Starcadia Quest with these commands", show_help, section=LOOKING),
)

GROUP = register_group(
    CommandGroup(
        name="starcadia",
        help="Starcadia Quest: move, attack, rest and more",
        commands=SETUP_COMMANDS + TURN_COMMANDS + DECISION_COMMANDS + BETWEEN_COMMANDS + LOOKING_COMMANDS,
        sections=(TURN, DECISIONS, SETUP, BETWEEN, LOOKING),
        intro=HELP_INTRO,
    )
)
