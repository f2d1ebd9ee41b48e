"""A server's upkeep of its rooms, between players' messages: their game time and last
contact kept in the store every few seconds, idle rooms put away (their bots stopped until
someone comes back), rooms nobody joined removed, abandoned ones expired with their logs
kept. Split from the server, which keeps to connections, dispatch and the rooms' play."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterable

from mixmo.net.addresses import AddressBook
from mixmo.net.connection import Connection, Limits
from mixmo.net.database import DATABASE_ERRORS
from mixmo.net.logs import room_label
from mixmo.net.room_directory import Rooms
from mixmo.net.rooms import Room

log = logging.getLogger("mixmo.net.server")

CLOCK_EVERY = 5.0
"""Seconds between two keepings of the rooms' game time (a restart loses at most that)."""


class Upkeep:
    """The rooms' upkeep; it shares the server's own tables of listeners and bot tasks."""

    def __init__(
        self,
        rooms: Rooms,
        limits: Limits,
        listeners: dict[str, set[Connection]],
        addresses: AddressBook,
        bots: dict[str, list[asyncio.Task[None]]],
    ) -> None:
        self.rooms = rooms
        self.limits = limits
        self.listeners = listeners
        self.addresses = addresses
        self.bots = bots
        self.idle_since: dict[str, float] = {}
        """When each room was last seen with nobody connected (monotonic seconds)."""

    def keep_clocks(self, rooms: Iterable[Room]) -> None:
        """Keep the game time of these rooms' matches in the store, so a restart goes on from
        it rather than from their last action, and when a player was last connected to each
        (a failing disk: said in the log, play goes on)."""
        if self.rooms.store is None:
            return
        rooms = list(rooms)
        clocks = [(r.code, r.now()) for r in rooms if r.started and not r.finished and not r.broken]
        seen = [r.code for r in rooms if any(s.connections for s in r.seats)]
        try:
            self.rooms.store.keep_clocks(clocks)
            self.rooms.store.seen(seen, time.time())
        except DATABASE_ERRORS as error:
            log.warning("cannot keep the rooms' clocks: %s", error)

    def sweep(self) -> list[str]:
        """Let go of the rooms nobody is connected to: finished ones at once, others after
        :attr:`Limits.idle_room` seconds (their server bots stop until someone comes back);
        remove the rooms nobody joined for :attr:`Limits.unjoined_room` seconds. The codes
        put away or removed."""
        now, gone = time.monotonic(), self.expire()
        self.addresses.forget_idle()
        for code, room in list(self.rooms.rooms.items()):
            humans = any(s.connections for s in room.seats) or self.listeners.get(code)
            if humans:
                self.idle_since.pop(code, None)
                continue
            if self.rooms.unjoined(room) and time.time() - room.created >= (
                self.limits.unjoined_room
            ):
                self.rooms.forget(code)
                self.idle_since.pop(code, None)
                log.info("room %s removed: nobody joined it", room_label(code))
                gone.append(code)
                continue
            since = self.idle_since.setdefault(code, now)
            if room.finished or now - since >= self.limits.idle_room:
                for task in self.bots.pop(code, []):
                    task.cancel()
                self.keep_clocks([room])
                self.rooms.put_away(code)
                self.listeners.pop(code, None)
                self.idle_since.pop(code, None)
                gone.append(code)
        return gone

    def expire(self) -> list[str]:
        """Expire the rooms nobody was connected to for :attr:`Limits.abandoned_room` seconds
        (their logs are kept); the codes."""
        try:
            codes = self.rooms.expire(time.time())
        except DATABASE_ERRORS as error:
            log.warning("cannot expire the abandoned rooms: %s", error)
            return []
        for code in codes:
            for task in self.bots.pop(code, []):
                task.cancel()
            for conn in self.listeners.pop(code, set()):  # watchers: nobody plays here now
                conn.room = None
            self.idle_since.pop(code, None)
            log.info("room %s expired: nobody was connected to it", room_label(code))
        return codes

    async def sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.limits.sweep_every)
            self.sweep()

    async def keep_clocks_forever(self) -> None:
        while True:
            await asyncio.sleep(CLOCK_EVERY)
            self.keep_clocks(self.rooms.rooms.values())
