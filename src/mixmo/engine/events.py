"""Events: every change a player must see, delivered in order to subscribers.

The TUI, the bots and the replay log all read this one stream. Seats are
0-based indexes into the match's players.
"""

from __future__ import annotations

from dataclasses import dataclass

from mixmo.engine.grid import Cell
from mixmo.engine.messages import Message
from mixmo.engine.tiles import Tile


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event."""


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    round: int


@dataclass(frozen=True, slots=True)
class TilesDrawn(Event):
    seat: int
    tiles: tuple[Tile, ...]
    bag_left: int


@dataclass(frozen=True, slots=True)
class GridChanged(Event):
    """A player's grid or rack changed (placed, moved, taken back)."""

    seat: int
    cells: tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class MixmoCalled(Event):
    seat: int
    at: float


@dataclass(frozen=True, slots=True)
class HintTaken(Event):
    """``seat`` took a hint: their grid edits and MIXMO wait until game time ``until``."""

    seat: int
    until: float


@dataclass(frozen=True, slots=True)
class SimultaneousMixmo(Event):
    """A call close enough to the previous one that it draws nothing more."""

    seat: int


@dataclass(frozen=True, slots=True)
class HastyCall(Event):
    """A wrong MIXMO: the draw stands, the caller is locked until the next MIXMO."""

    seat: int
    reasons: tuple[Message, ...]


@dataclass(frozen=True, slots=True)
class PlayerLocked(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class PlayerUnlocked(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class PlayerStuck(Event):
    seat: int
    stuck: bool


@dataclass(frozen=True, slots=True)
class DeadlockDraw(Event):
    """Every player who may act is stuck: a special MIXMO draws 2 for everyone.

    ``everyone_locked``: the special MIXMO came because every player was locked
    after hasty calls at the same draw; it ends the locks, and draws nothing when
    the bag is empty.
    """

    everyone_locked: bool = False


@dataclass(frozen=True, slots=True)
class BanditDrawn(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class ThemeSet(Event):
    seat: int
    theme: str
    builtin: str | None
    """The id of the built-in theme list that judges claims, if the theme is one."""


@dataclass(frozen=True, slots=True)
class FinalMixmo(Event):
    """The bag is empty and a player called: every other player stops."""

    seat: int


@dataclass(frozen=True, slots=True)
class SprintStarted(Event):
    """Expert's final sprint: the others may take back the tiles of one unfinished word."""


@dataclass(frozen=True, slots=True)
class ThemeClaimed(Event):
    seat: int
    words: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ThemeVote(Event):
    voter: int
    claimant: int
    word: str
    accept: bool


@dataclass(frozen=True, slots=True)
class ClaimJudged(Event):
    claimant: int
    word: str
    accepted: bool
    votes_for: int
    votes_against: int
    by_list: bool | None
    """The built-in list's verdict (None when the theme has no list)."""


@dataclass(frozen=True, slots=True)
class FinalCallRejected(Event):
    """The final MIXMO's grid is invalid: the caller pays and the others play on."""

    seat: int
    reasons: tuple[Message, ...]
    penalty: int


@dataclass(frozen=True, slots=True)
class PlayerScore:
    seat: int
    lines: tuple[tuple[Message, int], ...]
    total: int
    valid: bool


@dataclass(frozen=True, slots=True)
class RoundScored(Event):
    round: int
    winner: int | None
    scores: tuple[PlayerScore, ...]


@dataclass(frozen=True, slots=True)
class MatchOver(Event):
    winner: int | None
    """None only for a stuck match ended with a tie at the top (:class:`EndStuckMatch`)."""
    standings: tuple[int, ...]
    """Seats from first to last."""
