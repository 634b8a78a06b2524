"""Starcadia Quest: rival crews, a monster-filled station, an event deck and a branching campaign."""

from rules.core import register

from .game import Starcadia

SYSTEM = register(Starcadia())

__all__ = ["SYSTEM", "Starcadia"]
