"""What a server does as one node of a community server (``serve --redis``): lead each
client to the node that plays its room, keep this node's leases, and list every node's
open rooms (:mod:`mixmo.net.cluster` keeps the directory).

**The quick-match queue** is kept by one node at a time, under a lease of its own
(``NAME:room:quick``): seekers connect with the path ``/quick`` and are led to it, so
that players reaching different nodes still meet at one table, made on that node.

**Routing.** Clients put the room's code in their connection's path (``ws://HOST/CODE``)
for ``join``, ``reconnect`` and ``watch``. A node that does not hold the room answers
the handshake with a redirect (307) to the node that does; the client's WebSocket
library follows it, so a player reaches the right node through any node, or through a
load balancer that knows nothing of rooms. A client whose node died connects again
through the address it was given, not the redirect's: the load balancer leads it to a
live node, which takes the room once the dead node's lease has lapsed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Callable
from http import HTTPStatus
from typing import TypeVar

from websockets.asyncio.server import ServerConnection
from websockets.http11 import Request, Response

from mixmo.net.cluster import Cluster
from mixmo.net.community_messages import LiveList, LiveMatch
from mixmo.net.database import DATABASE_ERRORS
from mixmo.net.protocol import OpenRoom, RoomList
from mixmo.net.refusals import QueueElsewhereError
from mixmo.net.room_directory import Rooms
from mixmo.net.room_list import live_matches, open_rooms
from mixmo.net.wire import QUICK_PATH, ROOM_CODE_LENGTH

log = logging.getLogger("mixmo.net.node")
Listed = TypeVar("Listed", OpenRoom, LiveMatch)

MOVED = "the room moved to another node"
BROKEN = "the room's log failed a write: it comes back from its log"
"""Why a node lets a room's connections go (the close frame's reason, and the log's)."""

_ROOM_PATH = re.compile(rf"^/([A-Z]{{{ROOM_CODE_LENGTH}}}|{QUICK_PATH})/?$")
QUEUE = QUICK_PATH
"""The queue's lease is a room's lease under a name no room code can be (lower case)."""


class Node:
    """This server among the community's nodes: routing, leases, the shared room list."""

    def __init__(self, cluster: Cluster, rooms: Rooms) -> None:
        self.cluster = cluster
        self.rooms = rooms
        self.holds_queue = False
        """Whether this node keeps the community's quick-match queue (under its lease)."""

    def take_queue(self) -> None:
        """Keep the quick-match queue here: QueueElsewhereError if another node does."""
        if not self.holds_queue:
            if self.cluster.claim(QUEUE) is not None:
                raise QueueElsewhereError()
            self.holds_queue = True

    def leave(self) -> None:
        """This node stops: the leases of its rooms and of the queue go now, so the next
        node asked takes each at once, without waiting for it to lapse."""
        self.cluster.leave([*self.rooms.rooms, *([QUEUE] if self.holds_queue else [])])
        self.holds_queue = False

    def elsewhere(self, path: str) -> str | None:
        """Where to reach the room (or the queue) a connection's ``path`` names, when another
        node plays it: that node's address and the path; None when it is this node's,
        nobody's yet, or the path names none."""
        found = _ROOM_PATH.match(path.split("?", 1)[0])
        if found is None or found[1] in self.rooms.rooms:
            return None
        if found[1] == QUEUE and self.holds_queue:
            return None
        try:
            where = self.cluster.holder(found[1])
        except DATABASE_ERRORS:  # the request itself will be refused, saying why
            return None
        return None if where is None else f"{where.url}/{found[1]}"

    def route(self, connection: ServerConnection, request: Request) -> Response | None:
        """A redirect to the node that plays the room the path names (:meth:`elsewhere`);
        None: go on with the handshake here."""
        location = self.elsewhere(request.path)
        if location is None:
            return None
        response = connection.respond(HTTPStatus.TEMPORARY_REDIRECT, "")
        response.headers["Location"] = location
        return response

    def open_rooms(self) -> RoomList:
        """Every node's open rooms: this one's as they are now, the others' as they said at
        their last renewal (within a third of a lease)."""
        return open_rooms(self.rooms.rooms.values(), self._elsewhere("open", OpenRoom))

    def live_matches(self) -> LiveList:
        """Every node's rated matches being played (the others' as of their last renewal)."""
        return live_matches(self.rooms.rooms.values(), self._elsewhere("live", LiveMatch))

    def _elsewhere(self, key: str, model: type[Listed]) -> list[Listed]:
        """What the other nodes listed under ``key`` in their presence, each item checked
        (Redis down: none, and the lists say this node's only)."""
        found: list[Listed] = []
        with contextlib.suppress(*DATABASE_ERRORS):
            for said in self.cluster.said(key):
                with contextlib.suppress(ValueError):
                    found.append(model.model_validate(said))
        return found

    def presence(self, connections: int) -> dict[str, object]:
        """What this node tells the others at each renewal."""
        listed = open_rooms(self.rooms.rooms.values()).rooms
        live = live_matches(self.rooms.rooms.values()).matches
        return {
            "rooms": len(self.rooms.rooms),
            "connections": connections,
            "open": [room.model_dump(mode="json") for room in listed],
            "live": [match.model_dump(mode="json") for match in live],
        }

    async def keep_leases_forever(
        self, connections: Callable[[], int], let_go: Callable[[list[str], str], None]
    ) -> None:
        """Renew this node's leases three times a lease. ``let_go`` hears the rooms this
        node plays no more, and why: those another node took (this one was cut off from
        Redis for longer than a lease), and those whose log failed a write (PostgreSQL
        restarted, a network cut), put away with their lease given back, so that their
        players' clients, let go, reconnect and find them restored from their log, here
        or at another node."""
        while True:
            broken = [code for code, room in self.rooms.rooms.items() if room.broken]
            for code in broken:
                self.rooms.put_away(code)
            if broken:
                let_go(broken, BROKEN)
            try:
                held = [QUEUE] if self.holds_queue else []
                gone = self.rooms.renew(self.presence(connections()), held)
            except DATABASE_ERRORS as error:
                log.error("cannot renew this node's leases (%s): retrying", error)
            else:
                if QUEUE in gone:  # cut off: another node keeps the queue now
                    self.holds_queue = False
                    gone.remove(QUEUE)
                if gone:
                    let_go(gone, MOVED)
            await asyncio.sleep(self.cluster.lease / 3)
