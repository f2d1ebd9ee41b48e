"""The lists of rooms a server shows: its open rooms, the public rooms that wait for
players, and its live matches, the rated matches being played, to watch.

A room is private unless created ``public`` (:class:`~mixmo.net.protocol.RoomSettings`):
its code is then the only way in. A public room is listed while its match has not
started and a seat is free (``mixmo rooms``, ``mixmo join ws://HOST:PORT``). A rated
match is listed while it is played, public or not: a rated match is a public record
(``mixmo rooms --live``, ``mixmo join ws://HOST:PORT --watch``).
"""

from __future__ import annotations

from collections.abc import Iterable

from mixmo.net.community_messages import LiveList, LiveMatch
from mixmo.net.protocol import OpenRoom, RoomList
from mixmo.net.rooms import Room
from mixmo.net.wire import MAX_LISTED


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


def open_rooms(rooms: Iterable[Room], elsewhere: Iterable[OpenRoom] = ()) -> RoomList:
    """The listed rooms among ``rooms``, the oldest first (they have waited longest),
    then ``elsewhere``'s (other nodes', as they listed them)."""
    listed = [(room.created, found) for room in rooms if (found := open_room(room)) is not None]
    listed.sort(key=lambda pair: pair[0])
    return RoomList(rooms=[*(found for _, found in listed), *elsewhere][:MAX_LISTED])


def live_match(room: Room) -> LiveMatch | None:
    """``room``'s match as the live list shows it, or None when it is not listed."""
    state = room.current_state()
    if not room.settings.rated or state is None or room.finished or room.broken:
        return None
    return LiveMatch(
        room=room.code,
        language=room.settings.language,
        variant=room.settings.variant,
        round=state.round.number,
        players=[
            (seat.name or "?", room.ratings.get(number)) for number, seat in enumerate(room.seats)
        ],
    )


def table_rating(match: LiveMatch) -> float:
    """A live match's place in the list: its players' average rating (unknown: 1000)."""
    ratings = [rating or 1000 for _name, rating in match.players]
    return sum(ratings) / max(1, len(ratings))


def live_matches(rooms: Iterable[Room], elsewhere: Iterable[LiveMatch] = ()) -> LiveList:
    """The rated matches among ``rooms`` (and ``elsewhere``'s, other nodes'), the best
    rated table first."""
    found = [match for room in rooms if (match := live_match(room)) is not None]
    found.extend(elsewhere)
    found.sort(key=table_rating, reverse=True)
    return LiveList(matches=found[:MAX_LISTED])
