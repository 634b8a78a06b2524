"""The ``/quasar`` command table: every Quasar Search command declared once. Discord's slash commands,
the console's commands and completion, ``/quasar help`` and the ``produces`` of each command (how a legal
action is typed) all come from here."""

from __future__ import annotations

from ..commands import Ctx, Table
from ..replies import COLOUR_INFO, Reply
from ..spec import Command, CommandGroup, Option, help_page, register_group
from . import play, produce, suggest, views

SECRET, WINDOWS, CHOICES, SHIP, LOOKING = (
    "Secret choices",
    "Effects and Demands",
    "Boons, draws and discards",
    "Ship Phase",
    "Looking",
)

HELP_INTRO = (
    "Quasar Search is co-operative: the team plays three Acts of three Challenges. In each Challenge "
    "everyone commits a card in secret, then all are revealed and must meet the Target together.",
    "Your hand is private: `/quasar hand` shows it (numbered), and the secret commands only tell the "
    "table that you chose. The board and `/game status` show everything public.",
)


async def show_help(table: Table, ctx: Ctx) -> Reply:
    return Reply(title="Quasar Search commands", lines=help_page(GROUP), ephemeral=True, colour=COLOUR_INFO)


COMMANDS = (
    Command(
        "rank",
        "Pick your Rank Card for this Act, in secret",
        play.rank,
        (Option("card", "Its Rank value or name", required=True, high=40, suggest=suggest.rank_card),),
        section=SECRET,
        example="card:4",
        produces=produce.rank,
    ),
    Command(
        "commit",
        "Commit your card(s) to the Confrontation, in secret (Overcommit cards extra)",
        play.commit,
        (
            Option(
                "cards",
                "Card names from your hand, separated by spaces (a lone player: two)",
                required=True,
                high=100,
                suggest=suggest.commit_cards,
            ),
        ),
        section=SECRET,
        example="cards:raid boarding-party",
        produces=produce.commit,
    ),
    Command(
        "stall",
        "Keep your hand: a new Lost in Space confronts for you",
        play.stall,
        section=SECRET,
        produces=produce.only("stall"),
    ),
    Command(
        "use",
        "Use a triggered effect of your card in play (a Shift names target and amount)",
        play.use,
        (
            Option("card", "Your card with the effect", required=True, high=40, suggest=suggest.use_card),
            Option("target", "Shift: the confronting card to change", high=40, suggest=suggest.use_target),
            Option("shift", "Shift: how far, up or down, e.g. +2 or -1", high=4, suggest=suggest.use_shift),
            Option("effect", "Which effect, when the card has several", kind="int", low=1, high=9),
        ),
        section=WINDOWS,
        example="card:trim target:raid shift:+2",
        produces=produce.use,
    ),
    Command(
        "pass",
        "Use no effect now (or pay no more of a Demand)",
        play.pass_,
        section=WINDOWS,
        produces=produce.only("pass"),
    ),
    Command(
        "pay",
        "Pay 1 of a Demand: a card from your hand, or energy",
        play.pay,
        (Option("card", "A card of your hand, or energy", required=True, high=40, suggest=suggest.pay_card),),
        section=WINDOWS,
        example="card:energy",
        produces=produce.pay,
    ),
    Command(
        "boon",
        "Choose your Boon: glory, lesson, project, or a card's extra outcome",
        play.boon,
        (Option("take", "The outcome", required=True, high=40, suggest=suggest.boon_take),),
        section=CHOICES,
        example="take:lesson",
        produces=produce.boon,
    ),
    Command(
        "draw",
        "Take the next card of a Draw from your deck, the Warp Zone or your Stockpile",
        play.draw,
        (
            Option("zone", "deck, warp, stockpile...", required=True, high=20, suggest=suggest.draw_zone),
            Option("card", "The card, from the Warp Zone or a Stockpile", high=40, suggest=suggest.draw_card),
            Option("count", "Deck: how many at once", kind="int", low=1, high=12, suggest=suggest.draw_count),
        ),
        section=CHOICES,
        example="zone:warp card:relay",
        produces=produce.draw,
    ),
    Command(
        "discard",
        "Discard a card of your hand (down to Hand Size, or when an effect says so)",
        play.discard,
        (Option("card", "The card", required=True, high=40, suggest=suggest.discard_card),),
        section=CHOICES,
        example="card:scrap",
        produces=produce.discard,
    ),
    Command(
        "scan",
        "Sensors: choose the Challenge that comes up next",
        play.scan,
        (
            Option("card", "The Challenge for the Sensors Zone", required=True, high=40, suggest=suggest.scan_card),
            Option("order", "The others, in the order they go back", high=100, suggest=suggest.scan_order),
        ),
        section=CHOICES,
        example="card:hull-alarm",
        produces=produce.scan,
    ),
    Command(
        "order",
        "Team Leader: the order in which players resolve an effect",
        play.order,
        (
            Option(
                "players",
                "Players by name or seat number, first first",
                required=True,
                high=100,
                suggest=suggest.order_players,
            ),
        ),
        section=CHOICES,
        example="players:2 1",
        produces=produce.order,
    ),
    Command(
        "drop",
        "Choose which of your Active Projects to discard",
        play.drop,
        (
            Option(
                "project", "1 is your oldest", kind="int", required=True, low=1, high=9, suggest=suggest.drop_project
            ),
        ),
        section=CHOICES,
        example="project:1",
        produces=produce.drop,
    ),
    Command(
        "remove",
        "Ship Phase: a Lesson puts a card of your hand or discard into the box",
        play.remove,
        (
            Option(
                "card",
                "The card (a Lost in Space goes back out of play)",
                required=True,
                high=40,
                suggest=suggest.remove_card,
            ),
            Option("zone", "hand or discard", high=10, suggest=suggest.remove_zone),
        ),
        section=SHIP,
        example="card:lis zone:discard",
        produces=produce.remove,
    ),
    Command(
        "gain",
        "Ship Phase: two Lessons take a card of your Faction Reserve",
        play.gain,
        (Option("card", "The reserve card", required=True, high=40, suggest=suggest.gain_card),),
        section=SHIP,
        example="card:prize-crew",
        produces=produce.gain,
    ),
    Command(
        "ready", "Ship Phase: you are done spending Lessons", play.ready, section=SHIP, produces=produce.only("ready")
    ),
    Command(
        "hand", "Your hand, Rank Cards and secrets, with a picture (only you see it)", views.show_hand, section=LOOKING
    ),
    Command(
        "card",
        "A card's text and keywords",
        views.show_card,
        (Option("name", "The card", required=True, high=40, suggest=suggest.any_card),),
        section=LOOKING,
        example="name:trim",
    ),
    Command("zones", "Discards, Warp and Sensors Zones, Energy, Lost in Space left", views.show_zones, section=LOOKING),
    Command("mission", "The mission briefing: Acts, Goals, the current Challenge", views.show_mission, section=LOOKING),
    Command("help", "How to play Quasar Search with these commands", show_help, section=LOOKING),
)

GROUP = register_group(
    CommandGroup(
        name="quasar",
        help="Quasar Search: your secret choices, effects and views",
        commands=COMMANDS,
        sections=(SECRET, WINDOWS, CHOICES, SHIP, LOOKING),
        intro=HELP_INTRO,
    )
)
