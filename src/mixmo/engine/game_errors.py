"""The errors of :class:`~mixmo.engine.game.Game`: each one an action the rules refuse now.

A ``GameRuleError`` leaves the game exactly as it was (the handler that raised
it built no new state). The subclasses name what went wrong, so a driver can
tell a refusal of the phase from one of the rack without reading the sentence.
"""

from __future__ import annotations


class GameRuleError(ValueError):
    """An action the rules do not allow now; the game is unchanged."""


class UnknownSeatError(GameRuleError):
    """No player sits at that seat."""


class WrongPhaseError(GameRuleError):
    """The action does not belong to this moment of the round."""


class PlayerLockedError(GameRuleError):
    """The player may not act: locked after a hasty call, or out of the round."""


class TileNotInRackError(GameRuleError):
    """The rack holds no such tile."""


class CellTakenError(GameRuleError):
    """The target cell already holds a tile."""


class OffBoardError(GameRuleError):
    """A tile placed, moved or flipped past the board's reach (``actions.BOARD``)."""


class NoTileThereError(GameRuleError):
    """A named cell of the grid is empty."""


class UndoError(GameRuleError):
    """Undo or redo with no grid edit of this round to take back or make again."""


class MatchNotStuckError(GameRuleError):
    """Ending a match early, when it can still end as usual (engine.stuck)."""


class ClaimError(GameRuleError):
    """A theme claim or vote that does not stand."""
