"""The ``/endure`` command table: every Endure command declared once. Discord's slash commands, the
console's commands and completion, ``/endure help`` and the ``produces`` of each command (how a legal
action is typed) all come from here."""

from __future__ import annotations

from ..commands import Ctx, Table
from ..replies import COLOUR_INFO, Reply
from ..spec import Command, CommandGroup, Option, help_page, register_group
from . import play, produce, refuge, suggest_more, suggestions, views
from .texts import HELP_INTRO

S = suggestions
M = suggest_more

MOVING, ITEMS, TURN, LOOKING, REFUGE = "Moving and fighting", "Items and trades", "Your turn", "Looking", "The Refuge"


async def show_help(table: Table, ctx: Ctx) -> Reply:
    return Reply(title="Endure the Stars commands", lines=help_page(GROUP), ephemeral=True, colour=COLOUR_INFO)


COMMANDS = (
    Command(
        "move",
        "Move one zone (1 action), or a path of zones (1 action each)",
        play.move,
        (
            Option(
                "to",
                "Zone to move to, or several separated by spaces: SEC-a SEC-z",
                required=True,
                high=100,
                suggest=S.complete_move,
                placeholder="zone",
            ),
        ),
        section=MOVING,
        example="to:SEC-a SEC-z",
        produces=produce.move,
    ),
    Command(
        "attack",
        "Attack a zone with a weapon (1 action)",
        play.attack,
        (
            Option("zone", "Target zone", required=True, high=40, suggest=S.complete_attack_zone),
            Option("weapon", "Weapon to use (optional when only one can reach)", high=60, suggest=S.complete_weapon),
            Option(
                "kill",
                "Damage split: enemy types to hit first, e.g. jaeger swarmer",
                high=100,
                suggest=S.complete_kill,
                placeholder="enemies",
            ),
            Option(
                "objective",
                "An objective to break instead of enemies (doors, terminals)",
                high=40,
                suggest=S.complete_attack_objective,
            ),
            Option(
                "step", "Juggernaut: the zone to step into as part of a melee attack", high=40, suggest=S.complete_step
            ),
        ),
        section=MOVING,
        example="zone:LAB-a weapon:pistol kill:jaeger swarmer",
        produces=produce.attack,
    ),
    Command("search", "Search this room for an item (1 action)", play.search, section=ITEMS, produces=produce.search),
    Command(
        "keep",
        "Keep the item you just found, dropping one if you have no room",
        play.keep,
        (
            Option("item", "The found card to keep", high=60, suggest=S.complete_keep),
            Option("drop", "A carried item to drop for room", high=60, suggest=S.complete_drop),
        ),
        section=ITEMS,
        example="item:shotgun drop:swarmer-leg",
        produces=produce.keep,
    ),
    Command("leave", "Leave the item you just found behind", play.leave, section=ITEMS, produces=produce.leave),
    Command(
        "interact",
        "Use a switch, objective or event trigger in your zone (1 action)",
        play.interact,
        (Option("objective", "Which objective (optional when there is one)", high=40, suggest=S.complete_objective),),
        section=MOVING,
        example="objective:green",
        produces=produce.interact,
    ),
    Command(
        "ability",
        "Use your active (once a turn) or crisis (once a mission) ability",
        play.ability,
        (
            Option(
                "which",
                "active or crisis",
                required=True,
                high=20,
                suggest=S.complete_ability_which,
                placeholder="active|crisis",
            ),
            Option("choice", "Its target: a survivor, zone, door or path", high=100, suggest=S.complete_ability_choice),
        ),
        section=TURN,
        example="which:active choice:Marine Kovac",
        produces=produce.ability,
    ),
    Command(
        "reward",
        "Spend your unlocked Accomplishment reward",
        play.reward,
        (
            Option("choice", "Its target where it needs one", high=100, suggest=S.complete_reward_choice),
            Option("kind", "Snipe: which enemy type to drop", high=40, suggest=S.complete_reward_kind),
        ),
        section=TURN,
        produces=produce.reward,
    ),
    Command(
        "trade",
        "Swap items with a survivor in your zone (1 action)",
        play.trade,
        (
            Option("partner", "The survivor to trade with", required=True, high=60, suggest=S.complete_partner),
            Option(
                "give",
                "Your items (or objective colours) to hand over, separated by spaces",
                high=100,
                suggest=S.complete_give,
                placeholder="items",
            ),
            Option(
                "take",
                "Their items (or objective colours) to take, separated by spaces",
                high=100,
                suggest=S.complete_take,
                placeholder="items",
            ),
        ),
        section=ITEMS,
        example="partner:Lindqvist give:pistol take:med-kit",
        produces=produce.trade,
    ),
    Command(
        "answer",
        "Accept or turn down a trade offered to you",
        play.answer,
        (Option("reply", "yes or no", required=True, high=10, suggest=S.complete_answer, placeholder="yes|no"),),
        section=ITEMS,
        example="reply:yes",
        produces=produce.answer,
    ),
    Command(
        "use",
        "Use an item you carry (1 action)",
        play.use,
        (
            Option("item", "The item", required=True, high=60, suggest=S.complete_use),
            Option("at", "Target zone, for grenades and decoys", high=40, suggest=S.complete_use_at),
        ),
        section=ITEMS,
        example="item:med-kit",
        produces=produce.use,
    ),
    Command(
        "reorganise",
        "Reorganise: put on armour or a helmet you carry (1 action)",
        play.reorganise,
        (Option("item", "The armour or helmet to wear", required=True, high=60, suggest=S.complete_reorganise),),
        section=ITEMS,
        produces=produce.reorganise,
    ),
    Command(
        "discard",
        "Throw an item away for good (free)",
        play.discard,
        (Option("item", "The item to discard", required=True, high=60, suggest=S.complete_discard),),
        section=ITEMS,
        produces=produce.discard,
    ),
    Command(
        "noise",
        "Make noise on purpose to lure enemies (level = actions spent)",
        play.noise,
        (Option("level", "1, 2 or 3", required=True, high=2, suggest=S.complete_noise, placeholder="1-3"),),
        section=MOVING,
        example="level:2",
        produces=produce.noise,
    ),
    Command(
        "exit", "Leave the map through the exit in your zone", play.exit_map, section=MOVING, produces=produce.exit_map
    ),
    Command(
        "loader",
        "Climb into (all your actions) or out of (1 action) the Exo Loader",
        play.loader,
        (Option("do", "enter or leave", required=True, high=10, suggest=S.complete_loader, placeholder="enter|leave"),),
        section=MOVING,
        example="do:enter",
        produces=produce.loader,
    ),
    Command(
        "reactivate",
        "Technician: reactivate a stunned Sentry as an ally (mission rule)",
        play.reactivate,
        section=TURN,
        produces=produce.reactivate,
    ),
    Command(
        "salvage",
        "Engineer: salvage a stunned Sentry for parts (mission rule)",
        play.salvage,
        (
            Option(
                "actions",
                "Actions to spend (1-3)",
                required=True,
                high=2,
                suggest=S.complete_salvage,
                placeholder="1-3",
            ),
        ),
        section=TURN,
        produces=produce.salvage,
    ),
    Command("end", "End your survivor's turn", play.end, section=TURN, produces=produce.end),
    Command(
        "turn",
        "Several commands at once, joined by ';' (stops when anything turns up or goes wrong)",
        play.turn,
        (
            Option(
                "actions",
                "e.g. move SEC-a; move SEC-b; search (suggestions continue after each ';')",
                required=True,
                high=300,
                suggest=M.complete_turn,
            ),
        ),
        section=TURN,
        example="actions:move SEC-a; move SEC-b; search",
        produces=produce.turn,
    ),
    Command(
        "dashboard",
        "A survivor's dashboard: health, resolve, inventory (only you see it)",
        views.dashboard,
        (Option("survivor", "Whose dashboard (yours by default)", high=60, suggest=M.complete_survivor),),
        section=LOOKING,
        example="survivor:Kovac",
    ),
    Command(
        "briefing",
        "The mission briefing: goals, objectives, exits (only you see it)",
        views.briefing,
        section=LOOKING,
    ),
    Command("help", "How to play Endure the Stars with these commands", show_help, section=LOOKING),
    Command(
        "refuge visit",
        "Spend a survivor's Refuge action at one of the four places",
        refuge.visit,
        (
            Option("survivor", "Your survivor", required=True, high=60, suggest=M.complete_refuge_survivor),
            Option(
                "place",
                "infirmary, loved-ones, quarters or trading-post",
                required=True,
                high=30,
                suggest=M.complete_place,
            ),
            Option(
                "pick", "Quarters: health or resolve", high=20, suggest=M.complete_pick, placeholder="health|resolve"
            ),
            Option("take", "Trading Post: the card to take", high=60, suggest=M.complete_stock),
            Option(
                "give",
                "Trading Post: two of your items, separated by spaces",
                high=100,
                suggest=M.complete_refuge_give,
                placeholder="items",
            ),
        ),
        section=REFUGE,
        example="survivor:Kovac place:quarters pick:resolve",
        produces=produce.visit,
    ),
    Command(
        "refuge recruit",
        "Replace a fallen survivor with one nobody has played yet",
        refuge.recruit,
        (
            Option("fallen", "The fallen survivor", required=True, high=60, suggest=M.complete_fallen),
            Option("survivor", "The new survivor", required=True, high=60, suggest=M.complete_recruit),
        ),
        section=REFUGE,
        example="fallen:Kovac survivor:scout-a",
        produces=produce.recruit,
    ),
    Command(
        "refuge vote",
        "Vote to stay another round at the Refuge or leave",
        refuge.vote,
        (
            Option(
                "choice", "stay or leave", required=True, high=10, suggest=M.complete_vote, placeholder="stay|leave"
            ),
            Option("route", "Where to go next, when the campaign branches", high=40, suggest=M.complete_route),
        ),
        section=REFUGE,
        example="choice:leave",
        produces=produce.vote,
    ),
)

GROUP = register_group(
    CommandGroup(
        name="endure",
        help="Endure the Stars: your survivor's actions and views",
        commands=COMMANDS,
        sections=(MOVING, ITEMS, TURN, LOOKING, REFUGE),
        intro=HELP_INTRO,
        subgroup_help={"refuge": "Between campaign missions, at the Refuge"},
    )
)
