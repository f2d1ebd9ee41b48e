"""MixUp: the two-player drop game of colours and shapes, as a pure rules engine.

Beside the Mixmo engine and in the same style: frozen state, actions, events
and named errors; no user interface, no printing, no files, no clock, no
translation (errors and findings carry a code and fields, and say themselves in
English; ``mixmo.i18n.mixup`` says them in the player's language).
See docs/mixup.md for the rules as implemented.
"""

from mixmo.mixup.board import COLUMNS, ROWS, Board, BoardSyntaxError
from mixmo.mixup.errors import (
    ColumnFullError,
    ForbiddenFirstShapeError,
    GameOverError,
    MixUpRuleError,
    NoSuchColumnError,
    NothingToTakeBackError,
    PieceNotInPoolError,
)
from mixmo.mixup.game import DropPiece, MixUpGame, MixUpState, Outcome, TakeBack
from mixmo.mixup.messages import MixUpError
from mixmo.mixup.pieces import ALL_PIECES, Colour, Piece, Pool, Shape, Side

__all__ = [
    "ALL_PIECES",
    "COLUMNS",
    "ROWS",
    "Board",
    "BoardSyntaxError",
    "Colour",
    "ColumnFullError",
    "DropPiece",
    "ForbiddenFirstShapeError",
    "GameOverError",
    "MixUpError",
    "MixUpGame",
    "MixUpRuleError",
    "MixUpState",
    "NoSuchColumnError",
    "NothingToTakeBackError",
    "Outcome",
    "Piece",
    "PieceNotInPoolError",
    "Pool",
    "Shape",
    "Side",
    "TakeBack",
]
