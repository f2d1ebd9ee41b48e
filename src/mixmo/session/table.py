"""The table: the one interface a player's side needs, for a local or a remote match.

A screen (or a bot) does three things with a match: it submits its player's
actions, listens to the events, and reads the state as its seat may see it.
:class:`mixmo.session.local.LocalTable` does them on a
:class:`~mixmo.engine.game.Game` in this process; ``mixmo.net`` adapts a server's
match (the remote table) and one seat of a local game as a server would show it.
The screen cannot tell them apart; what differs between tables is said by their
:class:`Capabilities`, never by members that do nothing.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Protocol, runtime_checkable

from mixmo.engine import events as ev
from mixmo.engine.actions import Action
from mixmo.engine.hint_cost import hint_wait
from mixmo.engine.lexicon import Lexicon
from mixmo.engine.messages import CodedError, Message
from mixmo.engine.options import MatchOptions
from mixmo.engine.state import MatchState, Phase, RoundState
from mixmo.engine.variants import Variant

Listener = Callable[[ev.Event], None]
Watcher = Callable[[], None]
Holder = Literal["player", "bot", "free"]
"""Who holds a seat: its player (here or away: :meth:`Table.connected`), a server's bot,
or nobody (the room's host freed it: the next player to join takes it)."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why the table refused an action (nothing changed)."""

    code: str
    message: Message | str
    """The engine's message (said in the player's language by the screen), or a sentence."""

    @classmethod
    def of(cls, error: CodedError) -> Refusal:
        """The refusal a coded error says: its code and its message, as a server sends them."""
        return cls(error.code, error.message)


@dataclass(frozen=True, slots=True)
class Capabilities:
    """What a table can do beyond the state, submit and subscribe every table has."""

    rematch: bool = False
    """The table gives a new match with the same players (:class:`Rematching`, a local
    table); a server's room ends with its match."""
    saves: bool = False
    """This side saves the match (:class:`Saving`, a local table given a saver); a server
    saves its own."""
    watcher: bool = False
    """The table only follows the match: it plays no seat."""
    host: bool = False
    """This seat is its room's host: it may pause the match and free an away player's
    seat or give it to a bot (:class:`mixmo.session.hosting.Hosting`, a server's table)."""


@dataclass(frozen=True, slots=True)
class Connection:
    """How a table hears its match now: a remote one may wait for its room, reconnect, or
    give up."""

    started: bool = True
    """The match is on (a server's room may still be in its lobby)."""
    online: bool = True
    """The table hears its match now (a remote one may be reconnecting)."""
    waiting: int = 0
    """How many of the player's moves wait for the connection to come back."""
    lost: str | None = None
    """Why the table stopped hearing its match for good (None while it hears it, or tries to)."""
    taken: bool = False
    """Another window took this seat: :attr:`lost` says so, and running the same command
    again is no cure (it would take the seat back from that window)."""


class Table(ABC):
    """A match as one seat (None: every seat, at one keyboard) sees and plays it.

    Two channels tell a screen what happened: :meth:`subscribe` gives every
    event this seat may see, in order (news, banners, refusals); :meth:`watch`
    is called once after each batch of them, when :attr:`state` is up to date
    (the moment to redraw).
    """

    seat: int | None

    def __init__(self) -> None:
        self._listeners: list[Listener] = []
        self._watchers: list[Watcher] = []
        self.last_scored: ev.RoundScored | None = None
        """The latest round's scores, as this table heard them (None before the first)."""

    # --- what the seat may see -------------------------------------------------------

    @property
    @abstractmethod
    def options(self) -> MatchOptions:
        """The match's options (a remote table does not know the seed)."""

    @property
    @abstractmethod
    def state(self) -> MatchState:
        """The state as this seat may see it: other racks and the bag are empty here."""

    @abstractmethod
    def rack_size(self, seat: int) -> int:
        """How many tiles ``seat`` holds on their rack (visible at a table, unlike the tiles)."""

    @property
    @abstractmethod
    def bag_left(self) -> int: ...

    @property
    @abstractmethod
    def lexicon(self) -> Lexicon:
        """The match's word list, for checking grids and hints on this side."""

    @property
    @abstractmethod
    def playable_seats(self) -> tuple[int, ...]:
        """The seats this table lets its screen play (none for a watcher)."""

    @abstractmethod
    def clock(self) -> float:
        """The match's game time now, in seconds."""

    @property
    def paused(self) -> bool:
        """Whether the match's game time stands still (a server's host paused it)."""
        return False

    @property
    def ready_seats(self) -> frozenset[int]:
        """Seats the scores no longer wait for (:func:`mixmo.engine.waits.waiting`): at a
        server, its bots and the players who asked for the next round; none here."""
        return frozenset()

    @property
    def capabilities(self) -> Capabilities:
        """What this table can do beyond the state, submit and subscribe."""
        return Capabilities(watcher=not self.playable_seats)

    @property
    def connection(self) -> Connection:
        """How this side hears its match (a table in this process always does)."""
        return Connection()

    # Shorthands over :attr:`state`, so a screen reads a table as it would read a game.

    @property
    def round(self) -> RoundState:
        return self.state.round

    @property
    def phase(self) -> Phase:
        return self.state.round.phase

    @property
    def variant(self) -> Variant:
        return self.options.rules

    def name(self, seat: int) -> str:
        return self.options.players[seat]

    def connected(self, seat: int) -> bool:
        """Whether ``seat``'s player is at the table now (at one keyboard, always)."""
        return True

    def holder(self, seat: int) -> Holder:
        """Who holds ``seat`` now (at one keyboard, always its player)."""
        return "player"

    def rating(self, seat: int) -> int | None:
        """``seat``'s player's rating at a rated table (None elsewhere)."""
        return None

    # --- acting ----------------------------------------------------------------------

    @abstractmethod
    def submit(self, action: Action) -> Refusal | None:
        """Hand ``action`` on at once, without waiting: the one way to act.

        A refusal known now is returned (and not published); one that comes
        later (from a server) is published as an
        :class:`~mixmo.session.events.ActionRefused` event. Actions submitted one
        after another reach the match in that order.
        """

    def hint_wait(self, seat: int) -> float:
        """Seconds of game time before ``seat``'s grid edits and MIXMO are taken again: the
        rest of its last hint's cost, as the state keeps it (a server's too, across a
        reconnection), at this table's clock."""
        return hint_wait(self.round.player(seat), self.clock())

    # --- listening -------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` with every later event this seat may see; the unsubscribe function."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def watch(self, watcher: Watcher) -> Callable[[], None]:
        """Call ``watcher`` after each batch of events, once the state is up to date."""
        self._watchers.append(watcher)
        return lambda: self._watchers.remove(watcher)

    def _publish(self, event: ev.Event) -> None:
        if isinstance(event, ev.RoundScored):
            self.last_scored = event
        for listener in list(self._listeners):
            listener(event)

    def _changed(self) -> None:
        for watcher in list(self._watchers):
            watcher()


# --- what only some tables do: asked through :attr:`Table.capabilities` ------------------


@runtime_checkable
class Saving(Protocol):
    """A table that saves its match on this side (:attr:`Capabilities.saves`)."""

    def autosave(self) -> None:
        """Save the match now (telling the screen once if saving starts or stops failing)."""

    def save_now(self) -> str | None:
        """Save the match durably before the screen closes; None, or where and why it failed."""


@runtime_checkable
class Rematching(Protocol):
    """A table that can start the next match with the same players (:attr:`Capabilities.rematch`)."""

    def rematch(self) -> Table:
        """A new match with the same players and options."""


def saving(table: Table) -> Saving | None:
    """``table``'s saving, if this side saves its match; None where a server saves it."""
    return table if table.capabilities.saves and isinstance(table, Saving) else None


def rematching(table: Table) -> Rematching | None:
    """``table``'s next match, if playing again is this screen's to decide (None at a
    server, whose room ends with its match)."""
    return table if table.capabilities.rematch and isinstance(table, Rematching) else None
