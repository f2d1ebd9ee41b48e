"""A game of MixUp: a frozen state, actions, events, and the game that applies them.

``MixUpGame.apply`` builds a new ``MixUpState`` from the current one and only
then swaps it in, so a refused move (a ``MixUpRuleError``: a code and typed
fields, which the edges say in the player's language) changes nothing. Every accepted action is logged; the log replays
to the very same state (``save.py`` relies on it).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import ClassVar

from mixmo.mixup.board import Board, Cell
from mixmo.mixup.errors import (
    ForbiddenFirstShapeError,
    GameOverError,
    NothingToTakeBackError,
    PieceNotInPoolError,
)
from mixmo.mixup.pieces import Piece, Pool, Shape, Side


class Outcome(enum.Enum):
    PLAYING = "playing"
    COLOUR_WON = "colour"
    SHAPE_WON = "shape"
    DRAW = "draw"
    """The board is full and nobody has a line (docs/mixup.md)."""

    @classmethod
    def won_by(cls, side: Side) -> Outcome:
        return cls.COLOUR_WON if side is Side.COLOUR else cls.SHAPE_WON

    @property
    def winner(self) -> Side | None:
        return {Outcome.COLOUR_WON: Side.COLOUR, Outcome.SHAPE_WON: Side.SHAPE}.get(self)


# --- actions ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DropPiece:
    """The player to move takes ``piece`` from the pool and pushes it into ``column`` (1-7)."""

    piece: Piece
    column: int


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Both players agreed: the last move is undone and its piece goes back to the pool."""


Action = DropPiece | TakeBack


# --- events ----------------------------------------------------------------------------
# What happened, as data (each with a stable code): the edges word it for the players.


@dataclass(frozen=True, slots=True)
class PieceDropped:
    code: ClassVar[str] = "piece-dropped"
    side: Side
    piece: Piece
    column: int
    row: int


@dataclass(frozen=True, slots=True)
class GameWon:
    code: ClassVar[str] = "game-won"
    side: Side
    line: tuple[Cell, ...]
    both: bool = False
    """The last piece made a line for both players: the one who played it wins."""


@dataclass(frozen=True, slots=True)
class GameDrawn:
    """The board filled up with no line for anyone."""

    code: ClassVar[str] = "game-drawn"


@dataclass(frozen=True, slots=True)
class MoveTakenBack:
    code: ClassVar[str] = "move-taken-back"
    side: Side
    piece: Piece
    column: int
    row: int


Event = PieceDropped | GameWon | GameDrawn | MoveTakenBack


# --- state -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Move:
    """One move played: who, what, where (the row it fell to)."""

    side: Side
    piece: Piece
    column: int
    row: int


@dataclass(frozen=True, slots=True)
class MixUpState:
    """Everything about a game at one moment; replaced whole by every action."""

    board: Board = field(default_factory=Board)
    pool: Pool = field(default_factory=Pool)
    moves: tuple[Move, ...] = ()
    outcome: Outcome = Outcome.PLAYING
    line: tuple[Cell, ...] = ()
    """The four cells that won (empty while playing or after a draw)."""

    @property
    def to_move(self) -> Side:
        """Colour moves first, then the players alternate."""
        return Side.COLOUR if len(self.moves) % 2 == 0 else Side.SHAPE

    @property
    def over(self) -> bool:
        return self.outcome is not Outcome.PLAYING

    @property
    def forbidden_shape(self) -> Shape | None:
        """The shape the shape player's first piece may not have (the shape already on the board)."""
        return self.moves[0].piece.shape if len(self.moves) == 1 else None

    def legal_pieces(self) -> tuple[Piece, ...]:
        """The kinds the player to move may choose now."""
        forbidden = self.forbidden_shape
        return tuple(p for p in self.pool if p.shape is not forbidden)

    def legal_moves(self) -> tuple[DropPiece, ...]:
        if self.over:
            return ()
        return tuple(DropPiece(p, c) for c in self.board.open_columns for p in self.legal_pieces())

    def check(self, action: DropPiece) -> None:
        """Raise the rule error ``action`` breaks, if any (the board checks the column)."""
        if self.over:
            raise GameOverError(self.outcome.winner)
        piece = action.piece
        if piece not in self.pool:
            raise PieceNotInPoolError(piece)
        if piece.shape is self.forbidden_shape:
            raise ForbiddenFirstShapeError(piece.shape)


Subscriber = Callable[[Event], None]


class MixUpGame:
    """Applies actions to the state, keeps the action log, and tells subscribers what changed."""

    def __init__(self, actions: Iterable[Action] = ()) -> None:
        self.state = MixUpState()
        self.log: list[Action] = []
        self.events: list[Event] = []
        self._subscribers: list[Subscriber] = []
        for action in actions:
            self.apply(action)

    def subscribe(self, subscriber: Subscriber) -> None:
        self._subscribers.append(subscriber)

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Play ``action``; a ``MixUpRuleError`` leaves everything as it was."""
        if isinstance(action, DropPiece):
            state, events = self._on_DropPiece(self.state, action)
        else:
            state, events = self._on_TakeBack(self.state, action)
        self.state = state
        self.log.append(action)
        self.events.extend(events)
        for event in events:
            for subscriber in self._subscribers:
                subscriber(event)
        return events

    def drop(self, piece: Piece, column: int) -> tuple[Event, ...]:
        return self.apply(DropPiece(piece, column))

    def take_back(self) -> tuple[Event, ...]:
        return self.apply(TakeBack())

    @staticmethod
    def _on_DropPiece(state: MixUpState, action: DropPiece) -> tuple[MixUpState, tuple[Event, ...]]:
        state.check(action)
        side = state.to_move
        board, row = state.board.drop(action.piece, action.column)
        move = Move(side, action.piece, action.column, row)
        events: list[Event] = [PieceDropped(side, action.piece, action.column, row)]
        cell = (action.column, row)
        mine = board.winning_line(side, through=cell)
        theirs = board.winning_line(side.other, through=cell)
        outcome: Outcome = Outcome.PLAYING
        line: tuple[Cell, ...] = ()
        if mine is not None:
            outcome, line = Outcome.won_by(side), mine
            events.append(GameWon(side, mine, both=theirs is not None))
        elif theirs is not None:
            outcome, line = Outcome.won_by(side.other), theirs
            events.append(GameWon(side.other, theirs))
        elif board.full or not len(state.pool.without(action.piece)):
            outcome = Outcome.DRAW
            events.append(GameDrawn())
        new = MixUpState(
            board, state.pool.without(action.piece), (*state.moves, move), outcome, line
        )
        return new, tuple(events)

    @staticmethod
    def _on_TakeBack(state: MixUpState, action: TakeBack) -> tuple[MixUpState, tuple[Event, ...]]:
        if not state.moves:
            raise NothingToTakeBackError()
        last = state.moves[-1]
        new = MixUpState(
            state.board.without_top(last.column), state.pool.with_back(last.piece), state.moves[:-1]
        )
        return new, (MoveTakenBack(last.side, last.piece, last.column, last.row),)
