"""Events: every change a player must see, delivered in order to subscribers.

The TUI, the bots and the replay log all read this one stream. Seats are
0-based indexes into the match's players.
"""

from __future__ import annotations

from mixmo.engine.grid import Cell
from mixmo.engine.messages import Message
from mixmo.engine.tiles import Tile
from mixmo.engine.values import value


@value
class Event:
    """Base of every event."""


@value
class RoundStarted(Event):
    round: int


@value
class TilesDrawn(Event):
    seat: int
    tiles: tuple[Tile, ...]
    bag_left: int


@value
class GridChanged(Event):
    """A player's grid or rack changed (placed, moved, taken back)."""

    seat: int
    cells: tuple[Cell, ...]


@value
class MixmoCalled(Event):
    seat: int
    at: float


@value
class SimultaneousMixmo(Event):
    """A call close enough to the previous one that it draws nothing more."""

    seat: int


@value
class HastyCall(Event):
    """A wrong MIXMO: the draw stands, the caller is locked until the next MIXMO."""

    seat: int
    reasons: tuple[Message, ...]


@value
class PlayerLocked(Event):
    seat: int


@value
class PlayerUnlocked(Event):
    seat: int


@value
class PlayerStuck(Event):
    seat: int
    stuck: bool


@value
class DeadlockDraw(Event):
    """Every player who may act is stuck: a special MIXMO draws 2 for everyone.

    ``everyone_locked``: the special MIXMO came because every player was locked
    after hasty calls at the same draw; it ends the locks, and draws nothing when
    the bag is empty.
    """

    everyone_locked: bool = False


@value
class BanditDrawn(Event):
    seat: int


@value
class ThemeSet(Event):
    seat: int
    theme: str
    builtin: str | None
    """The id of the built-in theme list that judges claims, if the theme is one."""


@value
class FinalMixmo(Event):
    """The bag is empty and a player called: every other player stops."""

    seat: int


@value
class SprintStarted(Event):
    """Expert's final sprint: the others may take back the tiles of one unfinished word."""


@value
class ThemeClaimed(Event):
    seat: int
    words: tuple[str, ...]


@value
class ThemeVote(Event):
    voter: int
    claimant: int
    word: str
    accept: bool


@value
class ClaimJudged(Event):
    claimant: int
    word: str
    accepted: bool
    votes_for: int
    votes_against: int
    by_list: bool | None
    """The built-in list's verdict (None when the theme has no list)."""


@value
class FinalCallRejected(Event):
    """The final MIXMO's grid is invalid: the caller pays and the others play on."""

    seat: int
    reasons: tuple[Message, ...]
    penalty: int


@value
class PlayerScore:
    seat: int
    lines: tuple[tuple[Message, int], ...]
    total: int
    valid: bool


@value
class RoundScored(Event):
    round: int
    winner: int | None
    scores: tuple[PlayerScore, ...]


@value
class MatchOver(Event):
    winner: int | None
    """None only for a stuck match ended with a tie at the top (:class:`EndStuckMatch`)."""
    standings: tuple[int, ...]
    """Seats from first to last."""
