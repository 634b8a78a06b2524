"""The rules-engine contract shared by every game system (pure: no discord, no I/O, no clock)."""

from .errors import RuleError
from .game import BATCH, LOG_KEEP, GameSystem, Listing, Played, Turn, normalise, only_choice, parse_options
from .model import Action, BaseState, Choice, Event, OptionSpec, Outcome, Prompt, RngState
from .registry import all_systems, get, register
from .rng import Rng
from .validate import plain_digits

__all__ = [
    "BATCH",
    "LOG_KEEP",
    "Action",
    "BaseState",
    "Choice",
    "Event",
    "GameSystem",
    "Listing",
    "OptionSpec",
    "Outcome",
    "Played",
    "Prompt",
    "Rng",
    "RngState",
    "RuleError",
    "Turn",
    "all_systems",
    "get",
    "normalise",
    "only_choice",
    "parse_options",
    "plain_digits",
    "register",
]
