"""Quick matches: wait in a queue and be seated with players of close rating.

A seeker asks for a table of N players in a language and a variant. The queue forms a
table from the players who asked for the same, whose ratings are within a window of the
one who has waited longest: 100 rating points at first, widening by 25 a second, so a
lone strong player waits a little, never for ever. A seeker who accepts bots is seated
with server bots (at the level closest to the table's rating) once nobody came for
:data:`BOTS_AFTER` seconds. A table of players who all signed in is rated.

:func:`tables` is the pure rule (time passed in); :class:`QuickMatches` the server's
service around it, which asks the server to open the room and seat each player.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from websockets.protocol import State

from mixmo.net.community_messages import QuickMatch, QuickQueued
from mixmo.net.connection import Connection
from mixmo.net.protocol import RoomSettings
from mixmo.net.ratings import family_of
from mixmo.net.refusals import QUICK_WAITING, Refused, RoomError
from mixmo.net.rooms import Room
from mixmo.net.service import Handlers
from mixmo.net.wire import BotLevel

WINDOW, WIDENING = 100.0, 25.0
"""The rating window at first, and how much it widens each second of waiting."""
BOTS_AFTER = 30.0
"""Seconds a seeker who accepts bots waits for people before bots fill the table."""


@dataclass(eq=False)
class Seeker:
    """One connection waiting for a quick match."""

    conn: object
    players: int
    language: str
    variant: str
    rating: int
    since: float
    bots: bool
    rated: bool = False
    """Signed in: a table of such seekers alone is rated."""
    name: str = ""
    """The name asked for (a signed-in seeker sits under their account's)."""

    @property
    def wants(self) -> tuple[int, str, str]:
        return (self.players, self.language, self.variant)


@dataclass(frozen=True)
class Table:
    seekers: list[Seeker]
    bots: int = 0
    bot_level: BotLevel = "normal"


def window(seeker: Seeker, now: float) -> float:
    """How far from ``seeker``'s rating a tablemate may be, after their wait."""
    return WINDOW + WIDENING * max(0.0, now - seeker.since)


def tables(seekers: Sequence[Seeker], now: float, bots_after: float = BOTS_AFTER) -> list[Table]:
    """The tables the queue can form now: the longest waiting first, each with the
    seekers of the same wish closest to them in rating, within their window."""
    formed: list[Table] = []
    left = sorted(seekers, key=lambda s: s.since)
    while left:
        first = left.pop(0)
        near = sorted(
            (s for s in left if s.wants == first.wants and abs(s.rating - first.rating)
             <= window(first, now)),
            key=lambda s: abs(s.rating - first.rating),
        )  # fmt: skip
        mates = near[: first.players - 1]
        if len(mates) == first.players - 1:
            formed.append(Table([first, *mates]))
        elif first.bots and now - first.since >= bots_after:
            seated = [first, *mates]
            average = sum(s.rating for s in seated) / len(seated)
            formed.append(Table(seated, first.players - len(seated), bot_level_for(average)))
        else:
            continue
        left = [s for s in left if s not in mates]
    return formed


def bot_level_for(rating: float) -> BotLevel:
    """The server bots' level for a table of this rating."""
    if rating < 900:
        return "easy"
    if rating < 1100:
        return "normal"
    return "hard" if rating < 1300 else "expert"


class Server(Handlers, Protocol):
    """The server, as the queue sees it: it also opens rooms and seats players."""

    def open_room(self, settings: RoomSettings) -> Room: ...
    def seat_in(self, conn: Connection, room: Room, name: str) -> None: ...


@dataclass
class QuickMatches:
    """The server's queue of quick-match seekers."""

    rating_of: Callable[[Connection, str], tuple[int, bool]]
    """A connection's shown rating in a family, and whether it is signed in."""
    bots_after: float = BOTS_AFTER
    clock: Callable[[], float] = time.monotonic
    take_queue: Callable[[], None] = lambda: None
    """Called before a seeker is queued: on a node of a community server, takes the
    queue's lease (QueueElsewhereError when another node keeps the queue)."""
    queue: list[Seeker] = field(default_factory=list)
    _server: Server | None = None

    def install(self, server: Server) -> None:
        self._server = server
        server.handle(QuickMatch, self._seek)

    def _seek(self, conn: Connection, message: QuickMatch, _arrival: float) -> None:
        if conn.room is not None or any(s.conn is conn for s in self.queue):
            raise Refused(reason=QUICK_WAITING())
        self.take_queue()
        rating, signed_in = self.rating_of(conn, family_of(message.variant))
        seeker = Seeker(conn, message.players, message.language, message.variant, rating,
                        self.clock(), message.bots, signed_in, message.name)  # fmt: skip
        self.queue.append(seeker)
        conn.send(QuickQueued(waiting=len(self.queue)).model_dump_json())
        self.tick()

    def tick(self) -> None:
        """Form every table the queue can, now (the server calls this twice a second)."""
        assert self._server is not None
        self.queue = [s for s in self.queue if not _gone(s.conn)]
        for table in tables(self.queue, self.clock(), self.bots_after):
            first = table.seekers[0]
            settings = RoomSettings(
                players=first.players,
                language=first.language,  # type: ignore[arg-type]
                variant=first.variant,
                bots=table.bots,
                bot_level=table.bot_level,
                rated=all(s.rated for s in table.seekers),
            )
            room = self._server.open_room(settings)
            for seeker in table.seekers:
                self.queue.remove(seeker)
                assert isinstance(seeker.conn, Connection)
                try:
                    self._server.seat_in(seeker.conn, room, seeker.name)
                except RoomError as error:  # its name is an account's...: told, not seated
                    seeker.conn.refuse(error.message)


def _gone(conn: object) -> bool:
    if not isinstance(conn, Connection):
        return False
    return conn.dropped or conn.ws.state is not State.OPEN
