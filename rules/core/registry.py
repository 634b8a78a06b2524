"""Which game systems exist. Each rules package registers its system on import."""

from __future__ import annotations

import importlib
import pkgutil

from .errors import RuleError
from .game import GameSystem

_SYSTEMS: dict[str, GameSystem] = {}


def register(system: GameSystem) -> GameSystem:
    """Add a system instance; a package calls this in its ``__init__``."""
    _SYSTEMS[system.id] = system
    return system


def get(system_id: str) -> GameSystem:
    load_builtin()
    try:
        return _SYSTEMS[system_id]
    except KeyError:
        known = ", ".join(sorted(_SYSTEMS)) or "none yet"
        raise RuleError(f"There is no game called '{str(system_id)[:30]}'. Games: {known}.") from None


def all_systems() -> list[GameSystem]:
    load_builtin()
    return [_SYSTEMS[k] for k in sorted(_SYSTEMS)]


_loaded = False


def load_builtin() -> None:
    """Import every package under ``rules`` (except core) so it registers itself."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    import rules

    for info in pkgutil.iter_modules(rules.__path__):
        if info.ispkg and info.name != "core":
            importlib.import_module(f"rules.{info.name}")


def load_module(name: str) -> None:
    """Import an extra module that registers a system (tests, demos)."""
    importlib.import_module(name)
