"""What a seated player does to the table rather than to their grid: start the match
early, play again, the host's freeing or handing a seat to a bot and pausing, and quick
reactions. A service of the server (:mod:`mixmo.net.service`): the server receives it
and hands it the few things it needs (:class:`Server`)."""

from __future__ import annotations

import logging
from typing import Protocol

from mixmo.net import host
from mixmo.net.broadcast import send_snapshot
from mixmo.net.connection import Connection
from mixmo.net.logs import room_label
from mixmo.net.protocol import HostSeat, PauseMatch, React, Reaction, Rematch, StartMatch
from mixmo.net.reactions import ReactionLimits
from mixmo.net.refusals import RATE_LIMIT, Refused
from mixmo.net.rooms import Room
from mixmo.net.service import Handlers

log = logging.getLogger("mixmo.net.server")


class Server(Handlers, Protocol):
    """The server, as the table's controls see it."""

    listeners: dict[str, set[Connection]]

    def seated(self, conn: Connection) -> tuple[Room, int]: ...
    def check_bots(self, address: str, wanted: int) -> None: ...
    def broadcast_lobby(self, room: Room) -> None: ...
    def started(self, room: Room) -> None: ...
    def stop_bots(self, code: str) -> None: ...
    def restart_bots(self, room: Room) -> None: ...


class TableControls:
    """The handlers of ``start``, ``rematch``, ``host-seat``, ``pause`` and ``react``."""

    def __init__(self, server: Server) -> None:
        """Answer the table's messages at ``server`` (its handlers run once it listens)."""
        self.server = server
        self.reactions = ReactionLimits()
        server.handle(StartMatch, lambda conn, message, _: self.start_match(conn, message))
        server.handle(Rematch, lambda conn, _message, _: self.rematch(conn))
        server.handle(HostSeat, lambda conn, message, _: self.host_seat(conn, message))
        server.handle(PauseMatch, lambda conn, message, _: self.pause(conn, message))
        server.handle(React, lambda conn, message, _: self.react(conn, message))

    def start_match(self, conn: Connection, message: StartMatch) -> None:
        room, seat = self.server.seated(conn)
        if message.fill_with_bots:
            owner = room.owner or conn.address
            self.server.check_bots(owner, sum(s.free for s in room.seats))
            room.owner = owner
        room.start(seat, message.fill_with_bots)
        self.server.started(room)

    def rematch(self, conn: Connection) -> None:
        """Play again in the same room: once the room starts its new match, everyone gets
        its snapshot and the server's bots sit down again."""
        room, seat = self.server.seated(conn)
        if room.rematch(seat):
            self.server.stop_bots(room.code)  # the last match's
            self.server.started(room)

    def host_seat(self, conn: Connection, message: HostSeat) -> None:
        """The host frees an away seat or gives it to a bot (who sits down at once)."""
        room, seat = self.server.seated(conn)
        if message.to == "bot":
            owner = room.owner or conn.address
            self.server.check_bots(owner, 1)
            room.owner = owner
        host.hand_over(room, seat, message.seat, to_bot=message.to == "bot")
        log.info("room %s: the host %s seat %d", room_label(room.code), message.to, message.seat)
        self.server.broadcast_lobby(room)
        if message.to == "bot" and room.started:
            self.server.restart_bots(room)

    def pause(self, conn: Connection, message: PauseMatch) -> None:
        """The host stops or restarts the room's game time; everyone hears it, and gets the
        view of the time it stopped at (or runs on from)."""
        room, seat = self.server.seated(conn)
        host.pause(room, seat, message.paused)
        self.server.broadcast_lobby(room)
        for listener in self.server.listeners.get(room.code, ()):
            send_snapshot(listener)

    def react(self, conn: Connection, message: React) -> None:
        """A seat's quick reaction, told to everyone else in its room (within its budget)."""
        room, seat = self.server.seated(conn)
        if not self.reactions.allow(conn):
            raise Refused(reason=RATE_LIMIT())
        text = Reaction(seat=seat, code=message.code).model_dump_json()
        for other in self.server.listeners.get(room.code, ()):
            if other is not conn:
                other.send(text)
