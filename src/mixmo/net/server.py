"""The game server: rooms of players over WebSockets, with the engine as the only authority.

Clients send actions; the server stamps each with its room's game time on
receipt, has the room apply it, writes it to the log, and sends every client
of the room the events its seat may see: those the room's match (the session's
``MatchCore``) told the server, one of its subscribers. Nothing a client sends is trusted:
every frame is size-limited (``max_size``), every message rate-limited and
validated, and a refusal goes to the sender only, changing nothing. Logs never
hold a token or a whole room code (docs/network.md, "Security").

Group commit: messages wait in their connections until the flush, at the end
of the event loop's turn, or under load :attr:`Limits.commit_window` after
the last flush; then one commit makes every action since the last one
durable, and only then are the messages written to the sockets (one commit
for many actions, and no event of an action that is not in the log).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import weakref
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from mixmo.engine import actions as act
from mixmo.engine import events as ev
from mixmo.engine.actions import Action, CloseVoting, NextRound
from mixmo.engine.game import GameRuleError
from mixmo.net import refusals
from mixmo.net.account_store import AccountStore
from mixmo.net.accounts import Accounts
from mixmo.net.addresses import AddressBook, client_address
from mixmo.net.archive_service import ArchiveService
from mixmo.net.botrunner import Submit
from mixmo.net.broadcast import broadcast_events, send_snapshot
from mixmo.net.cluster import Cluster
from mixmo.net.community_messages import ListLive, LiveList
from mixmo.net.connection import Connection, Limits, close_later, drained
from mixmo.net.database import DATABASE_ERRORS
from mixmo.net.group_commit import GroupCommit
from mixmo.net.health import answer_health_check
from mixmo.net.heap import FrozenHeap
from mixmo.net.incoming import parse_message, ref_of
from mixmo.net.logs import room_label as room_label
from mixmo.net.logs import wire_logger
from mixmo.net.node import Node
from mixmo.net.protocol import (
    ClientMessage,
    Created,
    CreateRoom,
    ListRooms,
    RoomList,
    RoomSettings,
    SendAction,
    TakeHint,
)
from mixmo.net.quick_match import QuickMatches
from mixmo.net.rating_service import Ratings
from mixmo.net.refusals import (
    NoBotsLeftError,
    Refused,
    RoomError,
    ServerOnlyError,
    TooManyGuessesError,
    TooManyRoomsError,
    UnknownRoomError,
)
from mixmo.net.room_bots import start_room_bots
from mixmo.net.room_directory import Rooms
from mixmo.net.room_list import live_matches, open_rooms
from mixmo.net.rooms import Room
from mixmo.net.seats import Seats
from mixmo.net.service import Handler
from mixmo.net.store import RoomStore
from mixmo.net.table_controls import TableControls
from mixmo.net.upkeep import Upkeep
from mixmo.net.wire import MAX_FRAME
from mixmo.session.core import MatchCore

log = logging.getLogger("mixmo.net.server")

WAITS_EVERY = 0.5
"""How often the rooms' waits are checked (seconds): the choices made for a player who ran
out of time come within it."""
"""Seconds between two keepings of every room's game time in the store: a crash loses at
most that much of a room's clock (a stop loses none)."""


class GameServer:
    """Rooms, connections and the server's own bots; :meth:`start` listens."""

    def __init__(
        self,
        data: Path | None = None,
        limits: Limits | None = None,
        bot_speed: float = 1.0,
        shard: tuple[int, int] = (0, 1),
        bot_pace: float = 1.0,
        database: str = "",
        cluster: Cluster | None = None,
    ) -> None:
        """``database``: a PostgreSQL address, where the rooms and accounts are kept
        instead of ``data``'s SQLite files; ``cluster``: this server is one node of a
        community server (:mod:`mixmo.net.node`)."""
        self.limits = limits or Limits()
        self.store = (
            RoomStore(database=database)
            if database
            else RoomStore(data)
            if data is not None
            else None
        )
        self.rooms = Rooms(self.store, shard, self.limits.abandoned_room, cluster)
        self.node = Node(cluster, self.rooms) if cluster is not None else None
        self.accounts = Accounts(AccountStore(data, database))
        self.ratings = Ratings(self.accounts.store)
        self.bot_speed = bot_speed
        self.bot_pace = bot_pace
        """Every time the server's bots take, multiplied (``--bot-pace``)."""
        self.connections: set[Connection] = set()
        self.listeners: dict[str, set[Connection]] = {}
        self.commits = GroupCommit(self.store, self.limits)
        """What waits for the next commit, and the flush (:mod:`.group_commit`)."""
        self._bots: dict[str, list[asyncio.Task[None]]] = {}
        self._server: Server | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._clocks: asyncio.Task[None] | None = None
        self._waits: asyncio.Task[None] | None = None
        self._leases: asyncio.Task[None] | None = None
        self._heard: weakref.WeakKeyDictionary[MatchCore, list[ev.Event]] = (
            weakref.WeakKeyDictionary()
        )
        """Each room's match's events, heard as its subscriber, until they are sent."""
        self.serves_web = False
        """Whether a browser front is served at this server's address (``serve --web``)."""
        self.addresses = AddressBook(self.limits)
        self.upkeep = Upkeep(self.rooms, self.limits, self.listeners, self.addresses, self._bots)
        self._thinking = ThreadPoolExecutor(
            max_workers=self.limits.bot_threads, thread_name_prefix="mixmo-server-bots"
        )
        """Where every server bot thinks, a bounded pool (:attr:`Limits.bot_threads`)."""
        self.heap = FrozenHeap(self.limits.heap_thaw)
        """The long-lived objects out of the collector's full passes (:mod:`.heap`)."""
        self.handlers: dict[type[object], Handler] = self._plain_handlers()
        """What answers each kind of client message (:meth:`handle` adds to it)."""
        self.accounts.install(self)
        self.ratings.install(self)
        self.quick = QuickMatches(self.accounts.rating_of)
        if self.node is not None:
            self.quick.take_queue = self.node.take_queue
        self.quick.install(self)
        ArchiveService(self.store).install(self)
        TableControls(self)
        self.seats = Seats(self, self.accounts, self.ratings)

    # --- life cycle ---------------------------------------------------------------------

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> Server:
        """Listen; ``port=0`` picks a free port (see :attr:`port`). The stored rooms stay in
        the store until someone names one (:meth:`_room`): a restart replays no room
        nobody comes back to, and starts no bot of theirs. Only the public rooms that wait
        for players come back at once, for the open-room list."""
        self.rooms.lexicon("en")
        self.rooms.bring_back_open()
        self._server = await serve(
            self._handle,
            host,
            port,
            process_request=self._process_request,
            max_size=MAX_FRAME,
            max_queue=16,
            ping_interval=20,
            ping_timeout=20,
            close_timeout=2,
            compression=None,  # views are small; deflate cost more CPU than it saved bytes
            logger=wire_logger("mixmo.net.server.wire"),
        )
        self.heap.start()
        self._sweeper = asyncio.create_task(self.upkeep.sweep_forever())
        self._clocks = asyncio.create_task(self.upkeep.keep_clocks_forever())
        self._waits = asyncio.create_task(self._settle_waits_forever())
        if self.node is not None:
            self._leases = asyncio.create_task(
                self.node.keep_leases_forever(lambda: len(self.connections), self._let_go)
            )
        return self._server

    def _process_request(self, connection: ServerConnection, request: Request) -> Response | None:
        """Before a handshake: the health check's answer, or a node's redirect to the node
        that plays the room the path names."""
        answer = answer_health_check(connection, request)
        if answer is None and self.node is not None:
            answer = self.node.route(connection, request)
        return answer

    def _let_go(self, codes: list[str], why: str) -> None:
        """This node plays these rooms no more (:meth:`Node.keep_leases_forever` says
        why): their bots stop here, and their clients are let go, to find each room
        where it is now."""
        for code in codes:
            log.warning("room %s: %s", room_label(code), why)
            self.stop_bots(code)
            for conn in list(self.listeners.pop(code, ())):
                conn.room = conn.seat = None
                close_later(conn.ws, 1012, why)

    @property
    def port(self) -> int:
        assert self._server is not None
        return int(next(iter(self._server.sockets)).getsockname()[1])

    async def _settle_waits_forever(self) -> None:
        while True:
            await asyncio.sleep(WAITS_EVERY)
            self.settle_waits()
            self.quick.tick()

    def settle_waits(self) -> None:
        """Choose for the players a room waited too long for (an absent drawer's theme, the
        claims of those who left...), and tell everyone: a dropped player never holds a table."""
        for room in list(self.rooms.rooms.values()):
            heard = self._follow(room)
            try:
                settled = room.settle_waits()
            except RoomError:
                continue  # the log refused it: the room is broken, and said so in the log
            finally:  # sent below, action by action: never again with the next action
                heard.clear()
            for seat, events in settled:
                self.commits.took(room)
                self._broadcast_events(room, seat, events, None, None, time.perf_counter())

    def keep_clocks(self, rooms: Iterable[Room]) -> None:
        """Keep these rooms' game time and last contact in the store (:mod:`upkeep`)."""
        self.upkeep.keep_clocks(rooms)

    def sweep(self) -> list[str]:
        """Put idle rooms away, remove unjoined ones, expire abandoned ones (:mod:`upkeep`)."""
        return self.upkeep.sweep()

    async def close(self) -> None:
        self.commits.flush()
        self.keep_clocks(self.rooms.rooms.values())
        for task in (self._sweeper, self._clocks, self._waits, self._leases):
            if task is not None:
                task.cancel()
        for tasks in self._bots.values():
            for task in tasks:
                task.cancel()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        self._thinking.shutdown(wait=False, cancel_futures=True)
        self.heap.stop()
        if self.store is not None:
            self.store.close()
        self.accounts.store.close()
        if self.node is not None:  # the others may take this node's rooms at once
            with contextlib.suppress(*DATABASE_ERRORS):
                self.node.leave()

    # --- one connection ------------------------------------------------------------------

    async def _handle(self, ws: ServerConnection) -> None:
        if len(self.connections) >= self.limits.max_connections:
            await ws.close(1013, "server full: try again later")
            return
        address = client_address(ws)
        if not self.addresses.admit(address):
            await ws.close(1013, "too many connections from your address")
            return
        conn = Connection(ws, self.limits, self.commits.queued_for, address=address)
        self.connections.add(conn)
        try:
            try:
                async with asyncio.timeout(self.limits.hello_timeout):
                    first = await ws.recv()
            except TimeoutError:
                await ws.close(1008, "no message: closing")
                return
            self._receive(conn, first)
            async for raw in ws:
                self._receive(conn, raw)
                if conn.strikes > self.limits.strikes:
                    await drained(conn, 1.0)  # the client hears why
                    await ws.close(1008, "too many messages")
                    return
        except ConnectionClosed:
            pass
        finally:
            self.connections.discard(conn)
            self.addresses.leave(address)
            self.seats.leave(conn)

    def _receive(self, conn: Connection, raw: str | bytes) -> None:
        arrival = time.perf_counter()
        if not conn.bucket.take():
            conn.strikes += 1
            conn.refuse(refusals.RATE_LIMIT(), ref_of(raw))
            return
        if isinstance(raw, bytes):
            conn.refuse(refusals.TEXT_ONLY())
            return
        message = self._parse(conn, raw)
        if message is not None:
            self._dispatch(conn, message, arrival)

    def _parse(self, conn: Connection, raw: str) -> ClientMessage | None:
        return parse_message(conn, raw)

    def _plain_handlers(self) -> dict[type[object], Handler]:
        """What each kind of message does (the two that carry a move also take its arrival)."""
        return {
            SendAction: self._act,
            TakeHint: self._take_hint,
            CreateRoom: lambda conn, message, _: self._create(conn, message),
            ListRooms: lambda conn, _message, _: conn.send(self._open_rooms().model_dump_json()),
            ListLive: lambda conn, _message, _: conn.send(self._live_matches().model_dump_json()),
        }

    def _open_rooms(self) -> RoomList:
        """The open rooms (every node's, on a node of a community server)."""
        if self.node is not None:
            return self.node.open_rooms()
        return open_rooms(self.rooms.rooms.values())

    def _live_matches(self) -> LiveList:
        """The rated matches being played (every node's, on a community server's node)."""
        if self.node is not None:
            return self.node.live_matches()
        return live_matches(self.rooms.rooms.values())

    def handle(self, kind: type[object], handler: Handler) -> None:
        """Have ``handler`` answer every message of ``kind``: how a service of the server
        (accounts, the archive, quick matches) plugs its messages in without a branch here.
        Its refusals (a ``RoomError``) reach the sender as every other's do."""
        self.handlers[kind] = handler

    def _dispatch(self, conn: Connection, message: ClientMessage, arrival: float) -> None:
        ref = message.ref if isinstance(message, SendAction | TakeHint) else None
        try:
            handler = self.handlers.get(type(message))
            if handler is None:  # a message of the protocol this server does not serve
                raise Refused(reason=refusals.NOT_SERVED())
            handler(conn, message, arrival)
        except (RoomError, GameRuleError) as error:
            conn.refuse(error.message, ref)
        except DATABASE_ERRORS as error:  # the rooms' database failed a read (a write is a
            # RoomError already): one line in the log, and a refusal that says whose fault
            log.error("the rooms' database failed a request (%s)", error)
            conn.refuse(refusals.STORAGE(reason=refusals.DATABASE_FAILED()), ref)
        except Exception:  # a bug: this request fails, the connection and the server go on
            log.exception("a request failed")
            conn.refuse(refusals.SERVER_ERROR(reason=refusals.REQUEST_FAILED()), ref)

    # --- rooms and seats --------------------------------------------------------------------

    def _create(self, conn: Connection, message: CreateRoom) -> None:
        if (
            conn.created >= self.limits.rooms_per_connection
            or len(self.rooms.rooms) >= self.limits.max_rooms
        ):
            raise Refused(reason=refusals.NO_MORE_ROOMS())
        self.check_bots(conn.address, message.settings.bots)
        if not self.addresses.may_open_room(conn.address):
            raise TooManyRoomsError()
        room = self.open_room(message.settings)
        room.owner = conn.address
        conn.created += 1
        conn.send(Created(room=room.code).model_dump_json())

    def open_room(self, settings: RoomSettings) -> Room:
        """A new room (its bots playing at once when they fill it): a ``create``'s work,
        and a quick match's."""
        room = self.rooms.create(settings)
        log.info("room %s created (%d seats)", room_label(room.code), settings.players)
        if room.started:
            self._start_bots(room)
        return room

    def seated(self, conn: Connection) -> tuple[Room, int]:
        if conn.watching:
            raise Refused(reason=refusals.WATCHER_NO_SEAT())
        if conn.room is None or conn.seat is None:
            raise Refused(reason=refusals.JOIN_FIRST())
        return conn.room, conn.seat

    def _log_set_aside(self) -> None:
        """One line in the log for each room just set aside (its store's row damaged)."""
        for code, why in self.rooms.damaged:
            log.error("room %s set aside, not restored: %s", room_label(code), why)
        self.rooms.damaged.clear()

    def check_bots(self, address: str, wanted: int) -> None:
        """NoBotsLeftError if ``wanted`` more server bots would pass the address's budget or
        the server's (counted over the rooms in memory whose match is not over)."""
        if wanted <= 0:
            return
        live = [r for r in self.rooms.rooms.values() if not r.finished]
        mine = sum(len(r.bot_seats()) for r in live if r.owner == address)
        every = sum(len(r.bot_seats()) for r in live)
        if mine + wanted > self.limits.bots_per_address:
            raise NoBotsLeftError(reason=refusals.ADDRESS_BOTS())
        if every + wanted > self.limits.max_server_bots:
            raise NoBotsLeftError(reason=refusals.BOTS_ALL_PLAYING())

    def room_named(self, conn: Connection, code: str) -> Room:
        """The room ``code``, its bots playing again if it had been put away. Unknown codes
        are counted against the sender's address: past its budget, every code waits."""
        if not self.addresses.may_guess(conn.address):
            raise TooManyGuessesError()
        asleep = code not in self.rooms.rooms
        try:
            room = self.rooms.get(code)
        except UnknownRoomError:
            self.addresses.guessed_wrong(conn.address)
            raise
        finally:
            self._log_set_aside()
        if asleep:
            actions = len(room.game.log) if room.game else 0
            log.info("room %s restored (%d actions)", room_label(code), actions)
        if room.started:
            self._start_bots(room)
        return room

    def seat_in(self, conn: Connection, room: Room, name: str) -> None:
        """Seat ``conn`` in ``room`` under ``name`` (a quick match's work: :mod:`seats`)."""
        self.seats.seat_in(conn, room, name)

    def started(self, room: Room) -> None:
        log.info("room %s: match started", room_label(room.code))
        self.broadcast_lobby(room)
        for conn in self.listeners.get(room.code, ()):
            self._send_snapshot(conn)
        self._start_bots(room)

    def _send_snapshot(self, conn: Connection) -> None:
        send_snapshot(conn)

    def stop_bots(self, code: str) -> None:
        """The server bots of room ``code`` stop playing (its match is over, they sit
        down again, or another node plays it now)."""
        for task in self._bots.pop(code, []):
            task.cancel()

    def restart_bots(self, room: Room) -> None:
        """The room's server bots sit down again (a seat given to a bot)."""
        self.stop_bots(room.code)
        self._start_bots(room)

    def broadcast_lobby(self, room: Room) -> None:
        text = room.lobby().model_dump_json()
        for conn in self.listeners.get(room.code, ()):
            conn.send(text)

    # --- actions ---------------------------------------------------------------------------

    def _act(self, conn: Connection, message: SendAction, arrival: float) -> None:
        room, seat = self.seated(conn)
        if isinstance(message.action, CloseVoting):
            # One seat would judge everyone's claims alone (a missing vote accepts): the
            # room closes the vote itself once every player at the table has voted.
            raise ServerOnlyError()
        events = self._apply(room, seat, message.action)
        self.commits.took(room, conn, message.ref)
        self._broadcast_events(room, seat, events, conn, message.ref, arrival)
        if isinstance(message.action, NextRound) and not events:
            self.broadcast_lobby(room)  # who has read the scores: the others' headers say it

    def _apply(self, room: Room, seat: int, action: Action) -> list[ev.Event]:
        """Have the room apply ``action`` for ``seat``; what its match told the server, its
        subscriber, meanwhile (the action's events, and those of what the room did after
        it, such as closing a vote), in order. Nothing of an action the log refused."""
        heard = self._follow(room)
        try:
            room.apply(seat, action)
            return list(heard)
        finally:
            heard.clear()

    def _follow(self, room: Room) -> list[ev.Event]:
        """Subscribe to the room's match once (a room put away and brought back has a new
        one): the list its events gather in until they are sent."""
        match = room.match
        if match is None:
            return []  # not started: the room refuses the action
        heard = self._heard.get(match)
        if heard is None:
            heard = self._heard[match] = []
            match.subscribe(heard.append)
        return heard

    def _take_hint(self, conn: Connection, message: TakeHint, arrival: float) -> None:
        """The ``hint`` message: the seat's hint action (the engine keeps its cost in the
        seat's state, and the log keeps the action), answered and told as any action."""
        room, seat = self.seated(conn)
        action = SendAction(ref=message.ref, action=act.TakeHint(seat=seat))
        self._act(conn, action, arrival)
        log.info("room %s: seat %d took a hint", room_label(room.code), seat)

    def _broadcast_events(
        self,
        room: Room,
        actor: int,
        events: list[ev.Event],
        sender: Connection | None,
        ref: int | None,
        arrival: float,
    ) -> None:
        listeners = self.listeners.get(room.code, ())
        broadcast_events(room, listeners, actor, events, sender, ref, arrival)
        if room.finished:
            log.info("room %s: match over", room_label(room.code))
            if any(isinstance(event, ev.MatchOver) for event in events):  # once, as it ends
                self.ratings.match_over(room)

    # --- the server's own bots -------------------------------------------------------------

    def _start_bots(self, room: Room) -> None:
        if room.game is None or room.code in self._bots or room.finished:
            return
        self._bots[room.code] = start_room_bots(
            room, self._bot_submitter, self.bot_speed, self._thinking, self.bot_pace
        )

    def _bot_submitter(self, room: Room, seat: int) -> Submit:
        async def submit(action: Action) -> bool:
            return self.apply_for(room, seat, action)

        return submit

    def apply_for(self, room: Room, seat: int, action: Action) -> bool:
        """Apply an action no client sent (a server bot's, a next round nobody waits for)."""
        arrival = time.perf_counter()
        try:
            events = self._apply(room, seat, action)
        except (RoomError, GameRuleError):
            return False
        self.commits.took(room)
        self._broadcast_events(room, seat, events, None, None, arrival)
        return True
