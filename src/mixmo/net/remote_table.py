"""The remote table: a match on a server, played through a :class:`GameClient`.

The screen uses it through :class:`mixmo.net.table.Table` and cannot tell it
from a local one. Keys become actions sent in the order they were typed, on
one connection, without waiting for each answer (a burst of letters reaches
the server in order); the server's events and views come back through the
client and are published to the screen.
"""

from __future__ import annotations

import asyncio
import time

from mixmo.engine import events as ev
from mixmo.engine.actions import Action
from mixmo.engine.lexicon import Lexicon, embedded
from mixmo.engine.options import MatchOptions, ScoringMode
from mixmo.engine.round_end import WRONG_FINAL_PENALTY, score_round
from mixmo.engine.state import MatchState, Phase
from mixmo.net.client import GameClient
from mixmo.net.protocol import ErrorMessage, Events, Lobby, SeatView, ServerMessage, Snapshot
from mixmo.net.table import ConnectionChanged, Refusal, Table, ViewReplaced
from mixmo.net.views import ActionRefused, SeatConnection, WireEventError, decode_event, view_state


class RemoteTable(Table):
    """A match on a server, through a connected :class:`GameClient` that holds a seat
    (or watches the room: then ``seat`` is None)."""

    def __init__(self, client: GameClient, lexicon: Lexicon | None = None) -> None:
        super().__init__()
        assert client.welcome is not None or client.watching is not None, (
            "join or watch a room before opening its table"
        )
        self.client = client
        self.seat = client.welcome.seat if client.welcome is not None else None
        """None for a watcher: every grid, no rack, and :meth:`apply` is refused."""
        self._lexicon = lexicon
        self._view: SeatView | None = None
        self._state: MatchState | None = None
        self._connected: dict[int, bool] = {}
        if client.lobby is not None:  # who was there when this table opened
            self._connected = {info.seat: info.connected for info in client.lobby.seats}
        self._clock_at: tuple[float, float] = (0.0, time.monotonic())
        if client.view is not None:
            self._clock_at = (client.view.clock, time.monotonic())
        self._outbox: asyncio.Queue[Action] | None = None
        self._sender: asyncio.Task[None] | None = None
        client.subscribe(self._on_message)
        client.on_online(self._on_online)

    @property
    def started(self) -> bool:
        return self.client.view is not None

    @property
    def online(self) -> bool:
        return self.client.online

    @property
    def lost(self) -> str | None:
        failure = self.client.failure
        return str(failure) if failure is not None else None

    @property
    def lobby(self) -> Lobby | None:
        return self.client.lobby

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

    @property
    def lexicon(self) -> Lexicon:
        """The embedded word list of the room's language (the server uses no other)."""
        if self._lexicon is None:
            self._lexicon = embedded(self.options.language)
        return self._lexicon

    @property
    def playable_seats(self) -> tuple[int, ...]:
        return () if self.seat is None else (self.seat,)

    def clock(self) -> float:
        """The server's game time, carried on from the last view by this machine's clock."""
        at, received = self._clock_at
        return at + time.monotonic() - received

    # --- acting ----------------------------------------------------------------------

    async def apply(self, action: Action) -> Refusal | None:
        answer = await self.client.act(action)
        if isinstance(answer, ErrorMessage):
            self._publish(ActionRefused(answer.code, answer.message))
            return Refusal(answer.code, answer.message)
        return None

    def submit(self, action: Action) -> Refusal | None:
        if self.seat is None:
            return Refusal("refused", "a watcher cannot play")
        if self._outbox is None:
            self._outbox = asyncio.Queue()
            self._sender = asyncio.get_running_loop().create_task(self._send_in_order())
        self._outbox.put_nowait(action)
        return None

    async def _send_in_order(self) -> None:
        """One sender for every key: actions leave in the order they were submitted, and
        the next one leaves without waiting for the answer to the last."""
        assert self._outbox is not None
        while True:
            action = await self._outbox.get()
            answer = await self.client.send_action(action)
            answer.add_done_callback(self._answered)

    def _answered(self, answer: asyncio.Future[Events | ErrorMessage]) -> None:
        message = answer.result()
        if isinstance(message, ErrorMessage):
            self._publish(ActionRefused(message.code, message.message))
            self._changed()

    async def start(self, fill_with_bots: bool) -> None:
        await self.client.start(fill_with_bots)

    def close(self) -> None:
        if self._sender is not None:
            self._sender.cancel()

    # --- listening -------------------------------------------------------------------

    def _score_sheet_again(self) -> None:
        """A view taken between two rounds carries the totals, not the round's score sheet:
        work it out again, as the server did, so the scores can still be shown."""
        round_ = self.state.round
        if round_.phase not in (Phase.SCORED, Phase.MATCH_OVER):
            return
        if self.last_scored is not None and self.last_scored.round == round_.number:
            return
        points = self.options.scoring is ScoringMode.POINTS
        sheets = score_round(
            round_,
            self.lexicon,
            self.variant,
            winner=round_.winner,
            penalty=WRONG_FINAL_PENALTY if points else 0,
        )
        self.last_scored = ev.RoundScored(round_.number, round_.winner, tuple(sheets))

    def _on_online(self, online: bool) -> None:
        self._publish(ConnectionChanged(online))
        self._changed()

    def _on_message(self, message: ServerMessage) -> None:
        if isinstance(message, Events):
            self._clock_at = (message.view.clock, time.monotonic())
            for wire in message.events:
                try:
                    event = decode_event(wire)
                except WireEventError:
                    continue  # an event of a newer server: the view still carries its effect
                self._publish(event)
        elif isinstance(message, Snapshot):
            self._clock_at = (message.view.clock, time.monotonic())
            self._score_sheet_again()
            self._publish(ViewReplaced())
        elif isinstance(message, Lobby):
            for info in message.seats:
                if self._connected.get(info.seat, info.connected) != info.connected:
                    self._publish(SeatConnection(info.seat, info.connected))
                self._connected[info.seat] = info.connected
        else:
            return
        self._changed()
