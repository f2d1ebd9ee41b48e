"""The list of open rooms: the public rooms of a server that wait for players.

A room is private unless created ``public`` (:class:`~mixmo.net.protocol.RoomSettings`):
its code is then the only way in. A public room is listed while its match has not
started and a seat is free (``mixmo rooms``, ``mixmo join ws://HOST:PORT``).
"""

from __future__ import annotations

from collections.abc import Iterable

from mixmo.net.protocol import MAX_LISTED, OpenRoom, RoomList
from mixmo.net.rooms import Room


def open_room(room: Room) -> OpenRoom | None:
    """``room`` as the list shows it, or None when it is not listed."""
    free = sum(1 for seat in room.seats if seat.free)
    if not room.settings.public or room.started or room.broken or free == 0:
        return None
    settings = room.settings
    return OpenRoom(
        room=room.code,
        language=settings.language,
        variant=settings.variant,
        scoring=settings.scoring,
        target=settings.target,
        players=[seat.name for seat in room.seats if seat.name is not None],
        free=free,
    )


def open_rooms(rooms: Iterable[Room]) -> RoomList:
    """The listed rooms among ``rooms``, the oldest first (they have waited longest)."""
    listed = [(room.created, found) for room in rooms if (found := open_room(room)) is not None]
    listed.sort(key=lambda pair: pair[0])
    return RoomList(rooms=[found for _, found in listed[:MAX_LISTED]])
