"""What a room's listeners are sent of its match: a snapshot, and each action's events,
every seat its own way (another seat's draw as a count, its own view), each kind of event
encoded once. Split from the server so that it keeps to dispatching and rooms' lives.

Messages are only queued on their connections (:meth:`Connection.send`): the server's
flush writes them once the actions since the last flush are committed (group commit).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from mixmo.engine import events as ev
from mixmo.net import refusals
from mixmo.net.connection import Connection, drained, in_background
from mixmo.net.logs import room_label
from mixmo.net.rooms import Room
from mixmo.net.views import encode_event_json, visible_event
from mixmo.net.wire import PROTOCOL_VERSION, SEAT_TAKEN_CLOSE

log = logging.getLogger("mixmo.net.server")


def send_snapshot(conn: Connection) -> None:
    """The whole match as ``conn``'s seat (or a watcher) may see it, if it is on."""
    room = conn.room
    if room is None or room.game is None or room.views is None:
        return
    try:
        view = room.views.view_json(
            room.game.state, conn.seat, room.now(), room.hint_wait(conn.seat)
        )
    except Exception as error:  # a bug in a view: no snapshot, and the server goes on
        cannot_send(room, conn, error)
        return
    conn.send(b'{"v":%d,"type":"snapshot","view":%s}' % (PROTOCOL_VERSION, view))


def broadcast_events(
    room: Room,
    listeners: Iterable[Connection],
    actor: int,
    events: list[ev.Event],
    sender: Connection | None,
    ref: int | None,
    arrival: float,
) -> None:
    """``actor``'s action's ``events`` and the view after it, to each listener as its seat
    may see them (``ref`` to the ``sender`` alone)."""
    assert room.game is not None and room.views is not None
    state, clock = room.game.state, room.now()
    encoded: dict[tuple[int, bool], bytes] = {}  # (index, seen whole) -> JSON

    def wire(index: int, seat: int | None) -> bytes:
        event = events[index]
        seen = visible_event(event, seat)  # only a draw looks different to others
        key = (index, seen is event)
        data = encoded.get(key)
        if data is None:
            data = encoded[key] = encode_event_json(seen)
        return data

    head = b'{"v":%d,"type":"events","ref":' % PROTOCOL_VERSION
    whose = b',"seat":%d,"events":[' % actor
    for conn in listeners:
        try:
            seen = b",".join([wire(index, conn.seat) for index in range(len(events))])
            view = room.views.view_json(state, conn.seat, clock, room.hint_wait(conn.seat))
        except Exception as error:  # a bug in a view: this message is lost, not the server
            cannot_send(room, conn, error)
            continue
        mine = b"%d" % ref if conn is sender and ref is not None else b"null"
        conn.send(b"".join((head, mine, whose, seen, b'],"view":', view, b"}")), arrival, room.code)


def displace(conn: Connection) -> None:
    """Tell an older connection of a seat that a newer one took it (``seat-taken``), then
    close it with code 4000: the client stops there rather than take the seat back, which
    would displace the newer one in turn, again and again."""
    conn.refuse(refusals.SEAT_TAKEN())

    async def close_once_told() -> None:
        await drained(conn, 1.0)
        await conn.ws.close(SEAT_TAKEN_CLOSE, "this seat was taken by another connection")

    in_background(close_once_told())


def cannot_send(room: Room, conn: Connection, error: Exception) -> None:
    """A view or event that could not be written (a bug): said in the log and to the client,
    whose screen is now behind (it reconnects for a new snapshot); the room plays on."""
    log.error(
        "room %s: cannot write seat %s's message: %r", room_label(room.code), conn.seat, error
    )
    conn.refuse(refusals.SERVER_ERROR(reason=refusals.UPDATE_FAILED()))
