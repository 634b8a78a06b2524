"""Errors raised by rules engines."""


class RuleError(ValueError):
    """The rules forbid this action. The message is shown to the player as is.

    Write it as a sentence a player understands ("That space is full."), not as
    a developer message. Raising it must leave the state untouched, which the
    :class:`~rules.core.game.GameSystem` wrapper guarantees by working on a copy.
    """
