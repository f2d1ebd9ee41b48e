"""The community server's messages: accounts and their proof, ratings and the
leaderboard, the live matches, the archive, and quick matches.

Pure data, as :mod:`mixmo.net.protocol` (whose unions of client and server messages
hold these too) is: split from it to keep the table's messages apart.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from mixmo.engine.options import MatchOptions
from mixmo.engine.save_models import TaggedAction
from mixmo.engine.tiles import MAX_PLAYERS, MIN_PLAYERS
from mixmo.net.wire import MAX_LISTED, MAX_NAME, RoomCode, WireMessage, registered_variant

# --- client -> server -------------------------------------------------------------------


Base64 = Annotated[str, Field(max_length=200, pattern=r"^[A-Za-z0-9+/]*={0,2}$")]
"""Bytes as base64 (a key of 32 bytes, a signature of 64)."""


class CreateAccount(WireMessage):
    """Make an account ``name`` proved by the Ed25519 public ``key`` (base64, 32 bytes):
    the answer is a :class:`Challenge`, and the account exists once :class:`Prove`
    shows the sender holds the key's private half."""

    type: Literal["account-create"] = "account-create"
    name: str = Field(max_length=4 * MAX_NAME)
    key: Base64


class SignIn(WireMessage):
    """Sign in as the account ``name``: the answer is a :class:`Challenge`."""

    type: Literal["sign-in"] = "sign-in"
    name: str = Field(max_length=4 * MAX_NAME)


class Prove(WireMessage):
    """The account key's ``signature`` (base64) of the challenge and the server's address
    (:func:`mixmo.net.keys.proof_payload`); the answer is :class:`SignedIn`."""

    type: Literal["prove"] = "prove"
    signature: Base64


class Top(WireMessage):
    """The best rated players of a family (``classic`` or ``expert``): a :class:`Leaderboard`."""

    type: Literal["top"] = "top"
    family: Literal["classic", "expert"] = "classic"


class ListLive(WireMessage):
    """The rated matches being played, to watch one: the answer is a :class:`LiveList`."""

    type: Literal["live"] = "live"


class ListMatches(WireMessage):
    """The archive's finished matches, newest first (``before``: finished before that
    time, for the next page); the answer is a :class:`MatchList`."""

    type: Literal["matches"] = "matches"
    before: float | None = None


class GetMatch(WireMessage):
    """A page of an archived match: room ``room``'s match ``number`` (None: its latest),
    its actions after the ``after``-th; the answer is a :class:`MatchPage`."""

    type: Literal["match"] = "match"
    room: RoomCode
    number: int | None = Field(default=None, ge=1)
    after: int = Field(default=0, ge=0)


class QuickMatch(WireMessage):
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
        return registered_variant(name)


# --- server -> client -------------------------------------------------------------------


class Challenge(WireMessage):
    """What to sign to prove an account: a fresh ``nonce`` and the ``host`` the server was
    reached at (the client checks it is the address it dialled)."""

    type: Literal["challenge"] = "challenge"
    nonce: str = Field(pattern=r"^[A-Za-z0-9_-]{22,64}$")
    host: str = Field(max_length=300)


class SignedIn(WireMessage):
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


class Leaderboard(WireMessage):
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


class LiveList(WireMessage):
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


class MatchList(WireMessage):
    """The answer to :class:`ListMatches`: at most 50, newest first."""

    type: Literal["match-list"] = "match-list"
    matches: list[ArchivedMatch] = Field(max_length=MAX_LISTED)


MATCH_PAGE = 150
"""Actions in one :class:`MatchPage` at most (a frame stays under the size limit)."""


class MatchPage(WireMessage):
    """The answer to :class:`GetMatch`: the match, its action count and a page of them."""

    type: Literal["match-page"] = "match-page"
    match: ArchivedMatch
    options: MatchOptions
    total: int = Field(ge=0)
    after: int = Field(ge=0)
    actions: list[TaggedAction] = Field(max_length=MATCH_PAGE)


class QuickQueued(WireMessage):
    """The sender waits for a quick match, with ``waiting`` seekers in the queue."""

    type: Literal["quick-queued"] = "quick-queued"
    waiting: int = Field(ge=1)
