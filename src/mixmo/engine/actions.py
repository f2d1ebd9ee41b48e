"""Actions: everything a player (human or bot) can do, as serialisable values.

The action log of a game, with its options and seed, replays to the very same
state. ``at`` is game time in seconds, supplied by whoever drives the engine
(the engine never reads a clock).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    seat: int = Field(ge=0)
    at: float = Field(default=0.0, ge=0)


class PlaceTile(_Action):
    """Put a rack tile on a free cell. ``symbol`` as in the grid format:
    ``A`` a letter, ``?`` an open joker, ``e`` a joker declared as E, ``!`` the Bandit."""

    kind: Literal["place"] = "place"
    row: int
    col: int
    symbol: str = Field(min_length=1, max_length=1)


class MoveTiles(_Action):
    """Move a tile or a block of tiles by ``(drow, dcol)``."""

    kind: Literal["move"] = "move"
    cells: tuple[tuple[int, int], ...] = Field(min_length=1)
    drow: int
    dcol: int


class TakeBack(_Action):
    """Send tiles from the grid back to the rack."""

    kind: Literal["take-back"] = "take-back"
    cells: tuple[tuple[int, int], ...] = Field(min_length=1)


class TakeApart(_Action):
    """Send the whole grid back to the rack."""

    kind: Literal["take-apart"] = "take-apart"


class Undo(_Action):
    """Take back this player's last grid edit of the round (a draw or a lock is never undone)."""

    kind: Literal["undo"] = "undo"


class Redo(_Action):
    """Make again the grid edit this player last undid."""

    kind: Literal["redo"] = "redo"


class CallMixmo(_Action):
    kind: Literal["mixmo"] = "mixmo"


class SayStuck(_Action):
    """Say (or take back) that this player cannot place their tiles."""

    kind: Literal["stuck"] = "stuck"
    stuck: bool = True


class ChooseTheme(_Action):
    """The Bandit's drawer names the theme."""

    kind: Literal["theme"] = "theme"
    theme: str = Field(min_length=1, max_length=80)


class FinishSprint(_Action):
    """Expert's final sprint: take back the tiles of one unfinished word (or none) and stop."""

    kind: Literal["sprint"] = "sprint"
    word_cells: tuple[tuple[int, int], ...] = ()


class ClaimThemeWords(_Action):
    kind: Literal["claim"] = "claim"
    words: tuple[str, ...] = ()


class Vote(_Action):
    """Accept or reject another player's theme claim."""

    kind: Literal["vote"] = "vote"
    claimant: int = Field(ge=0)
    word: str
    accept: bool


class CloseVoting(_Action):
    """Judge every claim now; a missing vote follows the built-in list (or accepts)."""

    kind: Literal["close-voting"] = "close-voting"


class NextRound(_Action):
    kind: Literal["next-round"] = "next-round"


Action = Annotated[
    PlaceTile
    | MoveTiles
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
    | NextRound,
    Field(discriminator="kind"),
]

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action, config=ConfigDict(defer_build=True))
ACTION_LOG_ADAPTER: TypeAdapter[list[Action]] = TypeAdapter(
    list[Action], config=ConfigDict(defer_build=True)
)
