"""The table: the one interface the game's screen needs, for a local or a remote match.

A screen does three things with a match: it applies its player's actions,
listens to the events, and reads the state as its seat may see it. A
:class:`LocalTable` does them on a :class:`~mixmo.engine.game.Game` in this
process; a :class:`RemoteTable` over a :class:`~mixmo.net.client.GameClient`,
with a server as the authority. The screen cannot tell them apart.
No Textual here: the interface depends on this module, not the other way.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass

from mixmo.engine import events as ev
from mixmo.engine.actions import Action
from mixmo.engine.game import Game, GameRuleError
from mixmo.engine.options import MatchOptions
from mixmo.engine.state import MatchState
from mixmo.net.client import GameClient
from mixmo.net.protocol import ErrorMessage, Events, Lobby, SeatView, ServerMessage, Snapshot
from mixmo.net.views import (
    ActionRefused,
    SeatConnection,
    WireEventError,
    decode_event,
    public_options,
    seat_view,
    view_state,
    visible_event,
)

Listener = Callable[[ev.Event], None]


@dataclass(frozen=True, slots=True)
class ViewReplaced(ev.Event):
    """The whole state was replaced (a reconnection, the start of the match): draw it again."""


@dataclass(frozen=True)
class Refusal:
    """Why the table refused an action (nothing changed)."""

    code: str
    message: str


def _error_code(error: Exception) -> str:
    name = type(error).__name__.removesuffix("Error")
    return "".join(f"-{c.lower()}" if c.isupper() else c for c in name).lstrip("-")


class Table(ABC):
    """A match as one seat (None: every seat, at one keyboard) sees and plays it."""

    seat: int | None

    def __init__(self) -> None:
        self._listeners: list[Listener] = []

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

    @abstractmethod
    async def apply(self, action: Action) -> Refusal | None:
        """Carry out ``action``; None when applied, or why it was refused (nothing changed)."""

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` with every later event this seat may see; the unsubscribe function."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def _publish(self, event: ev.Event) -> None:
        for listener in list(self._listeners):
            listener(event)


class LocalTable(Table):
    """A match in this process; time comes from ``clock`` (seconds of game time)."""

    def __init__(
        self, game: Game, seat: int | None = None, clock: Callable[[], float] | None = None
    ) -> None:
        super().__init__()
        self.game = game
        self.seat = seat
        self._seen: tuple[MatchState, MatchState] | None = None
        start = time.monotonic()
        self.clock = clock or (lambda: time.monotonic() - start)
        game.subscribe(
            lambda event: self._publish(visible_event(event, seat) if seat is not None else event)
        )

    @property
    def options(self) -> MatchOptions:
        return self.game.options if self.seat is None else public_options(self.game.options)

    @property
    def state(self) -> MatchState:
        state = self.game.state
        if self.seat is None:
            return state
        if self._seen is None or self._seen[0] is not state:  # states are immutable: one view each
            view = seat_view(self.game.options, state, self.seat, self.clock())
            self._seen = (state, view_state(view))
        return self._seen[1]

    def rack_size(self, seat: int) -> int:
        return len(self.game.state.round.player(seat).rack)

    @property
    def bag_left(self) -> int:
        return len(self.game.state.round.bag)

    async def apply(self, action: Action) -> Refusal | None:
        if self.seat is not None and action.seat != self.seat:
            refusal = Refusal(
                "not-your-seat", f"seat {self.seat} cannot act for seat {action.seat}"
            )
        else:
            try:
                self.game.apply(action.model_copy(update={"at": round(self.clock(), 3)}))
                return None
            except GameRuleError as error:
                refusal = Refusal(_error_code(error), str(error))
        self._publish(ActionRefused(refusal.code, refusal.message))
        return refusal


class RemoteTable(Table):
    """A match on a server, through a connected :class:`GameClient` that holds a seat
    (or watches the room: then ``seat`` is None)."""

    def __init__(self, client: GameClient) -> None:
        super().__init__()
        assert client.welcome is not None or client.watching is not None, (
            "join or watch a room before opening its table"
        )
        self.client = client
        self.seat = client.welcome.seat if client.welcome is not None else None
        """None for a watcher: every grid, no rack, and :meth:`apply` is refused."""
        self._view: SeatView | None = None
        self._state: MatchState | None = None
        self._connected: dict[int, bool] = {}
        client.subscribe(self._on_message)

    @property
    def started(self) -> bool:
        return self.client.view is not None

    def _current(self) -> SeatView:
        view = self.client.view
        if view is None:
            raise RuntimeError("the match has not started yet")
        return view

    @property
    def options(self) -> MatchOptions:
        return self._current().options

    @property
    def state(self) -> MatchState:
        view = self._current()
        if view is not self._view or self._state is None:
            self._view, self._state = view, view_state(view)
        return self._state

    def rack_size(self, seat: int) -> int:
        return self._current().rack_sizes[seat]

    @property
    def bag_left(self) -> int:
        return self._current().bag_left

    async def apply(self, action: Action) -> Refusal | None:
        answer = await self.client.act(action)
        if isinstance(answer, ErrorMessage):
            self._publish(ActionRefused(answer.code, answer.message))
            return Refusal(answer.code, answer.message)
        return None

    def _on_message(self, message: ServerMessage) -> None:
        if isinstance(message, Events):
            for wire in message.events:
                try:
                    event = decode_event(wire)
                except WireEventError:
                    continue  # an event of a newer server: the view still carries its effect
                self._publish(event)
        elif isinstance(message, Snapshot):
            self._publish(ViewReplaced())
        elif isinstance(message, Lobby):
            for info in message.seats:
                if self._connected.get(info.seat, info.connected) != info.connected:
                    self._publish(SeatConnection(info.seat, info.connected))
                self._connected[info.seat] = info.connected
