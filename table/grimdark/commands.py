"""The ``/grimdark`` command table: every Grimdark command declared once. Discord's slash commands, the
console's commands and completion, ``/grimdark help`` and the ``produces`` of each command (how a legal
action is typed) all come from here."""

from __future__ import annotations

from rules.grimdark.content import content

from ..commands import Ctx, Table
from ..replies import COLOUR_INFO, Reply
from ..spec import Command, CommandGroup, Option, help_page, register_group
from . import play, suggest, views
from .produce import plays

ACT, SKILLS, SETUP, LOOK = "Activating a hero", "Skills, spells and items", "Deployment, camp and orders", "Looking"


def hero_lines() -> list[str]:
    """How to choose the party, and the heroes to choose from."""
    heroes = content().heroes.values()
    return [
        "",
        "**Choosing heroes**: when opening the table, `/game new system:grimdark options:heroes=kessa+orrin+ash` "
        "(2 to 4 heroes, at least one per player; `heroes=3`: a ready-made party of three). The heroes:",
        *(f"• `{h.key}` {h.name}, {h.role}" for h in heroes),
    ]


async def show_help(table: Table, ctx: Ctx) -> Reply:
    return Reply(
        title="Grimdark Future Star Quest commands",
        lines=[*help_page(GROUP), *hero_lines()],
        ephemeral=True,
        colour=COLOUR_INFO,
    )


def hero() -> Option:
    return Option("hero", "Hero (default: the one acting)", high=40, suggest=suggest.hero_option())


def end() -> Option:
    return Option("end", "End the hero's activation afterwards", kind="bool")


def then_skill() -> tuple[Option, Option]:
    return (
        Option("skill", "Then a Skill action, e.g. discover", high=40, suggest=suggest.field_option("skill", "skill")),
        Option(
            "on",
            "What the skill is used on",
            high=40,
            suggest=suggest.field_option("skill", "target", where={"skill": "skill"}),
        ),
    )


def shoot(kind: str) -> Option:
    return Option(
        "shoot",
        "Enemy unit to shoot (after moving)",
        high=40,
        suggest=suggest.field_option(kind, "shoot", where={"to": "to"} if kind == "advance" else None),
    )


LIMITED = Option("limited", "Also fire Limited weapons (once per mission)", kind="bool")
JUMP = Option("jump", "Jump gaps and drops (Dex tests; a fail is a fall)", kind="bool")

COMMANDS = (
    Command(
        "advance",
        'Advance 6" and shoot; skill and end:yes finish the activation',
        play.advance,
        (
            Option(
                "to", "Cell to move to, e.g. F12", required=True, high=8, suggest=suggest.field_option("advance", "to")
            ),
            hero(),
            shoot("advance"),
            JUMP,
            LIMITED,
            *then_skill(),
            end(),
        ),
        section=ACT,
        example="hero:kessa to:F12 shoot:S1 skill:discover on:T2 end:yes",
        produces=plays("advance"),
    ),
    Command(
        "rush",
        'Rush 12" (no shooting)',
        play.rush,
        (
            Option("to", "Cell to move to", required=True, high=8, suggest=suggest.field_option("rush", "to")),
            hero(),
            JUMP,
            *then_skill(),
            end(),
        ),
        section=ACT,
        example="hero:ash to:K20",
        produces=plays("rush"),
    ),
    Command(
        "hold",
        "Hold position and shoot",
        play.hold,
        (hero(), shoot("hold"), LIMITED, *then_skill(), end()),
        section=ACT,
        example="hero:kessa shoot:S1",
        produces=plays("hold"),
    ),
    Command(
        "charge",
        'Charge 12" into melee with an enemy unit',
        play.charge,
        (
            Option(
                "target",
                "Enemy unit to charge",
                required=True,
                high=40,
                suggest=suggest.field_option("charge", "target"),
            ),
            hero(),
            Option("to", "The contact cell (left out: the nearest)", high=8),
            end(),
        ),
        section=ACT,
        example="hero:ash target:B1",
        produces=plays("charge"),
    ),
    Command(
        "rest",
        "Rest: power back to full, and nothing else this activation",
        play.rest,
        (hero(),),
        section=ACT,
        produces=plays("rest"),
    ),
    Command(
        "start",
        "Roll for conditions or dangerous ground before acting",
        play.start,
        (hero(),),
        section=ACT,
        produces=plays("start"),
    ),
    Command(
        "done",
        "End the hero's activation (a Shaken hero recovers)",
        play.done,
        (hero(),),
        section=ACT,
        produces=plays("done"),
    ),
    Command(
        "skill",
        "Use a Skill action: discover, push, scurry or a hero skill",
        play.skill,
        (
            Option("skill", "Which skill", required=True, high=40, suggest=suggest.field_option("skill", "skill")),
            hero(),
            Option(
                "on",
                "Target: a token, an enemy unit, a hero or a cell",
                high=40,
                suggest=suggest.field_option("skill", "target", where={"skill": "skill"}),
            ),
            end(),
        ),
        section=SKILLS,
        example="hero:orrin skill:patch-up on:kessa",
        produces=plays("skill"),
    ),
    Command(
        "cast",
        "Cast a spell (before attacking); boost: extra tokens, +1 each",
        play.cast,
        (
            Option("spell", "Which spell", required=True, high=40, suggest=suggest.field_option("cast", "spell")),
            hero(),
            Option(
                "on",
                "Target unit or hero",
                high=40,
                suggest=suggest.field_option("cast", "target", where={"spell": "spell"}),
            ),
            Option("boost", "Extra spell tokens for +1 each", kind="int", low=0, high=6),
        ),
        section=SKILLS,
        example="hero:ysolde spell:psy-bolt on:S1 boost:1",
        produces=plays("cast"),
    ),
    Command(
        "revive",
        'Revive an unconscious hero within 3" (Skill action, 2 power)',
        play.revive,
        (
            Option(
                "target",
                "The unconscious hero",
                required=True,
                high=40,
                suggest=suggest.field_option("revive", "target"),
            ),
            hero(),
        ),
        section=SKILLS,
        example="hero:orrin target:kessa",
        produces=plays("revive"),
    ),
    Command(
        "use",
        'Use a consumable on yourself or a hero within 3" (Skill action)',
        play.use,
        (
            Option("item", "Which item", required=True, high=40, suggest=suggest.complete_carried),
            hero(),
            Option(
                "on",
                "The hero it is used on (left out: yourself)",
                high=40,
                suggest=suggest.field_option("use", "target"),
            ),
        ),
        section=SKILLS,
        example="hero:orrin item:medkit on:kessa",
        produces=plays("use"),
    ),
    Command(
        "give",
        'Hand an item to a hero within 3" (Skill action)',
        play.give,
        (
            Option("item", "Which item", required=True, high=40, suggest=suggest.complete_carried),
            Option("to", "The hero who takes it", required=True, high=40, suggest=suggest.field_option("give", "to")),
            hero(),
        ),
        section=SKILLS,
        example="hero:kessa item:data-core to:orrin",
        produces=plays("give"),
    ),
    Command(
        "take",
        'Take an item from an unconscious hero within 1" (Skill action)',
        play.take,
        (
            Option("item", "Which item", required=True, high=40, suggest=suggest.field_option("take", "item")),
            Option(
                "holder",
                "The unconscious hero carrying it",
                required=True,
                high=40,
                suggest=suggest.field_option("take", "from"),
            ),
            hero(),
        ),
        section=SKILLS,
        example="hero:orrin item:data-core holder:kessa",
        produces=plays("take"),
    ),
    Command(
        "arrive",
        'Bring an Ambush hero in, over 9" from enemies (start of round 2 on)',
        play.arrive,
        (
            Option("to", "Cell to arrive on", required=True, high=8, suggest=suggest.field_option("arrive", "to")),
            hero(),
        ),
        section=ACT,
        example="hero:rook to:C40",
        produces=plays("arrive"),
    ),
    Command(
        "deploy",
        'Before round 1: place a hero (Scouts: 12" ahead; Ambush: in reserve)',
        play.deploy,
        (
            Option("to", "A cell, or reserve", required=True, high=8, suggest=suggest.field_option("deploy", "to")),
            hero(),
        ),
        section=SETUP,
        example="hero:rook to:X33",
        produces=plays("deploy"),
    ),
    Command("ready", "Done deploying, or done at camp", play.ready, section=SETUP, produces=plays("ready")),
    Command(
        "train",
        "At camp: spend a hero's XP on an advance",
        play.train,
        (
            Option(
                "advance",
                "power, tou, str, dex, wil, qua or skill",
                required=True,
                high=20,
                suggest=suggest.complete_advance_kind,
            ),
            hero(),
            Option(
                "skill", "The skill to learn (advance:skill)", high=40, suggest=suggest.field_option("train", "skill")
            ),
        ),
        section=SETUP,
        example="hero:kessa advance:skill skill:sprint",
        produces=plays("train"),
    ),
    Command(
        "order",
        "Standing orders for optional power spends (tests, Shaken, falls...)",
        play.order,
        (
            Option("key", "Which order", required=True, high=20, suggest=suggest.complete_order_key),
            Option(
                "value",
                "off, safe, always or ask (dispel: 0-3 tokens)",
                required=True,
                high=10,
                suggest=suggest.complete_order_value,
            ),
            hero(),
        ),
        section=SETUP,
        example="hero:kessa key:tests value:always",
        produces=plays("policy"),
    ),
    Command(
        "answer",
        "Answer: pay for a failed roll (order: ask), or who takes odd Blast hits",
        play.answer,
        (
            Option("pay", "yes: pay and succeed; no: it stays failed", kind="bool"),
            Option(
                "odd",
                "Blast: who takes the odd hits, e.g. S2+S3",
                high=40,
                suggest=suggest.field_option("answer", "odd"),
            ),
            hero(),
        ),
        section=SETUP,
        example="odd:S2",
        produces=plays("answer"),
    ),
    Command(
        "los",
        "Line of sight, distance and cover between two places",
        views.los,
        (
            Option("source", "From: a cell, hero or unit", required=True, high=20, suggest=suggest.complete_place),
            Option(
                "to",
                "To: a cell, hero, unit, token or objective",
                required=True,
                high=20,
                suggest=suggest.complete_place,
            ),
        ),
        section=LOOK,
        example="source:kessa to:S1",
    ),
    Command(
        "range",
        "Where a hero can move (drawn), shoot and charge",
        views.ranges,
        (hero(),),
        section=LOOK,
        example="hero:rook",
    ),
    Command(
        "sheet",
        "Hero sheets: stats, weapons, skills, XP and orders",
        views.sheet,
        (Option("hero", "One hero (left out: all)", high=40, suggest=suggest.complete_hero_any),),
        section=LOOK,
    ),
    Command("roster", "The enemy units on the table", views.roster, section=LOOK),
    Command("briefing", "The mission: goal, zones, objectives and tokens", views.briefing, section=LOOK),
    Command("help", "How to play Grimdark Future Star Quest here", show_help, section=LOOK),
)

GROUP = register_group(
    CommandGroup(
        name="grimdark",
        help="Grimdark Future Star Quest: your heroes' actions and views",
        commands=COMMANDS,
        sections=(ACT, SKILLS, SETUP, LOOK),
        intro=(
            "Heroes act first, in any order: one action plus one Skill action, and one more action for 2 power.",
            "Cells are typed as a column letter and a row number (F12; columns AA to AV past Z).",
            "A whole activation in one command:",
            "`/grimdark advance hero:kessa to:F12 shoot:S1 skill:discover on:T2 end:yes`.",
            "The enemy acts when the last hero is done; every die is shown. Rules: `/rules system:grimdark`.",
        ),
    )
)
