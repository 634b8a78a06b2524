"""What the engine tells a captain to type: the ``/armada`` commands its refusals and prompts name,
written once so the checks (checks.py) and the engine say the same words. tests/test_command_tables.py
checks that every command and option named here exists."""

from __future__ import annotations

MOVES = "`/armada view moves` lists yours"
IN_COMBAT = (
    "In Combat the commands are `/armada assign`, `/armada reroll`, `/armada ram`, `/armada hero`, "
    f"`/armada end-step`, `/armada roll` and `/armada escape` ({MOVES})."
)
ON_MISSION = (
    "On an Away Mission the commands are `/armada assign`, `/armada reroll` (AI Cores), `/armada roll`, "
    f"`/armada sacrifice` and `/armada giveup` ({MOVES})."
)
AMBUSH = "Attack a captain on your planet with `/armada engage target:<seat>`, or let them be with `/armada end-step`."
SACRIFICE_FIRST = "First send a die to the Infirmary (`/armada sacrifice`) or give up (`/armada giveup`)."
ESCAPE_WHEN = "You can try to escape (`/armada escape`) in step 4, instead of gathering (`/armada roll`)."
CONFIGURE_WHERE = "Configuring happens at a shipyard, during the Buy/Configure action (`/armada buy` opens it)."
OPEN_SHIPYARD = "Open the shipyard first: `/armada buy` with no module (it takes your Buy/Configure action)."
VISIT_WAYSTATION = "Visit the waystation first: `/armada hire` with no hero (it takes your Hire Crew action)."
VOTE_FIRST = "The captains are voting on a tie; cast your vote first (`/armada answer reply:<captain>`)."
DUEL_MOVES = {
    "assign": "`/armada assign`, then `/armada end-step`",
    "gather": "`/armada roll` or `/armada escape`",
    "escape": "`/armada escape die:<n>`, then `/armada end-step`",
}
ANSWER_SWAP = "`/armada answer reply:accept` or `reply:decline`"


def swap_waiting(name: str) -> str:
    return f"A swap offer is waiting for {name}'s answer ({ANSWER_SWAP})."


def withdraw_only(name: str) -> str:
    return f"{name} must accept the offer; you may withdraw it with `/armada answer reply:decline`."


def split_first(name: str) -> str:
    return (
        f"The team must first settle the {name} split: `/armada answer reply:agree`, "
        "or other shares such as `reply:split 2 1`."
    )


def vote_for(tied: list[int]) -> str:
    seats = ", ".join(str(i + 1) for i in tied)
    return f"Vote for one of the tied captains: {seats} (`/armada answer reply:<seat>`)."


def finish_offer(kind: str) -> str:
    place = "shipyard" if kind == "shop" else "waystation"
    return f"Finish at the {place} first (`/armada end-step` closes it)."


def no_actions_left(what: str) -> str:
    return f"You have no actions left for {what} this Planning phase; `/armada end-turn` ends your turn."


def fight_first(token: int) -> str:
    return f"Fleet {token} is here and must be fought (`/armada engage target:{token}`) before your turn ends."
