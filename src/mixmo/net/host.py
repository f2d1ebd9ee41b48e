"""What a room's host may do: free an away player's seat, give it to a bot, pause the match.

The host is the room's first player (the first seat a person holds), the one who may
start the match early. A player who left held their seat for ever and nobody could
free it or give it away; a group could not stop the clock for a break. Every other
seat asking is refused with a code (``not-host``), as is a seat that is not away.
"""

from __future__ import annotations

import logging

from mixmo.net.database import DATABASE_ERRORS
from mixmo.net.refusals import NotHostError, SeatNotAwayError, StorageError
from mixmo.net.rooms import Room, SeatState

log = logging.getLogger("mixmo.net.server")


def host_seat(room: Room) -> int | None:
    """The room's host: the first seat a person holds (None in a room of bots)."""
    return next((seat for seat, s in enumerate(room.seats) if s.bot_level is None), None)


def _check_host(room: Room, by: int) -> None:
    if by != host_seat(room):
        raise NotHostError()


def hand_over(room: Room, by: int, seat: int, *, to_bot: bool) -> None:
    """The host ``by`` frees ``seat`` (its player away), or gives it to one of the server's
    bots. A freed seat's old token no longer takes it; before the match it is free in the
    lobby, during it the next player to join takes it (under its name in the match)."""
    _check_host(room, by)
    if not 0 <= seat < len(room.seats) or seat == by:
        raise SeatNotAwayError(seat=seat)
    held = room.seats[seat]
    if held.free or held.bot_level is not None or held.connections:
        raise SeatNotAwayError(seat=seat)
    if to_bot:
        room.seats[seat] = SeatState(name=held.name, bot_level=room.settings.bot_level)
    else:
        room.seats[seat] = SeatState(name=held.name if room.started else None)
    try:
        room.save("seat")
    except StorageError:
        room.seats[seat] = held
        raise


def pause(room: Room, by: int, paused: bool) -> None:
    """The host ``by`` stops the room's game time (every action and every wait stops with
    it), or lets it run again from where it stopped."""
    _check_host(room, by)
    if paused:
        room.clock.pause()
    else:
        room.clock.resume()
    if room.store is not None:
        try:
            room.store.keep_pause(room.code, paused, room.clock())
        except DATABASE_ERRORS as error:  # the break holds all the same; a restart would end it
            log.warning("room %s****: cannot store its pause (%s)", room.code[:2], error)
