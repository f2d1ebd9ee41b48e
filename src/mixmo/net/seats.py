"""Taking, retaking, watching and leaving a room's seats: the ``join``, ``reconnect``,
``watch`` and ``leave`` messages, and a connection that drops. A service of the server
(:mod:`mixmo.net.service`): the server receives it and hands it what it needs
(:class:`Server`); a quick match seats its players through :meth:`Seats.seat_in` too."""

from __future__ import annotations

import logging
from typing import Protocol

from mixmo.engine.actions import Action, CloseVoting, NextRound
from mixmo.engine.state import Phase
from mixmo.net import refusals
from mixmo.net.accounts import Accounts
from mixmo.net.broadcast import displace, send_snapshot
from mixmo.net.connection import Connection
from mixmo.net.logs import room_label
from mixmo.net.protocol import JoinRoom, LeaveRoom, Reconnect, WatchRoom, Welcome
from mixmo.net.rating_service import Ratings
from mixmo.net.refusals import Refused
from mixmo.net.rooms import Room
from mixmo.net.service import Handlers

log = logging.getLogger("mixmo.net.server")


class Server(Handlers, Protocol):
    """The server, as the seats see it."""

    listeners: dict[str, set[Connection]]
    serves_web: bool

    def room_named(self, conn: Connection, code: str) -> Room: ...
    def seated(self, conn: Connection) -> tuple[Room, int]: ...
    def started(self, room: Room) -> None: ...
    def broadcast_lobby(self, room: Room) -> None: ...
    def apply_for(self, room: Room, seat: int, action: Action) -> bool: ...


class Seats:
    """Who sits where, and who follows which room (the server's :attr:`listeners`)."""

    def __init__(self, server: Server, accounts: Accounts, ratings: Ratings) -> None:
        """Answer the seats' messages at ``server`` (its handlers run once it listens)."""
        self.server = server
        self.accounts = accounts
        self.ratings = ratings
        server.handle(JoinRoom, lambda conn, message, _: self.join(conn, message))
        server.handle(Reconnect, lambda conn, message, _: self.reconnect(conn, message))
        server.handle(WatchRoom, lambda conn, message, _: self.watch(conn, message))
        server.handle(LeaveRoom, lambda conn, _message, _: self.leave_room(conn))

    def join(self, conn: Connection, message: JoinRoom) -> None:
        if conn.room is not None:
            raise Refused(reason=refusals.SEAT_HELD())
        self.seat_in(conn, self.server.room_named(conn, message.room), message.name)

    def seat_in(self, conn: Connection, room: Room, name: str) -> None:
        """Seat ``conn`` in ``room`` under ``name`` (its account's, when signed in): a
        join's work, and a quick match's for each player it seats."""
        was_started = room.started
        seat, token = room.join(self.accounts.seat_name(conn, name, rated=room.settings.rated))
        self.accounts.seated(conn, room.code, seat)
        self.ratings.show(room)
        self._attach(conn, room, seat, token)
        if room.started and not was_started:
            self.server.started(room)
        elif was_started:  # a seat the host freed: its player's match so far
            send_snapshot(conn)

    def reconnect(self, conn: Connection, message: Reconnect) -> None:
        if conn.room is not None:
            raise Refused(reason=refusals.SEAT_HELD())
        room = self.server.room_named(conn, message.room)
        room.check_token(message.seat, message.token)
        for other in list(self.server.listeners.get(room.code, ())):
            if other.seat == message.seat:
                self.leave(other)
                displace(other)
        self._attach(conn, room, message.seat, message.token)
        if room.started:
            send_snapshot(conn)

    def _attach(self, conn: Connection, room: Room, seat: int, token: str) -> None:
        conn.room, conn.seat = room, seat
        room.seats[seat].connections += 1
        self.server.listeners.setdefault(room.code, set()).add(conn)
        name = room.seats[seat].name or ""
        web = self.server.serves_web
        conn.send(
            Welcome(room=room.code, seat=seat, name=name, token=token, web=web).model_dump_json()
        )
        log.info("room %s: seat %d connected", room_label(room.code), seat)
        self.server.broadcast_lobby(room)

    def watch(self, conn: Connection, message: WatchRoom) -> None:
        if conn.room is not None:
            raise Refused(reason=refusals.ROOM_FOLLOWED())
        room = self.server.room_named(conn, message.room)
        conn.room, conn.watching = room, True
        self.server.listeners.setdefault(room.code, set()).add(conn)
        conn.send(room.lobby().model_dump_json())
        if room.started:
            send_snapshot(conn)

    def leave(self, conn: Connection) -> None:
        """``conn`` follows its room no more (it dropped, or left): its seat is held."""
        room, seat = conn.room, conn.seat
        if room is not None:
            self.server.listeners.get(room.code, set()).discard(conn)
        conn.room = conn.seat = None
        if room is None or seat is None:
            return
        room.seats[seat].connections = max(0, room.seats[seat].connections - 1)
        log.info("room %s: seat %d disconnected (held)", room_label(room.code), seat)
        self.server.broadcast_lobby(room)
        # The others may have been waiting for the one who just left.
        due = room.next_round_due() if room.game is not None else None
        if due is not None and room.game is not None and room.game.phase is Phase.SCORED:
            self.server.apply_for(room, due, NextRound(seat=due))
        elif room.voting_due():
            self.server.apply_for(room, seat, CloseVoting(seat=seat))

    def leave_room(self, conn: Connection) -> None:
        """The player leaves: before the start their seat is free again (the lobby says so);
        during the match it is held, as when their connection drops."""
        room, seat = self.server.seated(conn)
        if not room.started:
            room.free(seat)
            log.info("room %s: seat %d left the lobby (free)", room_label(room.code), seat)
        conn.send(room.lobby().model_dump_json())
        self.leave(conn)
