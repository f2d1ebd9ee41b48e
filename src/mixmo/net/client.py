"""The client side of the protocol: one WebSocket to a server, kept alive by itself.

:class:`GameClient` sends requests and actions and keeps the latest lobby and
view of its seat. When the connection drops, it reconnects on its own with
its seat's secret token (kept in the client's data folder by
:class:`SeatTokens`, so a restarted client takes its seat back too) and gets
the current state. The terminal and browser clients use it through
:class:`mixmo.net.remote_table.RemoteTable`; bots through :mod:`mixmo.net.botclient`.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections.abc import Awaitable, Callable
from typing import Literal, TypeVar

from pydantic import BaseModel, ValidationError
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from mixmo.engine.actions import Action
from mixmo.engine.messages import Kind
from mixmo.engine.state import Phase
from mixmo.net.client_errors import (
    CANNOT_REACH,
    CLIENT_CLOSED,
    CLOSED,
    CONNECTION_LOST,
    CONNECTION_LOST_TO,
    DISCONNECTED,
    NO_ANSWER,
    NO_ANSWER_TO_ACTION,
    NOT_CONNECTED,
    NOT_CONNECTED_TO_SERVER,
    stand_in,
)
from mixmo.net.client_errors import ClientError as ClientError
from mixmo.net.community_messages import (
    Challenge,
    Leaderboard,
    ListLive,
    LiveList,
    LiveMatch,
    MatchList,
    MatchPage,
    QuickMatch,
    QuickQueued,
    SignedIn,
)
from mixmo.net.logs import wire_logger
from mixmo.net.protocol import (
    SERVER_MESSAGE,
    Created,
    CreateRoom,
    ErrorMessage,
    Events,
    HostSeat,
    JoinRoom,
    LeaveRoom,
    ListRooms,
    Lobby,
    OpenRoom,
    PauseMatch,
    React,
    ReactionCode,
    Reconnect,
    Rematch,
    RoomList,
    RoomSettings,
    SendAction,
    ServerMessage,
    Snapshot,
    StartMatch,
    WatchRoom,
    Welcome,
)
from mixmo.net.protocol import SeatView as SeatView
from mixmo.net.refusals import BAD_TOKEN, MATCH_OVER, ROOM_ELSEWHERE, SEAT_TAKEN, UNKNOWN_ROOM
from mixmo.net.seat_tokens import SEAT_MEMORY as SEAT_MEMORY
from mixmo.net.seat_tokens import SeatTokens as SeatTokens
from mixmo.net.seat_tokens import server_key as server_key
from mixmo.net.wire import MAX_FRAME, QUICK_PATH, SEAT_TAKEN_CLOSE

log = logging.getLogger("mixmo.net.client")

RECONNECT_DELAYS = (0.1, 0.25, 0.5, 1.0, 2.0)
"""Seconds between reconnection attempts (the last one repeats)."""
RECONNECT_FOR = 600.0
"""Seconds a client keeps trying before it gives up."""
REQUEST_TIMEOUT = 15.0

Listener = Callable[[ServerMessage], None]
ROOM_GONE = frozenset({UNKNOWN_ROOM.code, MATCH_OVER.code})
"""Refusals that say a room has no seat to give back any more."""


Answer = TypeVar("Answer", bound=BaseModel)
ANSWERS = (
    Created,
    Welcome,
    ErrorMessage,
    Lobby,
    RoomList,
    Challenge,
    SignedIn,
    Leaderboard,
    LiveList,
    MatchList,
    MatchPage,
    QuickQueued,
)
"""The server's messages that answer a request (the others come on their own)."""


class GameClient:
    """One connection to a mixmo server, reconnecting by itself once seated."""

    def __init__(
        self,
        url: str,
        *,
        tokens: SeatTokens | None = None,
        reconnect_for: float = RECONNECT_FOR,
    ) -> None:
        self.url = url.rstrip("/")
        self.tokens = tokens
        self.reconnect_for = reconnect_for
        self.welcome: Welcome | None = None
        self.lobby: Lobby | None = None
        self.view: SeatView | None = None
        self.closed = asyncio.Event()
        """Set when the client stops for good (closed by us, or reconnection gave up)."""
        self.failure: ClientError | None = None
        self.watching: str | None = None
        """The room this client watches without a seat (None when seated or idle)."""
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._listeners: list[Listener] = []
        self._online_listeners: list[Callable[[bool], None]] = []
        self._request: asyncio.Queue[ServerMessage] | None = None
        """The answers that came while a request waits: a queue, not one future, since an
        unrelated answer (a lobby) and the awaited one may arrive in one turn of the loop."""
        self._actions: dict[int, asyncio.Future[Events | ErrorMessage]] = {}
        self._next_ref = 1
        self._closing = False
        self._displaced = False
        """The server said another connection took this seat (``seat-taken``)."""
        self._joined_as: str | None = None
        """The name this client's seat is kept under in ``tokens``."""
        self._forgot: str | None = None
        """The room whose seat this client let go of in ``tokens`` (its match is over)."""
        self._online = asyncio.Event()
        self.prepare: Callable[[GameClient], Awaitable[object]] | None = None
        """Said first on every connection this client opens to reach a room (a sign-in):
        a community server's node may send it to another node's (:meth:`_move`)."""

    # --- connection ----------------------------------------------------------------------

    async def connect(self, room: str | None = None, *, queue: bool = False) -> None:
        """Open the connection; ClientError when the server cannot be reached.

        With ``room``, the connection's path names it (``ws://HOST:PORT/CODE``), and with
        ``queue`` the quick-match queue (``/quick``): one server ignores the path, a
        community server's node leads the client to the node that plays the room or keeps
        the queue (docs/network.md).
        """
        self._ws = await self._open(room or (QUICK_PATH if queue else None))
        self._online.set()
        self._reader = asyncio.create_task(self._read())

    @property
    def host(self) -> str:
        """The ``Host`` this connection was opened with: the server's address, or the node's
        a community server redirected it to (what a sign-in's challenge must name)."""
        from mixmo.net.keys import host_of

        request = self._ws.request if self._ws is not None else None
        if request is not None and "Host" in request.headers:
            return str(request.headers["Host"]).lower()
        return host_of(self.url)

    async def _open(self, room: str | None = None) -> ClientConnection:
        try:
            return await connect(
                f"{self.url}/{room}" if room else self.url,
                max_size=MAX_FRAME,
                open_timeout=5,
                close_timeout=2,
                logger=wire_logger("mixmo.net.client.wire"),
            )
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as error:
            raise ClientError("unreachable", CANNOT_REACH(url=self.url, error=str(error))) from None

    async def close(self) -> None:
        self._closing = True
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        self._fail_pending(CLOSED, CLIENT_CLOSED)
        self.closed.set()

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener`` with every message from the server, in order."""
        self._listeners.append(listener)

    def on_online(self, listener: Callable[[bool], None]) -> None:
        """Call ``listener`` when the connection drops (False) and when it is back (True)."""
        self._online_listeners.append(listener)

    def _tell_online(self, online: bool) -> None:
        for listener in list(self._online_listeners):
            listener(online)

    async def _read(self) -> None:
        while True:
            ws = self._ws
            assert ws is not None
            try:
                async for raw in ws:
                    self._receive(raw)
            except ConnectionClosed:
                pass
            if self._ws is not ws and not self._closing:
                continue  # moved to another node's connection (:meth:`_move`): read that one
            self._online.clear()
            self._fail_pending(DISCONNECTED, CONNECTION_LOST)
            if self._closing or (self.welcome is None and self.watching is None):
                self.closed.set()
                return
            if self._displaced or ws.close_code == SEAT_TAKEN_CLOSE:
                # Another window took this seat: taking it back would displace that one in
                # turn, and the two would knock each other off for ever.
                self.failure = ClientError(SEAT_TAKEN.code, SEAT_TAKEN())
                self.closed.set()
                self._tell_online(False)
                return
            self._tell_online(False)
            if not await self._reconnect():
                self.closed.set()
                self._tell_online(False)  # for good now: ``failure`` says why
                return

    async def _reconnect(self) -> bool:
        """Reconnect and take the seat back with its token (or watch again); False once that
        is hopeless."""
        welcome = self.welcome
        hello: Reconnect | WatchRoom
        if welcome is not None:
            hello = Reconnect(room=welcome.room, seat=welcome.seat, token=welcome.token)
        else:
            assert self.watching is not None
            hello = WatchRoom(room=self.watching)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.reconnect_for
        attempt = 0
        while loop.time() < deadline and not self._closing:
            await asyncio.sleep(RECONNECT_DELAYS[min(attempt, len(RECONNECT_DELAYS) - 1)])
            attempt += 1
            try:
                ws = await self._open(welcome.room if welcome else self.watching)
            except ClientError:
                continue
            await ws.send(hello.model_dump_json())
            try:
                async with asyncio.timeout(REQUEST_TIMEOUT):
                    raw = await ws.recv()
                answer = SERVER_MESSAGE.validate_json(raw)
            except (ConnectionClosed, TimeoutError, ValidationError):
                await ws.close()
                continue
            if isinstance(answer, ErrorMessage):
                await ws.close()
                if answer.code == BAD_TOKEN.code or answer.code in ROOM_GONE:
                    self.failure = ClientError(answer.code, answer.said())
                    return False
                continue
            self._ws = ws
            self._online.set()
            self._tell_online(True)
            self._receive(raw)
            log.info("reconnected after %d attempt(s)", attempt)
            return True
        self.failure = ClientError("unreachable", CONNECTION_LOST_TO(url=self.url))
        return False

    def _fail_pending(self, family: Kind, reason: Kind) -> None:
        error = stand_in(family, reason)
        if self._request is not None:
            self._request.put_nowait(error)
        for future in self._actions.values():
            if not future.done():
                future.set_result(error)
        self._actions.clear()

    def _receive(self, raw: str | bytes) -> None:
        try:
            message = SERVER_MESSAGE.validate_json(raw)
        except ValidationError as error:
            log.warning("a message from the server does not fit the protocol: %s", error)
            return
        if isinstance(message, ErrorMessage) and message.code == SEAT_TAKEN.code:
            self._displaced = True
        if isinstance(message, Welcome):
            self.welcome = message
        elif isinstance(message, Lobby):
            self.lobby = message
        elif isinstance(message, Snapshot | Events):
            self.view = message.view
            self._forget_seat_if_over(message.view)
        ref = message.ref if isinstance(message, Events | ErrorMessage) else None
        if ref is not None and ref in self._actions:
            future = self._actions.pop(ref)
            if not future.done():
                assert isinstance(message, Events | ErrorMessage)
                future.set_result(message)
        elif self._request is not None and isinstance(message, ANSWERS):
            self._request.put_nowait(message)
        for listener in list(self._listeners):
            listener(message)

    def _forget_seat_if_over(self, view: SeatView) -> None:
        """The match is over: its seat's token is of no more use (``seats.json`` would
        otherwise keep every room ever played)."""
        welcome = self.welcome
        if self.tokens is None or welcome is None or self._forgot == welcome.room:
            return
        if view.state.round.phase is Phase.MATCH_OVER:
            self._forgot = welcome.room
            self.tokens.forget(self.url, welcome.room)

    # --- requests ------------------------------------------------------------------------

    async def _ask(
        self,
        text: str,
        wanted: Callable[[ServerMessage], bool],
        timeout: float | None = REQUEST_TIMEOUT,
    ) -> ServerMessage:
        if self._ws is None:
            raise ClientError("closed", NOT_CONNECTED())
        answers: asyncio.Queue[ServerMessage] = asyncio.Queue()
        self._request = answers  # before sending: the answer may come at once
        try:
            async with asyncio.timeout(timeout):
                await self._ws.send(text)
                while True:
                    answer = await answers.get()
                    if isinstance(answer, ErrorMessage):
                        raise ClientError(answer.code, answer.said())
                    if wanted(answer):
                        return answer
        except TimeoutError:
            raise ClientError("timeout", NO_ANSWER()) from None
        except ConnectionClosed:
            raise ClientError("disconnected", CONNECTION_LOST()) from None
        finally:
            self._request = None

    async def ask(self, message: BaseModel, answer: type[Answer]) -> Answer:
        """Send ``message`` and return the server's ``answer`` to it (ClientError: its
        refusal): how a service of its own module (accounts) talks to the server."""
        got = await self._ask(message.model_dump_json(), lambda m: isinstance(m, answer))
        assert isinstance(got, answer)
        return got

    async def open_rooms(self) -> list[OpenRoom]:
        """The server's public rooms that wait for players."""
        answer = await self._ask(ListRooms().model_dump_json(), lambda m: isinstance(m, RoomList))
        assert isinstance(answer, RoomList)
        return answer.rooms

    async def live_matches(self) -> list[LiveMatch]:
        """The rated matches being played at the server (every node's), to watch one."""
        return (await self.ask(ListLive(), LiveList)).matches

    async def create(self, settings: RoomSettings) -> str:
        """Open a room; its code."""
        answer = await self._ask(
            CreateRoom(settings=settings).model_dump_json(), lambda m: isinstance(m, Created)
        )
        assert isinstance(answer, Created)
        return answer.room

    async def quick(self, request: QuickMatch) -> Welcome:
        """Wait in the server's quick-match queue (for as long as it takes) until it seats
        this client at a table; its seat is kept as a join's is.

        A lost connection (on a community server, the node that kept the queue died) is
        opened again through the server's address and the request made again, for
        :attr:`reconnect_for` seconds: the seeker waits on, at the back of the queue,
        wherever the queue is now. The :meth:`on_online` listeners hear the loss and the
        return."""
        loop = asyncio.get_running_loop()
        while True:
            try:
                answer = await self._ask(
                    request.model_dump_json(), lambda m: isinstance(m, Welcome), timeout=None
                )
                break
            except ClientError as error:
                if error.code != DISCONNECTED.code or self._closing:
                    raise
            log.info("the quick-match queue's connection was lost: asking again")
            self._tell_online(False)
            await self._queue_again(loop.time() + self.reconnect_for)
            self._tell_online(True)
        assert isinstance(answer, Welcome)
        self._joined_as = answer.name  # an account's name, when signed in
        if self.tokens is not None:
            self.tokens.put(self.url, answer.room, answer.name, answer.seat, answer.token)
        return answer

    async def _queue_again(self, deadline: float) -> None:
        """Open a connection to the quick-match queue again, and say :attr:`prepare` on it
        (a sign-in), until ``deadline``; ClientError once that is past."""
        loop = asyncio.get_running_loop()
        for attempt in itertools.count():
            await asyncio.sleep(RECONNECT_DELAYS[min(attempt, len(RECONNECT_DELAYS) - 1)])
            try:
                await self.connect(queue=True)
                self.closed.clear()
                if self.prepare is not None:
                    await self.prepare(self)
                return
            except ClientError as error:
                if error.code not in ("unreachable", DISCONNECTED.code) or self._closing:
                    raise
                if loop.time() >= deadline:
                    raise ClientError("unreachable", CONNECTION_LOST_TO(url=self.url)) from None

    async def _at_room(self, room: str, request: Callable[[], Awaitable[Answer]]) -> Answer:
        """``request`` about ``room``, made again at the node that plays it when this
        connection's node of a community server says another one does (a room picked
        from a list that every node shares)."""
        try:
            return await request()
        except ClientError as error:
            if error.code != ROOM_ELSEWHERE.code:
                raise
        await self._move(room)
        return await request()

    async def _move(self, room: str) -> None:
        """Open a connection that names ``room`` (the node reached leads it to the room's)
        in place of this one, and say :attr:`prepare` on it."""
        ws = await self._open(room)
        old, self._ws = self._ws, ws
        if old is not None:
            await old.close()  # the reader goes on with the new connection
        if self.prepare is not None:
            await self.prepare(self)

    async def join(self, room: str, name: str) -> Welcome:
        """Take a seat: back the one this client held under ``name`` (by its saved token), or
        the next free one."""
        return await self._at_room(room, lambda: self._join_here(room, name))

    async def _join_here(self, room: str, name: str) -> Welcome:
        self._joined_as = name
        saved = self.tokens.get(self.url, room, name) if self.tokens else None
        if saved is not None:
            seat, token = saved
            try:
                answer = await self._ask(
                    Reconnect(room=room, seat=seat, token=token).model_dump_json(),
                    lambda m: isinstance(m, Welcome),
                )
            except ClientError as error:
                if error.code in ROOM_GONE and self.tokens is not None:
                    self.tokens.forget(self.url, room)  # no seat there any more
                if error.code != BAD_TOKEN.code:
                    raise
            else:
                assert isinstance(answer, Welcome)
                return answer
        answer = await self._ask(
            JoinRoom(room=room, name=name).model_dump_json(), lambda m: isinstance(m, Welcome)
        )
        assert isinstance(answer, Welcome)
        if self.tokens is not None:
            self.tokens.put(self.url, room, name, answer.seat, answer.token)
        return answer

    async def watch(self, room: str) -> Lobby:
        """Follow ``room`` without a seat: its lobby now, its snapshot and events as they come."""
        return await self._at_room(room, lambda: self._watch_here(room))

    async def _watch_here(self, room: str) -> Lobby:
        answer = await self._ask(
            WatchRoom(room=room).model_dump_json(), lambda m: isinstance(m, Lobby)
        )
        assert isinstance(answer, Lobby)
        self.watching = room
        return answer

    async def leave(self) -> None:
        """Leave the room: before its match starts the seat is free again (and its token of
        no more use); during the match it is held. Then close."""
        welcome = self.welcome
        if welcome is not None and self.online:
            with contextlib.suppress(ClientError):  # gone already: the seat is held, no more
                answer = await self._ask(
                    LeaveRoom().model_dump_json(), lambda m: isinstance(m, Lobby)
                )
                assert isinstance(answer, Lobby)
                if not answer.started and self.tokens is not None and self._joined_as:
                    self.tokens.forget(self.url, welcome.room, self._joined_as)
        await self.close()

    async def react(self, code: ReactionCode) -> None:
        """Send the room's other players a quick reaction (no answer; a refusal, past the
        connection's budget, comes as an ``error`` without a ref)."""
        if self._ws is None:
            raise ClientError("closed", NOT_CONNECTED())
        with contextlib.suppress(ConnectionClosed):  # a reaction lost with the connection
            await self._ws.send(React(code=code).model_dump_json())

    async def start(self, fill_with_bots: bool = False) -> None:
        """Start the match now (first seat only)."""
        await self._ask(
            StartMatch(fill_with_bots=fill_with_bots).model_dump_json(),
            lambda m: isinstance(m, Lobby) and m.started,
        )

    async def rematch(self) -> None:
        """Ask to play again once the match is over (:class:`Rematch`): the new match comes
        as a snapshot when the room starts it (nothing if the connection is gone)."""
        if self._ws is None:
            return
        with contextlib.suppress(ConnectionClosed):
            await self._ws.send(Rematch().model_dump_json())

    async def pause(self, paused: bool = True) -> None:
        """The host stops (or restarts) the room's game time; the answer is the lobby that
        says so (ClientError ``not-host`` for anyone else)."""
        await self._ask(
            PauseMatch(paused=paused).model_dump_json(),
            lambda m: isinstance(m, Lobby) and m.paused == paused,
        )

    async def host_seat(self, seat: int, to: Literal["free", "bot"]) -> None:
        """The host frees an away player's seat or gives it to a server bot."""
        await self._ask(
            HostSeat(seat=seat, to=to).model_dump_json(), lambda m: isinstance(m, Lobby)
        )

    async def act(self, action: Action) -> Events | ErrorMessage:
        """Send one action for this seat; the server's answer (its events, or the refusal)."""
        future = await self.send_action(action)
        try:
            async with asyncio.timeout(REQUEST_TIMEOUT):
                return await asyncio.shield(future)
        except TimeoutError:
            return stand_in(DISCONNECTED, NO_ANSWER_TO_ACTION)

    async def send_action(self, action: Action) -> asyncio.Future[Events | ErrorMessage]:
        """Send one action for this seat without waiting for the answer; the answer's future.

        Actions sent one after another by one task reach the server in that order
        (one connection), so a burst of keys is pipelined, not a round trip each. The
        future holds the server's events or refusal, or a ``disconnected`` error when the
        connection drops first (the action may or may not have been applied then).
        """
        return await self._send_numbered(lambda ref: SendAction(ref=ref, action=action))

    async def _send_numbered(
        self, message: Callable[[int], SendAction]
    ) -> asyncio.Future[Events | ErrorMessage]:
        """Send the message made with the next ref; the future of its answer."""
        ref = self._next_ref
        self._next_ref += 1
        future: asyncio.Future[Events | ErrorMessage] = asyncio.get_running_loop().create_future()
        lost = stand_in(DISCONNECTED, NOT_CONNECTED_TO_SERVER, ref)
        if self._ws is None or not self._online.is_set():
            future.set_result(lost)
            return future
        self._actions[ref] = future
        try:
            await self._ws.send(message(ref).model_dump_json())
        except ConnectionClosed:
            self._actions.pop(ref, None)
            if not future.done():
                future.set_result(lost)
        return future

    @property
    def online(self) -> bool:
        """Connected now (False while reconnecting: a screen can say so)."""
        return self._online.is_set()

    async def wait_online(self) -> None:
        """Until the connection is up again after a drop."""
        await self._online.wait()
