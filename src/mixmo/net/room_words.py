"""An open room's settings in the player's words, for the list of open rooms (the
command line's table and the terminal client's screen say the same)."""

from __future__ import annotations

from typing import Protocol

from mixmo.engine.options import ScoringMode
from mixmo.i18n import N_, _, ngettext
from mixmo.net.protocol import OpenRoom

LANGUAGES = {"en": N_("English"), "fr": N_("French")}
COLUMNS = (N_("Room"), N_("Language"), N_("Variant"), N_("Target"), N_("Players"), N_("Free"))


def target(room: OpenRoom) -> str:
    """What ends the match: a number of rounds, a score, or the rulebook's default."""
    if room.target == 0:
        return _("default")
    if room.scoring is ScoringMode.ROUNDS:
        return ngettext("{count} round", "{count} rounds", room.target).format(count=room.target)
    return ngettext("{count} point", "{count} points", room.target).format(count=room.target)


def cells(room: OpenRoom) -> tuple[str, str, str, str, str, str]:
    """One row of the list: code, language, variant, target, players, free seats."""
    return (
        room.room,
        _(LANGUAGES[room.language]),
        room.variant,
        target(room),
        ", ".join(room.players) or "-",
        str(room.free),
    )


class RoomsClientLike(Protocol):
    """What the directory asks of a connection to the server (``GameClient``)."""

    async def open_rooms(self) -> list[OpenRoom]: ...
    async def join(self, room: str, name: str) -> object: ...


class WordedRooms:
    """A server's open rooms as rows in the player's words, and a seat taken in one: what
    the terminal client's list shows, which then knows nothing of the network."""

    columns = COLUMNS

    def __init__(self, client: RoomsClientLike) -> None:
        self.client = client

    async def rows(self) -> list[tuple[str, tuple[str, ...]]]:
        """Each open room's code and its row (:func:`cells`)."""
        return [(room.room, cells(room)) for room in await self.client.open_rooms()]

    async def join(self, room: str, name: str) -> None:
        await self.client.join(room, name)
