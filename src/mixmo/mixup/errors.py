"""What a player can get wrong in MixUp: each refusal is a ``MixUpError`` named after
it, with a stable ``code``, typed fields and an English ``str()``; the edges say it
in the player's language (``mixmo.i18n.mixup``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from mixmo.mixup.messages import N_, MixUpError, Sentence
from mixmo.mixup.pieces import Piece, Shape, Side


class MixUpRuleError(MixUpError):
    """A move the rules refuse; the game is left exactly as it was."""


class NoSuchColumnError(MixUpRuleError):
    """A column number outside 1-7."""

    code: ClassVar[str] = "no-such-column"
    template: ClassVar[str] = N_("there is no column {column}: the columns are 1 to {last}")

    def __init__(self, column: int, last: int) -> None:
        super().__init__(column, last)
        self.column = column
        self.last = last

    def fields(self) -> Mapping[str, object]:
        return {"column": self.column, "last": self.last}


class ColumnFullError(MixUpRuleError):
    """A piece pushed into a column that has no free cell."""

    code: ClassVar[str] = "column-full"
    template: ClassVar[str] = N_("column {column} is full: choose another column")

    def __init__(self, column: int) -> None:
        super().__init__(column)
        self.column = column

    def fields(self) -> Mapping[str, object]:
        return {"column": self.column}


class PieceNotInPoolError(MixUpRuleError):
    """A piece of a kind of which none is left."""

    code: ClassVar[str] = "piece-not-in-pool"
    template: ClassVar[str] = N_("no {piece} is left in the pool: choose another piece")

    def __init__(self, piece: Piece) -> None:
        super().__init__(piece)
        self.piece = piece

    def fields(self) -> Mapping[str, object]:
        return {"piece": self.piece}


class ForbiddenFirstShapeError(MixUpRuleError):
    """The shape player's first piece has the shape of the piece already on the board."""

    code: ClassVar[str] = "forbidden-first-shape"
    template: ClassVar[str] = N_(
        "the shape player's first piece may not be a {shape}, "
        "the shape already on the board: choose another shape"
    )

    def __init__(self, shape: Shape) -> None:
        super().__init__(shape)
        self.shape = shape

    def fields(self) -> Mapping[str, object]:
        return {"shape": self.shape}


class GameOverError(MixUpRuleError):
    """A move after the game was won or drawn (``winner`` None: a draw)."""

    code: ClassVar[str] = "game-over"
    template: ClassVar[str] = N_("the game is over ({result}): start a new one")

    def __init__(self, winner: Side | None) -> None:
        super().__init__(winner)
        self.winner = winner

    def fields(self) -> Mapping[str, object]:
        return {"result": Draw() if self.winner is None else Won(self.winner)}


@dataclass(frozen=True, slots=True)
class Draw(Sentence):
    """The game ended in a draw, said inside a sentence."""

    code: ClassVar[str] = "draw"
    template: ClassVar[str] = N_("a draw")


@dataclass(frozen=True, slots=True)
class Won(Sentence):
    """The game ended with ``side``'s line, said inside a sentence."""

    side: Side
    code: ClassVar[str] = "won"
    template: ClassVar[str] = N_("{side} won")


class NothingToTakeBackError(MixUpRuleError):
    """Taking back a move when none was played."""

    code: ClassVar[str] = "nothing-to-take-back"
    template: ClassVar[str] = N_("no move has been played yet: there is nothing to take back")
