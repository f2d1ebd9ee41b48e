"""What the server refuses, as codes and typed fields: the wire carries no sentence.

A refusal of the server itself (a room, a seat, the rate, the store, a bad frame) is
a :class:`~mixmo.engine.messages.Message` like the engine's: the ``error`` frame
carries its code and fields, and a client says it in its player's language
(:func:`mixmo.i18n.messages.say`); the English template is the catalogue's msgid.
A server's frames are therefore the same bytes whatever its own locale.

A code programs rely on names a family of sentences (``refused``, ``storage``...): its
template is ``{reason}`` and its field ``reason`` is the nested sentence that says
which one. Importing this module registers every kind, so a client that imports it
(:mod:`mixmo.net.protocol` does) rebuilds a server's refusal from its code alone.
"""

from __future__ import annotations

from typing import ClassVar

from mixmo.engine.messages import CodedError, Kind, Listing, Message, Plural

# --- the sentences of the families (each the ``reason`` of its family's code) ---------

NO_MORE_ROOMS = Kind("no-more-rooms", "this connection may open no more rooms")
WATCHER_NO_SEAT = Kind("watcher-no-seat", "a watcher has no seat to act for")
JOIN_FIRST = Kind("join-first", "join a room first")
SEAT_HELD = Kind("seat-held", "this connection already holds a seat")
ROOM_FOLLOWED = Kind("room-followed", "this connection already follows a room")
NOT_SERVED = Kind("not-served", "this server does not offer that")

STARTED_SEATS_TAKEN = Kind("started-seats-taken", "the match has started: every seat is taken")
STARTED_ALREADY = Kind("started-already", "the match has already started")

NO_SUCH_SEAT = Kind("no-such-seat", "no such seat in this room")
TOKEN_NOT_SEAT = Kind("token-not-seat", "this token does not hold that seat")

ROOM_DISK_FULL = Kind("room-disk-full", "the server cannot store a new room: its disk is full")
SEAT_DISK_FULL = Kind("seat-disk-full", "the server cannot store your seat: its disk is full")
START_DISK_FULL = Kind(
    "start-disk-full", "the server cannot store the match's start: its disk is full"
)
ROOM_UNWRITABLE = Kind(
    "room-unwritable", "the server cannot store a new room: its database cannot be written"
)
SEAT_UNWRITABLE = Kind(
    "seat-unwritable", "the server cannot store your seat: its database cannot be written"
)
START_UNWRITABLE = Kind(
    "start-unwritable", "the server cannot store the match's start: its database cannot be written"
)
MOVES_UNSAVED = Kind(
    "moves-unsaved", "this room's moves cannot be saved: the server's operator must look"
)
MOVE_UNSAVED = Kind("move-unsaved", "the server could not save this move: play stops")
DATABASE_FAILED = Kind("database-failed", "the server's database failed: try again later")

ADDRESS_BOTS = Kind("address-bots", "your address has all the server's bots it may have")
BOTS_ALL_PLAYING = Kind("bots-all-playing", "the server's bots are all playing: try again later")

REQUEST_FAILED = Kind("request-failed", "the server failed this request")
UPDATE_FAILED = Kind(
    "update-failed", "the server could not send this update: reconnect to see the game"
)

NOT_AN_OBJECT = Kind("not-an-object", "a message is a JSON object")
BAD_FIELD = Kind("bad-field", "{where}: {problem}")
"""A field the protocol refuses: where (``action.cells.0``) and the validator's words."""
BAD_SHAPE = Kind("bad-shape", "{problem}")
NESTED_TOO_DEEPLY = Kind("nested-too-deeply", "the message is nested too deeply")

STORE_REFUSALS = {
    "room": (ROOM_DISK_FULL, ROOM_UNWRITABLE),
    "seat": (SEAT_DISK_FULL, SEAT_UNWRITABLE),
    "start": (START_DISK_FULL, START_UNWRITABLE),
}
"""What a player reads when the rooms' database refuses to write a room, a seat or a start
(disk full, then any other reason)."""

# --- the refusals of a frame, sent before any room is involved -----------------------

RATE_LIMIT = Kind("rate-limit", "too many messages: slow down")
TEXT_ONLY = Kind("text-only", "messages are JSON in text frames")
BAD_JSON = Kind("bad-json", "not a JSON message")
VERSION = Kind("version", "this server speaks protocol version {version} (field v)")
BAD_MESSAGE = Kind("bad-message", "{reason}")
"""``reason``: :data:`NOT_AN_OBJECT`, :data:`BAD_FIELD`, :data:`BAD_SHAPE` or
:data:`NESTED_TOO_DEEPLY`."""
STORAGE = Kind("storage", "{reason}")
SERVER_ERROR = Kind("server-error", "{reason}")
"""``reason``: :data:`REQUEST_FAILED` or :data:`UPDATE_FAILED` (a bug of the server's)."""


# --- the refusals of a request, raised where the room or the server decides ----------


class RoomError(CodedError):
    """A request the server refuses, changing nothing: a code and typed fields.

    A family's subclass (its template ``{reason}``) is raised with the sentence that
    says which (``BadTokenError(reason=NO_SUCH_SEAT())``); a one-sentence one with
    its fields (``UnknownRoomError()``).
    """


class Refused(RoomError):
    """A request this connection may not make (no seat yet, one seat already...)."""

    kind: ClassVar[Kind | None] = Kind("refused", "{reason}")
    reason: Message


UNKNOWN_ROOM = Kind("unknown-room", "no room with that code on this server")
SEAT_TAKEN = Kind(
    "seat-taken", "another window took this seat: this one has stopped (play in the other)"
)
"""Told to a seat's older connection when a newer one takes the seat with its token, just
before the server closes it (close code 4000): the older client stops, it does not fight
back for the seat."""
BAD_TOKEN = Kind("bad-token", "{reason}")


class UnknownRoomError(RoomError):
    kind: ClassVar[Kind | None] = UNKNOWN_ROOM


class RoomFullError(RoomError):
    kind: ClassVar[Kind | None] = Kind("room-full", "every seat of this room is taken")


class BadTokenError(RoomError):
    kind: ClassVar[Kind | None] = BAD_TOKEN
    reason: Message


class NotYourSeatError(RoomError):
    kind: ClassVar[Kind | None] = Kind(
        "not-your-seat", "seat {seat} cannot act for seat {action_seat}"
    )
    seat: int
    action_seat: int


class AlreadyStartedError(RoomError):
    kind: ClassVar[Kind | None] = Kind("already-started", "{reason}")
    reason: Message


class StorageError(RoomError):
    kind: ClassVar[Kind | None] = STORAGE
    reason: Message


class DiskFullError(StorageError):
    """The server's disk is full: not the player's network, nor their request."""

    kind: ClassVar[Kind | None] = Kind("disk-full", "{reason}")


class NotStartedError(RoomError):
    kind: ClassVar[Kind | None] = Kind("not-started", "the match has not started yet")


class TooFewPlayersError(RoomError):
    kind: ClassVar[Kind | None] = Kind(
        "too-few-players", "a match needs two players: wait for one, or fill with bots"
    )


class NotFirstSeatError(RoomError):
    kind: ClassVar[Kind | None] = Kind(
        "not-first-seat", "only the first seat's player starts the match early"
    )


class MatchNotOverError(RoomError):
    kind: ClassVar[Kind | None] = Kind(
        "match-not-over", "a new match starts only when this one is over"
    )


class NotHostError(RoomError):
    kind: ClassVar[Kind | None] = Kind(
        "not-host", "only the room's host (its first player) may free a seat or pause the match"
    )


class SeatNotAwayError(RoomError):
    kind: ClassVar[Kind | None] = Kind(
        "seat-not-away", "seat {seat} is not an away player's: only those are freed or given"
    )
    seat: int


class MatchPausedError(RoomError):
    kind: ClassVar[Kind | None] = Kind(
        "match-paused", "the host paused the match: play resumes when they say so"
    )


class ServerOnlyError(RoomError):
    """An action only the server takes: closing the vote (once everyone at the table voted)."""

    kind: ClassVar[Kind | None] = Kind(
        "server-only", "the vote closes by itself once everyone has voted"
    )


class TooManyRoomsError(RoomError):
    kind: ClassVar[Kind | None] = Kind(
        "too-many-rooms", "too many new rooms from your address: try again later"
    )


ROOM_ELSEWHERE = Kind("room-elsewhere", "another node of this server plays that room: try again")


class RoomElsewhereError(RoomError):
    """Another node of the community server plays this room: the client connects again
    with the room in its path, which leads it there."""

    kind: ClassVar[Kind | None] = ROOM_ELSEWHERE


class QueueElsewhereError(RoomError):
    """Another node of the community server keeps the quick-match queue."""

    kind: ClassVar[Kind | None] = Kind(
        "queue-elsewhere", "another node of this server keeps the quick-match queue: try again"
    )


class TooManyGuessesError(RoomError):
    """Too many unknown room codes from one address: codes are not to be guessed."""

    kind: ClassVar[Kind | None] = Kind(
        "too-many-guesses", "too many unknown room codes: wait a moment"
    )


class NoBotsLeftError(RoomError):
    """The server's bots are all taken (for that address, or for the whole server)."""

    kind: ClassVar[Kind | None] = Kind("no-bots-left", "{reason}")
    reason: Message


STANDING = Plural("standing", "{place}. {name}: {count} point", "{place}. {name}: {count} points")
FINAL_STANDINGS = Kind(
    "final-standings", "the match in this room is over; final standings: {standings}"
)
"""``standings``: a listing of :data:`STANDING`, first to last."""
MATCH_OVER = Kind("match-over", "{reason}")
MATCH_OVER_ONLY = Kind("match-over-only", "the match in this room is over")
ROOM_EXPIRED = Plural(
    "room-expired",
    "this room has closed: nobody was connected to it for {count} hour",
    "this room has closed: nobody was connected to it for {count} hours",
)


class MatchOverError(RoomError):
    """The room's match is over (``reason``: :data:`FINAL_STANDINGS`, :data:`MATCH_OVER_ONLY`
    when they were not kept) or it expired with nobody at it (:data:`ROOM_EXPIRED`):
    there is no seat to take or take back."""

    kind: ClassVar[Kind | None] = MATCH_OVER
    reason: Message


def match_over(standings: list[tuple[str, int, int]]) -> MatchOverError:
    """The refusal of a finished room's code: its final standings (name, points, rounds
    won; first to last), or the match being over when they were not kept."""
    if not standings:
        return MatchOverError(reason=MATCH_OVER_ONLY())
    listing = Listing(
        tuple(
            STANDING(place=place, name=name, count=points)
            for place, (name, points, _won) in enumerate(standings, start=1)
        ),
        "semicolon",
    )
    return MatchOverError(reason=FINAL_STANDINGS(standings=listing))


class DamagedRoomError(RoomError):
    """The room is in the store but could not be restored: its row or log is damaged."""

    kind: ClassVar[Kind | None] = Kind(
        "damaged-room", "this room could not be restored: the server's copy of it is damaged"
    )


# --- a player's name, refused by the client before it is sent and by the server -------

NAME_BLANK = Kind("name-blank", "a player's name cannot be blank")
NAME_TOO_LONG = Kind("name-too-long", "a player's name has at most {most} characters")
NAME_CONTROL = Kind("name-control", "a player's name cannot hold control characters")
NAME_INVISIBLE = Kind("name-invisible", "a player's name needs a visible character")


class BadNameError(CodedError):
    """A name no seat may take (:func:`mixmo.net.wire.clean_name`)."""

    kind: ClassVar[Kind | None] = Kind("bad-name", "{reason}")
    reason: Message


# --- accounts: names of one's own, signed in with a key ------------------------------

ACCOUNT_NAME_SHORT = Kind("account-name-short", "it has fewer than {least} characters")
ACCOUNT_NAME_LONG = Kind("account-name-long", "it has more than {most} characters")
ACCOUNT_NAME_CHARACTERS = Kind(
    "account-name-characters",
    "it holds {characters}: a name is Latin letters, digits, spaces and - _ ' .",
)
ACCOUNT_NAME_EDGES = Kind("account-name-edges", "it must begin and end with a letter or a digit")
ACCOUNT_NAME_SPACES = Kind("account-name-spaces", "it holds two spaces or marks in a row")


class AccountNameError(CodedError):
    """A name no account may have: every reason at once (:func:`mixmo.net.names.account_name`)."""

    kind: ClassVar[Kind | None] = Kind(
        "account-name", "{name!r} cannot be an account's name: {reasons}"
    )
    name: str
    reasons: Listing


class AccountError(RoomError):
    """A request about accounts the server refuses (``reason`` says which)."""

    kind: ClassVar[Kind | None] = Kind("account", "{reason}")
    reason: Message


NAME_TAKEN = Kind("name-taken", "the name {name!r} is taken on this server (by {owner!r})")
KEY_TAKEN = Kind("key-taken", "this key already has an account here: {name!r}")
NO_ACCOUNT = Kind("no-account", "no account {name!r} on this server")
BAD_SIGNATURE = Kind("bad-signature", "the signature does not prove this account's key")
NO_CHALLENGE = Kind("no-challenge", "ask to sign in first: there is no challenge to answer")
BANNED = Kind("banned", "the account {name!r} is banned from this server: {why}")
ACCOUNTS_TOO_FAST = Kind("accounts-too-fast", "too many new accounts from your address: try later")
NAME_OF_AN_ACCOUNT = Kind(
    "name-of-an-account", "the name {name!r} belongs to an account: sign in, or choose another"
)
WRONG_HOST = Kind(
    "wrong-host",
    "the server signs in for {named!r}, not {dialled!r}, the address you gave: nothing signed",
)
RATED_NEEDS_ACCOUNT = Kind(
    "rated-needs-account",
    "a rated room seats players with an account: mixmo account create, then join again",
)
NO_ARCHIVED_MATCH = Kind(
    "no-archived-match", "no finished match of room {room} in this server's archive"
)
QUICK_WAITING = Kind(
    "quick-waiting", "this connection already holds a seat or waits for a quick match"
)
