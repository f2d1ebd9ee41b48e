"""Actions: everything a player (human or bot) can do, as serialisable values.

The action log of a game, with its options and seed, replays to the very same
state. ``at`` is game time in seconds, supplied by whoever drives the engine
(the engine never reads a clock).

Each action is a frozen dataclass (no pydantic here: a local game never loads
it). An action built with a value out of its bounds (a negative seat, a symbol
of two characters) is refused at once with an
:class:`~mixmo.engine.bounds.OutOfBoundsError`; a cell past the board's reach
(:data:`BOARD`) is refused by the engine when applied, as a rule of the board
(a cursor that wandered off is a refusal, not a crash), and by pydantic in
untrusted input. Untrusted actions (a saved
game's log, a network message) are validated by pydantic, through
:mod:`mixmo.engine.save_models` (``ACTION_ADAPTER``), which reads the same
bounds from the annotations and tells the actions apart by their ``kind``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Annotated, ClassVar, Literal, Self

from mixmo.engine.bounds import Bounds

SEAT = Bounds(ge=0)
TIME = Bounds(ge=0)
SYMBOL = Bounds(min_length=1, max_length=1)
CELLS = Bounds(min_length=1)
THEME = Bounds(min_length=1, max_length=80)
BOARD = 1000
"""The board's reach: every cell's row and column lie between -BOARD and BOARD. A grid of
a match's tiles needs a few dozen rows at most; a bound keeps every coordinate a small
number for whoever reads it (the engine refuses a tile placed, moved or flipped past it:
``game_errors.OffBoardError``)."""
COORD = Bounds(ge=-BOARD, lt=BOARD + 1)
SHIFT = Bounds(ge=-2 * BOARD, lt=2 * BOARD + 1)
"""A move's step: from one edge of the board to the other at most."""

Coord = Annotated[int, COORD]
Shift = Annotated[int, SHIFT]
Cells = tuple[tuple[Coord, Coord], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class _Action:
    """What every action has: the acting seat and the game time it happened at."""

    __pydantic_config__: ClassVar[dict[str, str]] = {
        "extra": "forbid"
    }  # an unknown field is damage, not noise

    seat: Annotated[int, SEAT]
    at: Annotated[float, TIME] = 0.0

    def __post_init__(self) -> None:
        # (Written for speed: the server builds and checks an action per message.)
        at = self.at
        if type(at) is not float:  # saved and sent as a float, as it always was
            at = float(at)
            object.__setattr__(self, "at", at)
        if not (self.seat >= 0 and at >= 0):  # (NaN is not >= 0)
            SEAT.check("seat", self.seat)
            TIME.check("at", at)

    def stamped(self, at: float) -> Self:
        """This action at game time ``at`` (a table stamps actions with its own clock)."""
        return replace(self, at=at)


@dataclass(frozen=True, slots=True, kw_only=True)
class PlaceTile(_Action):
    """Put a rack tile on a free cell. ``symbol`` as in the grid format:
    ``A`` a letter, ``?`` an open joker, ``e`` a joker declared as E, ``!`` the Bandit."""

    kind: Literal["place"] = "place"
    row: Coord
    col: Coord
    symbol: Annotated[str, SYMBOL]

    def __post_init__(self) -> None:
        _Action.__post_init__(self)
        if len(self.symbol) != 1:
            SYMBOL.check("symbol", self.symbol)


@dataclass(frozen=True, slots=True, kw_only=True)
class MoveTiles(_Action):
    """Move a tile or a block of tiles by ``(drow, dcol)``."""

    kind: Literal["move"] = "move"
    cells: Annotated[Cells, CELLS]
    drow: Shift
    dcol: Shift

    def __post_init__(self) -> None:
        _Action.__post_init__(self)
        if not self.cells:
            CELLS.check("cells", self.cells)


@dataclass(frozen=True, slots=True, kw_only=True)
class FlipTiles(_Action):
    """Turn a block of tiles over its top-left corner: its rows become its columns
    (one edit, so one undo takes it back; see ``game_editing.flipped``)."""

    kind: Literal["flip"] = "flip"
    cells: Annotated[Cells, CELLS]

    def __post_init__(self) -> None:
        _Action.__post_init__(self)
        if not self.cells:
            CELLS.check("cells", self.cells)


@dataclass(frozen=True, slots=True, kw_only=True)
class TakeBack(_Action):
    """Send tiles from the grid back to the rack."""

    kind: Literal["take-back"] = "take-back"
    cells: Annotated[Cells, CELLS]

    def __post_init__(self) -> None:
        _Action.__post_init__(self)
        if not self.cells:
            CELLS.check("cells", self.cells)


@dataclass(frozen=True, slots=True, kw_only=True)
class TakeApart(_Action):
    """Send the whole grid back to the rack."""

    kind: Literal["take-apart"] = "take-apart"


@dataclass(frozen=True, slots=True, kw_only=True)
class Undo(_Action):
    """Take back this player's last grid edit of the round (a draw or a lock is never undone)."""

    kind: Literal["undo"] = "undo"


@dataclass(frozen=True, slots=True, kw_only=True)
class Redo(_Action):
    """Make again the grid edit this player last undid."""

    kind: Literal["redo"] = "redo"


@dataclass(frozen=True, slots=True, kw_only=True)
class CallMixmo(_Action):
    """Call MIXMO: the rack is empty (or this is the final call)."""

    kind: Literal["mixmo"] = "mixmo"


@dataclass(frozen=True, slots=True, kw_only=True)
class SayStuck(_Action):
    """Say (or take back) that this player cannot place their tiles."""

    kind: Literal["stuck"] = "stuck"
    stuck: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class ChooseTheme(_Action):
    """The Bandit's drawer names the theme."""

    kind: Literal["theme"] = "theme"
    theme: Annotated[str, THEME]

    def __post_init__(self) -> None:
        _Action.__post_init__(self)
        THEME.check("theme", self.theme)


@dataclass(frozen=True, slots=True, kw_only=True)
class FinishSprint(_Action):
    """Expert's final sprint: take back the tiles of one unfinished word (or none) and stop."""

    kind: Literal["sprint"] = "sprint"
    word_cells: Cells = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ClaimThemeWords(_Action):
    """Claim the words of this player's grid that fit the round's theme."""

    kind: Literal["claim"] = "claim"
    words: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Vote(_Action):
    """Accept or reject another player's theme claim."""

    kind: Literal["vote"] = "vote"
    claimant: Annotated[int, SEAT]
    word: str
    accept: bool

    def __post_init__(self) -> None:
        _Action.__post_init__(self)
        SEAT.check("claimant", self.claimant)


@dataclass(frozen=True, slots=True, kw_only=True)
class CloseVoting(_Action):
    """Judge every claim now; a missing vote follows the built-in list (or accepts)."""

    kind: Literal["close-voting"] = "close-voting"


@dataclass(frozen=True, slots=True, kw_only=True)
class NextRound(_Action):
    """Deal the next round (after the scores)."""

    kind: Literal["next-round"] = "next-round"


@dataclass(frozen=True, slots=True, kw_only=True)
class EndStuckMatch(_Action):
    """End, at the scores, a match that cannot end (:mod:`mixmo.engine.stuck`: rounds in a
    row that brought nobody nearer the target), with the standings as they are."""

    kind: Literal["end-stuck-match"] = "end-stuck-match"


@dataclass(frozen=True, slots=True, kw_only=True)
class TakeHint(_Action):
    """This player takes a hint (mixmo's own rule, :mod:`mixmo.engine.hint_cost`): for
    ``HINT_COST`` seconds of game time from ``at`` their grid edits and MIXMO wait. What
    the hint says is the interface's business (the solver); the log keeps its cost."""

    kind: Literal["hint"] = "hint"


Action = (
    PlaceTile
    | MoveTiles
    | FlipTiles
    | TakeBack
    | TakeApart
    | Undo
    | Redo
    | CallMixmo
    | SayStuck
    | ChooseTheme
    | FinishSprint
    | ClaimThemeWords
    | Vote
    | CloseVoting
    | NextRound
    | EndStuckMatch
    | TakeHint
)
"""Any action; pydantic tells them apart by ``kind`` (``save_models.TaggedAction``)."""
