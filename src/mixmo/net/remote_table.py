"""The remote table: a match on a server, played through a :class:`GameClient`.

The screen uses it through :class:`mixmo.session.table.Table` and cannot tell it
from a local one. Keys become actions sent in the order they were typed, on
one connection, without waiting for each answer (a burst of letters reaches
the server in order); the server's events and views come back through the
client and are published to the screen.

The seat's own grid edits that are sent but not yet answered already show in
:attr:`~RemoteTable.state`, as a local table would show them: the state is the
last one the server confirmed with those edits applied over it by the engine's
own rules (client-side prediction). A key typed in a burst thus decides from
the grid its earlier keys made ("type over the same letter: step on"), exactly
as when typed one by one. Each answer replaces the confirmed state and the
edits still unanswered are applied again; an edit the server refuses is
dropped (its refusal is told) and the screen shows the server's grid again.

Keys typed while the connection is lost are kept, shown the same way, counted in
:attr:`RemoteTable.waiting` (the header says how many moves wait) and sent in order
once the client is back; only a client that gives up reconnecting refuses them.
A call made at a moment (:data:`MOMENTS`: MIXMO, "stuck", closing the vote) is never
kept for later: refused at once while the connection is lost, and dropped (and told)
when the connection dropped between the key and its sending.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from mixmo.engine import actions as act
from mixmo.engine import events as ev
from mixmo.engine.actions import Action
from mixmo.engine.game_editing import EditingHandlers
from mixmo.engine.game_errors import GameRuleError
from mixmo.engine.lexicon import Lexicon, embedded
from mixmo.engine.options import MatchOptions
from mixmo.engine.state import MatchState
from mixmo.engine.undo import EditHistory
from mixmo.i18n import N_, _
from mixmo.i18n.messages import say
from mixmo.net.client import ClientError, GameClient
from mixmo.net.invite import browser_address
from mixmo.net.protocol import (
    REACTION_CODES,
    ErrorMessage,
    Events,
    Lobby,
    Reaction,
    SeatView,
    ServerMessage,
    Snapshot,
    Welcome,
)
from mixmo.net.refusals import RATE_LIMIT, SEAT_TAKEN, WATCHER_NO_SEAT, Refused
from mixmo.net.views import WireEventError, decode_event, view_state
from mixmo.session.events import (
    ActionRefused,
    ConnectionChanged,
    SeatConnection,
    SeatHandedOver,
    ViewReplaced,
)
from mixmo.session.hosting import HandOver
from mixmo.session.reactions import ReactionListener
from mixmo.session.table import Capabilities, Connection, Holder, Refusal, Table

PREDICTED = (act.PlaceTile, act.MoveTiles, act.FlipTiles, act.TakeBack, act.TakeApart)
"""The own seat's actions shown before the server answers: edits of its own grid and rack,
which need neither the bag nor the other racks. A draw, a MIXMO, "stuck", a theme, and
undo or redo (whose history only the server keeps) wait for the server's answer, and so
does every edit sent after one of them (it would be applied over a state the server may
have changed)."""

MOMENTS: dict[type[Action], str] = {
    act.CallMixmo: N_("MIXMO not sent: the connection is lost; call again once reconnected"),
    act.SayStuck: N_('"stuck" not sent: the connection is lost; say it again once reconnected'),
    act.CloseVoting: N_(
        "the vote was not closed: the connection is lost; close it again once reconnected"
    ),
}
"""The calls made at a moment, and what their player is told when the connection is lost.

Each tells the table something true when the key is pressed and possibly false later,
so none waits for the connection to come back: replayed after a reconnection it would
be judged against a table that moved on meanwhile (a MIXMO called with every
tile placed, replayed after another seat's MIXMO had dealt two more tiles, became a
hasty call that locked its caller and made everyone draw two).

- ``CallMixmo``: "my rack is empty and my grid is right" holds at the moment of the call;
  any draw meanwhile (another MIXMO, a deadlock) makes it a hasty call, and the bag may
  have run out (the final MIXMO belongs to whoever calls first).
- ``SayStuck`` (either way): a statement about the rack of that moment; replayed, it can
  complete an "everyone is stuck" draw for a rack that has changed since.
- ``CloseVoting``: "judge every claim now", seen against the votes of that moment;
  replayed, it would cut short votes cast meanwhile.

Safe to keep and replay in order, each refused by the server if it no longer fits:
the grid edits (:data:`PREDICTED`), ``Undo`` and ``Redo`` (this player's own edits,
which nobody else changes), ``ChooseTheme`` (only the Bandit's drawer chooses, and only
while the theme waits), ``FinishSprint`` (this player's own grid, frozen for the others),
``ClaimThemeWords`` and ``Vote`` (about grids that no longer change, refused once the
vote is closed) and ``NextRound`` (refused once the next round is dealt)."""


@dataclass(eq=False)
class _Pending:
    """One of this seat's actions, submitted but not yet answered by the server."""

    action: Action
    drops: int = 0
    """How many times the connection had dropped when this action was submitted."""
    sent: bool = False
    answer: asyncio.Future[Events | ErrorMessage] | None = None
    lost: bool = False
    """Refused without a ref (sent too fast): its answer never comes."""

    @property
    def settled(self) -> bool:
        return self.lost or (self.answer is not None and self.answer.done())


class _OwnEdits(EditingHandlers):
    """The engine's handlers of grid edits, run on this side over a seat's view.

    The same rules as the server's game (a tile must be on the rack, a cell free, the
    player may act, the round in play); they read only the editing seat's grid and rack.
    """

    def __init__(self, options: MatchOptions) -> None:
        self.options = options
        self.variant = options.rules
        self.history = EditHistory()  # unused: undo and redo are never predicted

    def predict(
        self,
        state: MatchState,
        actions: Sequence[Action],
        seat: int,
        *,
        strict: bool = False,
    ) -> MatchState:
        """``state`` with ``seat``'s predictable ``actions`` applied in order: one the rules
        refuse is left out (the server will refuse it too; ``strict``: its GameRuleError
        is raised), and the first one that cannot be predicted ends the prediction."""
        for action in actions:
            if action is None or not _predictable(action, seat):
                break
            handler = getattr(self, f"_on_{type(action).__name__}")
            try:
                state, _events = handler(state, action)
            except GameRuleError:
                if strict:
                    raise
        return state


def _predictable(action: Action | None, seat: int | None) -> bool:
    return action is not None and action.seat == seat and isinstance(action, PREDICTED)


class RemoteTable(Table):
    """A match on a server, through a connected :class:`GameClient` that holds a seat
    (or watches the room: then ``seat`` is None). A client still choosing its room
    (the list of open rooms) gives a table whose seat comes with its ``welcome``."""

    def __init__(self, client: GameClient, lexicon: Lexicon | None = None) -> None:
        super().__init__()
        self.client = client
        self.seat = client.welcome.seat if client.welcome is not None else None
        """None for a watcher: every grid, no rack, and :meth:`apply` is refused."""
        self._lexicon = lexicon
        self._view: SeatView | None = None
        self._state: MatchState | None = None
        """The state of :attr:`_view`, as the server confirmed it."""
        self._pending: list[_Pending] = []
        """This seat's actions not yet answered, in the order they were submitted."""
        self._predicted: tuple[MatchState, tuple[_Pending, ...], MatchState] | None = None
        """(confirmed state, pending actions) -> the state shown: the last prediction."""
        self._rules: _OwnEdits | None = None
        self._connected: dict[int, bool] = {}
        self._holders: dict[int, Holder] = {}
        if client.lobby is not None:  # who was there when this table opened
            self._connected = {info.seat: info.connected for info in client.lobby.seats}
            self._holders = {info.seat: self.holder(info.seat) for info in client.lobby.seats}
        self._clock_at: tuple[float, float] = (0.0, time.monotonic())
        if client.view is not None:
            self._clock_at = (client.view.clock, time.monotonic())
        self._outbox: asyncio.Queue[_Pending] | None = None
        self._sender: asyncio.Task[None] | None = None
        self._rematching: asyncio.Task[None] | None = None
        self._drops = 0
        """How many times the connection has dropped (a call waiting across one is dropped)."""
        self._reaction_listeners: list[ReactionListener] = []
        self._reacting: set[asyncio.Future[None]] = set()
        client.subscribe(self._on_message)
        client.on_online(self._on_online)

    @property
    def started(self) -> bool:
        """Whether the match is on (the room may still be in its lobby)."""
        return self.client.view is not None

    @property
    def online(self) -> bool:
        """Whether the client hears the server now (it may be reconnecting)."""
        return self.client.online

    @property
    def browser_page(self) -> str | None:
        """The room's page for a browser, when the server serves one (``serve --web``)."""
        welcome = self.client.welcome
        if welcome is None or not welcome.web:
            return None
        return browser_address(f"{self.client.url}/{welcome.room}")

    @property
    def lost(self) -> str | None:
        """Why the client gave up reconnecting (None while it hears the server, or tries)."""
        failure = self.client.failure
        return say(failure) if failure is not None else None  # in the player's language

    @property
    def connection(self) -> Connection:
        failure = self.client.failure
        taken = failure is not None and failure.code == SEAT_TAKEN.code
        return Connection(self.started, self.online, self.waiting, self.lost, taken)

    def connected(self, seat: int) -> bool:
        """Whether ``seat``'s player is connected, as the room's seats last said (a bot is)."""
        return self._connected.get(seat, True)

    def holder(self, seat: int) -> Holder:
        """Who holds ``seat``, as the room's seats last said."""
        lobby = self.lobby
        info = lobby.seats[seat] if lobby is not None and 0 <= seat < len(lobby.seats) else None
        if info is None or not (info.bot or info.open):
            return "player"
        return "bot" if info.bot else "free"

    def rating(self, seat: int) -> int | None:
        """``seat``'s player's rating, as the rated room's seats last said."""
        lobby = self.lobby
        if lobby is None or not 0 <= seat < len(lobby.seats):
            return None
        return lobby.seats[seat].rating

    @property
    def lobby(self) -> Lobby | None:
        """Who sits where in the server's room (None before the room first says)."""
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
    def confirmed(self) -> MatchState:
        """The state of the server's last view, without this seat's unanswered edits."""
        view = self._current()
        if view is not self._view or self._state is None:
            self._view, self._state = view, view_state(view)
        return self._state

    @property
    def state(self) -> MatchState:
        """The confirmed state with this seat's unanswered edits applied over it."""
        confirmed = self.confirmed
        pending = tuple(self._unanswered())
        if not pending or self.seat is None:
            return confirmed
        last = self._predicted
        if last is not None and last[0] is confirmed and _same(last[1], pending):
            return last[2]
        if self._rules is None:
            self._rules = _OwnEdits(self.options)
        state = self._rules.predict(confirmed, [p.action for p in pending], self.seat)
        self._predicted = (confirmed, pending, state)
        return state

    def _unanswered(self) -> list[_Pending]:
        """The pending actions still waiting for their answer. The server answers one
        connection's actions in order, so once an action is answered every one sent
        before it is too (one refused without a ref is marked lost)."""
        settled = [i for i, pending in enumerate(self._pending) if pending.settled]
        if settled:
            del self._pending[: settled[-1] + 1]
        return self._pending

    def rack_size(self, seat: int) -> int:
        if seat == self.seat:
            return len(self.state.round.player(seat).rack)
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
        if self.paused:  # the room's game time stands still (its view follows the lobby)
            return at
        return at + time.monotonic() - received

    @property
    def paused(self) -> bool:
        lobby = self.lobby
        return lobby is not None and lobby.paused

    # --- acting ----------------------------------------------------------------------

    async def apply(self, action: Action) -> Refusal | None:
        answer = await self.client.act(action)
        if isinstance(answer, ErrorMessage):
            self._publish(ActionRefused(answer.code, answer.said()))
            return Refusal(answer.code, answer.said())
        return None

    def submit(self, action: Action) -> Refusal | None:
        if self.seat is None:
            return Refusal.of(Refused(reason=WATCHER_NO_SEAT()))
        moment = MOMENTS.get(type(action))
        if moment is not None and not self.online:
            return Refusal("disconnected", _(moment))  # a call is made now or not at all
        refusal = self._judged(action)
        if refusal is not None:
            return refusal
        self._send_later(_Pending(action, drops=self._drops))
        if isinstance(action, PREDICTED):
            self._changed()  # shown now, as a local table shows it
        return None

    def _send_later(self, pending: _Pending) -> None:
        """Queue ``pending`` for the sender, after everything submitted before it."""
        if self._outbox is None:
            self._outbox = asyncio.Queue()
            self._sender = asyncio.get_running_loop().create_task(self._send_in_order())
        self._pending.append(pending)
        self._outbox.put_nowait(pending)

    def _judged(self, action: Action) -> Refusal | None:
        """Why the rules refuse this seat's grid edit over the state shown, as a local table
        refuses it: at once, not sent (a typo's letter does not move the cursor on). None
        when they accept it, or when the state shown cannot judge it (an unpredicted
        action still waits for its answer): the server judges then."""
        if not isinstance(action, PREDICTED) or action.seat != self.seat or not self.started:
            return None
        if any(not _predictable(p.action, self.seat) for p in self._unanswered()):
            return None
        shown = self.state
        if self._rules is None:
            self._rules = _OwnEdits(self.options)
        try:
            self._rules.predict(shown, [action], action.seat, strict=True)
        except GameRuleError as error:
            return Refusal.of(error)
        return None

    async def _send_in_order(self) -> None:
        """One sender for every key: actions leave in the order they were submitted, and
        the next one leaves without waiting for the answer to the last."""
        assert self._outbox is not None
        while True:
            pending = await self._outbox.get()
            if not self.client.online and not await self._until_online():
                pending.lost = True  # the client gave up: this key never leaves
                self._publish(ActionRefused("disconnected", _("not connected: not played")))
                self._changed()
                continue
            moment = MOMENTS.get(type(pending.action))
            if moment is not None and pending.drops != self._drops:
                pending.lost = True  # the connection dropped since the call: not replayed
                self._publish(ActionRefused("disconnected", _(moment)))
                self._changed()
                continue
            pending.sent = True
            pending.answer = await self.client.send_action(pending.action)
            pending.answer.add_done_callback(self._answered)

    async def _until_online(self) -> bool:
        """Wait while the client reconnects (keys typed meanwhile wait, shown predicted, and
        leave in order once it is back); False when it gave up for good."""
        back = asyncio.ensure_future(self.client.wait_online())
        gone = asyncio.ensure_future(self.client.closed.wait())
        try:
            await asyncio.wait((back, gone), return_when=asyncio.FIRST_COMPLETED)
        finally:
            back.cancel()
            gone.cancel()
        return self.client.online

    @property
    def waiting(self) -> int:
        """How many of this seat's actions wait for the connection to come back."""
        if self.online:
            return 0
        return sum(1 for pending in self._unanswered() if not pending.sent)

    def _answered(self, answer: asyncio.Future[Events | ErrorMessage]) -> None:
        message = answer.result()
        if isinstance(message, ErrorMessage):
            self._publish(ActionRefused(message.code, message.said()))
            self._changed()  # a predicted edit refused: the screen shows the server's grid

    def _refused_unnamed(self, message: ErrorMessage) -> None:
        """The server refused a message sent too fast without naming it: it is the oldest
        action sent and not yet answered (answers come in order), and no answer will come."""
        for pending in self._pending:
            if pending.sent and not pending.settled:
                pending.lost = True
                self._publish(ActionRefused(message.code, message.said()))
                self._changed()
                return

    async def start(self, fill_with_bots: bool) -> None:
        await self.client.start(fill_with_bots)

    async def leave(self) -> None:
        """The player leaves the room (before the match: their seat is free again)."""
        self.close()
        await self.client.leave()

    def react(self, code: str) -> None:
        """Send the others a quick reaction (:class:`~mixmo.session.reactions.Reacting`)."""
        if code in REACTION_CODES and self.seat is not None:
            task = asyncio.ensure_future(self.client.react(code))
            self._reacting.add(task)
            task.add_done_callback(self._reacting.discard)

    def on_reaction(self, listener: ReactionListener) -> Callable[[], None]:
        self._reaction_listeners.append(listener)
        return lambda: self._reaction_listeners.remove(listener)

    @property
    def ready_seats(self) -> frozenset[int]:
        lobby = self.lobby
        if lobby is None:
            return frozenset()
        return frozenset(info.seat for info in lobby.seats if info.bot or info.ready)

    @property
    def capabilities(self) -> Capabilities:
        """A seat may ask its room to play again (:meth:`rematch`); a watcher only watches;
        the room's first player hosts it (:class:`~mixmo.session.hosting.Hosting`)."""
        seated = bool(self.playable_seats)
        lobby = self.lobby
        host = lobby is not None and self.seat is not None
        if host and lobby is not None:  # the server's rule: the first seat a person holds
            host = next((i.seat for i in lobby.seats if not i.bot), None) == self.seat
        return Capabilities(watcher=not seated, rematch=seated, host=host)

    async def pause_match(self, paused: bool) -> Refusal | None:
        """The host stops (or restarts) the room's game time (:class:`Hosting`)."""
        try:
            await self.client.pause(paused)
        except ClientError as error:
            return Refusal.of(error)
        return None

    async def hand_over(self, seat: int, to: HandOver) -> Refusal | None:
        """The host frees an away player's seat or gives it to a bot (:class:`Hosting`)."""
        try:
            await self.client.host_seat(seat, to)
        except ClientError as error:
            return Refusal.of(error)
        return None

    def rematch(self) -> RemoteTable:
        """Ask the room for a new match with the same seats. This same table follows it once
        the room starts it (the host asked, or every player at the table): its snapshot
        replaces the finished match's view."""
        self._rematching = asyncio.get_running_loop().create_task(self.client.rematch())
        return self

    def close(self) -> None:
        if self._sender is not None:
            self._sender.cancel()

    # --- listening -------------------------------------------------------------------

    def _score_sheet_of_the_view(self) -> None:
        """A view taken between two rounds (a rejoined seat's) carries the round's score
        sheet in its state: the scores can still be shown, as the event would have."""
        round_ = self.state.round
        if not round_.scores:
            return
        if self.last_scored is not None and self.last_scored.round == round_.number:
            return
        self.last_scored = ev.RoundScored(round_.number, round_.winner, round_.scores)

    def _on_online(self, online: bool) -> None:
        if not online:
            self._drops += 1
        self._publish(ConnectionChanged(online))
        self._changed()

    def _on_message(self, message: ServerMessage) -> None:
        if isinstance(message, Welcome):
            self.seat = message.seat
        if isinstance(message, Reaction):
            for listener in list(self._reaction_listeners):
                listener(message.seat, message.code)
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
            self._score_sheet_of_the_view()
            self._publish(ViewReplaced())
        elif isinstance(message, Lobby):
            self._seats_changed(message)
        elif isinstance(message, ErrorMessage) and message.ref is None:
            if message.code == RATE_LIMIT.code:  # an older server names no ref: guessed
                self._refused_unnamed(message)
            return
        else:
            return
        self._changed()

    def _seats_changed(self, lobby: Lobby) -> None:
        """Tell who came, went, or now holds a seat (a bot given it is no player back)."""
        for info in lobby.seats:
            holder: Holder = "bot" if info.bot else "free" if info.open else "player"
            if self._holders.get(info.seat, holder) != holder:
                self._publish(SeatHandedOver(info.seat, holder))
            elif self._connected.get(info.seat, info.connected) != info.connected:
                self._publish(SeatConnection(info.seat, info.connected))
            self._holders[info.seat] = holder
            self._connected[info.seat] = info.connected


def _same(these: tuple[_Pending, ...], those: tuple[_Pending, ...]) -> bool:
    """The same pending actions, one for one (by identity: two equal keys are two actions)."""
    return len(these) == len(those) and all(a is b for a, b in zip(these, those, strict=True))
