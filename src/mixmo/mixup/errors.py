"""What a player can get wrong in MixUp: each refusal is a ``ValueError`` subclass
named after it, whose message is a sentence to show the player."""

from __future__ import annotations


class MixUpRuleError(ValueError):
    """A move the rules refuse; the game is left exactly as it was."""


class NoSuchColumnError(MixUpRuleError):
    """A column number outside 1-7."""


class ColumnFullError(MixUpRuleError):
    """A piece pushed into a column that has no free cell."""


class PieceNotInPoolError(MixUpRuleError):
    """A piece of a kind of which none is left."""


class ForbiddenFirstShapeError(MixUpRuleError):
    """The shape player's first piece has the shape of the piece already on the board."""


class GameOverError(MixUpRuleError):
    """A move after the game was won or drawn."""


class NothingToTakeBackError(MixUpRuleError):
    """Taking back a move when none was played."""
