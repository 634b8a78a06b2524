"""The command layer shared by every front end (Discord cogs, the console table)."""

from .commands import Ctx, SeatContext, Table
from .replies import Button, Reply

__all__ = ["Button", "Ctx", "Reply", "SeatContext", "Table"]
