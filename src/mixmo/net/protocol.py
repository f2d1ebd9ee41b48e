"""The network protocol: every message between a mixmo client and server, as pydantic models
(the community server's own in :mod:`.community_messages`, their common ground in :mod:`.wire`).

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
from mixmo.engine.options import MatchOptions, ScoringMode
from mixmo.engine.save_models import MatchModel, TaggedAction
from mixmo.engine.tiles import MAX_PLAYERS, MIN_PLAYERS
from mixmo.engine.waits import DEFAULT_WAIT_SECONDS
from mixmo.net.community_messages import (
    Challenge,
    CreateAccount,
    GetMatch,
    Leaderboard,
    ListLive,
    ListMatches,
    LiveList,
    MatchList,
    MatchPage,
    Prove,
    QuickMatch,
    QuickQueued,
    SignedIn,
    SignIn,
    Top,
)
from mixmo.net.wire import (
    MAX_LISTED,
    MAX_NAME,
    BotLevel,
    Ref,
    RoomCode,
    Seat,
    Token,
    WireMessage,
    clean_name,
    registered_variant,
)

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
        return registered_variant(name)

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


class CreateRoom(WireMessage):
    """Open a new room; the answer is :class:`Created` (the creator takes no seat yet)."""

    type: Literal["create"] = "create"
    settings: RoomSettings


class JoinRoom(WireMessage):
    """Take the next free seat of ``room`` under ``name``; the answer is :class:`Welcome`."""

    type: Literal["join"] = "join"
    room: RoomCode
    name: str = Field(min_length=1, max_length=MAX_NAME * 4)

    @field_validator("name")
    @classmethod
    def _printable(cls, name: str) -> str:
        return clean_name(name)


class Reconnect(WireMessage):
    """Take back ``seat`` of ``room`` with the secret token its :class:`Welcome` gave."""

    type: Literal["reconnect"] = "reconnect"
    room: RoomCode
    seat: Seat
    token: Token


class WatchRoom(WireMessage):
    """Follow ``room`` without a seat: every grid, no rack, no action (``mixmo join --watch``)."""

    type: Literal["watch"] = "watch"
    room: RoomCode


class StartMatch(WireMessage):
    """The first seat's player starts before every seat is taken."""

    type: Literal["start"] = "start"
    fill_with_bots: bool = False
    """Give the free seats to the server's bots; otherwise the match has fewer players."""


class LeaveRoom(WireMessage):
    """The sender's player leaves the room: before the match starts their seat is free again
    (its token taken back) and the lobby says so; during the match it is held, as when
    the connection drops. The answer is the room's :class:`Lobby`."""

    type: Literal["leave"] = "leave"


class Rematch(WireMessage):
    """Play again: a new match in this room, with its seats, once this one is over. It
    starts when the room's first player (its host) asks, or every player at the table has;
    everyone then gets a new :class:`Snapshot`."""

    type: Literal["rematch"] = "rematch"


class HostSeat(WireMessage):
    """The host (the room's first player) frees an away player's seat (``to="free"``: its
    token no longer takes it; a new player may) or gives it to a server bot (``"bot"``)."""

    type: Literal["host-seat"] = "host-seat"
    seat: Seat
    to: Literal["free", "bot"]


class PauseMatch(WireMessage):
    """The host stops the match's game time (``paused``) or lets it run on; everyone
    gets the :class:`Lobby` saying so."""

    type: Literal["pause"] = "pause"
    paused: bool = True


class SendAction(WireMessage):
    """One game action for the sender's own seat; ``ref`` comes back with its answer.

    The server replaces the action's ``at`` with its own clock on receipt.
    """

    type: Literal["action"] = "action"
    ref: Ref
    action: TaggedAction


class TakeHint(WireMessage):
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


class React(WireMessage):
    """The sender's seat sends the other players a quick reaction; they get a
    :class:`Reaction` (no answer to the sender; rate-limited per connection)."""

    type: Literal["react"] = "react"
    code: ReactionCode


class ListRooms(WireMessage):
    """Which public rooms wait for players; the answer is a :class:`RoomList`."""

    type: Literal["rooms"] = "rooms"


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


class Created(WireMessage):
    type: Literal["created"] = "created"
    room: RoomCode


class Welcome(WireMessage):
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


class Lobby(WireMessage):
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


class Snapshot(WireMessage):
    """The whole view: after a welcome into a running match, and when the match starts."""

    type: Literal["snapshot"] = "snapshot"
    view: SeatView


class WireEvent(BaseModel):
    """One event as the seat may see it: its class name and its fields as JSON."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    type: str = Field(min_length=1, max_length=40)
    data: dict[str, Any]


class Events(WireMessage):
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


class ErrorMessage(WireMessage):
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


class RoomList(WireMessage):
    """The answer to :class:`ListRooms`: the public rooms with a free seat, oldest first."""

    type: Literal["room-list"] = "room-list"
    rooms: list[OpenRoom] = Field(max_length=MAX_LISTED)


class Reaction(WireMessage):
    """Seat ``seat`` reacted (:class:`React`): shown for a few seconds."""

    type: Literal["reaction"] = "reaction"
    seat: Seat
    code: ReactionCode


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
