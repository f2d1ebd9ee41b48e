"""The lists of rooms a server shows, in the player's words: its open rooms and its live
rated matches (the command line's tables and the terminal client's screen say the same)."""

from __future__ import annotations

from typing import Protocol

from mixmo.engine.options import ScoringMode
from mixmo.i18n import N_, WORD_LANGUAGES, _, ngettext
from mixmo.net.community_messages import LiveMatch
from mixmo.net.protocol import OpenRoom

COLUMNS = (N_("Room"), N_("Language"), N_("Variant"), N_("Target"), N_("Players"), N_("Free"))
LIVE_COLUMNS = (N_("Room"), N_("Language"), N_("Variant"), N_("Round"), N_("Players"))


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
        _(WORD_LANGUAGES[room.language]),
        room.variant,
        target(room),
        ", ".join(room.players) or "-",
        str(room.free),
    )


def live_cells(match: LiveMatch) -> tuple[str, str, str, str, str]:
    """One row of the live list: code, language, variant, round, players (and ratings)."""
    players = ", ".join(
        name if rating is None else f"{name} ({rating})" for name, rating in match.players
    )
    return (match.room, _(WORD_LANGUAGES[match.language]), match.variant, str(match.round), players)


class RoomsClientLike(Protocol):
    """What the lists ask of a connection to the server (``GameClient``)."""

    async def open_rooms(self) -> list[OpenRoom]: ...
    async def live_matches(self) -> list[LiveMatch]: ...
    async def join(self, room: str, name: str) -> object: ...
    async def watch(self, room: str) -> object: ...


class WordedList:
    """A list of a server's rooms as rows in the player's words, and one taken: what the
    terminal client's list screen shows, which then knows nothing of the network. Its
    texts are message ids, which the screen translates."""

    def __init__(self, client: RoomsClientLike) -> None:
        self.client = client


class WordedRooms(WordedList):
    """A server's open rooms, and a seat taken in one."""

    columns = COLUMNS
    title = N_("MIXMO · open rooms at {server}")
    asking = N_("Asking the server for its open rooms...")
    hint = N_("Enter takes a seat in the room under the cursor; R refreshes.")
    empty = N_("No open room now: R asks again, or open one with --new --public.")
    going = N_("Joining room {room}...")

    async def rows(self) -> list[tuple[str, tuple[str, ...]]]:
        """Each open room's code and its row (:func:`cells`)."""
        return [(room.room, cells(room)) for room in await self.client.open_rooms()]

    async def join(self, room: str, name: str) -> None:
        await self.client.join(room, name)


class WordedLive(WordedList):
    """A server's rated matches being played, and one watched: the same screen as the
    open rooms', for ``mixmo join URL --watch``."""

    columns = LIVE_COLUMNS
    title = N_("MIXMO · rated matches being played at {server}")
    asking = N_("Asking the server for its rated matches being played...")
    hint = N_("Enter watches the match under the cursor; R refreshes.")
    empty = N_("No rated match is being played now: R asks again.")
    going = N_("Watching room {room}...")

    async def rows(self) -> list[tuple[str, tuple[str, ...]]]:
        """Each live match's code and its row (:func:`live_cells`)."""
        return [(match.room, live_cells(match)) for match in await self.client.live_matches()]

    async def join(self, room: str, name: str) -> None:
        """Watch ``room`` (a watcher takes no seat: ``name`` is not used)."""
        await self.client.watch(room)
