"""The network protocol: every message between a mixmo client and server, as pydantic models.

Pure data, no I/O: this module imports pydantic and the engine's values only
(no asyncio, no websockets, no Textual, no Rich), so clients in any form (the
terminal, a bot, a load generator, tests) share one definition of the wire.

Every message is one JSON object in one WebSocket text frame, with a ``type``
that names it and a protocol version ``v``. A server checks the version first,
then validates the whole message; anything else is refused with an
:class:`ErrorMessage` and changes nothing. docs/network.md describes the
exchange.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator, model_validator

from mixmo.engine.hint_cost import HINT_COST
from mixmo.engine.messages import Message, MessageDataError, message_from_data
from mixmo.engine.names import has_visible_character
from mixmo.engine.options import MatchOptions, ScoringMode
from mixmo.engine.save_models import MatchModel, TaggedAction
from mixmo.engine.tiles import MAX_PLAYERS, MIN_PLAYERS
from mixmo.engine.variants import VARIANTS
from mixmo.engine.waits import DEFAULT_WAIT_SECONDS
from mixmo.i18n.outside import has_control
from mixmo.net import refusals  # registers the server's codes for said()
from mixmo.net.refusals import BadNameError

PROTOCOL_VERSION: Literal[1] = 1
MAX_FRAME = 64 * 1024
"""Bytes: the largest frame either side accepts (a whole match view is well under 16 KiB)."""

ROOM_ALPHABET = "ACDEFGHJKMNPRTVWXY"
"""Room-code letters: no look-alikes (no B/8, I/L/1, O/Q/0, S/5, U/V... pairs kept apart)."""
ROOM_CODE_LENGTH = 6
BOT_LEVELS = ("easy", "normal", "hard", "expert")
MAX_NAME = 24
SEAT_TAKEN_CLOSE = 4000
"""The close code of a seat's connection when a newer one took the seat (``seat-taken``)."""

QUICK_PATH = "quick"
"""The path a quick-match seeker connects with (``ws://HOST:PORT/quick``): a community
server's nodes lead it to the node that keeps the queue."""

RoomCode = Annotated[
    str, Field(min_length=ROOM_CODE_LENGTH, max_length=ROOM_CODE_LENGTH, pattern="^[A-Z]+$")
]
Token = Annotated[str, Field(min_length=16, max_length=64, pattern="^[A-Za-z0-9_-]+$")]
Seat = Annotated[int, Field(ge=0, lt=MAX_PLAYERS)]
MAX_REF = 2**31
Ref = Annotated[int, Field(ge=0, lt=MAX_REF)]
BotLevel = Literal["easy", "normal", "hard", "expert"]


def normalize_room_code(text: str) -> str:
    """A room code as typed (any case, spaces) in its canonical form; ValueError if not one."""
    code = "".join(text.split()).upper()
    if len(code) != ROOM_CODE_LENGTH or any(ch not in ROOM_ALPHABET for ch in code):
        raise ValueError(f"{text!r} is not a room code (6 letters from {ROOM_ALPHABET})")
    return code


def clean_name(name: str) -> str:
    """A player's name: trimmed, printable, 1 to 24 characters; BadNameError (a
    ValueError) otherwise."""
    name = " ".join(name.split())
    if not name:
        raise BadNameError(reason=refusals.NAME_BLANK())
    if len(name) > MAX_NAME:
        raise BadNameError(reason=refusals.NAME_TOO_LONG(most=MAX_NAME))
    if has_control(name):
        raise BadNameError(reason=refusals.NAME_CONTROL())
    if not has_visible_character(name):  # "ㅤ" (U+3164), "⠀" (U+2800): an empty seat
        raise BadNameError(reason=refusals.NAME_INVISIBLE())
    return name


class _Message(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    v: Literal[1] = PROTOCOL_VERSION


# --- what a room is played with ------------------------------------------------------


class RoomSettings(BaseModel):
    """How a new room's match is played: the options of ``mixmo play``, minus local files.

    A room always uses the embedded word list of its language: a client never
    names a file or an Enchant dictionary on the server's machine.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    players: int = Field(ge=MIN_PLAYERS, le=MAX_PLAYERS)
    variant: str = "classic"
    scoring: ScoringMode = ScoringMode.POINTS
    target: int = Field(default=0, ge=0, le=100_000)
    language: Literal["en", "fr"] = "en"
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    """None: the server draws one (and never tells the clients)."""
    bots: int = Field(default=0, ge=0, le=MAX_PLAYERS)
    """How many seats (the last ones) the server's own bots take."""
    bot_level: BotLevel = "normal"
    public: bool = False
    """Listed among the server's open rooms (:class:`ListRooms`) while it has a free seat;
    otherwise only its code leads to it."""
    wait_seconds: float = Field(default=DEFAULT_WAIT_SECONDS, ge=0, le=3600)
    """Seconds of game time the table waits for a player's theme, claims, votes or reading
    of the scores before choosing for them (0: it waits for ever)."""
    rated: bool = False
    """Its finished match updates the players' ratings: only signed-in players take its
    seats, and it cannot be seeded (whoever knows the seed knows the tiles)."""

    @field_validator("variant")
    @classmethod
    def _variant_is_registered(cls, name: str) -> str:
        if name not in VARIANTS:
            raise ValueError(f"no variant {name!r}: choose one of {', '.join(sorted(VARIANTS))}")
        return name

    @model_validator(mode="after")
    def _bots_fit(self) -> RoomSettings:
        if self.bots > self.players:
            raise ValueError(f"{self.bots} bots do not fit in {self.players} seats")
        if self.rated and self.seed is not None:
            raise ValueError(
                "a rated room cannot be seeded: whoever knows the seed knows the tiles"
            )
        return self


# --- client -> server -------------------------------------------------------------------


class CreateRoom(_Message):
    """Open a new room; the answer is :class:`Created` (the creator takes no seat yet)."""

    type: Literal["create"] = "create"
    settings: RoomSettings


class JoinRoom(_Message):
    """Take the next free seat of ``room`` under ``name``; the answer is :class:`Welcome`."""

    type: Literal["join"] = "join"
    room: RoomCode
    name: str = Field(min_length=1, max_length=MAX_NAME * 4)

    @field_validator("name")
    @classmethod
    def _printable(cls, name: str) -> str:
        return clean_name(name)


class Reconnect(_Message):
    """Take back ``seat`` of ``room`` with the secret token its :class:`Welcome` gave."""

    type: Literal["reconnect"] = "reconnect"
    room: RoomCode
    seat: Seat
    token: Token


class WatchRoom(_Message):
    """Follow ``room`` without a seat: every grid, no rack, no action (``mixmo join --watch``)."""

    type: Literal["watch"] = "watch"
    room: RoomCode


class StartMatch(_Message):
    """The first seat's player starts before every seat is taken."""

    type: Literal["start"] = "start"
    fill_with_bots: bool = False
    """Give the free seats to the server's bots; otherwise the match has fewer players."""


class LeaveRoom(_Message):
    """The sender's player leaves the room: before the match starts their seat is free again
    (its token taken back) and the lobby says so; during the match it is held, as when
    the connection drops. The answer is the room's :class:`Lobby`."""

    type: Literal["leave"] = "leave"


class Rematch(_Message):
    """Play again: a new match in this room, with its seats, once this one is over. It
    starts when the room's first player (its host) asks, or every player at the table has;
    everyone then gets a new :class:`Snapshot`."""

    type: Literal["rematch"] = "rematch"


class HostSeat(_Message):
    """The host (the room's first player) frees an away player's seat (``to="free"``: its
    token no longer takes it; a new player may) or gives it to a server bot (``"bot"``)."""

    type: Literal["host-seat"] = "host-seat"
    seat: Seat
    to: Literal["free", "bot"]


class PauseMatch(_Message):
    """The host stops the match's game time (``paused``) or lets it run on; everyone
    gets the :class:`Lobby` saying so."""

    type: Literal["pause"] = "pause"
    paused: bool = True


class SendAction(_Message):
    """One game action for the sender's own seat; ``ref`` comes back with its answer.

    The server replaces the action's ``at`` with its own clock on receipt.
    """

    type: Literal["action"] = "action"
    ref: Ref
    action: TaggedAction


class TakeHint(_Message):
    """The sender's seat takes a hint (worked out by the client): the same as sending its
    ``hint`` action (:class:`~mixmo.engine.actions.TakeHint`).

    For :data:`HINT_COST` seconds of the room's game time from receipt, the seat's grid
    edits and MIXMO are refused (``hint-wait``), across a reconnection and a restart of
    the server (the action is in the room's log, its cost in the seat's state); the others
    play on. The answer is an :class:`Events` with ``ref`` (a ``HintTaken`` event, told to
    every seat) and the views, or an :class:`ErrorMessage`.
    """

    type: Literal["hint"] = "hint"
    ref: Ref


ReactionCode = Literal["well-played", "one-moment", "rematch", "good-luck"]
"""A quick reaction a seated player sends the table: a code, never free text (nothing to
moderate); each side says it in its player's language."""
REACTION_CODES: tuple[ReactionCode, ...] = ("well-played", "one-moment", "rematch", "good-luck")


class React(_Message):
    """The sender's seat sends the other players a quick reaction; they get a
    :class:`Reaction` (no answer to the sender; rate-limited per connection)."""

    type: Literal["react"] = "react"
    code: ReactionCode


class ListRooms(_Message):
    """Which public rooms wait for players; the answer is a :class:`RoomList`."""

    type: Literal["rooms"] = "rooms"


Base64 = Annotated[str, Field(max_length=200, pattern=r"^[A-Za-z0-9+/]*={0,2}$")]
"""Bytes as base64 (a key of 32 bytes, a signature of 64)."""


class CreateAccount(_Message):
    """Make an account ``name`` proved by the Ed25519 public ``key`` (base64, 32 bytes):
    the answer is a :class:`Challenge`, and the account exists once :class:`Prove`
    shows the sender holds the key's private half."""

    type: Literal["account-create"] = "account-create"
    name: str = Field(max_length=4 * MAX_NAME)
    key: Base64


class SignIn(_Message):
    """Sign in as the account ``name``: the answer is a :class:`Challenge`."""

    type: Literal["sign-in"] = "sign-in"
    name: str = Field(max_length=4 * MAX_NAME)


class Prove(_Message):
    """The account key's ``signature`` (base64) of the challenge and the server's address
    (:func:`mixmo.net.keys.proof_payload`); the answer is :class:`SignedIn`."""

    type: Literal["prove"] = "prove"
    signature: Base64


class Top(_Message):
    """The best rated players of a family (``classic`` or ``expert``): a :class:`Leaderboard`."""

    type: Literal["top"] = "top"
    family: Literal["classic", "expert"] = "classic"


class ListLive(_Message):
    """The rated matches being played, to watch one: the answer is a :class:`LiveList`."""

    type: Literal["live"] = "live"


class ListMatches(_Message):
    """The archive's finished matches, newest first (``before``: finished before that
    time, for the next page); the answer is a :class:`MatchList`."""

    type: Literal["matches"] = "matches"
    before: float | None = None


class GetMatch(_Message):
    """A page of an archived match: room ``room``'s match ``number`` (None: its latest),
    its actions after the ``after``-th; the answer is a :class:`MatchPage`."""

    type: Literal["match"] = "match"
    room: RoomCode
    number: int | None = Field(default=None, ge=1)
    after: int = Field(default=0, ge=0)


class QuickMatch(_Message):
    """Wait for a table of ``players`` in ``language`` and ``variant`` with players of
    close rating; with ``bots``, server bots fill it if nobody comes. The answer is a
    :class:`QuickQueued`, then a :class:`Welcome` once seated (as after a ``join``)."""

    type: Literal["quick"] = "quick"
    players: int = Field(default=2, ge=MIN_PLAYERS, le=MAX_PLAYERS)
    language: Literal["en", "fr"] = "en"
    variant: str = "classic"
    bots: bool = False
    name: str = Field(default="Player", max_length=4 * MAX_NAME)

    @field_validator("variant")
    @classmethod
    def _variant_is_registered(cls, name: str) -> str:
        return RoomSettings._variant_is_registered(name)


ClientMessage = Annotated[
    QuickMatch
    | ListLive
    | ListMatches
    | GetMatch
    | Top
    | CreateAccount
    | SignIn
    | Prove
    | CreateRoom
    | JoinRoom
    | Reconnect
    | WatchRoom
    | StartMatch
    | LeaveRoom
    | SendAction
    | TakeHint
    | ListRooms
    | React
    | Rematch
    | HostSeat
    | PauseMatch,
    Field(discriminator="type"),
]
CLIENT_MESSAGE: TypeAdapter[ClientMessage] = TypeAdapter(
    ClientMessage, config=ConfigDict(defer_build=True)
)


# --- server -> client -------------------------------------------------------------------


class Created(_Message):
    type: Literal["created"] = "created"
    room: RoomCode


class Welcome(_Message):
    """A seat is yours: keep ``token`` secret, it takes the seat back after a disconnection."""

    type: Literal["welcome"] = "welcome"
    room: RoomCode
    seat: Seat
    name: str
    token: Token
    web: bool = False
    """The server also serves the browser front: a room's page is ``http(s)://`` at the
    same address and path as its ``ws(s)://`` one (:mod:`mixmo.net.invite`)."""


class SeatInfo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    seat: Seat
    name: str | None
    """None while the seat is free."""
    bot: bool
    connected: bool
    ready: bool = False
    """Asked for the next round while the scores are up: the table no longer waits for them."""
    open: bool = False
    """During the match: the host freed this seat, and the next player to join takes it."""
    rating: int | None = None
    """In a rated room: the seat's player's rating (an account's, or its bots' level's)."""


class Lobby(_Message):
    """Who sits where: sent on every join, start, connection and disconnection."""

    type: Literal["lobby"] = "lobby"
    room: RoomCode
    seats: list[SeatInfo]
    started: bool
    seeded: bool = False
    """The creator chose the seed: whoever knows it can know every deal (tests, replays)."""
    settings: RoomSettings | None = None
    """How the room's match is played (its seed left out: ``seeded`` says whether there is
    one); None from an older server."""
    paused: bool = False
    """The host paused the match: game time stands still, actions are refused."""


class SeatView(BaseModel):
    """The match as one seat may see it.

    ``state`` is the saved-game snapshot with what the seat may not see taken
    out: the bag's order, the seed, and the other players' racks and draws
    (their sizes are in ``rack_sizes``). Every grid is public, as at a real table.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    seat: Seat | None
    options: MatchOptions
    state: MatchModel
    rack_sizes: list[int]
    bag_left: int = Field(ge=0)
    clock: float = Field(ge=0)
    """The server's game time when this view was taken."""
    hint_wait: float = Field(default=0.0, ge=0, le=HINT_COST)
    """Seconds of game time, from ``clock``, before this seat's grid edits and MIXMO are
    taken again: the rest of a hint's cost (:class:`TakeHint`; 0, and left out, when none),
    worked out from the seat's ``hint_until`` in ``state``."""


class Snapshot(_Message):
    """The whole view: after a welcome into a running match, and when the match starts."""

    type: Literal["snapshot"] = "snapshot"
    view: SeatView


class WireEvent(BaseModel):
    """One event as the seat may see it: its class name and its fields as JSON."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    type: str = Field(min_length=1, max_length=40)
    data: dict[str, Any]


class Events(_Message):
    """What one applied action caused, and the view after it.

    ``ref`` is the sender's own reference when the action was this client's;
    None for everyone else (and for actions of the server's bots).
    """

    type: Literal["events"] = "events"
    ref: Ref | None = None
    seat: Seat | None = None
    """Whose action it was (None for a server decision)."""
    events: list[WireEvent]
    view: SeatView


class ErrorMessage(_Message):
    """A refusal: the message changed nothing.

    Every refusal, the rules' (the engine's) as the server's own (a room, the rate, the
    store: :mod:`mixmo.net.refusals`), carries its ``code`` and its ``fields`` (JSON
    data, :meth:`mixmo.engine.messages.Message.to_data`), never a sentence: the client
    says it in its player's language. ``message`` is left empty by this server (a
    client's own stand-in answer, never sent, may say something there).
    """

    type: Literal["error"] = "error"
    ref: Ref | None = None
    code: str
    fields: dict[str, Any] | None = None
    message: str = ""

    def said(self) -> Message | str:
        """What to tell a player: the message rebuilt from its code and fields, else
        whatever words came with it (an older server's sentence), else the bare code."""
        if self.fields is not None:
            try:
                return message_from_data({"code": self.code, "fields": self.fields})
            except MessageDataError:
                pass
        return self.message or self.code


class OpenRoom(BaseModel):
    """A public room whose match has not started, as the list of open rooms shows it."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    room: RoomCode
    language: Literal["en", "fr"]
    variant: str
    scoring: ScoringMode
    target: int = Field(ge=0)
    players: list[str]
    """The names at the table (its bots' too)."""
    free: int = Field(ge=1, le=MAX_PLAYERS)
    """Seats still free."""


MAX_LISTED = 50
"""Rooms in one :class:`RoomList` at most (the frame stays small)."""


class RoomList(_Message):
    """The answer to :class:`ListRooms`: the public rooms with a free seat, oldest first."""

    type: Literal["room-list"] = "room-list"
    rooms: list[OpenRoom] = Field(max_length=MAX_LISTED)


class Reaction(_Message):
    """Seat ``seat`` reacted (:class:`React`): shown for a few seconds."""

    type: Literal["reaction"] = "reaction"
    seat: Seat
    code: ReactionCode


class Challenge(_Message):
    """What to sign to prove an account: a fresh ``nonce`` and the ``host`` the server was
    reached at (the client checks it is the address it dialled)."""

    type: Literal["challenge"] = "challenge"
    nonce: str = Field(pattern=r"^[A-Za-z0-9_-]{22,64}$")
    host: str = Field(max_length=300)


class SignedIn(_Message):
    """The connection plays as the account ``name`` (``account``: its stable id)."""

    type: Literal["signed-in"] = "signed-in"
    name: str
    account: int = Field(ge=1)


class Ranked(BaseModel):
    """One line of a :class:`Leaderboard`."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    name: str
    """An account's name, or a server bot's level (``bot``)."""
    bot: bool = False
    rating: int
    matches: int = Field(ge=0)


class Leaderboard(_Message):
    """The answer to :class:`Top`: the best rated players, best first (at most 50)."""

    type: Literal["leaderboard"] = "leaderboard"
    family: Literal["classic", "expert"]
    players: list[Ranked] = Field(max_length=MAX_LISTED)


class LiveMatch(BaseModel):
    """A rated match being played, as the list of live matches shows it."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    room: RoomCode
    language: Literal["en", "fr"]
    variant: str
    round: int = Field(ge=1)
    players: list[tuple[str, int | None]] = Field(max_length=MAX_PLAYERS)
    """Each seat's name and rating (None: not known yet), in seat order."""


class LiveList(_Message):
    """The answer to :class:`ListLive`: the rated matches being played, the best rated
    table first (at most 50)."""

    type: Literal["live-list"] = "live-list"
    matches: list[LiveMatch] = Field(max_length=MAX_LISTED)


class ArchivedMatch(BaseModel):
    """A finished match in the archive's list."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    room: RoomCode
    number: int = Field(ge=1)
    finished: float
    """When it ended (seconds since the epoch)."""
    standings: list[tuple[str, int, int]]
    """Name, points and rounds won, first to last."""


class MatchList(_Message):
    """The answer to :class:`ListMatches`: at most 50, newest first."""

    type: Literal["match-list"] = "match-list"
    matches: list[ArchivedMatch] = Field(max_length=MAX_LISTED)


MATCH_PAGE = 150
"""Actions in one :class:`MatchPage` at most (a frame stays under the size limit)."""


class MatchPage(_Message):
    """The answer to :class:`GetMatch`: the match, its action count and a page of them."""

    type: Literal["match-page"] = "match-page"
    match: ArchivedMatch
    options: MatchOptions
    total: int = Field(ge=0)
    after: int = Field(ge=0)
    actions: list[TaggedAction] = Field(max_length=MATCH_PAGE)


class QuickQueued(_Message):
    """The sender waits for a quick match, with ``waiting`` seekers in the queue."""

    type: Literal["quick-queued"] = "quick-queued"
    waiting: int = Field(ge=1)


ServerMessage = Annotated[
    QuickQueued
    | LiveList
    | MatchList
    | MatchPage
    | Leaderboard
    | Created
    | Welcome
    | Lobby
    | Snapshot
    | Events
    | ErrorMessage
    | RoomList
    | Reaction
    | Challenge
    | SignedIn,
    Field(discriminator="type"),
]
SERVER_MESSAGE: TypeAdapter[ServerMessage] = TypeAdapter(
    ServerMessage, config=ConfigDict(defer_build=True)
)
