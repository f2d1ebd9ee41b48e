"""The table: the one interface the game's screen needs, for a local or a remote match.

A screen does three things with a match: it applies its player's actions,
listens to the events, and reads the state as its seat may see it. A
:class:`LocalTable` does them on a :class:`~mixmo.engine.game.Game` in this
process; :class:`mixmo.net.remote_table.RemoteTable` over a
:class:`~mixmo.net.client.GameClient`, with a server as the authority. The
screen cannot tell them apart. No Textual here, and no sockets either (the
remote table lives in its own module): the interface imports this module
without pulling the network in.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from mixmo.engine import events as ev
from mixmo.engine.actions import Action
from mixmo.engine.game import Game, GameRuleError
from mixmo.engine.hint_cost import hint_wait
from mixmo.engine.lexicon import Lexicon
from mixmo.engine.messages import Message
from mixmo.engine.options import MatchOptions
from mixmo.engine.state import MatchState, Phase, RoundState
from mixmo.engine.variants import Variant
from mixmo.net.views import ActionRefused, public_options, visible_event

if TYPE_CHECKING:
    from mixmo.net.protocol import Lobby
    from mixmo.storage import Autosaver

Listener = Callable[[ev.Event], None]
Watcher = Callable[[], None]


@dataclass(frozen=True, slots=True)
class ViewReplaced(ev.Event):
    """The whole state was replaced (a reconnection, the start of the match): draw it again."""


@dataclass(frozen=True, slots=True)
class ConnectionChanged(ev.Event):
    """This screen's own connection to the table was lost (``online`` False) or is back."""

    online: bool


@dataclass(frozen=True, slots=True)
class SavingChanged(ev.Event):
    """Saving the match started failing (``saved`` False) or works again: tell the player once."""

    saved: bool
    message: str


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why the table refused an action (nothing changed)."""

    code: str
    message: Message | str
    """The engine's message (said in the player's language by the screen), or a sentence."""


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
    def started(self) -> bool:
        """Whether the match is on (a remote room may still be in its lobby)."""
        return True

    @property
    def online(self) -> bool:
        """Whether the table hears its match now (a remote one may be reconnecting)."""
        return True

    @property
    def waiting(self) -> int:
        """How many of the player's moves wait for the connection to come back (remote)."""
        return 0

    @property
    def lost(self) -> str | None:
        """Why the table stopped hearing its match for good (None while it hears it, or
        tries to)."""
        return None

    @property
    def lobby(self) -> Lobby | None:
        """Who sits where in a server's room (None at a local table)."""
        return None

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

    # --- acting ----------------------------------------------------------------------

    @abstractmethod
    async def apply(self, action: Action) -> Refusal | None:
        """Carry out ``action``; None when applied, or why it was refused (nothing changed)."""

    @abstractmethod
    def submit(self, action: Action) -> Refusal | None:
        """Hand ``action`` on at once, without waiting: the keyboard's path.

        A refusal known now is returned (and not published); one that comes
        later (from a server) is published as an :class:`ActionRefused` event.
        Actions submitted one after another reach the match in that order.
        """

    async def start(self, fill_with_bots: bool) -> None:
        """Start a room's match before every seat is taken (a local match is on already)."""
        return None

    # --- hints: the screen works one out; the engine keeps its cost ----------------------

    def hint_wait(self, seat: int) -> float:
        """Seconds of game time before ``seat``'s grid edits and MIXMO are taken again: the
        rest of its last hint's cost, as the state keeps it (a server's too, across a
        reconnection), at this table's clock."""
        return hint_wait(self.round.player(seat), self.clock())

    def autosave(self) -> None:
        """Save the match now, if this table is the one that saves it (a server saves its own)."""
        return None

    def save_now(self) -> str | None:
        """Save the match durably before the screen closes; None, or where and why it failed."""
        return None

    @property
    def can_rematch(self) -> bool:
        """Whether :meth:`rematch` gives a new match here."""
        return False

    def rematch(self) -> Table | None:
        """A new match with the same players and options (None where that is not this
        screen's to decide, as on a server)."""
        return None

    def close(self) -> None:
        """Stop listening to the match (the screen closes)."""
        return None

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


def _clock_from(offset: float) -> Callable[[], float]:
    """Game time running from ``offset`` (a resumed game goes on from its last action)."""
    start = time.monotonic()
    return lambda: offset + time.monotonic() - start


class LocalTable(Table):
    """A match in this process; time comes from ``clock`` (seconds of game time).

    With ``seat`` None it is every seat at one keyboard (``mixmo play``): the
    screen's actions keep the time they carry. With a seat it acts as a server
    would: only that seat's actions, stamped with the table's clock. With a
    ``saver`` the game is saved after every applied action.
    """

    def __init__(
        self,
        game: Game,
        seat: int | None = None,
        clock: Callable[[], float] | None = None,
        saver: Autosaver | None = None,
    ) -> None:
        super().__init__()
        self.game = game
        self.seat = seat
        self.saver = saver
        self._seen: tuple[MatchState, MatchState] | None = None
        self._clock = clock or _clock_from(max((a.at for a in game.log), default=0.0))
        self.last_scored = next(
            (e for e in reversed(game.events) if isinstance(e, ev.RoundScored)), None
        )
        game.subscribe(
            lambda event: self._publish(visible_event(event, seat) if seat is not None else event)
        )

    def clock(self) -> float:
        return self._clock()

    @property
    def options(self) -> MatchOptions:
        return self.game.options if self.seat is None else public_options(self.game.options)

    @property
    def state(self) -> MatchState:
        state = self.game.state
        if self.seat is None:
            return state
        if self._seen is None or self._seen[0] is not state:  # states are immutable: one view each
            from mixmo.net.views import seat_view, view_state  # (pydantic: only for one seat)

            view = seat_view(self.game.options, state, self.seat, self.clock())
            self._seen = (state, view_state(view))
        return self._seen[1]

    def rack_size(self, seat: int) -> int:
        return len(self.game.state.round.player(seat).rack)

    @property
    def bag_left(self) -> int:
        return len(self.game.state.round.bag)

    @property
    def lexicon(self) -> Lexicon:
        return self.game.lexicon

    @property
    def playable_seats(self) -> tuple[int, ...]:
        if self.seat is None:
            return tuple(range(len(self.game.options.players)))
        return (self.seat,)

    def submit(self, action: Action) -> Refusal | None:
        if self.seat is not None:
            if action.seat != self.seat:
                return Refusal(
                    "not-your-seat", f"seat {self.seat} cannot act for seat {action.seat}"
                )
            action = action.stamped(round(self.clock(), 3))
        try:
            self.game.apply(action)
        except GameRuleError as error:
            return Refusal(error.code, error.message)
        self.autosave()
        self._changed()
        return None

    async def apply(self, action: Action) -> Refusal | None:
        refusal = self.submit(action.stamped(round(self.clock(), 3)))
        if refusal is not None:
            self._publish(ActionRefused(refusal.code, refusal.message))
        return refusal

    def autosave(self) -> None:
        if self.saver is None:
            return
        outcome = self.saver.save(self.game)
        if outcome.message:
            self._publish(SavingChanged(outcome.saved, outcome.message))

    def save_now(self) -> str | None:
        if self.saver is None:
            return None
        outcome = self.saver.save(self.game, durable=True)
        return None if outcome.saved else f"{self.saver.path}: {self.saver.failing}"

    @property
    def can_rematch(self) -> bool:
        return True

    def rematch(self) -> LocalTable:
        options = self.game.options
        seed = options.seed + 1 if isinstance(options.seed, int) else f"{options.seed}+"
        game = Game(replace(options, seed=seed), self.game.lexicon)
        table = LocalTable(game, self.seat, self._clock, self.saver)
        table.autosave()
        return table
